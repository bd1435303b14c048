#include "chart/ChartLabelPlacer.h"

#include "chart/ChartLabelMetrics.h"
#include "chart/EdgeMarker.h"
#include "chart/PolylineClip.h"
#include "scene/ChartModel.h"

#include <QLineF>
#include <QtMath>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {
constexpr double kClearEnough = 24.0; // pixels of clearance that make a spot good enough
constexpr double kStep = 12.0; // pixels between candidate spots along a roof
constexpr size_t kMaxObstacles = 4000; // beyond this, labels only avoid each other (keeps replots fast)
constexpr double kLeaderSample = 4.0; // pixels between the points of a leader later labels keep clear of
} // namespace

using labelmetrics::distanceToBox;
using labelmetrics::kMarkerRadius;
using labelmetrics::textHeight;
using labelmetrics::textWidth;

ChartLabelPlacer::ChartLabelPlacer(QCustomPlot* plot)
    : m_plot(plot)
{
}

void ChartLabelPlacer::clear()
{
    m_slanted.clear();
    m_flat.clear();
    m_kernels.clear();
    m_arrows.clear();
    m_measured.clear();
    m_obstacles.clear();
}

void ChartLabelPlacer::addSlanted(QCPItemText* text, double bytesPerSecond, double xLower, double xUpper, bool above)
{
    m_slanted.push_back({ text, bytesPerSecond, xLower, xUpper, above });
}

void ChartLabelPlacer::addFlat(QCPItemText* text, double value, double xLower)
{
    m_flat.push_back({ text, value, xLower });
}

void ChartLabelPlacer::addKernel(QCPItemText* text, QCPItemLine* leader, double x, double y, int kernel)
{
    if (leader) {
        leader->start->setType(QCPItemPosition::ptAbsolute);
        leader->end->setType(QCPItemPosition::ptAbsolute);
    }
    m_kernels.push_back({ text, leader, x, y, text->text(), {}, kernel, std::nullopt, std::nullopt, {}, {} });
}

void ChartLabelPlacer::moveKernel(const QCPItemText* text, double x, double y)
{
    for (KernelLabel& label : m_kernels) {
        if (label.text == text) {
            label.x = x;
            label.y = y;
        }
    }
}

void ChartLabelPlacer::setArrow(QCPItemText* text, int index, QPointF from, QPointF to)
{
    for (ArrowLabel& arrow : m_arrows) {
        if (arrow.text == text) {
            arrow.from = from;
            arrow.to = to;
            return;
        }
    }
    m_arrows.push_back({ text, index, from, to, std::nullopt });
}

void ChartLabelPlacer::addObstacle(double x, double y)
{
    m_obstacles.emplace_back(x, y);
}

void ChartLabelPlacer::place()
{
    std::vector<QPointF> obstacles;
    obstacles.reserve(m_obstacles.size());
    for (const QPointF& point : m_obstacles.size() <= kMaxObstacles ? m_obstacles : std::vector<QPointF> {}) {
        const double y = m_plot->yAxis->coordToPixel(point.y());
        obstacles.emplace_back(edge::intensityPixel(m_plot->xAxis, point.x()), y);
        if (unboundedIntensity(point.x())) { // a marker pinned by the edge: its arrow on to the edge too
            obstacles.emplace_back((obstacles.back().x() + edge::edgePixel(m_plot->xAxis)) / 2.0, y);
        }
    }
    std::vector<Box> placed;
    placeLegend(obstacles, placed);
    const size_t legendBoxes = placed.size();
    std::vector<QLineF> leaders;
    placeKernels(obstacles, placed, leaders);
    // The labels placed next keep off the leaders as off markers.
    std::vector<QPointF> avoid = obstacles;
    for (const QLineF& leader : leaders) {
        const int steps = std::max(1, static_cast<int>(leader.length() / kLeaderSample));
        for (int i = 0; i <= steps; ++i) {
            avoid.push_back(leader.pointAt(static_cast<double>(i) / steps));
        }
    }
    placeMeasured(avoid, placed);
    placeArrows(avoid, placed);
    for (const Slanted& label : m_slanted) {
        placeSlanted(label, avoid, placed);
    }
    for (const Flat& label : m_flat) {
        placeFlat(label, avoid, placed);
    }
    m_lastObstacles = std::move(obstacles);
    m_lastPlaced.assign(placed.begin() + static_cast<std::ptrdiff_t>(legendBoxes), placed.end());
}

std::vector<QPolygonF> ChartLabelPlacer::labelOutlines() const
{
    std::vector<QPolygonF> outlines;
    for (const Box& box : m_lastPlaced) {
        const QPointF across(-box.along.y(), box.along.x());
        const QPointF a = box.along * box.halfWidth;
        const QPointF b = across * box.halfHeight;
        outlines.push_back(
            QPolygonF({ box.centre - a - b, box.centre + a - b, box.centre + a + b, box.centre - a + b }));
    }
    return outlines;
}

