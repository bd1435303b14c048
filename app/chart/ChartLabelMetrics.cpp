#include "chart/ChartLabelMetrics.h"

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace roofscope::labelmetrics {

QSizeF textSize(const QCPItemText* text)
{
    const QFontMetricsF metrics(text->font());
    if (!text->text().contains(QLatin1Char('\n'))) {
        return { metrics.horizontalAdvance(text->text()), metrics.height() };
    }
    return metrics.boundingRect(QRectF(), Qt::TextDontClip | text->textAlignment(), text->text()).size();
}

double textWidth(const QCPItemText* text)
{
    const QMargins padding = text->padding();
    return textSize(text).width() + padding.left() + padding.right();
}

double textHeight(const QCPItemText* text)
{
    const QMargins padding = text->padding();
    return textSize(text).height() + padding.top() + padding.bottom();
}

double distanceToBox(QPointF local, double halfWidth, double halfHeight)
{
    const double dx = std::max(std::fabs(local.x()) - halfWidth, 0.0);
    const double dy = std::max(std::fabs(local.y()) - halfHeight, 0.0);
    return std::hypot(dx, dy);
}

} // namespace roofscope::labelmetrics
