#include "chart/ComparisonPanel.h"

#include "model/Units.h"
#include "scene/ChartPalette.h"

#include <QFontMetricsF>

#include <algorithm>

namespace roofscope {

namespace {
// Paints one bar segment (or its legend swatch): solid, and hatched in the device colour when `hatched`.
void paintSegment(QCPPainter* painter, const QRectF& rect, const BoundSegmentLook& look)
{
    painter->setPen(Qt::NoPen);
    painter->setBrush(look.fill);
    painter->drawRect(rect);
    if (look.hatched) {
        painter->setBrush(QBrush(look.hatch, Qt::BDiagPattern));
        painter->drawRect(rect);
    }
}

QString speedupText(const ChartSummaryRow& row);
QString timeText(double seconds);

// Lays out and paints the panel's device rows: a name line (swatch, name, T_min, speedup), the bar,
// and the detail line under it when there is room.
struct PanelRows {
    const ChartStyle& style;
    QFont body;
    QFont small;
    QRectF area;
    double line = 0.0;
    double barHeight = 0.0;
    double swatch = 0.0;
    double slowest = 0.0;

    double detailHeight(const QString& text) const
    {
        return QFontMetricsF(small).boundingRect(QRectF(0, 0, area.width(), 1000), Qt::TextWordWrap, text).height();
    }
    double height(const ChartSummaryRow& row, bool withDetail) const
    {
        return line * 1.1 + barHeight + line * 0.25 + (withDetail ? detailHeight(row.detail) + line * 0.7 : line * 0.5);
    }
    QString moreText(const std::vector<ChartSummaryRow>& rows, size_t from) const
    {
        QStringList names;
        for (size_t i = from; i < rows.size(); ++i) {
            names << rows[i].label;
        }
        if (from == 0) { // not even one row fits: the devices by name
            return QObject::tr("Devices: %1").arg(names.join(QStringLiteral(", ")));
        }
        return QObject::tr("+%n more not shown here: %1", nullptr, static_cast<int>(rows.size() - from))
            .arg(names.join(QStringLiteral(", ")));
    }
    double moreHeight(const std::vector<ChartSummaryRow>& rows, size_t from) const
    {
        return detailHeight(moreText(rows, from)) + line * 0.4;
    }
    // Draws the line naming rows[from...] within `room` (cut at its end there); returns the y under it.
    double drawMore(
        QCPPainter* painter, const std::vector<ChartSummaryRow>& rows, size_t from, double y, double room) const
    {
        const QString text = moreText(rows, from);
        const double height = std::max(0.0, std::min(detailHeight(text), room));
        painter->setFont(small);
        painter->setPen(style.mutedText);
        painter->save();
        painter->setClipRect(QRectF(area.left(), y, area.width(), height), Qt::IntersectClip);
        painter->drawText(
            QRectF(area.left(), y, area.width(), height), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
        painter->restore();
        return y + height + line * 0.4;
    }
    double draw(QCPPainter* painter, const ChartSummaryRow& row, double y, bool withDetail) const;
};

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
double PanelRows::draw(QCPPainter* painter, const ChartSummaryRow& row, double y, bool withDetail) const
{
    const QFontMetricsF metrics(body);
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
    const double nameWidth = std::max(0.0, area.width() - swatch * 1.6 - speedWidth - timeWidth);
    painter->drawText(QRectF(area.left() + swatch * 1.6, y, nameWidth, line), Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(name).elidedText(row.label, Qt::ElideRight, nameWidth));
    painter->setFont(body);
    painter->drawText(QRectF(area.right() - speedWidth - timeWidth, y, timeWidth, line),
        Qt::AlignRight | Qt::AlignVCenter, timeText(row.tMin));
    painter->setPen(row.baseline ? style.mutedText : style.text);
    painter->drawText(QRectF(area.right() - speedWidth, y, speedWidth, line), Qt::AlignRight | Qt::AlignVCenter, speed);
    y += line * 1.1;

    const double full = slowest > 0.0 ? area.width() * row.tMin / slowest : 0.0;
    double x = area.left();
    const std::pair<double, BoundPart> segments[3] = {
        { row.computeShare, BoundPart::Compute },
        { row.memoryShare, BoundPart::Memory },
        { row.networkShare, BoundPart::Network },
    };
    for (const auto& [share, part] : segments) {
        const double width = full * std::clamp(share, 0.0, 1.0);
        if (width > 0.0) {
            paintSegment(painter, QRectF(x, y, width, barHeight), boundSegmentLook(row.color, part, style));
            x += width;
        }
    }
    y += barHeight + line * 0.25;
    if (!withDetail) {
        return y + line * 0.5;
    }
    // The detail line wraps rather than losing its end when the panel is narrow.
    const double detail = detailHeight(row.detail);
    painter->setFont(small);
    painter->setPen(style.mutedText);
    painter->drawText(
        QRectF(area.left(), y, area.width(), detail), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, row.detail);
    return y + detail + line * 0.7;
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
    const PanelRows rows { style, body, small, area, line, line * 0.7, line * 0.6, slowest };
    const double swatch = rows.swatch;

    // What the bar segments mean.
    const QColor grey = boundLegendColor(style);
    const std::pair<QString, BoundPart> legend[3] = {
        { QObject::tr("compute"), BoundPart::Compute },
        { QObject::tr("memory"), BoundPart::Memory },
        { QObject::tr("network"), BoundPart::Network },
    };
    // The entries flow onto a second line where the panel is too narrow for the three (review mode's
    // large fonts beside a narrow chart cut "network" off).
    const double gap = metrics.averageCharWidth() * 2.0;
    const auto entryWidth = [&](const QString& text) { return swatch * 2.0 + metrics.horizontalAdvance(text); };
    int lines = 1;
    for (double x = area.left(); const auto& entry : legend) {
        if (x > area.left() && x + entryWidth(entry.first) > area.right()) {
            ++lines;
            x = area.left();
        }
        x += entryWidth(entry.first) + gap;
    }
    const double legendHeight = line * (lines + 0.6);

    // Every device is named: on a short panel the rows drop their detail lines first, then the last
    // rows give way to one line naming them (an export has no table to scroll to).
    const double room = area.bottom() - legendHeight - y;
    double needed = 0.0;
    for (const ChartSummaryRow& row : summary.rows) {
        needed += rows.height(row, true);
    }
    const bool withDetail = needed <= room;
    size_t shown = 0;
    for (double used = 0.0; shown < summary.rows.size(); ++shown) {
        const double height = rows.height(summary.rows[shown], withDetail);
        const bool last = shown + 1 == summary.rows.size();
        const double after = last ? 0.0 : rows.moreHeight(summary.rows, shown + 1);
        if (used + height + after > room) {
            break;
        }
        used += height;
    }
    const double rowsTop = y;
    for (size_t i = 0; i < shown; ++i) {
        y = rows.draw(painter, summary.rows[i], y, withDetail);
    }
    if (shown < summary.rows.size()) {
        y = rows.drawMore(painter, summary.rows, shown, y, room - (y - rowsTop));
    }
    painter->setFont(body);

    double x = area.left();
    double legendY = std::min(y, area.bottom() - line * lines);
    for (const auto& [text, part] : legend) {
        if (x > area.left() && x + entryWidth(text) > area.right()) {
            x = area.left();
            legendY += line;
        }
        paintSegment(painter, QRectF(x, legendY + (line - swatch) / 2.0, swatch * 1.6, swatch),
            boundSegmentLook(grey, part, style));
        painter->setPen(style.mutedText);
        const double width = metrics.horizontalAdvance(text);
        painter->drawText(QRectF(x + swatch * 2.0, legendY, width + 2.0, line), Qt::AlignLeft | Qt::AlignVCenter, text);
        x += entryWidth(text) + gap;
    }
}

} // namespace roofscope
