#include "models/KernelListModel.h"

#include "figures/SessionAnalysis.h"
#include "model/TransformerWorkload.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"

#include <QFont>

#include <algorithm>

namespace roofscope {

KernelListModel::KernelListModel(SessionDocument* document, SessionAnalysis* analysis, QObject* parent)
    : QAbstractListModel(parent)
    , m_document(document)
    , m_analysis(analysis)
{
    m_table = buildRows();
    m_builtKernels = m_document->session().kernels.size();
    m_rows = m_table.empty() ? static_cast<int>(m_builtKernels) : static_cast<int>(m_table.size());
    connect(m_analysis, &SessionAnalysis::sessionReset, this, &KernelListModel::reset);
    // The document says where an insertion or removal starts, not how many: the rows are reset (one
    // signal, whatever the count).
    for (auto signal : { &SessionAnalysis::kernelsInserted, &SessionAnalysis::kernelRemoved }) {
        connect(m_analysis, signal, this, &KernelListModel::reset);
    }
    connect(m_analysis, &SessionAnalysis::kernelChanged, this, &KernelListModel::onKernelChanged);
}

std::vector<KernelListModel::Row> KernelListModel::buildRows() const
{
    std::vector<Row> rows;
    if (!m_analysis || !m_analysis->hasGroups()) {
        return rows;
    }
    const auto& kernels = m_document->session().kernels;
    for (size_t i = 0; i < kernels.size(); ++i) {
        const int k = static_cast<int>(i);
        if (!isKernelGroup(kernels[i])) {
            rows.push_back({ k, m_analysis->firstShownKernel(k) });
            continue;
        }
        rows.push_back({ k, -1 });
        if (isGroupExpanded(k)) {
            const int first = m_analysis->firstShownKernel(k);
            const int count = m_analysis->shownKernelCount(k);
            for (int part = 0; part < count && first >= 0; ++part) {
                rows.push_back({ k, first + part });
            }
        }
    }
    return rows;
}

void KernelListModel::reset()
{
    beginResetModel();
    m_table = buildRows();
    m_builtKernels = m_document->session().kernels.size();
    m_rows = m_table.empty() ? static_cast<int>(m_builtKernels) : static_cast<int>(m_table.size());
    endResetModel();
}

void KernelListModel::onKernelChanged(int kernel)
{
    const auto& kernels = m_document->session().kernels;
    if (kernel < 0 || static_cast<size_t>(kernel) >= kernels.size()) {
        return;
    }
    // An edit can make a kernel a group or change the kernels a group expands into: the rows again.
    if (!m_table.empty() || isKernelGroup(kernels[static_cast<size_t>(kernel)])) {
        const std::vector<Row> rows = buildRows();
        if (rows.size() != m_table.size()
            || !std::equal(rows.begin(), rows.end(), m_table.begin(),
                [](const Row& a, const Row& b) { return a.kernel == b.kernel && a.shown == b.shown; })) {
            reset();
            return;
        }
    }
    const int first = rowOfSessionKernel(kernel);
    int last = first;
    while (last + 1 < m_rows && kernelOfRow(last + 1) == kernel) {
        ++last;
    }
    if (first >= 0) {
        Q_EMIT dataChanged(index(first), index(last));
    }
}

bool KernelListModel::isCurrent() const
{
    if (m_builtKernels != m_document->session().kernels.size()) {
        return false;
    }
    return (m_analysis && m_analysis->hasGroups()) == !m_table.empty();
}

int KernelListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int KernelListModel::kernelOfRow(int row) const
{
    if (row < 0 || row >= m_rows) {
        return -1;
    }
    return m_table.empty() ? row : m_table[static_cast<size_t>(row)].kernel;
}

int KernelListModel::shownOfRow(int row) const
{
    if (row < 0 || row >= m_rows) {
        return -1;
    }
    return m_table.empty() ? row : m_table[static_cast<size_t>(row)].shown;
}

int KernelListModel::rowOfSessionKernel(int kernel) const
{
    if (m_table.empty()) {
        return kernel >= 0 && kernel < m_rows ? kernel : -1;
    }
    for (size_t r = 0; r < m_table.size(); ++r) {
        if (m_table[r].kernel == kernel) {
            return static_cast<int>(r);
        }
    }
    return -1;
}

int KernelListModel::rowOfShownKernel(int shown) const
{
    if (m_table.empty()) {
        return shown >= 0 && shown < m_rows ? shown : -1;
    }
    const int kernel = m_analysis->sessionKernelOf(shown);
    int groupRow = -1;
    for (size_t r = 0; r < m_table.size(); ++r) {
        if (m_table[r].shown == shown) {
            return static_cast<int>(r);
        }
        if (m_table[r].kernel == kernel && groupRow < 0) {
            groupRow = static_cast<int>(r);
        }
    }
    return groupRow;
}

bool KernelListModel::isGroupExpanded(int kernel) const
{
    const auto& kernels = m_document->session().kernels;
    return kernel >= 0 && static_cast<size_t>(kernel) < kernels.size()
        && isKernelGroup(kernels[static_cast<size_t>(kernel)])
        && !m_collapsed.contains(kernels[static_cast<size_t>(kernel)].name);
}

void KernelListModel::setGroupExpanded(int kernel, bool expanded)
{
    const auto& kernels = m_document->session().kernels;
    if (kernel < 0 || static_cast<size_t>(kernel) >= kernels.size()
        || !isKernelGroup(kernels[static_cast<size_t>(kernel)]) || isGroupExpanded(kernel) == expanded) {
        return;
    }
    const std::string& name = kernels[static_cast<size_t>(kernel)].name;
    if (expanded) {
        m_collapsed.erase(name);
    } else {
        m_collapsed.insert(name);
    }
    reset();
}

QString KernelListModel::groupText(int kernel) const
{
    const auto& k = m_document->session().kernels[static_cast<size_t>(kernel)];
    const int parts = m_analysis ? m_analysis->shownKernelCount(kernel) : 0;
    return QStringLiteral("%1 %2  (%3)")
        .arg(isGroupExpanded(kernel) ? QStringLiteral("▾") : QStringLiteral("▸"), qs(k.name),
            parts > 0 ? tr("transformer step, %1 kernels").arg(parts) : tr("transformer step, not valid"));
}

QVariant KernelListModel::data(const QModelIndex& index, int role) const
{
    const auto& kernels = m_document->session().kernels;
    const int kernelIndex = kernelOfRow(index.isValid() ? index.row() : -1);
    if (kernelIndex < 0 || static_cast<size_t>(kernelIndex) >= kernels.size()) {
        return {};
    }
    const auto& kernel = kernels[static_cast<size_t>(kernelIndex)];
    if (isKernelGroup(kernel)) {
        const int shown = shownOfRow(index.row());
        const auto& shownKernels = m_analysis->shownSession().kernels;
        const bool part = shown >= 0 && static_cast<size_t>(shown) < shownKernels.size();
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return part ? QStringLiteral("      ") + qs(shownKernels[static_cast<size_t>(shown)].name)
                        : groupText(kernelIndex);
        case Qt::ToolTipRole:
            return tr("%1: a transformer step; double-click (or + and -) to show or hide its kernels. "
                      "Edit its parameters below.")
                .arg(qs(kernel.name));
        case Qt::FontRole:
            if (!part) {
                QFont font;
                font.setBold(true);
                return font;
            }
            return {};
        default:
            return {};
        }
    }
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

#include "moc_KernelListModel.cpp"