QRectF ChartLabelPlacer::legendRect() const
{
    return m_legendRect;
}

std::vector<QPointF> ChartLabelPlacer::markerPixels() const
{
    return m_lastObstacles;
}

std::optional<QRectF> ChartLabelPlacer::arrowLabel(int index) const
{
    for (const ArrowLabel& arrow : m_arrows) {
        if (arrow.index == index) {
            return arrow.rect;
        }
    }
    return std::nullopt;
}

void ChartLabelPlacer::placeArrows(const std::vector<QPointF>& obstacles, std::vector<Box>& placed)
{
    for (ArrowLabel& arrow : m_arrows) {
        arrow.rect.reset();
        const QPointF from(m_plot->xAxis->coordToPixel(arrow.from.x()), m_plot->yAxis->coordToPixel(arrow.from.y()));
        const QPointF to(m_plot->xAxis->coordToPixel(arrow.to.x()), m_plot->yAxis->coordToPixel(arrow.to.y()));
        // The middle on the log axes is the middle in pixels.
        const QPointF mid = (from + to) / 2.0;
        if (!std::isfinite(mid.x()) || !std::isfinite(mid.y())) {
            arrow.text->setVisible(false);
            continue;
        }
        const double halfWidth = textWidth(arrow.text) / 2.0;
        const double halfHeight = textHeight(arrow.text) / 2.0;
        // Rising on screen (up to the right): the free sides are up-left and down-right, else up-right
        // and down-left. A box with its corner a little off the middle never crosses the arrow.
        const bool rising = (to.x() - from.x()) * (to.y() - from.y()) < 0.0;
        const QPointF sides[2]
            = { rising ? QPointF(-1.0, -1.0) : QPointF(1.0, -1.0), rising ? QPointF(1.0, 1.0) : QPointF(-1.0, 1.0) };
        std::optional<Box> chosen;
        double bestRoom = -std::numeric_limits<double>::infinity();
        for (const double off : { 6.0, 16.0, 30.0 }) {
            for (const QPointF& side : sides) {
                const QPointF centre = mid + side * off + QPointF(side.x() * halfWidth, side.y() * halfHeight);
                const Box box { centre, QPointF(1.0, 0.0), halfWidth, halfHeight };
                if (std::any_of(placed.begin(), placed.end(), [&](const Box& other) { return overlaps(box, other); })) {
                    continue;
                }
                double room = std::numeric_limits<double>::infinity();
                for (const QPointF& point : obstacles) {
                    room = std::min(room, distanceToBox(point - centre, halfWidth, halfHeight));
                }
                if (room > bestRoom) {
                    bestRoom = room;
                    chosen = box;
                }
                if (room >= kMarkerRadius + 2.0) {
                    break;
                }
            }
            if (bestRoom >= kMarkerRadius + 2.0) {
                break;
            }
        }
        if (!chosen || bestRoom <= 0.0) { // every spot overlaps a label or sits on a marker
            arrow.text->setVisible(false);
            continue;
        }
        arrow.text->setPositionAlignment(Qt::AlignCenter);
        arrow.text->position->setCoords(
            m_plot->xAxis->pixelToCoord(chosen->centre.x()), m_plot->yAxis->pixelToCoord(chosen->centre.y()));
        arrow.text->setVisible(true);
        arrow.rect = QRectF(
            chosen->centre.x() - halfWidth, chosen->centre.y() - halfHeight, 2.0 * halfWidth, 2.0 * halfHeight);
        placed.push_back(*chosen);
    }
}

std::optional<ChartLabelPlacer::PlacedKernelLabel> ChartLabelPlacer::kernelLabel(int kernel) const
{
    for (const KernelLabel& label : m_kernels) {
        if (label.kernel == kernel && label.rect) {
            return PlacedKernelLabel { *label.rect, label.text->text(), label.leaderLine };
        }
    }
    return std::nullopt;
}

