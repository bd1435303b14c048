#pragma once

#include "model/Comparison.h"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace roofscope {

// The workload comparison as a table: one row per device, the columns of comparisonColumns().
class ComparisonTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1; // numbers for numeric columns, text for the device

    using QAbstractTableModel::QAbstractTableModel;

    // `colors`: per entry, the device's colour on the chart.
    void setComparison(Comparison comparison, std::vector<QColor> colors);
    const Comparison& comparison() const { return m_comparison; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Comparison m_comparison;
    std::vector<QColor> m_colors;
};

} // namespace roofscope
