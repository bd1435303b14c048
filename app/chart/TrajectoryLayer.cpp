#include "chart/TrajectoryLayer.h"

#include "chart/DeferredReplot.h"

#include "chart/RooflineChart.h"
#include "chart/TrajectoryOverlay.h"

#include <QFontMetricsF>
#include <QPolygonF>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace roofscope {

namespace {
// The polyline without the points that lie within `tolerance` pixels of the line through their
// neighbours kept (Douglas-Peucker): a trajectory along a roof is straight on the log-log chart, so a
// few of its hundreds of points draw the same line, and stroking the wide band costs per point.
void simplify(const QPolygonF& in, double tolerance, QPolygonF& out)
{
    out.clear();
    const qsizetype n = in.size();
    if (n < 3) {
        out = in;
        return;
    }
    std::vector<char> keep(static_cast<size_t>(n), 0);
    keep.front() = 1;
    keep.back() = 1;
    std::vector<std::pair<qsizetype, qsizetype>> stack { { 0, n - 1 } };
    while (!stack.empty()) {
        const auto [first, last] = stack.back();
        stack.pop_back();
        const QPointF a = in[first];
        const QPointF d = in[last] - a;
        const double length = std::hypot(d.x(), d.y());
        double worst = -1.0;
        qsizetype at = -1;
        for (qsizetype i = first + 1; i < last; ++i) {
            const QPointF p = in[i] - a;
            // Distance to the segment's line (to its start when the segment is a point).
            const double distance
                = length > 0.0 ? std::abs(d.x() * p.y() - d.y() * p.x()) / length : std::hypot(p.x(), p.y());
            if (distance > worst) {
                worst = distance;
                at = i;
            }
        }
        if (at >= 0 && worst > tolerance) {
            keep[static_cast<size_t>(at)] = 1;
            stack.push_back({ first, at });
            stack.push_back({ at, last });
        }
    }
    for (qsizetype i = 0; i < n; ++i) {
        if (keep[static_cast<size_t>(i)]) {
            out << in[i];
        }
    }
}
constexpr double kLabelGap = 4.0; // pixels between two crossings' labels (and their halos' rims)
constexpr double kDotRadius = 4.0;

// The first spot for a crossing's label (of `size`) beside its dot at `at`: below right, above right,
// below left, above left, then the same a row further away each time; the label lies inside `area`,
// at least kLabelGap from every placed label and clear of every dot. Empty when none is free.
std::optional<QRectF> crossingLabelSpot(
    QPointF at, QSizeF size, const QRectF& area, const std::vector<QRectF>& placed, const std::vector<QPointF>& dots)
{
    const double rowStep = size.height() + kLabelGap;
    for (int row = 0; row < 6; ++row) {
        const double down = at.y() + kDotRadius + row * rowStep;
        const double up = at.y() - kDotRadius - size.height() - row * rowStep;
        for (const bool right : { true, false }) {
            const double left = right ? at.x() + 6.0 : at.x() - 6.0 - size.width();
            for (const double top : { down, up }) {
                const QRectF box(QPointF(left, top), size);
                if (!area.adjusted(2.0, 1.0, -2.0, -1.0).contains(box)) {
                    continue;
                }
                const QRectF kept = box.adjusted(-kLabelGap, -kLabelGap, kLabelGap, kLabelGap);
                if (std::any_of(
                        placed.begin(), placed.end(), [&](const QRectF& other) { return kept.intersects(other); })
                    || std::any_of(dots.begin(), dots.end(), [&](const QPointF& dot) {
                           return box.adjusted(-kDotRadius, -kDotRadius, kDotRadius, kDotRadius).contains(dot);
                       })) {
                    continue;
                }
                return box;
            }
        }
    }
    return std::nullopt;
}
} // namespace

TrajectoryLayer::TrajectoryLayer(QCustomPlot* plot, const KernelSweep* sweep, const QString& layer)
    : QCPLayerable(plot, layer)
    , m_sweep(sweep)
{
}

void TrajectoryLayer::refresh()
{
    if (m_pending || !mLayer) {
        return;
    }
    // Nothing drawn and nothing to draw (no kernel swept): a replot would only repeat the chart's.
    if (m_sweep->trajectory().kernel < 0 && m_drawnPolylines == 0 && m_drawnCrossings == 0) {
        return;
    }
    // The same path as drawn (a group dragged along the swept batch moves on its path, which stays).
    if (m_drawnValid && m_sweep->trajectory() == m_drawn) {
        return;
    }
    m_pending = true;
    QTimer::singleShot(0, mParentPlot, [this] {
        if (m_pending) {
            replotUnlessHidden(mParentPlot);
        }
    });
}

void TrajectoryLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    painter->setAntialiasing(true);
}

QRect TrajectoryLayer::clipRect() const
{
    return mParentPlot->xAxis->axisRect()->rect();
}

