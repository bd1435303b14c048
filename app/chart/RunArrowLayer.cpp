#include "chart/RunArrowLayer.h"

#include "chart/EdgeMarker.h"

#include "figures/RunComparison.h"

#include <QFontMetricsF>
#include <QLineF>

#include <algorithm>
#include <cmath>
#include <vector>

namespace roofscope {

RunArrowLayer::RunArrowLayer(QCustomPlot* plot, const RunComparison* comparison)
    : QCPLayerable(plot, QStringLiteral("overlay"))
    , m_comparison(comparison)
{
}

void RunArrowLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    painter->setAntialiasing(true);
}

QRect RunArrowLayer::clipRect() const
{
    return mParentPlot->xAxis->axisRect()->rect();
}

void RunArrowLayer::draw(QCPPainter* painter)
{
    m_drawn = 0;
    if (!m_comparison || !m_comparison->active()) {
        return;
    }
    const QCPAxis* x = mParentPlot->xAxis;
    const QCPAxis* y = mParentPlot->yAxis;
    const QColor faster(0x1b, 0x8a, 0x3a);
    const QColor slower(0xc6, 0x28, 0x28);
    QFont font = mParentPlot->font();
    font.setBold(true);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    std::vector<QRectF> placed; // labels already drawn: the next one moves down until it is clear
    for (const RunArrow& arrow : m_comparison->arrows()) {
        if (!(arrow.beforeIntensity > 0.0 && arrow.beforeAchieved > 0.0 && arrow.afterIntensity > 0.0
                && arrow.afterAchieved > 0.0)) {
            continue; // not on log axes
        }
        // A side that moved 0 bytes (intensity unbounded) sits where its marker is pinned, by the edge.
        const QPointF from(edge::intensityPixel(x, arrow.beforeIntensity), y->coordToPixel(arrow.beforeAchieved));
        const QPointF to(edge::intensityPixel(x, arrow.afterIntensity), y->coordToPixel(arrow.afterAchieved));
        const QColor color = arrow.change > 0.0 ? slower : faster;
        painter->setPen(QPen(color, 2.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(from, 3.5, 3.5); // where it was
        const QLineF line(from, to);
        if (line.length() > 1.0) {
            painter->drawLine(line);
            const double angle = std::atan2(from.y() - to.y(), from.x() - to.x());
            const double head = 10.0;
            QPolygonF tip;
            tip << to << to + QPointF(head * std::cos(angle + 0.45), head * std::sin(angle + 0.45))
                << to + QPointF(head * std::cos(angle - 0.45), head * std::sin(angle - 0.45));
            painter->setBrush(color);
            painter->drawPolygon(tip);
        }
        // The label beside the arrow's middle, on a light plate so it reads over roofs and markers.
        const QPointF middle = (from + to) / 2.0;
        const QString text = arrow.label + QStringLiteral("  ") + arrow.name;
        QRectF box = metrics.boundingRect(text).adjusted(-3, -1, 3, 1);
        box.moveTopLeft(middle + QPointF(8.0, -box.height() - 2.0));
        for (int tries = 0; tries < 50
             && std::any_of(placed.begin(), placed.end(), [&](const QRectF& r) { return r.intersects(box); });
             ++tries) {
            box.translate(0.0, box.height() + 1.0);
        }
        placed.push_back(box);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 210));
        painter->drawRoundedRect(box, 3, 3);
        painter->setPen(color);
        painter->drawText(box, Qt::AlignCenter, text);
        ++m_drawn;
    }
}

} // namespace roofscope