void ChartLabelPlacer::placeLegend(const std::vector<QPointF>& obstacles, std::vector<Box>& placed)
{
    m_legendRect = QRectF();
    QCPLegend* legend = m_plot->legend;
    if (!legend || !legend->visible() || legend->itemCount() == 0) {
        return;
    }
    QCPLayoutInset* inset = m_plot->axisRect()->insetLayout();
    const int at = static_cast<int>(inset->elements(false).indexOf(legend));
    if (at < 0) {
        return;
    }
    // Roof points the legend would hide: every drawn line sampled every few pixels.
    const std::vector<QPointF> roofs = lineSamples(m_plot, 8.0, false);
    const QRectF area = m_plot->axisRect()->rect();
    const QSizeF size = legend->outerRect().size();
    const Qt::Alignment corners[4] = { Qt::AlignBottom | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
        Qt::AlignBottom | Qt::AlignLeft, Qt::AlignTop | Qt::AlignRight };
    double bestCost = std::numeric_limits<double>::infinity();
    Qt::Alignment best = corners[0];
    for (const Qt::Alignment corner : corners) {
        // The inset layout keeps the legend's margins inside the axis rect, as it will draw it.
        const QMargins m = inset->margins();
        const double left
            = corner.testFlag(Qt::AlignLeft) ? area.left() + m.left() : area.right() - m.right() - size.width();
        const double top
            = corner.testFlag(Qt::AlignTop) ? area.top() + m.top() : area.bottom() - m.bottom() - size.height();
        const QRectF rect(left, top, size.width(), size.height());
        const QRectF keep = rect.adjusted(-kMarkerRadius, -kMarkerRadius, kMarkerRadius, kMarkerRadius);
        double cost = 0.0;
        for (const QPointF& point : obstacles) {
            cost += keep.contains(point) ? 1000.0 : 0.0; // a hidden marker costs more than any roof
        }
        for (const QPointF& point : roofs) {
            cost += rect.contains(point) ? 1.0 : 0.0;
        }
        if (cost < bestCost) {
            bestCost = cost;
            best = corner;
        }
    }
    if (inset->insetAlignment(at) != best) {
        inset->setInsetAlignment(at, best);
        inset->update(QCPLayoutElement::upLayout); // moves the legend now, before this replot draws it
    }
    m_legendRect = legend->outerRect();
    placed.push_back(
        { m_legendRect.center(), QPointF(1.0, 0.0), m_legendRect.width() / 2.0, m_legendRect.height() / 2.0 });
}

std::optional<ChartLabelPlacer::Box> ChartLabelPlacer::bestSpot(
    const std::vector<Box>& candidates, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed)
{
    std::optional<Box> best;
    double bestClearance = -std::numeric_limits<double>::infinity();
    for (const Box& box : candidates) {
        if (std::any_of(placed.begin(), placed.end(), [&](const Box& other) { return overlaps(box, other); })) {
            continue;
        }
        const double room = clearance(box, obstacles, placed);
        if (room <= -6.0) { // a marker's centre under the label
            continue;
        }
        if (room > bestClearance) {
            bestClearance = room;
            best = box;
        }
        if (room >= kClearEnough) {
            break;
        }
    }
    return best;
}

bool ChartLabelPlacer::overlaps(const Box& a, const Box& b)
{
    if (a.along == QPointF(1.0, 0.0) && b.along == QPointF(1.0, 0.0)) { // both level: compare extents
        return std::fabs(b.centre.x() - a.centre.x()) < a.halfWidth + b.halfWidth
            && std::fabs(b.centre.y() - a.centre.y()) < a.halfHeight + b.halfHeight;
    }
    // Separating axes: two rectangles overlap unless the projections on one of their four axes part.
    const QPointF axes[4]
        = { a.along, QPointF(-a.along.y(), a.along.x()), b.along, QPointF(-b.along.y(), b.along.x()) };
    const QPointF d = b.centre - a.centre;
    for (const QPointF& axis : axes) {
        auto reach = [&](const Box& box) {
            const QPointF across(-box.along.y(), box.along.x());
            return box.halfWidth * std::fabs(QPointF::dotProduct(box.along, axis))
                + box.halfHeight * std::fabs(QPointF::dotProduct(across, axis));
        };
        if (std::fabs(QPointF::dotProduct(d, axis)) >= reach(a) + reach(b)) {
            return false;
        }
    }
    return true;
}

double ChartLabelPlacer::clearance(
    const Box& box, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed)
{
    const QPointF normal(-box.along.y(), box.along.x());
    auto local = [&](QPointF point) {
        const QPointF d = point - box.centre;
        return QPointF(QPointF::dotProduct(d, box.along), QPointF::dotProduct(d, normal));
    };
    double best = std::numeric_limits<double>::infinity();
    for (const QPointF& point : obstacles) {
        best = std::min(best, distanceToBox(local(point), box.halfWidth, box.halfHeight) - 6.0);
    }
    for (const Box& other : placed) {
        // The other box's corners and centre against this box: enough for parallel, similar labels.
        const QPointF across(-other.along.y(), other.along.x());
        for (const double sx : { -1.0, 0.0, 1.0 }) {
            for (const double sy : { -1.0, 1.0 }) {
                const QPointF corner
                    = other.centre + other.along * (sx * other.halfWidth) + across * (sy * other.halfHeight);
                best = std::min(best, distanceToBox(local(corner), box.halfWidth, box.halfHeight));
            }
        }
    }
    return best;
}

