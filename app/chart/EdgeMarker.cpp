#include "chart/EdgeMarker.h"

#include "scene/ChartModel.h"
#include "scene/ChartStyle.h"

#include <qcustomplot.h>

#include <cmath>

namespace roofscope::edge {

double edgePixel(const QCPAxis* axis)
{
    return axis->coordToPixel(axis->range().upper);
}

double intensityPixel(const QCPAxis* axis, double intensity)
{
    if (!unboundedIntensity(intensity)) {
        return axis->coordToPixel(intensity);
    }
    // Inward from the high end, whichever side of the axis rect that is.
    return edgePixel(axis) + (axis->rangeReversed() ? kEdgeInset : -kEdgeInset);
}

double drawnIntensity(const QCPAxis* axis, double intensity)
{
    return unboundedIntensity(intensity) ? axis->pixelToCoord(intensityPixel(axis, intensity)) : intensity;
}

void drawArrow(QCPPainter* painter, QPointF marker, double edgeX, const ChartStyle& style)
{
    const double direction = edgeX >= marker.x() ? 1.0 : -1.0;
    const double headWidth = 3.5 * style.lineScale;
    const double headLength = 7.0 * style.lineScale;
    const double tip = edgeX - direction * 1.0;
    const double start = marker.x() + direction * 4.0 * style.markerScale;
    painter->setPen(QPen(style.arrow, style.line(1.4), Qt::SolidLine, Qt::RoundCap));
    painter->setBrush(Qt::NoBrush);
    if ((tip - headLength * direction - start) * direction > 0.0) {
        painter->drawLine(QLineF(start, marker.y(), tip - direction * headLength / 2.0, marker.y()));
    }
    QPolygonF head;
    head << QPointF(tip, marker.y()) << QPointF(tip - direction * headLength, marker.y() - headWidth)
         << QPointF(tip - direction * headLength, marker.y() + headWidth);
    painter->setPen(Qt::NoPen);
    painter->setBrush(style.arrow);
    painter->drawPolygon(head);
    painter->setBrush(Qt::NoBrush);
}

} // namespace roofscope::edge
