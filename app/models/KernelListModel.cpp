#include "models/KernelListModel.h"

#include "document/SessionDocument.h"

#include <QFont>

namespace roofscope {

namespace {
QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}
} // namespace

KernelListModel::KernelListModel(SessionDocument* document, QObject* parent)
    : QAbstractListModel(parent)
    , m_document(document)
    , m_rows(static_cast<int>(document->session().kernels.size()))
{
    connect(m_document, &SessionDocument::sessionReset, this, &KernelListModel::reset);
    // The document says where an insertion or removal starts, not how many: the rows are reset (one
    // signal, whatever the count).
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, &KernelListModel::reset);
    }
    // A moved kernel keeps its name: only an edit can change what a row shows.
    connect(m_document, &SessionDocument::kernelChanged, this, [this](int kernel) {
        if (kernel >= 0 && kernel < m_rows) {
            const QModelIndex changed = index(kernel);
            Q_EMIT dataChanged(changed, changed);
        }
    });
}

void KernelListModel::reset()
{
    beginResetModel();
    m_rows = static_cast<int>(m_document->session().kernels.size());
    endResetModel();
}

int KernelListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QVariant KernelListModel::data(const QModelIndex& index, int role) const
{
    const auto& kernels = m_document->session().kernels;
    if (!index.isValid() || index.row() >= m_rows || static_cast<size_t>(index.row()) >= kernels.size()) {
        return {};
    }
    const auto& kernel = kernels[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return qs(kernel.name);
    case Qt::ToolTipRole:
        if (kernel.fromRun.empty()) {
            return qs(kernel.name);
        }
        return tr("%1: measured in run '%2' (read-only)").arg(qs(kernel.name), qs(kernel.fromRun));
    case Qt::FontRole:
        if (!kernel.fromRun.empty()) { // measured in a run: read-only, shown in italics
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case kRunRole:
        return kernel.fromRun.empty() ? QVariant() : QVariant(qs(kernel.fromRun));
    default:
        return {};
    }
}

} // namespace roofscope
