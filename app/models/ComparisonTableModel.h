#pragma once

#include "model/Comparison.h"
#include "scene/GroupColumns.h"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace roofscope {

// The workload comparison as a table: one row per device (the comparison's entries, in scene order),
// the columns of comparisonColumns(), then one column per kernel group and metric (groupColumns():
// "decode tokens/s"), each group ranked on its own.
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1; // numbers for numeric columns, text for the device

    using QAbstractTableModel::QAbstractTableModel;

    // `colors`: per entry, the device's colour on the chart.
    void setComparison(Comparison comparison, std::vector<QColor> colors);
    const Comparison& comparison() const { return m_comparison; }
    // The transformer groups' verdicts, their devices the scene's (SessionAnalysis::verdicts());
    // columns follow the groups.
    void setGroups(std::vector<GroupVerdict> groups);
    const std::vector<GroupVerdict>& groups() const { return m_groups; }
    const std::vector<GroupColumn>& groupColumnList() const { return m_groupColumns; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant groupData(const ComparisonEntry& entry, int row, const GroupColumn& column, int role) const;

    Comparison m_comparison;
    std::vector<GroupVerdict> m_groups;
    std::vector<GroupColumn> m_groupColumns;
    std::vector<QColor> m_colors;
};

} // namespace roofscope
