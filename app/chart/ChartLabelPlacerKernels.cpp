// ChartLabelPlacer: the kernels' labels at the top of the plot, over their guides or, with a leader
// line to their marker, beside them.

#include "chart/ChartLabelPlacer.h"

#include "chart/ChartLabelMetrics.h"
#include "chart/EdgeMarker.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace roofscope {

namespace {
constexpr int kMaxKernelRows = 4; // kernel labels find no room past this many rows (their markers stay)
constexpr int kShortName = 12; // characters a shortened kernel label keeps
constexpr double kShiftStep = 16.0; // pixels between the spots of a kernel label moved off its guide
constexpr double kMaxShift = 240.0; // how far beyond the nudges a kernel label may move off its guide
constexpr double kLeaderGap = 5.0; // pixels a leader stops short of the marker's centre (its edge)

// A kernel label's text with its first line (the name) cut to its first characters and the rest (the
// intensity) kept; empty when the name is short already.
QString shortenedName(const QString& full)
{
    const qsizetype end = full.indexOf(QLatin1Char('\n'));
    const QString name = end < 0 ? full : full.left(end);
    if (name.size() <= kShortName + 1) {
        return {};
    }
    return name.left(kShortName).trimmed() + QChar(0x2026) + (end < 0 ? QString() : full.mid(end));
}

// From the point of `rect` nearest `marker` to the marker's edge; empty when they (nearly) touch.
std::optional<QLineF> leaderTo(const QRectF& rect, QPointF marker)
{
    const QPointF start(
        std::clamp(marker.x(), rect.left(), rect.right()), std::clamp(marker.y(), rect.top(), rect.bottom()));
    QLineF line(start, marker);
    const double length = line.length();
    if (!(length > kLeaderGap + 2.0)) {
        return std::nullopt;
    }
    line.setLength(length - kLeaderGap);
    return line;
}
} // namespace

using labelmetrics::distanceToBox;
using labelmetrics::kMarkerRadius;
using labelmetrics::textHeight;
using labelmetrics::textWidth;

QSizeF ChartLabelPlacer::labelSize(const KernelLabel& label)
{
    if (label.sizedText != label.text->text() || label.size.isEmpty()) { // measured once per text
        label.sizedText = label.text->text();
        label.size = QSizeF(textWidth(label.text), textHeight(label.text));
    }
    return label.size;
}

void ChartLabelPlacer::placeKernels(
    const std::vector<QPointF>& markers, std::vector<Box>& placed, std::vector<QLineF>& leaders)
{
    const QRect rect = m_plot->axisRect()->rect();
    // An unbounded intensity's guide is the pinned column by the edge, where its markers are.
    auto guidePixel = [&](const KernelLabel& label) { return edge::intensityPixel(m_plot->xAxis, label.x); };
    double rowsBottom = rect.top();
    for (KernelLabel& label : m_kernels) {
        if (label.text->text() != label.shortened) { // the chart set a new text (a drag, a rename)
            label.full = label.text->text();
        }
        label.shortened.clear();
        label.rect.reset();
        label.leaderLine.reset();
        label.text->setText(label.full);
        if (label.leader) {
            label.leader->setVisible(false);
        }
        rowsBottom = std::max(rowsBottom, rect.top() + 5.0 + kMaxKernelRows * (labelSize(label).height() + 3.0));
    }
    // Only the markers by the rows at the top can be in a label's way.
    std::vector<QPointF> obstacles;
    std::copy_if(markers.begin(), markers.end(), std::back_inserter(obstacles),
        [&](const QPointF& p) { return p.y() <= rowsBottom + kMarkerRadius; });
    // First every label that finds room over its guide, in order; then the others, off the guide or
    // shortened, with leaders, around the labels placed already.
    std::vector<KernelLabel*> pending;
    for (KernelLabel& label : m_kernels) {
        const double pixel = guidePixel(label);
        if (!std::isfinite(pixel) || pixel < rect.left() || pixel > rect.right()) {
            label.text->setVisible(false);
            continue;
        }
        bool unused = false;
        if (const auto spot = kernelSpot(label, pixel, false, Leader::None, obstacles, placed, leaders, unused)) {
            showKernel(label, *spot, placed, leaders);
        } else {
            pending.push_back(&label);
        }
    }
    for (KernelLabel* label : pending) {
        const double pixel = guidePixel(*label);
        // The whole name off the guide, else the shortened one over or off it; leaders that cross no
        // other leader first.
        bool refused = false; // a spot turned down only for its leader crossing another
        auto attempt = [&](Leader leader) -> std::optional<KernelSpot> {
            label->shortened.clear();
            label->text->setText(label->full);
            if (auto spot = kernelSpot(*label, pixel, true, leader, obstacles, placed, leaders, refused)) {
                return spot;
            }
            const QString shortened = shortenedName(label->full);
            if (shortened.isEmpty()) {
                return std::nullopt;
            }
            label->shortened = shortened;
            label->text->setText(shortened);
            if (auto spot = kernelSpot(*label, pixel, false, leader, obstacles, placed, leaders, refused)) {
                return spot;
            }
            return kernelSpot(*label, pixel, true, leader, obstacles, placed, leaders, refused);
        };
        std::optional<KernelSpot> spot = attempt(Leader::Uncrossed);
        if (!spot && refused) {
            spot = attempt(Leader::Crossing);
        }
        if (!spot) {
            label->text->setVisible(false);
            continue;
        }
        showKernel(*label, *spot, placed, leaders);
    }
}

