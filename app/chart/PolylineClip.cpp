#include "chart/PolylineClip.h"

#include <cmath>
#include <optional>
#include <utility>

namespace roofscope {

namespace {

bool finite(const QPointF& p)
{
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

} // namespace

std::optional<std::pair<double, double>> clipSegment(const QPointF& a, const QPointF& b, const QRectF& box)
{
    const double dx = b.x() - a.x();
    const double dy = b.y() - a.y();
    double t0 = 0.0;
    double t1 = 1.0;
    const double p[4] = { -dx, dx, -dy, dy };
    const double q[4] = { a.x() - box.left(), box.right() - a.x(), a.y() - box.top(), box.bottom() - a.y() };
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) {
                return std::nullopt; // parallel to this edge and outside it
            }
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
        if (t0 > t1) {
            return std::nullopt;
        }
    }
    return std::make_pair(t0, t1);
}

std::vector<ClippedPolyline> clipPolyline(const QVector<QPointF>& points, const QRectF& box)
{
    std::vector<ClippedPolyline> pieces;
    ClippedPolyline current;
    double travelled = 0.0; // along the polyline up to the current segment's start
    auto finish = [&] {
        if (current.points.size() >= 2) {
            pieces.push_back(std::move(current));
        }
        current = ClippedPolyline {};
    };
    for (qsizetype i = 1; i < points.size(); ++i) {
        const QPointF& a = points[i - 1];
        const QPointF& b = points[i];
        if (!finite(a) || !finite(b)) {
            finish();
            continue;
        }
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        const auto part = clipSegment(a, b, box);
        if (!part) {
            finish();
            travelled += length;
            continue;
        }
        const QPointF from = a + (b - a) * part->first;
        const QPointF to = a + (b - a) * part->second;
        if (current.points.isEmpty() || part->first > 0.0) {
            finish();
            current.startDistance = travelled + length * part->first;
            current.points.push_back(from);
        }
        current.points.push_back(to);
        if (part->second < 1.0) {
            finish();
        }
        travelled += length;
    }
    finish();
    return pieces;
}

} // namespace roofscope
