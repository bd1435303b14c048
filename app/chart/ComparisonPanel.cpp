#include "chart/ComparisonPanel.h"

#include "model/Units.h"
#include "scene/ChartPalette.h"

#include <QFontMetricsF>

#include <algorithm>

namespace roofscope {

namespace {
constexpr double kMemoryTint = 0.45; // bar segments: compute in the device colour, memory lighter,
constexpr double kNetworkTint = 0.75; // network lighter still

QString speedupText(const ChartSummaryRow& row)
{
    if (row.baseline) {
        return QObject::tr("baseline");
    }
    if (!(row.speedup > 0.0)) {
        return QStringLiteral("–");
    }
    return QString::fromStdString(formatNumber(row.speedup, 3)) + QChar(0x00D7);
}

QString timeText(double seconds)
{
    return seconds > 0.0 ? QString::fromStdString(formatQuantity(seconds, Dimension::Seconds, 3)) : QStringLiteral("–");
}
} // namespace

ComparisonPanel::ComparisonPanel(QCustomPlot* plot)
    : QCPLayoutElement(plot)
{
}

bool ComparisonPanel::wanted() const
{
    return m_scene && m_scene->style.review && !m_scene->summary.rows.empty();
}

QFont ComparisonPanel::bodyFont() const
{
    return m_scene->style.font(mParentPlot->font().family(), 9.5);
}

QFont ComparisonPanel::titleFont() const
{
    return m_scene->style.font(mParentPlot->font().family(), 10.5, QFont::DemiBold);
}

int ComparisonPanel::preferredWidth() const
{
    if (!wanted()) {
        return 0;
    }
    const QFontMetricsF body(bodyFont());
    // The title wraps; the rows and the legend of the bar segments set the width.
    double widest = 0.0;
    for (const QString& text : { QObject::tr("compute"), QObject::tr("memory"), QObject::tr("network") }) {
        widest += body.height() * 1.2 + body.horizontalAdvance(text) + body.averageCharWidth() * 2.0;
    }
    for (const ChartSummaryRow& row : m_scene->summary.rows) {
        const double line = body.height() + body.horizontalAdvance(row.label)
            + body.horizontalAdvance(timeText(row.tMin)) + body.horizontalAdvance(speedupText(row))
            + 3.0 * body.averageCharWidth();
        widest = std::max(widest, line);
        widest = std::max(widest, 0.85 * body.horizontalAdvance(row.detail)); // drawn at 85 % size
    }
    const double padding = 2.0 * body.height();
    const double viewport = mParentPlot->viewport().width();
    return static_cast<int>(std::clamp(widest + padding, 0.2 * viewport, 0.3 * viewport));
}

QSize ComparisonPanel::minimumOuterSizeHint() const
{
    return QSize(preferredWidth(), 0);
}

QSize ComparisonPanel::maximumOuterSizeHint() const
{
    return QSize(preferredWidth(), QWIDGETSIZE_MAX);
}

void ComparisonPanel::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    painter->setAntialiasing(true);
}

