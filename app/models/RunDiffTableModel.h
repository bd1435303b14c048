#pragma once

#include "model/RunDiff.h"

#include <QAbstractTableModel>

#include <optional>

namespace roofscope {

// Two runs compared, one row per kernel name: the matched kernels (time per launch before and
// after, the change, achieved FLOP/s and intensity on both sides), then those in one run only.
// kSortRole gives numbers, so a proxy sorts by change; rows without one sort below every change.
class RunDiffTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1;
    enum Column { Name, Change, BeforeTime, AfterTime, BeforeAchieved, AfterAchieved, Intensity, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setDiff(const std::optional<RunDiff>& diff);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row {
        QString name;
        const KernelChange* change = nullptr; // matched; else only in one run
        bool onlyBefore = false;
    };
    RunDiff m_diff;
    std::vector<Row> m_rows;
};

} // namespace roofscope
