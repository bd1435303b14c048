#pragma once

// Internal to app/chart.

#include <QPointF>

class QCPAxis;
class QCPPainter;

namespace roofscope {

struct ChartStyle;

// A kernel that moved 0 bytes on every counted level has an unbounded intensity (see
// unboundedIntensity() in scene/ChartModel.h): its markers are pinned to the high end of the
// x range shown, kEdgeInset pixels in, so they follow zooming and panning, and an arrow from each
// marker to the axis rect's edge says that its intensity lies beyond the axis.
namespace edge {

inline constexpr double kEdgeInset = 22.0; // pixels from the axis rect's edge to the marker's centre

// The pixel column of an intensity on the x axis: its coordinate, or for an unbounded intensity the
// pinned column by the high end of the range.
double intensityPixel(const QCPAxis* axis, double intensity);
// The same as a plot coordinate (for items and placers that work in coordinates).
double drawnIntensity(const QCPAxis* axis, double intensity);
// The pixel column of the high end of the range: where the arrows point to.
double edgePixel(const QCPAxis* axis);
// The arrow from a marker at `marker` (pixels) to the edge at `edgeX`, in the style's arrow colour.
void drawArrow(QCPPainter* painter, QPointF marker, double edgeX, const ChartStyle& style);

} // namespace edge
} // namespace roofscope
