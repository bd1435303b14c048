#pragma once

#include <QPointF>
#include <QRectF>
#include <QVector>

#include <optional>
#include <utility>
#include <vector>

namespace roofscope {

// A visible piece of a polyline, and how far along the whole polyline (in the points' units) it starts.
struct ClippedPolyline {
    QVector<QPointF> points;
    double startDistance = 0.0;
};

// Liang-Barsky: the part of segment a-b inside `box`, as parameters 0 <= t0 <= t1 <= 1 along it;
// none when the segment misses the box.
std::optional<std::pair<double, double>> clipSegment(const QPointF& a, const QPointF& b, const QRectF& box);

// Cuts a polyline to a rectangle: the pieces that lie inside, in order (a polyline that leaves and
// re-enters gives several). Non-finite points break the line, as QCustomPlot's gaps do.
std::vector<ClippedPolyline> clipPolyline(const QVector<QPointF>& points, const QRectF& box);

} // namespace roofscope