std::optional<ChartLabelPlacer::KernelSpot> ChartLabelPlacer::kernelSpot(const KernelLabel& label, double pixel,
    bool displaced, Leader leader, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed,
    const std::vector<QLineF>& leaders, bool& crossingRefused) const
{
    const QRect rect = m_plot->axisRect()->rect();
    const QSizeF size = labelSize(label);
    const double width = size.width() + 2.0;
    const double height = size.height();
    const double leftmost = rect.left() + 3.0;
    const double rightmost = std::max(leftmost, rect.right() - 3.0 - width);
    const double nudge = std::max(0.0, width / 2.0 - 8.0); // the guide stays under the label
    const double markerY = m_plot->yAxis->coordToPixel(label.y);
    const QPointF marker(pixel,
        std::isfinite(markerY)
            ? std::clamp(markerY, static_cast<double>(rect.top()), static_cast<double>(rect.bottom()))
            : static_cast<double>(rect.bottom()));
    // Candidates in the order they are tried: over the guide row by row (the nudges in each row), or
    // off it the least distance first (every row at each distance, left before right).
    std::vector<QPointF> candidates; // (left edge, row)
    if (!displaced) {
        for (int row = 0; row < kMaxKernelRows; ++row) {
            for (const double shift : { 0.0, -nudge, nudge }) {
                candidates.emplace_back(pixel - width / 2.0 + shift, row);
            }
        }
    } else {
        for (double shift = nudge + kShiftStep; shift <= nudge + kMaxShift; shift += kShiftStep) {
            for (int row = 0; row < kMaxKernelRows; ++row) {
                for (const double side : { -1.0, 1.0 }) {
                    candidates.emplace_back(pixel - width / 2.0 + side * shift, row);
                }
            }
        }
    }
    for (const QPointF& candidate : candidates) {
        const double left = std::clamp(candidate.x(), leftmost, rightmost);
        if (displaced && left != candidate.x()) {
            continue; // against the plot's edge: a spot tried already, or one still nearer the guide
        }
        const double centreY = rect.top() + 5.0 + candidate.y() * (height + 3.0) + height / 2.0;
        const Box box { QPointF(left + width / 2.0, centreY), QPointF(1.0, 0.0), width / 2.0, height / 2.0 };
        if (centreY + height / 2.0 > rect.bottom() - 3.0) {
            continue; // a row below the plot
        }
        // Labels first: in a crowded chart most spots are taken, and there are fewer labels than markers.
        if (std::any_of(placed.begin(), placed.end(), [&](const Box& b) { return overlaps(box, b); })
            || std::any_of(leaders.begin(), leaders.end(), [&](const QLineF& l) { return crosses(l, box); })
            || std::any_of(obstacles.begin(), obstacles.end(), [&](const QPointF& p) {
                   return distanceToBox(p - box.centre, box.halfWidth, box.halfHeight) < kMarkerRadius;
               })) {
            continue;
        }
        KernelSpot spot { box, std::nullopt };
        if (leader != Leader::None) {
            spot.leader = leaderTo(QRectF(left, centreY - height / 2.0, width, height), marker);
            if (spot.leader
                && std::any_of(placed.begin(), placed.end(), [&](const Box& b) { return crosses(*spot.leader, b); })) {
                continue;
            }
            if (spot.leader && leader == Leader::Uncrossed
                && std::any_of(leaders.begin(), leaders.end(), [&](const QLineF& other) {
                       return spot.leader->intersects(other) == QLineF::BoundedIntersection;
                   })) {
                crossingRefused = true;
                continue;
            }
        }
        return spot;
    }
    return std::nullopt;
}