std::optional<QPointF> TrajectoryLayer::crossingPosition(size_t device, size_t crossing) const
{
    const Trajectory& t = m_sweep->trajectory();
    if (t.kernel < 0 || device >= t.devices.size() || crossing >= t.devices[device].crossings.size()) {
        return std::nullopt;
    }
    const TrajectoryCrossing& c = t.devices[device].crossings[crossing];
    return QPointF(mParentPlot->xAxis->coordToPixel(c.intensity), mParentPlot->yAxis->coordToPixel(c.attainable));
}

void TrajectoryLayer::draw(QCPPainter* painter)
{
    m_drawnPolylines = 0;
    m_drawnCrossings = 0;
    m_labelRects.clear();
    m_droppedLabels = 0;
    m_pending = false;
    const Trajectory& t = m_sweep->trajectory();
    m_drawn = t;
    m_drawnValid = true;
    if (t.kernel < 0) {
        return;
    }
    QCPAxis* x = mParentPlot->xAxis;
    QCPAxis* y = mParentPlot->yAxis;
    const QRectF area = clipRect();
    QFont font = mParentPlot->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    std::vector<QRectF> placed; // labels drawn so far
    std::vector<QPointF> dots; // every crossing's dot
    struct PendingLabel {
        QPointF at;
        const TrajectoryCrossing* crossing;
        QColor color;
    };
    std::vector<PendingLabel> pending;
    QPolygonF all;
    QPolygonF line;
    for (const TrajectoryDevice& device : t.devices) {
        all.clear();
        all.reserve(static_cast<qsizetype>(device.points.size()));
        for (const TrajectoryPoint& p : device.points) {
            if (p.intensity > 0.0 && p.attainable > 0.0 && std::isfinite(p.intensity)) {
                all << QPointF(x->coordToPixel(p.intensity), y->coordToPixel(p.attainable));
            }
        }
        simplify(all, 0.25, line); // a quarter pixel: the same line to the eye
        // A translucent band along the path (it often runs on the roof itself), a thin line inside.
        painter->setBrush(Qt::NoBrush);
        if (line.size() >= 2) {
            QColor band = device.color;
            band.setAlphaF(0.22);
            // The wide pale band without antialiasing (its edges barely show; an antialiased 8 px
            // stroke costs most of the layer), the thin line inside it with.
            painter->setAntialiasing(false);
            painter->setPen(QPen(band, 8.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPolyline(line);
            painter->setAntialiasing(true);
            QColor thin = device.color.darker(115);
            painter->setPen(QPen(thin, 1.4, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPolyline(line);
            ++m_drawnPolylines;
        }
        for (const TrajectoryCrossing& c : device.crossings) {
            if (!(c.intensity > 0.0 && c.attainable > 0.0)) {
                continue;
            }
            const QPointF at(x->coordToPixel(c.intensity), y->coordToPixel(c.attainable));
            painter->setPen(QPen(Qt::white, 1.2));
            painter->setBrush(device.color);
            painter->drawEllipse(at, 4.0, 4.0);
            ++m_drawnCrossings;
            dots.push_back(at);
            pending.push_back({ at, &c, device.color });
        }
    }
    // The labels once every dot is known: each in the first free spot beside its dot, clear of the
    // other labels by a gap and of the other dots, inside the plot; left out where none is free.
    QColor halo = x->axisRect()->backgroundBrush().color();
    halo.setAlphaF(0.85);
    if (!pending.empty() && m_obstacles) { // and clear of the kernels' markers, which are drawn above
        const std::vector<QRectF> markers = m_obstacles(area);
        placed.insert(placed.end(), markers.begin(), markers.end());
    }
    for (const PendingLabel& label : pending) {
        const std::optional<QRectF> box
            = crossingLabelSpot(label.at, metrics.size(Qt::TextSingleLine, label.crossing->label), area, placed, dots);
        if (!box) {
            ++m_droppedLabels;
            continue;
        }
        placed.push_back(*box);
        m_labelRects.push_back(*box);
        // A halo with a thin rim in the device's colour: stacked labels read as separate ones.
        QColor rim = label.color;
        rim.setAlphaF(0.45);
        painter->setPen(QPen(rim, 1.0));
        painter->setBrush(halo);
        painter->drawRect(box->adjusted(-1.5, -0.5, 1.5, 0.5));
        painter->setPen(label.color.darker(130));
        painter->drawText(*box, Qt::AlignLeft | Qt::AlignVCenter, label.crossing->label);
    }
}

TrajectoryLayer* attachTrajectory(RooflineChart* chart, KernelSweep* sweep)
{
    auto* layer = new TrajectoryLayer(chart->plot(), sweep, QString::fromLatin1(RooflineChart::kRoofLabelLayer));
    layer->setObstacles([chart](const QRectF& area) { return chart->markerRects(area); });
    QObject::connect(sweep, &KernelSweep::changed, chart, [layer] { layer->refresh(); });
    return layer;
}

} // namespace roofscope
