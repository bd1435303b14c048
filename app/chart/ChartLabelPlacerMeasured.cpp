// ChartLabelPlacer, continued: the measured points' "% of roof" labels and the line samples they
// and the legend keep clear of.
#include "chart/ChartLabelPlacer.h"

#include "chart/ChartLabelMetrics.h"
#include "chart/EdgeMarker.h"

#include <QFontMetricsF>
#include <QLineF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace roofscope {

using labelmetrics::distanceToBox;
using labelmetrics::kMarkerRadius;

std::vector<QPointF> ChartLabelPlacer::lineSamples(const QCustomPlot* plot, double step, bool drawnOnly)
{
    std::vector<QPointF> samples;
    for (int g = 0; g < plot->graphCount(); ++g) {
        const QCPGraph* graph = plot->graph(g);
        if (!graph->visible() || graph->data()->size() < 2 || graph->data()->size() > 64
            || (drawnOnly && graph->pen().style() == Qt::NoPen)) {
            continue;
        }
        QPointF previous;
        bool first = true;
        for (const QCPGraphData& point : *graph->data()) {
            const QPointF pixel(plot->xAxis->coordToPixel(point.key), plot->yAxis->coordToPixel(point.value));
            if (!std::isfinite(pixel.x()) || !std::isfinite(pixel.y())) {
                first = true;
                continue;
            }
            if (!first) {
                const double length = QLineF(previous, pixel).length();
                const int steps = std::clamp(static_cast<int>(length / step), 1, static_cast<int>(3200.0 / step));
                for (int s = 0; s < steps; ++s) {
                    samples.push_back(previous + (pixel - previous) * (static_cast<double>(s) / steps));
                }
            }
            previous = pixel;
            first = false;
        }
    }
    return samples;
}

void ChartLabelPlacer::setMeasured(const MeasuredAnchor& anchor)
{
    for (MeasuredLabel& label : m_measured) {
        if (label.anchor.kernel == anchor.kernel) {
            label.anchor = anchor;
            return;
        }
    }
    m_measured.push_back({ anchor, std::nullopt });
}

std::optional<ChartLabelPlacer::PlacedMeasuredLabel> ChartLabelPlacer::measuredLabel(int kernel) const
{
    for (const MeasuredLabel& label : m_measured) {
        if (label.anchor.kernel == kernel) {
            return label.placed;
        }
    }
    return std::nullopt;
}

void ChartLabelPlacer::placeMeasured(const std::vector<QPointF>& obstacles, std::vector<Box>& placed)
{
    if (m_measured.empty()) {
        return;
    }
    const QRectF area = m_plot->axisRect()->rect();
    const std::vector<QPointF> lines = lineSamples(m_plot, 3.0, true);
    for (MeasuredLabel& label : m_measured) {
        label.placed.reset();
        const MeasuredAnchor& a = label.anchor;
        const QPointF point(edge::intensityPixel(m_plot->xAxis, a.point.x()), m_plot->yAxis->coordToPixel(a.point.y()));
        if (!std::isfinite(point.x()) || !std::isfinite(point.y()) || !area.contains(point) || a.text.isEmpty()) {
            continue;
        }
        const QFontMetricsF metrics(a.font);
        const double halfWidth = metrics.horizontalAdvance(a.text) / 2.0 + 2.0;
        const double halfHeight = metrics.height() / 2.0;
        std::optional<QRectF> band;
        if (a.bandLower < a.bandUpper) {
            const double left = m_plot->xAxis->coordToPixel(a.bandLower);
            const double right = m_plot->xAxis->coordToPixel(a.bandUpper);
            band = QRectF(QPointF(std::min(left, right) - 6.0, point.y() - a.bandAbove),
                QPointF(std::max(left, right) + 6.0, point.y() + a.bandBelow));
        }
        // Right of the point, left of it, then the four diagonal spots (a corner the gap off the point).
        const double g = a.gap;
        const double d = g * 0.7;
        const QPointF centres[6] = { point + QPointF(g + halfWidth, 0.0), point - QPointF(g + halfWidth, 0.0),
            point + QPointF(d + halfWidth, d + halfHeight), point + QPointF(d + halfWidth, -d - halfHeight),
            point + QPointF(-d - halfWidth, d + halfHeight), point + QPointF(-d - halfWidth, -d - halfHeight) };
        std::optional<Box> fallback;
        std::optional<Box> chosen;
        for (const QPointF& centre : centres) {
            const Box box { centre, QPointF(1.0, 0.0), halfWidth, halfHeight };
            const QRectF rect(centre.x() - halfWidth, centre.y() - halfHeight, 2.0 * halfWidth, 2.0 * halfHeight);
            // Never over another label, outside the plot or on a marker's centre.
            if (!area.contains(rect)
                || std::any_of(placed.begin(), placed.end(), [&](const Box& other) { return overlaps(box, other); })
                || std::any_of(obstacles.begin(), obstacles.end(),
                    [&](const QPointF& p) { return distanceToBox(p - centre, halfWidth, halfHeight) < 2.0; })) {
                continue;
            }
            if (!fallback) {
                fallback = box;
            }
            // Better clear of markers, roof lines and the level band.
            const bool crowded = std::any_of(obstacles.begin(), obstacles.end(), [&](const QPointF& p) {
                return distanceToBox(p - centre, halfWidth, halfHeight) < kMarkerRadius;
            }) || std::any_of(lines.begin(), lines.end(), [&](const QPointF& p) {
                return distanceToBox(p - centre, halfWidth, halfHeight) < 1.5;
            }) || (band && band->intersects(rect));
            if (!crowded) {
                chosen = box;
                break;
            }
        }
        if (!chosen) {
            chosen = fallback;
        }
        if (!chosen) {
            continue; // no room: hidden
        }
        label.placed = PlacedMeasuredLabel { QRectF(chosen->centre.x() - halfWidth, chosen->centre.y() - halfHeight,
                                                 2.0 * halfWidth, 2.0 * halfHeight),
            point, a.text, a.font };
        placed.push_back(*chosen);
    }
}

} // namespace roofscope