void ComparisonPanel::draw(QCPPainter* painter)
{
    if (!wanted()) {
        return;
    }
    const ChartStyle& style = m_scene->style;
    const ChartSummary& summary = m_scene->summary;
    const QFont body = bodyFont();
    const QFont title = titleFont();
    const QFontMetricsF metrics(body);
    const double line = metrics.height();
    const double pad = line * 0.8;
    const QRectF area = QRectF(mRect).adjusted(pad * 0.5, pad, -pad, -pad);

    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(style.panelBorder, 1.0));
    painter->drawLine(QPointF(mRect.left(), area.top()), QPointF(mRect.left(), area.bottom()));

    double y = area.top();
    painter->setFont(title);
    painter->setPen(style.text);
    const QFontMetricsF titleMetrics(title);
    const double titleHeight
        = titleMetrics.boundingRect(QRectF(0, 0, area.width(), 1000), Qt::TextWordWrap, summary.title).height();
    painter->drawText(QRectF(area.left(), y, area.width(), titleHeight),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, summary.title);
    y += titleHeight + line * 0.3;
    painter->setFont(body);
    painter->setPen(style.mutedText);
    // How the rows are ordered (which are ranked), wrapped rather than cut on a narrow panel.
    const QString ordering
        = summary.ordering.isEmpty() ? QObject::tr("Fastest first · bar: T_min total") : summary.ordering;
    const double orderingHeight
        = metrics.boundingRect(QRectF(0, 0, area.width(), 1000), Qt::TextWordWrap, ordering).height();
    painter->drawText(QRectF(area.left(), y, area.width(), orderingHeight),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, ordering);
    y += orderingHeight + line * 0.4;

    double slowest = 0.0;
    for (const ChartSummaryRow& row : summary.rows) {
        slowest = std::max(slowest, row.tMin);
    }
    QFont small = body;
    small.setPointSizeF(body.pointSizeF() * 0.85);
    const QFontMetricsF smallMetrics(small);
    const double barHeight = line * 0.7;
    const double legendHeight = line * 1.6;
    const double swatch = line * 0.6;
    for (const ChartSummaryRow& row : summary.rows) {
        // The detail line wraps rather than losing its end when the panel is narrow.
        const double detailHeight
            = smallMetrics.boundingRect(QRectF(0, 0, area.width(), 1000), Qt::TextWordWrap, row.detail).height();
        const double rowHeight = line * 1.1 + barHeight + line * 0.25 + detailHeight + line * 0.7;
        if (y + rowHeight > area.bottom() - legendHeight) {
            break; // more devices than room: the comparison table has them all
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(row.color);
        painter->drawRect(QRectF(area.left(), y + (line - swatch) / 2.0, swatch, swatch));
        QFont name = body;
        name.setWeight(QFont::DemiBold);
        painter->setFont(name);
        painter->setPen(style.text);
        const QString speed = speedupText(row);
        const double speedWidth = metrics.horizontalAdvance(speed) + metrics.averageCharWidth();
        const double timeWidth = metrics.horizontalAdvance(QStringLiteral("888 ms")) + metrics.averageCharWidth();
        const double nameWidth = area.width() - swatch * 1.6 - speedWidth - timeWidth;
        painter->drawText(QRectF(area.left() + swatch * 1.6, y, nameWidth, line), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetricsF(name).elidedText(row.label, Qt::ElideRight, nameWidth));
        painter->setFont(body);
        painter->drawText(QRectF(area.right() - speedWidth - timeWidth, y, timeWidth, line),
            Qt::AlignRight | Qt::AlignVCenter, timeText(row.tMin));
        painter->setPen(row.baseline ? style.mutedText : style.text);
        painter->drawText(
            QRectF(area.right() - speedWidth, y, speedWidth, line), Qt::AlignRight | Qt::AlignVCenter, speed);
        y += line * 1.1;

        const double full = slowest > 0.0 ? area.width() * row.tMin / slowest : 0.0;
        double x = area.left();
        const std::pair<double, QColor> segments[3] = {
            { row.computeShare, row.color },
            { row.memoryShare, lighterTint(row.color, kMemoryTint) },
            { row.networkShare, lighterTint(row.color, kNetworkTint) },
        };
        painter->setPen(Qt::NoPen);
        for (const auto& [share, color] : segments) {
            const double width = full * std::clamp(share, 0.0, 1.0);
            if (width > 0.0) {
                painter->setBrush(color);
                painter->drawRect(QRectF(x, y, width, barHeight));
                x += width;
            }
        }
        y += barHeight + line * 0.25;
        painter->setFont(small);
        painter->setPen(style.mutedText);
        painter->drawText(QRectF(area.left(), y, area.width(), detailHeight),
            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, row.detail);
        y += detailHeight + line * 0.7;
    }
    painter->setFont(body);

    // What the bar segments mean, in grey so as not to look like another device.
    const QColor grey = style.dark ? QColor(190, 192, 198) : QColor(90, 90, 90);
    const std::pair<QString, QColor> legend[3] = {
        { QObject::tr("compute"), grey },
        { QObject::tr("memory"), lighterTint(grey, kMemoryTint) },
        { QObject::tr("network"), lighterTint(grey, kNetworkTint) },
    };
    double x = area.left();
    const double legendY = std::min(y, area.bottom() - line);
    for (const auto& [text, color] : legend) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(color);
        painter->drawRect(QRectF(x, legendY + (line - swatch) / 2.0, swatch * 1.6, swatch));
        x += swatch * 2.0;
        painter->setPen(style.mutedText);
        const double width = metrics.horizontalAdvance(text);
        painter->drawText(QRectF(x, legendY, width + 2.0, line), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += width + metrics.averageCharWidth() * 2.0;
    }
}

} // namespace roofscope
