#pragma once

#include <QAbstractListModel>

#include <set>
#include <string>
#include <vector>

namespace roofscope {

class SessionAnalysis;
class SessionDocument;

// The session's kernels as a list model, one row per kernel in session order: the name (Qt::DisplayRole),
// a tooltip, italics for a kernel measured in a run (read-only) and its run's name under kRunRole.
// A kernel group (`template: transformer`) has a bold row ("▾ llama (transformer step, 11 kernels)")
// followed, while expanded, by one row per kernel it expands into.
// Nothing is copied per kernel: rows read the document's session when the view asks for them, so
// a run of 100,000 launches lists at once (a row table is kept only while the session has groups).
// Follows the document itself; it must be created after the analysis, which expands the groups first.
class KernelListModel : public QAbstractListModel {
    Q_OBJECT

public:
    static constexpr int kRunRole = Qt::UserRole; // the run a measured kernel belongs to (empty: none)

    // `analysis` (may be null: no groups are expanded) gives the kernels a group expands into.
    KernelListModel(SessionDocument* document, SessionAnalysis* analysis, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // What a row shows: its session kernel, and the shown kernel (SessionAnalysis indices) of a group's
    // kernel row, else -1 for a group's own row; a plain kernel's shown index is its session index.
    int kernelOfRow(int row) const;
    int shownOfRow(int row) const;
    int rowOfSessionKernel(int kernel) const;
    // The row of a shown kernel (a collapsed group's kernels: the group's row; -1: none).
    int rowOfShownKernel(int shown) const;
    bool isGroupExpanded(int kernel) const;
    void setGroupExpanded(int kernel, bool expanded);
    // Whether the rows describe the session as it is now (false between an edit and the reset it causes).
    bool isCurrent() const;

private:
    struct Row {
        int kernel = -1;
        int shown = -1; // -1: the group's own row
    };
    void reset();
    void onKernelChanged(int kernel);
    std::vector<Row> buildRows() const;
    QString groupText(int kernel) const;

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    int m_rows = 0; // the rows the views know of (the session may have changed under a reset)
    std::vector<Row> m_table; // with groups only; empty: row r is kernel r
    size_t m_builtKernels = 0;
    std::set<std::string> m_collapsed; // groups shown without their kernels, by name
};

} // namespace roofscope
