#pragma once

#include "io/SessionEvaluator.h"

#include <QAbstractTableModel>

namespace roofscope {

// The results table: one row per (kernel, device) evaluation, the columns of core's tableColumns().
// Qt::DisplayRole is the formatted text ("989 TFLOP/s"), kSortRole the raw number for numeric
// columns (so a QSortFilterProxyModel sorts by value), Qt::ForegroundRole a colour cue for the regime.
class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit ResultsTableModel(QObject* parent = nullptr);

    // Replaces every row.
    void setEvaluation(SessionEvaluation evaluation);
    // Replaces the rows of one kernel in place (same devices, same order): no reset, only dataChanged.
    // Returns false when the rows do not line up (then call setEvaluation).
    bool updateKernelRows(size_t kernelIndex, const std::vector<Evaluation>& evaluations);
    const SessionEvaluation& evaluation() const { return m_evaluation; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    SessionEvaluation m_evaluation;
};

} // namespace roofscope
