#include "chart/TrajectoryLayer.h"

#include "chart/RooflineChart.h"
#include "chart/TrajectoryOverlay.h"

#include <QFontMetricsF>
#include <QPolygonF>
#include <QTimer>

#include <algorithm>
#include <cmath>
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
    m_pending = true;
    QTimer::singleShot(0, mParentPlot, [this] {
        if (m_pending) {
            mParentPlot->replot(QCustomPlot::rpQueuedRefresh);
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
    m_pending = false;
    const Trajectory& t = m_sweep->trajectory();
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
            // The label below right of the dot, kept inside the plot area.
            const QSizeF size = metrics.size(Qt::TextSingleLine, c.label);
            QPointF corner = at + QPointF(6.0, 4.0);
            if (corner.x() + size.width() > area.right()) {
                corner.setX(at.x() - 6.0 - size.width());
            }
            if (corner.y() + size.height() > area.bottom()) {
                corner.setY(at.y() - 4.0 - size.height());
            }
            QRectF box(corner, size);
            // Crossings close together (a regime band narrower than the labels): stack the labels.
            for (int tries = 0; tries < 8; ++tries) {
                const auto overlap = std::find_if(
                    placed.begin(), placed.end(), [&box](const QRectF& other) { return other.intersects(box); });
                if (overlap == placed.end()) {
                    break;
                }
                box.moveTop(overlap->bottom() + 1.0);
            }
            placed.push_back(box);
            QColor halo = x->axisRect()->backgroundBrush().color();
            halo.setAlphaF(0.8);
            painter->setPen(Qt::NoPen);
            painter->setBrush(halo);
            painter->drawRect(box.adjusted(-1.5, 0.0, 1.5, 0.0));
            painter->setPen(device.color.darker(130));
            painter->drawText(box, Qt::AlignLeft | Qt::AlignVCenter, c.label);
        }
    }
}

TrajectoryLayer* attachTrajectory(RooflineChart* chart, KernelSweep* sweep)
{
    auto* layer = new TrajectoryLayer(chart->plot(), sweep, QString::fromLatin1(RooflineChart::kRoofLabelLayer));
    QObject::connect(sweep, &KernelSweep::changed, chart, [layer] { layer->refresh(); });
    return layer;
}

} // namespace roofscope
