#include "chart/ChartText.h"
#include "chart/RoofGraph.h"

#include <QTextLayout>
#include <QtMath>

#include <algorithm>

namespace roofscope {

namespace {
struct LineKey {
    QString text;
    QFont font;
    int flags = 0;
    int dpi = 0;
    bool operator==(const LineKey& other) const
    {
        return flags == other.flags && dpi == other.dpi && text == other.text && font == other.font;
    }
};

size_t qHash(const LineKey& key, size_t seed = 0)
{
    return qHashMulti(seed, key.text, key.font, key.flags, key.dpi);
}
} // namespace

void LaidOutLine::update(const QString& text, const QFont& font, int flags, const QPaintDevice* device)
{
    const int dpi = device ? device->logicalDpiY() : 0;
    if (text == m_text && flags == m_flags && dpi == m_dpi && font == m_font && !m_text.isNull()) {
        return;
    }
    // Recent layouts by text, font, flags and resolution. Kept for the program's life (freed with
    // it: fonts must not outlive the application object), and started again when large.
    static auto* cache = new QHash<LineKey, LaidOutLine>();
    const LineKey key { text, font, flags, dpi };
    if (const auto found = cache->constFind(key); found != cache->constEnd()) {
        *this = *found;
        return;
    }
    m_text = text;
    m_font = font;
    m_flags = flags;
    m_dpi = dpi;
    layOut(device);
    if (cache->size() >= 2048) {
        cache->clear();
    }
    cache->insert(key, *this);
}

void LaidOutLine::layOut(const QPaintDevice* device)
{
    // The metrics QPainter::fontMetrics() gives on that device (none: the screen's).
    const QFontMetrics metrics = device ? QFontMetrics(m_font, device) : QFontMetrics(m_font);
    const QFontMetricsF metricsF = device ? QFontMetricsF(m_font, device) : QFontMetricsF(m_font);
    m_bounds = metrics.boundingRect(0, 0, 0, 0, m_flags, m_text);
    m_width = metricsF.horizontalAdvance(m_text);
    m_height = metricsF.height();
    m_oneLine = !m_text.contains(QLatin1Char('\n'));
    m_glyphs = QStaticText();
    if (m_oneLine) {
        m_glyphs.setText(m_text);
        m_glyphs.setTextFormat(Qt::PlainText);
        m_glyphs.setPerformanceHint(QStaticText::AggressiveCaching);
        m_glyphs.prepare(QTransform(), m_font);
    }
}

void LaidOutLine::draw(QPainter* painter, const QRect& rect) const
{
    if (!m_oneLine || painter->transform().type() > QTransform::TxTranslate) {
        painter->drawText(rect, m_flags, m_text);
        return;
    }
    // As QPainter::drawText(rect, flags, text) aligns one line in its rectangle.
    qreal x = rect.left();
    if (m_flags & Qt::AlignRight) {
        x += rect.width() - m_width;
    } else if (m_flags & Qt::AlignHCenter) {
        x += (rect.width() - m_width) / 2.0;
    }
    qreal y = rect.top();
    if (m_flags & Qt::AlignBottom) {
        y += rect.height() - m_height;
    } else if (m_flags & Qt::AlignVCenter) {
        y += (rect.height() - m_height) / 2.0;
    }
    painter->drawStaticText(QPointF(x, y), m_glyphs);
}

namespace {

// `text` in at most `lines` lines of at most `room` pixels: each break at the last ", " or ": " that
// fits when one lies in the line's second half, else at the last space that fits; the last line cut
// with an ellipsis if still too wide. The text is shaped once (a caption changes on every step of a
// group's drag): the breaks are found on the x of its cursor positions.
QString wrapToRoom(const QString& text, const QFont& font, int room, int lines)
{
    const QFontMetrics metrics(font);
    if (lines <= 1 || text.contains(QLatin1Char('\n'))) {
        return metrics.elidedText(text, Qt::ElideRight, room);
    }
    QTextLayout layout(text, font);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid()) {
        line.setLineWidth(1e9); // one line: only its x positions are wanted
    }
    layout.endLayout();
    if (!line.isValid()) {
        return text;
    }
    const int size = static_cast<int>(text.size());
    const auto width = [&line](int from, int to) { return line.cursorToX(to) - line.cursorToX(from); };
    QStringList out;
    int start = 0;
    while (lines > 1 && width(start, size) > room) {
        int fits = start; // the longest run from `start` that fits ends here (found by halving)
        for (int over = size; over - fits > 1;) {
            const int mid = (fits + over) / 2;
            (width(start, mid) <= room ? fits : over) = mid;
        }
        const QString window = text.mid(start, fits - start + 1);
        int cut = -1;
        for (const QLatin1String separator : { QLatin1String(", "), QLatin1String(": ") }) {
            const int at = static_cast<int>(window.lastIndexOf(separator));
            if (at > (fits - start) / 2 && at + 1 > cut) {
                cut = at + 1; // the comma or colon ends the line
            }
        }
        if (cut < 0) {
            cut = static_cast<int>(window.lastIndexOf(QLatin1Char(' ')));
        }
        if (cut <= 0) {
            break; // one word wider than the room: cut below
        }
        out << text.mid(start, cut).trimmed();
        start += cut;
        while (start < size && text.at(start) == QLatin1Char(' ')) {
            ++start;
        }
        --lines;
    }
    const QString rest = text.mid(start).trimmed();
    if (!rest.isEmpty() || out.isEmpty()) {
        out << (width(start, size) > room ? metrics.elidedText(rest, Qt::ElideRight, room) : rest);
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

const QString& ChartTextItem::shownText() const
{
    return m_elide ? shownTextAt(position->pixelPosition().x()) : mText;
}

const QString& ChartTextItem::shownTextAt(double x) const
{
    if (!m_elide) {
        return mText;
    }
    // The room on the narrower side of the position, twice (the line is centred on it), within the
    // plot's column: review mode's comparison panel to its right is not room.
    const QCPAxisRect* plotArea = mParentPlot->axisRectCount() > 0 ? mParentPlot->axisRect() : nullptr;
    const QRect bounds = plotArea ? plotArea->outerRect() : mParentPlot->viewport();
    const int room = static_cast<int>(2.0 * std::min(x - bounds.left(), bounds.right() - x)) - mPadding.left()
        - mPadding.right() - 8;
    const QFont font = mainFont();
    if (room != m_elideRoom || mText != m_elideSource || font != m_elideFont || m_wrapLines != m_elideLines) {
        m_elideLines = m_wrapLines;
        m_elideRoom = room;
        m_elideSource = mText;
        m_elideFont = font;
        m_elided = room > 0 ? wrapToRoom(mText, font, room, m_wrapLines) : mText;
    }
    return m_elided;
}

int ChartTextItem::shownLineCount() const
{
    return static_cast<int>(shownText().count(QLatin1Char('\n'))) + 1;
}

void ChartTextItem::draw(QCPPainter* painter)
{
    const QString& shown = shownText();
    if (&shown == &mText || shown == mText) {
        drawLine(painter);
        return;
    }
    const QString whole = mText;
    mText = QString(shown); // a copy: `shown` may be the member that drawing measures again
    drawLine(painter);
    mText = whole;
}

QPointF ChartTextItem::anchorPixelPosition(int anchorId) const
{
    // QCPItemText's anchors, on the box of the lines drawn, with the position computed once: a caption
    // hangs from the one above it, and asking the chain twice per level made it exponential.
    const QPointF pos = position->pixelPosition();
    const QString& shown = shownTextAt(pos.x());
    QTransform transform;
    transform.translate(pos.x(), pos.y());
    if (!qFuzzyIsNull(mRotation)) {
        transform.rotate(mRotation);
    }
    const QFont font = mainFont();
    const int flags = Qt::TextDontClip | static_cast<int>(mTextAlignment);
    if (flags != m_boxFlags || shown != m_boxText || font != m_boxFont) {
        m_boxRect = QFontMetrics(font).boundingRect(0, 0, 0, 0, flags, shown);
        m_boxText = shown;
        m_boxFont = font;
        m_boxFlags = flags;
    }
    const QRect& textRect = m_boxRect;
    QRectF box = textRect.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    box.moveTopLeft(getTextDrawPoint(QPointF(0, 0), box, mPositionAlignment).toPoint());
    const QPolygonF corners = transform.map(QPolygonF(box));
    switch (anchorId) {
    case aiTopLeft:
        return corners.at(0);
    case aiTop:
        return (corners.at(0) + corners.at(1)) * 0.5;
    case aiTopRight:
        return corners.at(1);
    case aiRight:
        return (corners.at(1) + corners.at(2)) * 0.5;
    case aiBottomRight:
        return corners.at(2);
    case aiBottom:
        return (corners.at(2) + corners.at(3)) * 0.5;
    case aiBottomLeft:
        return corners.at(3);
    case aiLeft:
        return (corners.at(3) + corners.at(0)) * 0.5;
    default:
        return QCPItemText::anchorPixelPosition(anchorId);
    }
}

void ChartTextItem::drawLine(QCPPainter* painter)
{
    if (painter->modes().testFlag(QCPPainter::pmVectorized)) {
        QCPItemText::draw(painter);
        return;
    }
    const QFont font = mainFont();
    m_line.update(mText, font, Qt::TextDontClip | static_cast<int>(mTextAlignment), painter->device());
    // QCPItemText::draw() with the layout kept: the same box, padding, rotation, alignment and clip test.
    const QPointF pos(position->pixelPosition());
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    if (!qFuzzyIsNull(mRotation)) {
        transform.rotate(mRotation);
    }
    painter->setFont(font);
    QRect textRect = m_line.bounds();
    QRect textBoxRect = textRect.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    const QPointF textPos = getTextDrawPoint(QPointF(0, 0), textBoxRect, mPositionAlignment);
    textRect.moveTopLeft(textPos.toPoint() + QPoint(mPadding.left(), mPadding.top()));
    textBoxRect.moveTopLeft(textPos.toPoint());
    const int clipPad = qCeil(mainPen().widthF());
    const QRect boundingRect = textBoxRect.adjusted(-clipPad, -clipPad, clipPad, clipPad);
    if (!transform.mapRect(boundingRect).intersects(painter->transform().mapRect(clipRect()))) {
        return;
    }
    painter->setTransform(transform);
    if ((mainBrush().style() != Qt::NoBrush && mainBrush().color().alpha() != 0)
        || (mainPen().style() != Qt::NoPen && mainPen().color().alpha() != 0)) {
        painter->setPen(mainPen());
        painter->setBrush(mainBrush());
        painter->drawRect(textBoxRect);
    }
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(mainColor()));
    m_line.draw(painter, textRect);
}

QRect ChartLegendItem::textBounds() const
{
    // The metrics QCPPlottableLegendItem sizes the entry with (the screen's), for drawing too: on the
    // chart's raster buffers they are the same.
    m_line.update(mPlottable->name(), getFont(), Qt::TextDontClip, nullptr);
    return m_line.bounds();
}

QSize ChartLegendItem::minimumOuterSizeHint() const
{
    // QCPPlottableLegendItem's size, from the kept layout.
    if (!mPlottable) {
        return {};
    }
    const QSize icon = mParentLegend->iconSize();
    const QRect text = textBounds();
    QSize result(icon.width() + mParentLegend->iconTextPadding() + text.width(), qMax(text.height(), icon.height()));
    result.rwidth() += mMargins.left() + mMargins.right();
    result.rheight() += mMargins.top() + mMargins.bottom();
    return result;
}

void ChartLegendItem::draw(QCPPainter* painter)
{
    if (!mPlottable) {
        return;
    }
    const auto* roof = dynamic_cast<const RoofGraph*>(mPlottable);
    if (!roof || painter->modes().testFlag(QCPPainter::pmVectorized)) {
        QCPPlottableLegendItem::draw(painter);
        return;
    }
    // QCPPlottableLegendItem::draw() with the text's layout kept.
    painter->setFont(getFont());
    painter->setPen(QPen(getTextColor()));
    const QSize iconSize = mParentLegend->iconSize();
    const QRect textRect = textBounds();
    const QRect iconRect(mRect.topLeft(), iconSize);
    const int textHeight = qMax(textRect.height(), iconSize.height()); // the text centred on a taller icon
    const QRect drawn(
        mRect.x() + iconSize.width() + mParentLegend->iconTextPadding(), mRect.y(), textRect.width(), textHeight);
    m_line.draw(painter, drawn);
    painter->save();
    painter->setClipRect(iconRect, Qt::IntersectClip);
    roof->drawIcon(painter, iconRect);
    painter->restore();
    if (getIconBorderPen().style() != Qt::NoPen) {
        painter->setPen(getIconBorderPen());
        painter->setBrush(Qt::NoBrush);
        const int halfPen = qCeil(painter->pen().widthF() * 0.5) + 1;
        painter->setClipRect(mOuterRect.adjusted(-halfPen, -halfPen, halfPen, halfPen));
        painter->drawRect(iconRect);
    }
}

} // namespace roofscope
