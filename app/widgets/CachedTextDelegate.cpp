#include "widgets/CachedTextDelegate.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyle>
#include <algorithm>

namespace roofscope {

const CachedTextDelegate::Entry& CachedTextDelegate::shaped(const QString& text, const QFont& font) const
{
    if (font != m_font || m_cache.size() >= kMaxEntries) { // (comparing fonts is cheaper than their keys)
        m_cache.clear();
        m_font = font;
    }
    auto it = m_cache.find(text);
    if (it == m_cache.end()) {
        Entry entry;
        entry.text.setText(text);
        entry.text.setTextFormat(Qt::PlainText);
        entry.text.setPerformanceHint(QStaticText::AggressiveCaching);
        entry.text.prepare(QTransform(), font);
        entry.width = entry.text.size().width();
        it = m_cache.insert(text, std::move(entry));
    }
    return *it;
}

QRect CachedTextDelegate::decoratedTextRect(const QStyleOptionViewItem& option, const QStyle* style) const
{
    // With the decoration shown as selected (as tables show it), the style gives the text all the
    // room beside the icon, whatever the text: the place is found once per cell and icon size.
    if (!option.showDecorationSelected) {
        return {};
    }
    const int position = static_cast<int>(option.decorationPosition);
    const int direction = static_cast<int>(option.direction);
    for (const TextPlace& place : m_places) {
        if (place.cell == option.rect.size() && place.decoration == option.decorationSize && place.position == position
            && place.direction == direction) {
            return place.text;
        }
    }
    if (m_places.size() >= 64) {
        m_places.clear();
    }
    const QRect text
        = style->subElementRect(QStyle::SE_ItemViewItemText, &option, option.widget).translated(-option.rect.topLeft());
    m_places.push_back({ option.rect.size(), option.decorationSize, position, direction, text });
    return text;
}

void CachedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const bool plain
        = !(opt.features & QStyleOptionViewItem::HasCheckIndicator) && !opt.text.contains(QLatin1Char('\n'));
    QRect textRect = opt.rect;
    if (plain && (opt.features & QStyleOptionViewItem::HasDecoration) && !opt.text.isEmpty()) {
        const QRect relative = decoratedTextRect(opt, style);
        textRect = relative.isEmpty() ? QRect() : relative.translated(opt.rect.topLeft());
    }
    if (!plain || textRect.isEmpty()) {
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        return;
    }
    const QString text = opt.text;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // panel, icon, selection, focus
    if (text.isEmpty()) {
        return;
    }

    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRectF area = QRectF(textRect).adjusted(margin, 0, -margin, 0);
    const Entry* entry = &shaped(text, opt.font);
    if (entry->width > area.width() + 0.5) {
        const QString elided
            = QFontMetricsF(opt.font).elidedText(text, opt.textElideMode, std::max<qreal>(area.width(), 0.0));
        if (elided.isEmpty()) {
            return;
        }
        entry = &shaped(elided, opt.font);
    }

    QPalette::ColorGroup group = QPalette::Disabled;
    if (opt.state & QStyle::State_Enabled) {
        group = (opt.state & QStyle::State_Active) ? QPalette::Normal : QPalette::Inactive;
    }
    const bool selected = opt.state & QStyle::State_Selected;
    painter->save();
    painter->setPen(opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text));
    painter->setFont(opt.font);
    painter->setClipRect(textRect, Qt::IntersectClip);
    const Qt::Alignment align = QStyle::visualAlignment(opt.direction, opt.displayAlignment);
    qreal x = area.left();
    if (align & Qt::AlignRight) {
        x = area.right() - entry->width;
    } else if (align & Qt::AlignHCenter) {
        x = area.left() + (area.width() - entry->width) / 2.0;
    }
    const qreal height = entry->text.size().height();
    qreal y = area.top() + (area.height() - height) / 2.0;
    if (align & Qt::AlignTop) {
        y = area.top();
    } else if (align & Qt::AlignBottom) {
        y = area.bottom() - height;
    }
    painter->drawStaticText(QPointF(x, y), entry->text);
    painter->restore();
}

} // namespace roofscope

#include "moc_CachedTextDelegate.cpp"
