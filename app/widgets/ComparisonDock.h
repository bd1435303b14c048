#pragma once

#include "models/ComparisonTableModel.h"
#include "widgets/FrozenColumnTable.h"

#include <QColor>
#include <QDockWidget>

#include <vector>

class QComboBox;
class QLabel;
class QScrollArea;
class QSortFilterProxyModel;
class QTableView;

namespace roofscope {

class SessionAnalysis;

// A dock beside the chart answering "which device finishes this workload first, and by how much":
// per device the workload's T_min and T_max totals, the speedup against a baseline chosen above the
// table, the shares of time bound by compute, memory and network, and throughput per watt and per
// dollar where the device file gives TDP and price. Sortable by any column; exports what it shows.
class ComparisonDock : public QDockWidget {
    Q_OBJECT

public:
    explicit ComparisonDock(QWidget* parent = nullptr);

    // Follows the analysis' comparison; a baseline picked in the box becomes an undoable view edit.
    void setAnalysis(SessionAnalysis* analysis);
    void setComparison(Comparison comparison, std::vector<QColor> colors);
    const Comparison& comparison() const { return m_model->comparison(); }
    ComparisonTableModel* model() const { return m_model; }
    FrozenColumnTable* view() const { return m_view; }
    QComboBox* baselineBox() const { return m_baseline; }
    // Tokens per second of each kernel group on each device (empty without groups).
    QString groupThroughputText() const;

    // Writes the rows in the order shown to .csv, .md or .json (the core's formats). Returns the
    // error, empty on success.
    QString exportTo(const QString& path) const;

public Q_SLOTS:
    void exportDialog();

Q_SIGNALS:
    // The user picked another baseline (a device selection's label).
    void baselineChosen(const QString& id);

private:
    ComparisonTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    FrozenColumnTable* m_view = nullptr;
    QComboBox* m_baseline = nullptr;
    QLabel* m_note = nullptr;
    QLabel* m_groups = nullptr;
    QScrollArea* m_groupsScroll = nullptr; // holds m_groups
    bool m_sized = false;
};

} // namespace roofscope
