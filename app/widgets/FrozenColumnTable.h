#pragma once

#include <QTableView>

namespace roofscope {

// A table whose first columns stay in place while the others scroll horizontally (the results
// table's Kernel and Device, the comparison's Device). A second view over the same model and the
// same selection lies over the left edge and shows only the frozen columns; its widths, row heights,
// vertical scroll position and sort order follow the main view's, and the main view never scrolls a
// cell under it. Call setFrozenColumns() after setModel().
class FrozenColumnTable : public QTableView {
    Q_OBJECT

public:
    explicit FrozenColumnTable(QWidget* parent = nullptr);

    void setModel(QAbstractItemModel* model) override;
    void setFrozenColumns(int count);
    int frozenColumns() const { return m_frozenCount; }
    // The view over the frozen columns (for tests: what stays in view when the table scrolls).
    QTableView* frozenView() const { return m_frozen; }

    // Columns sized to their contents and headers, none wider than `maxWidth` pixels (long kernel
    // names are elided; the tooltip has them whole).
    void fitColumns(int maxWidth);

    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    void syncColumns();
    void updateFrozenGeometry();
    int frozenWidth() const;

    QTableView* m_frozen = nullptr;
    int m_frozenCount = 0;
};

} // namespace roofscope
