#pragma once

#include <QAbstractListModel>

namespace roofscope {

class SessionDocument;

// The session's kernels as a list model, one row per kernel in session order: the name (Qt::DisplayRole),
// a tooltip, italics for a kernel measured in a run (read-only) and its run's name under kRunRole.
// Nothing is copied per kernel: rows read the document's session when the view asks for them, so
// a run of 100,000 launches lists at once. Follows the document itself.
class KernelListModel : public QAbstractListModel {
    Q_OBJECT

public:
    static constexpr int kRunRole = Qt::UserRole; // the run a measured kernel belongs to (empty: none)

    explicit KernelListModel(SessionDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    void reset();

    SessionDocument* m_document;
    int m_rows = 0; // the rows the views know of (the session may have changed under a reset)
};

} // namespace roofscope
