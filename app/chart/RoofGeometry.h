#pragma once

#include "scene/ChartModel.h"

#include <vector>

namespace roofscope {

// A polyline in data coordinates (FLOP/B, FLOP/s).
struct RoofLine {
    std::vector<double> x;
    std::vector<double> y;
};

// Where a slanted roof's label may sit: its bandwidth and the x extent of its slope.
struct SlopeSpan {
    double bytesPerSecond = 0.0;
    double from = 0.0;
    double to = 0.0;
};

// The lines of one device's roofs between x = lower and x = upper, computed from the scene alone
// (no drawing): what RooflineChart draws and labels.
struct DeviceRoofGeometry {
    bool valid = false; // a positive, finite compute roof
    bool hasSlope = false; // a default level with a positive bandwidth
    double peak = 0.0;
    double ridge = 0.0; // on the default level (`lower` without one)
    RoofLine region; // the area under the roof (shaded for the first device)
    RoofLine slope; // the default level's slope, up to the ridge
    RoofLine flat; // the compute roof, from the ridge on
    struct Level {
        const ChartLevel* level = nullptr;
        RoofLine line;
        SlopeSpan label;
        bool labelAbove = false; // above the line: a faster level than the default one
    };
    std::vector<Level> levels; // the other shown levels
    struct Flat {
        RoofLine line;
        double value = 0.0;
        double labelX = 0.0;
    };
    std::vector<std::pair<const ChartComputeRoof*, Flat>> otherComputeRoofs;
    struct Ceiling {
        const ChartCeiling* ceiling = nullptr;
        RoofLine line;
        SlopeSpan slanted; // bandwidth ceilings
        double labelX = 0.0; // compute ceilings
    };
    std::vector<Ceiling> ceilings;
};

DeviceRoofGeometry roofGeometry(const ChartDevice& device, double lower, double upper);

// Clips a polyline to a box in log-log space (Liang-Barsky per segment). Roofs and ceilings rise
// monotonically, so what is left is one piece. SVG exports need it: Qt's SVG generator writes no
// clip paths.
void clipToBox(std::vector<double>& x, std::vector<double>& y, const ChartRange& box);

} // namespace roofscope
