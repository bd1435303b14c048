#include "chart/ChartLabelPlacer.h"

#include "chart/LabelRows.h"

#include <QFontMetricsF>
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
constexpr double kRowGap = 6.0;
constexpr int kMaxKernelRows = 4; // kernel labels past this many rows are hidden (their markers stay)
constexpr size_t kMaxObstacles = 4000; // beyond this, labels only avoid each other (keeps replots fast)

double textWidth(const QCPItemText* text)
{
    const QMargins padding = text->padding();
    return QFontMetricsF(text->font()).horizontalAdvance(text->text()) + padding.left() + padding.right();
}

double textHeight(const QCPItemText* text)
{
    const QMargins padding = text->padding();
    return QFontMetricsF(text->font()).height() + padding.top() + padding.bottom();
}

// Distance from a point to a rectangle given in its own frame (0 inside).
double distanceToBox(QPointF local, double halfWidth, double halfHeight)
{
    const double dx = std::max(std::fabs(local.x()) - halfWidth, 0.0);
    const double dy = std::max(std::fabs(local.y()) - halfHeight, 0.0);
    return std::hypot(dx, dy);
}
} // namespace

ChartLabelPlacer::ChartLabelPlacer(QCustomPlot* plot)
    : m_plot(plot)
{
}

void ChartLabelPlacer::clear()
{
    m_slanted.clear();
    m_flat.clear();
    m_kernels.clear();
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

void ChartLabelPlacer::addKernel(QCPItemText* text, double x)
{
    m_kernels.push_back({ text, x });
}

void ChartLabelPlacer::moveKernel(const QCPItemText* text, double x)
{
    for (KernelLabel& label : m_kernels) {
        if (label.text == text) {
            label.x = x;
        }
    }
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
        obstacles.emplace_back(m_plot->xAxis->coordToPixel(point.x()), m_plot->yAxis->coordToPixel(point.y()));
    }
    std::vector<Box> placed;
    for (const Slanted& label : m_slanted) {
        placeSlanted(label, obstacles, placed);
    }
    for (const Flat& label : m_flat) {
        placeFlat(label, obstacles, placed);
    }
    placeKernels();
}

std::optional<ChartLabelPlacer::Box> ChartLabelPlacer::bestSpot(
    const std::vector<Box>& candidates, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed)
{
    std::optional<Box> best;
    double bestClearance = -std::numeric_limits<double>::infinity();
    for (const Box& box : candidates) {
        const double room = clearance(box, obstacles, placed);
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

void ChartLabelPlacer::placeKernels()
{
    const QRect rect = m_plot->axisRect()->rect();
    std::vector<LabelSpan> spans;
    std::vector<QCPItemText*> shown;
    double height = 0.0;
    for (const KernelLabel& label : m_kernels) {
        const double pixel = m_plot->xAxis->coordToPixel(label.x);
        if (!std::isfinite(pixel) || pixel < rect.left() || pixel > rect.right()) {
            label.text->setVisible(false);
            continue;
        }
        const double width = textWidth(label.text) + 2.0;
        height = std::max(height, textHeight(label.text));
        const double leftmost = rect.left() + 3.0;
        const double left = std::clamp(pixel - width / 2.0, leftmost, std::max(leftmost, rect.right() - 3.0 - width));
        spans.push_back({ left, width });
        shown.push_back(label.text);
    }
    const std::vector<int> rows = stackLabelRows(spans, kRowGap);
    for (size_t i = 0; i < shown.size(); ++i) {
        const double centre = spans[i].left + spans[i].width / 2.0;
        if (rows[i] >= kMaxKernelRows) {
            shown[i]->setVisible(false);
            continue;
        }
        shown[i]->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        shown[i]->position->setCoords(m_plot->xAxis->pixelToCoord(centre), rect.top() + 5.0 + rows[i] * (height + 3.0));
        shown[i]->setVisible(true);
    }
}

} // namespace roofscope
