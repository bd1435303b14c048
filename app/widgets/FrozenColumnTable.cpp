#include "widgets/FrozenColumnTable.h"

#include <QHeaderView>
#include <QScrollBar>

#include <algorithm>

namespace roofscope {

FrozenColumnTable::FrozenColumnTable(QWidget* parent)
    : QTableView(parent)
    , m_frozen(new QTableView(this))
{
    m_frozen->setObjectName(QStringLiteral("frozenColumns"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setHorizontalScrollMode(ScrollPerPixel);
    m_frozen->setVerticalScrollMode(ScrollPerPixel);
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed); // widths follow the main view
    m_frozen->horizontalHeader()->setSectionsClickable(true); // a click sorts, as on the main header
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->hide();
    // Tab leaves the table for the next pane (the arrow keys move between cells), and a long name
    // keeps its start and end ("cutlass::…::run").
    setTabKeyNavigation(false);
    m_frozen->setTabKeyNavigation(false);
    setTextElideMode(Qt::ElideMiddle);
    m_frozen->setTextElideMode(Qt::ElideMiddle);
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(m_frozen);

    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section, int, int size) {
        if (section < m_frozenCount) {
            m_frozen->setColumnWidth(section, size);
            updateFrozenGeometry();
        }
    });
    connect(verticalHeader(), &QHeaderView::sectionResized, this,
        [this](int section, int, int size) { m_frozen->setRowHeight(section, size); });
    connect(
        m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(
        verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(), &QAbstractSlider::setValue);
    // One sort order for both: a click on either header sorts the shared model, both show the arrow.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int section, Qt::SortOrder order) {
        const QSignalBlocker block(m_frozen->horizontalHeader());
        m_frozen->horizontalHeader()->setSortIndicator(section, order);
    });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int section) {
        const Qt::SortOrder order = horizontalHeader()->sortIndicatorSection() == section
                && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder
            ? Qt::DescendingOrder
            : Qt::AscendingOrder;
        sortByColumn(section, order);
    });
}

void FrozenColumnTable::setModel(QAbstractItemModel* model)
{
    QTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnTable::syncColumns);
        connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenColumnTable::syncColumns);
        connect(model, &QAbstractItemModel::rowsInserted, this, &FrozenColumnTable::syncColumns);
        connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumnTable::syncColumns);
    }
    syncColumns();
}

void FrozenColumnTable::setFrozenColumns(int count)
{
    m_frozenCount = std::max(0, count);
    syncColumns();
}

void FrozenColumnTable::syncColumns()
{
    QAbstractItemModel* source = model();
    const int columns = source ? source->columnCount() : 0;
    const int frozen = std::min(m_frozenCount, columns);
    m_frozen->setVisible(frozen > 0);
    if (frozen == 0) {
        return;
    }
    m_frozen->setSelectionBehavior(selectionBehavior());
    m_frozen->setSelectionMode(selectionMode());
    m_frozen->setAlternatingRowColors(alternatingRowColors());
    m_frozen->setWordWrap(wordWrap());
    m_frozen->setTextElideMode(textElideMode());
    // Setting it visits every row's section, even when it is the same: only a change is passed on
    // (this runs on every insertion of rows).
    if (m_frozen->verticalHeader()->defaultSectionSize() != verticalHeader()->defaultSectionSize()) {
        m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    }
    m_frozen->horizontalHeader()->setSortIndicatorShown(horizontalHeader()->isSortIndicatorShown());
    m_frozen->horizontalHeader()->setSortIndicator(
        horizontalHeader()->sortIndicatorSection(), horizontalHeader()->sortIndicatorOrder());
    for (int c = 0; c < columns; ++c) {
        m_frozen->setColumnHidden(c, c >= frozen);
        if (c < frozen) {
            m_frozen->setColumnWidth(c, columnWidth(c));
        }
    }
    updateFrozenGeometry();
}

int FrozenColumnTable::frozenWidth() const
{
    int width = 0;
    const int columns = model() ? std::min(m_frozenCount, model()->columnCount()) : 0;
    for (int c = 0; c < columns; ++c) {
        width += isColumnHidden(c) ? 0 : columnWidth(c);
    }
    return width;
}

void FrozenColumnTable::fitColumns(int maxWidth)
{
    // Widths from the header and an evenly spaced sample of at most ~200 rows (in the shown order),
    // so the cost does not grow with a run of 100,000 kernels; none wider than maxWidth unless its
    // title is.
    constexpr int kSampleRows = 200;
    QAbstractItemModel* shown = model();
    if (!shown) {
        return;
    }
    const int rows = shown->rowCount();
    const int step = std::max(1, rows / kSampleRows);
    const int grid = showGrid() ? 1 : 0;
    QHeaderView* header = horizontalHeader();
    for (int column = 0; column < shown->columnCount(); ++column) {
        if (isColumnHidden(column)) {
            continue;
        }
        const int title = header->sectionSizeHint(column);
        int width = title;
        for (int row = 0; row < rows; row += step) {
            width = std::max(width, sizeHintForIndex(shown->index(row, column)).width() + grid);
        }
        header->resizeSection(column, std::min(width, std::max(maxWidth, title)));
    }
    syncColumns();
}

void FrozenColumnTable::updateFrozenGeometry()
{
    if (m_frozen->isHidden()) {
        return;
    }
    const int left = (verticalHeader()->isVisible() ? verticalHeader()->width() : 0) + frameWidth();
    m_frozen->setGeometry(left, frameWidth(), frozenWidth(), viewport()->height() + horizontalHeader()->height());
    m_frozen->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

void FrozenColumnTable::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    updateFrozenGeometry();
}

void FrozenColumnTable::updateGeometries()
{
    QTableView::updateGeometries();
    updateFrozenGeometry();
}

QModelIndex FrozenColumnTable::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    // Moving left onto a column hidden under the frozen ones: scroll it out from under them.
    if (cursorAction == MoveLeft && current.column() >= m_frozenCount
        && visualRect(current).topLeft().x() < frozenWidth()) {
        const int newValue = horizontalScrollBar()->value() + visualRect(current).topLeft().x() - frozenWidth();
        horizontalScrollBar()->setValue(newValue);
    }
    return current;
}

void FrozenColumnTable::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    if (!model() || !index.isValid()) {
        QTableView::scrollTo(index, hint);
        return;
    }
    if (index.column() < m_frozenCount) {
        // A frozen cell is always in view across; only its row may need scrolling to, and the
        // columns the user scrolled to stay (before the table is laid out the viewport is tiny).
        const int across = horizontalScrollBar()->value();
        QTableView::scrollTo(index, hint);
        horizontalScrollBar()->setValue(across);
        return;
    }
    QTableView::scrollTo(index, hint);
    const int hidden = frozenWidth() - visualRect(index).left(); // under the frozen columns
    if (hidden > 0) {
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - hidden);
    }
}

} // namespace roofscope

#include "moc_FrozenColumnTable.cpp"
