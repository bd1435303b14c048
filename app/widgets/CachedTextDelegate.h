#pragma once

#include <QHash>
#include <QStaticText>
#include <QString>
#include <QStyledItemDelegate>

namespace roofscope {

// An item delegate for large tables of short, one-line texts: it paints what QStyledItemDelegate
// paints (panel, selection, focus, foreground colour, alignment, eliding), but lays each distinct
// text out once and keeps it (QStaticText), so a table repainted after a change reuses the shaping
// of every cell it showed before. Cells with icons, check boxes or several lines go the standard way.
class CachedTextDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    // Texts laid out so far (for tests).
    qsizetype cachedTexts() const { return m_cache.size(); }

private:
    struct Entry {
        QStaticText text;
        qreal width = 0.0;
    };
    const Entry& shaped(const QString& text, const QFont& font) const;

    static constexpr qsizetype kMaxEntries = 20000; // then start again (a few MB at most)
    mutable QHash<QString, Entry> m_cache;
    mutable QString m_fontKey;
};

} // namespace roofscope
