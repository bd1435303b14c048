#pragma once

#include <QDockWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace roofscope {

class RunComparison;
class RunDiffTableModel;

// The kernels of two runs compared, sortable by the change in their time per launch (the largest
// slow-down first at the start), with the kernels found in one run only listed after them.
class RunComparisonDock : public QDockWidget {
    Q_OBJECT

public:
    RunComparisonDock(RunComparison* comparison, QWidget* parent = nullptr);

    QTableView* view() const { return m_view; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    RunDiffTableModel* model() const { return m_model; }
    QString summaryText() const;

private:
    void refresh();

    RunComparison* m_comparison;
    RunDiffTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    QLabel* m_summary;
};

} // namespace roofscope
