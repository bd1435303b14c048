#pragma once

#include "analysis/SessionEvaluator.h"
#include "scene/SceneBuilder.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QSortFilterProxyModel>

#include <memory>
#include <utility>
#include <vector>

namespace roofscope {

class SessionAnalysis;

// The results table: one row per (kernel, device) evaluation, the columns of core's tableColumns().
// Qt::DisplayRole is the formatted text ("989 TFLOP/s"), kSortRole the raw number for numeric
// columns (so a QSortFilterProxyModel sorts by value), Qt::ForegroundRole a colour cue for the regime.
//
// Following an analysis, the rows come in one block per shown device (in the scene's device order),
// each block in kernel order, so that switching a device on or off inserts or removes one block of
// rows instead of resetting the table (the view keeps its scroll position, selection and widths).
class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1;

    // One row: a kernel on a device of the session, and where its evaluation lives.
    struct Row {
        size_t kernelIndex = 0;
        size_t deviceIndex = 0; // into Session::devices
        Evaluation* evaluation = nullptr;
        bool operator==(const Row& other) const = default;
    };

    explicit ResultsTableModel(QObject* parent = nullptr);

    // Follows a session analysis: its rows point into the analysis' evaluations (nothing is copied);
    // a rebuild of the scene inserts or removes the blocks of devices shown or hidden (a reset only
    // when kernels were added or removed, or another session opened), and a moved kernel's rows
    // repaint in place.
    void setAnalysis(SessionAnalysis* analysis);

    // Replaces every row with the evaluations of a core SessionEvaluation (the model keeps it).
    void setEvaluation(SessionEvaluation evaluation);
    // Replaces every row with rows pointing into storage the `owners` keep alive: no evaluation is
    // copied.
    void setRows(std::vector<Row> rows, std::vector<std::shared_ptr<void>> owners);
    // Replaces the rows of one kernel in place (same devices, same order): no reset, only dataChanged.
    // Returns false when the rows do not line up (then set the rows again).
    bool updateKernelRows(size_t kernelIndex, const std::vector<Evaluation>& evaluations);
    const std::vector<Row>& rows() const { return m_rows; }
    // The rows of one kernel, in increasing order (one per device it was evaluated on).
    std::vector<size_t> kernelRows(size_t kernelIndex) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The rows of one shown device, following an analysis.
    struct Block {
        std::shared_ptr<DeviceResults> owner;
        size_t sessionIndex = 0;
        unsigned long revision = 0;
        size_t first = 0; // into m_rows
        size_t count = 0;
    };
    static std::vector<Row> blockRows(const DeviceResults& results, size_t sessionIndex);
    void reloadFrom(const SessionAnalysis& analysis, bool reset);
    void resetToBlocks(const SessionAnalysis& analysis);
    void updateDeviceColors(const SessionAnalysis& analysis, bool reset);
    void emitRowsChanged(size_t first, size_t count);

    std::vector<Row> m_rows;
    std::vector<std::shared_ptr<void>> m_owners;
    std::vector<Block> m_blocks; // empty unless following an analysis
    size_t m_kernelCount = 0;
    std::vector<QColor> m_deviceColors; // by session device index: the chart's colours
};

// Sorts the results by value and leaves out the rows of hidden kernels (the top-N filter).
class ResultsProxyModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    // Per kernel: whether its rows are hidden (empty: none).
    void setHiddenKernels(std::vector<char> hidden);
    // Hides the rows of the kernels the analysis' scene hides (the top-N filter).
    void setAnalysis(SessionAnalysis* analysis);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    std::vector<char> m_hidden;
};

} // namespace roofscope
