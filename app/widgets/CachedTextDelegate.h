#pragma once

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QString>
#include <QStyledItemDelegate>

#include <vector>

namespace roofscope {

// An item delegate for large tables of short, one-line texts: it paints what QStyledItemDelegate
// paints (panel, selection, focus, foreground colour, alignment, eliding), but lays each distinct
// text out once and keeps it (QStaticText), so a table repainted after a change reuses the shaping
// of every cell it showed before. A cell with an icon beside its text (a table's swatch) takes the
// same path, its text where the style puts it; check boxes and several lines go the standard way.
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
    // Where the style puts the text of a cell with an icon, relative to the cell (empty: the text's
    // place depends on the text, so the cell goes the standard way).
    QRect decoratedTextRect(const QStyleOptionViewItem& option, const QStyle* style) const;

    struct TextPlace {
        QSize cell;
        QSize decoration;
        int position = 0;
        int direction = 0;
        QRect text; // relative to the cell's top left
    };

    static constexpr qsizetype kMaxEntries = 20000; // then start again (a few MB at most)
    mutable QHash<QString, Entry> m_cache;
    mutable QFont m_font;
    mutable std::vector<TextPlace> m_places; // a few: one per cell size and icon size
};

} // namespace roofscope
