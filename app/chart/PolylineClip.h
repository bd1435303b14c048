#pragma once

#include <QPointF>
#include <QRectF>
#include <QVector>

#include <vector>

namespace roofscope {

// A visible piece of a polyline, and how far along the whole polyline (in the points' units) it starts.
struct ClippedPolyline {
    QVector<QPointF> points;
    double startDistance = 0.0;
};

// Cuts a polyline to a rectangle: the pieces that lie inside, in order (a polyline that leaves and
// re-enters gives several). Non-finite points break the line, as QCustomPlot's gaps do.
std::vector<ClippedPolyline> clipPolyline(const QVector<QPointF>& points, const QRectF& box);

} // namespace roofscope