bool ChartLabelPlacer::followKernel(const QCPItemText* text, double x, double y)
{
    const auto found
        = std::find_if(m_kernels.begin(), m_kernels.end(), [&](const KernelLabel& l) { return l.text == text; });
    if (found == m_kernels.end()) {
        return false;
    }
    KernelLabel& label = *found;
    label.x = x;
    label.y = y;
    // The others as the last placement left them: every box but this label's own, the legend, the
    // leaders of the other kernels' labels.
    auto sameRect = [](const Box& box, const QRectF& rect) {
        return std::fabs(box.centre.x() - rect.center().x()) < 0.01
            && std::fabs(box.centre.y() - rect.center().y()) < 0.01
            && std::fabs(2.0 * box.halfWidth - rect.width()) < 0.01
            && std::fabs(2.0 * box.halfHeight - rect.height()) < 0.01;
    };
    std::vector<Box> others;
    others.reserve(m_lastPlaced.size() + 1);
    bool ownSkipped = false;
    for (const Box& box : m_lastPlaced) {
        if (!ownSkipped && label.rect && sameRect(box, *label.rect)) {
            ownSkipped = true;
            continue;
        }
        others.push_back(box);
    }
    if (!m_legendRect.isEmpty()) {
        others.push_back(
            { m_legendRect.center(), QPointF(1.0, 0.0), m_legendRect.width() / 2.0, m_legendRect.height() / 2.0 });
    }
    std::vector<QLineF> leaders;
    for (const KernelLabel& other : m_kernels) {
        if (&other != &label && other.leaderLine && other.text->visible()) {
            leaders.push_back(*other.leaderLine);
        }
    }
    m_lastPlaced.erase(std::remove_if(m_lastPlaced.begin(), m_lastPlaced.end(),
                           [&](const Box& box) { return label.rect && sameRect(box, *label.rect); }),
        m_lastPlaced.end());
    label.rect.reset();
    label.leaderLine.reset();
    if (label.leader) {
        label.leader->setVisible(false);
    }
    if (label.text->text() != label.shortened) { // the chart set the text with the new intensity
        label.full = label.text->text();
    }
    label.shortened.clear();
    label.text->setText(label.full);
    const QRect rect = m_plot->axisRect()->rect();
    const double pixel = edge::intensityPixel(m_plot->xAxis, x); // an unbounded one: by the edge
    std::optional<KernelSpot> spot;
    if (std::isfinite(pixel) && pixel >= rect.left() && pixel <= rect.right()) {
        // Over the guide, whole then shortened; else beside it, the nearest first (no leader while
        // dragged: the guide and the tooltip follow the pointer).
        bool unused = false;
        const QString shortened = shortenedName(label.full);
        for (const bool displaced : { false, true }) {
            label.shortened.clear();
            label.text->setText(label.full);
            spot = kernelSpot(label, pixel, displaced, Leader::None, {}, others, leaders, unused);
            if (!spot && !shortened.isEmpty()) {
                label.shortened = shortened;
                label.text->setText(shortened);
                spot = kernelSpot(label, pixel, displaced, Leader::None, {}, others, leaders, unused);
            }
            if (spot) {
                break;
            }
        }
    }
    if (!spot) {
        label.text->setVisible(false);
        return false;
    }
    std::vector<QLineF> unusedLeaders;
    showKernel(label, *spot, m_lastPlaced, unusedLeaders);
    return true;
}

void ChartLabelPlacer::showKernel(
    KernelLabel& label, const KernelSpot& spot, std::vector<Box>& placed, std::vector<QLineF>& leaders)
{
    const Box& box = spot.box;
    label.text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignVCenter);
    label.text->position->setCoords(m_plot->xAxis->pixelToCoord(box.centre.x()), box.centre.y());
    label.text->setVisible(true);
    label.rect = QRectF(
        box.centre.x() - box.halfWidth, box.centre.y() - box.halfHeight, 2.0 * box.halfWidth, 2.0 * box.halfHeight);
    placed.push_back(box);
    label.leaderLine = spot.leader;
    if (spot.leader && label.leader) {
        label.leader->start->setCoords(spot.leader->p1());
        label.leader->end->setCoords(spot.leader->p2());
        label.leader->setVisible(true);
        leaders.push_back(*spot.leader);
    }
}

} // namespace roofscope