void ChartLabelPlacer::placeSlanted(
    const Slanted& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed)
{
    const QCPRange xr = m_plot->xAxis->range();
    const QCPRange yr = m_plot->yAxis->range();
    const double lower = std::max({ xr.lower, yr.lower / label.slope, label.xLower });
    const double upper = std::min({ xr.upper, yr.upper / label.slope, label.xUpper });
    if (!(upper > lower)) {
        label.text->setVisible(false);
        return;
    }
    const QPointF from(m_plot->xAxis->coordToPixel(lower), m_plot->yAxis->coordToPixel(label.slope * lower));
    const QPointF to(m_plot->xAxis->coordToPixel(upper), m_plot->yAxis->coordToPixel(label.slope * upper));
    const double length = QLineF(from, to).length();
    const double width = textWidth(label.text);
    const double height = textHeight(label.text);
    if (length < width + 16.0) {
        label.text->setVisible(false);
        return;
    }
    const QPointF along = (to - from) / length;
    QPointF normal(along.y(), -along.x()); // the side above the line on screen
    if (!label.above) {
        normal = -normal;
    }
    // Candidate spots from the upper end down.
    std::vector<Box> candidates;
    for (double back = width / 2.0 + 10.0; back <= length - width / 2.0 - 4.0; back += kStep) {
        const QPointF onLine = to - along * back;
        candidates.push_back({ onLine + normal * (height / 2.0 + 1.0), along, width / 2.0, height / 2.0 });
    }
    const auto spot = bestSpot(candidates, obstacles, placed);
    if (!spot) {
        label.text->setVisible(false);
        return;
    }
    const Box& best = *spot;
    const QPointF onLine = best.centre - normal * (height / 2.0 + 1.0);
    const double x = m_plot->xAxis->pixelToCoord(onLine.x());
    label.text->position->setCoords(x, label.slope * x);
    label.text->setRotation(qRadiansToDegrees(std::atan2(along.y(), along.x())));
    label.text->setPositionAlignment(Qt::AlignHCenter | (label.above ? Qt::AlignBottom : Qt::AlignTop));
    label.text->setVisible(true);
    placed.push_back(best);
}

void ChartLabelPlacer::placeFlat(const Flat& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed)
{
    const QCPRange xr = m_plot->xAxis->range();
    const QCPRange yr = m_plot->yAxis->range();
    const double lower = std::max(xr.lower, label.xLower);
    if (!yr.contains(label.value) || !(xr.upper > lower)) {
        label.text->setVisible(false);
        return;
    }
    const double left = m_plot->xAxis->coordToPixel(lower);
    const double right = m_plot->xAxis->coordToPixel(xr.upper) - 8.0;
    const double y = m_plot->yAxis->coordToPixel(label.value);
    const double width = textWidth(label.text);
    const double height = textHeight(label.text);
    // Candidate spots from the right end leftwards, above the line.
    std::vector<Box> candidates;
    for (double end = right; end - width >= left; end -= kStep) {
        candidates.push_back(
            { QPointF(end - width / 2.0, y - height / 2.0 - 1.0), QPointF(1.0, 0.0), width / 2.0, height / 2.0 });
    }
    const auto spot = bestSpot(candidates, obstacles, placed);
    if (!spot) {
        label.text->setVisible(false);
        return;
    }
    const Box& best = *spot;
    label.text->setRotation(0.0);
    label.text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label.text->position->setCoords(m_plot->xAxis->pixelToCoord(best.centre.x()), label.value);
    label.text->setVisible(true);
    placed.push_back(best);
}

bool ChartLabelPlacer::crosses(const QLineF& segment, const Box& box)
{
    const double reach = box.halfWidth + box.halfHeight; // the box lies within this of its centre
    if (std::max(segment.x1(), segment.x2()) < box.centre.x() - reach
        || std::min(segment.x1(), segment.x2()) > box.centre.x() + reach
        || std::max(segment.y1(), segment.y2()) < box.centre.y() - reach
        || std::min(segment.y1(), segment.y2()) > box.centre.y() + reach) {
        return false;
    }
    // The segment in the box's frame, clipped to the box's inside (Liang-Barsky).
    const QPointF across(-box.along.y(), box.along.x());
    auto local = [&](QPointF point) {
        const QPointF d = point - box.centre;
        return QPointF(QPointF::dotProduct(d, box.along), QPointF::dotProduct(d, across));
    };
    const QPointF a = local(segment.p1());
    const QPointF d = local(segment.p2()) - a;
    constexpr double kTouch = 0.5; // an edge shared within half a pixel is no crossing
    const double hw = box.halfWidth - kTouch;
    const double hh = box.halfHeight - kTouch;
    if (hw <= 0.0 || hh <= 0.0) {
        return false;
    }
    return clipSegment(a, a + d, QRectF(-hw, -hh, 2.0 * hw, 2.0 * hh)).has_value();
}

} // namespace roofscope
