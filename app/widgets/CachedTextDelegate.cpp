#include "widgets/CachedTextDelegate.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyle>
#include <algorithm>

namespace roofscope {

const CachedTextDelegate::Entry& CachedTextDelegate::shaped(const QString& text, const QFont& font) const
{
    const QString fontKey = font.key();
    if (fontKey != m_fontKey || m_cache.size() >= kMaxEntries) {
        m_cache.clear();
        m_fontKey = fontKey;
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

void CachedTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const bool plain = !(opt.features & (QStyleOptionViewItem::HasCheckIndicator | QStyleOptionViewItem::HasDecoration))
        && !opt.text.contains(QLatin1Char('\n'));
    if (!plain) {
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        return;
    }
    const QString text = opt.text;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // panel, selection, focus
    if (text.isEmpty()) {
        return;
    }

    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRectF area = QRectF(opt.rect).adjusted(margin, 0, -margin, 0);
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
    painter->setClipRect(opt.rect, Qt::IntersectClip);
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
