#pragma once

#include "scene/ChartModel.h"

#include <optional>
#include <utility>

namespace roofscope {

struct Comparison;
struct Session;

// The session's title, subtitle, communication-fraction roofs, shaded band and annotations for a
// scene whose devices and kernels are built (kernels by session index). Arrows naming kernels the
// session lacks are left out. The subtitle ends with the devices that cannot be compared like-for-like
// (`comparison`, one entry per scene device): "⚠ MI300X: peak roofs".
ChartDecorations buildDecorations(const Session& session, const ChartScene& scene, const Comparison& comparison);

// Where an annotation arrow starts and ends (FLOP/B, FLOP/s) and its label ("4.0x", then its text): on
// the first device both kernels are drawn on. Empty when there is no such device.
struct ArrowPlacement {
    double fromX = 0.0;
    double fromY = 0.0;
    double toX = 0.0;
    double toY = 0.0;
    QString label;
};
std::optional<ArrowPlacement> placeArrow(const ChartScene& scene, const ChartArrow& arrow);

} // namespace roofscope
