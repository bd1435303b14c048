#include "models/ResultsTableModel.h"

#include "figures/SessionAnalysis.h"
#include "io/EvaluationFormat.h"
#include "scene/ChartPalette.h"

#include <QColor>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
QColor regimeColor(Regime regime)
{
    switch (regime) {
    case Regime::MemoryBound:
        return QColor(0x1f, 0x77, 0xb4);
    case Regime::ComputeBound:
        return QColor(0xd6, 0x27, 0x28);
    case Regime::Balanced:
        return QColor(0x9d, 0x6b, 0x00);
    case Regime::NetworkBound:
        return QColor(0xc4, 0x4e, 0x00); // links are orange, as in the regime map
    }
    return {};
}
} // namespace

ResultsTableModel::ResultsTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ResultsTableModel::setAnalysis(SessionAnalysis* analysis)
{
    connect(analysis, &SessionAnalysis::sceneChanged, this, [this, analysis](bool fit) { reloadFrom(*analysis, fit); });
    connect(analysis, &SessionAnalysis::kernelMoved, this, [this](int kernel) {
        for (size_t row : kernelRows(static_cast<size_t>(std::max(kernel, 0)))) {
            emitRowsChanged(row, 1);
        }
        for (Block& block : m_blocks) {
            block.revision = block.owner->revision; // the move was just shown
        }
    });
    resetToBlocks(*analysis);
}

std::vector<ResultsTableModel::Row> ResultsTableModel::blockRows(const DeviceResults& results, size_t sessionIndex)
{
    std::vector<Row> rows;
    rows.reserve(results.evaluations.size());
    for (size_t k = 0; k < results.evaluations.size(); ++k) {
        // The evaluations stay where they are until the analysis drops the device: rows point at them.
        if (auto& ev = const_cast<std::optional<Evaluation>&>(results.evaluations[k])) {
            rows.push_back({ k, sessionIndex, &*ev });
        }
    }
    return rows;
}

void ResultsTableModel::resetToBlocks(const SessionAnalysis& analysis)
{
    const auto& results = analysis.results();
    const auto& devices = analysis.devices();
    beginResetModel();
    m_rows.clear();
    m_owners.clear();
    m_blocks.clear();
    m_kernelCount = analysis.scene().kernels.size();
    updateDeviceColors(analysis, true);
    for (size_t d = 0; d < results.size() && d < devices.size(); ++d) {
        std::vector<Row> rows = blockRows(*results[d], devices[d].sessionIndex);
        m_blocks.push_back({ results[d], devices[d].sessionIndex, results[d]->revision, m_rows.size(), rows.size() });
        m_rows.insert(m_rows.end(), rows.begin(), rows.end());
    }
    endResetModel();
}

void ResultsTableModel::updateDeviceColors(const SessionAnalysis& analysis, bool reset)
{
    // The swatch beside each device's label, in its chart colour. A hidden device keeps its entry
    // (it has no rows); only a shown device whose colour changed repaints the Device column.
    if (reset) {
        m_deviceColors.clear();
    }
    bool changed = false;
    const auto& devices = analysis.devices();
    const auto& sceneDevices = analysis.scene().devices;
    for (size_t d = 0; d < devices.size() && d < sceneDevices.size(); ++d) {
        const size_t session = devices[d].sessionIndex;
        if (m_deviceColors.size() <= session) {
            m_deviceColors.resize(session + 1);
        }
        QColor& color = m_deviceColors[session];
        changed = changed || (color.isValid() && color != sceneDevices[d].color);
        color = sceneDevices[d].color;
    }
    if (changed && !reset && !m_rows.empty()) {
        Q_EMIT dataChanged(index(0, 1), index(rowCount() - 1, 1), { Qt::DecorationRole });
    }
}

void ResultsTableModel::reloadFrom(const SessionAnalysis& analysis, bool reset)
{
    const auto& results = analysis.results();
    const auto& devices = analysis.devices();
    updateDeviceColors(analysis, false);
    if (reset || m_blocks.empty() || analysis.scene().kernels.size() != m_kernelCount
        || results.size() != devices.size()) {
        resetToBlocks(analysis);
        return;
    }
    // The devices kept must keep their order (a reorder, or nothing kept, resets).
    std::vector<const DeviceResults*> kept;
    for (const Block& block : m_blocks) {
        if (std::any_of(results.begin(), results.end(), [&](const auto& r) { return r == block.owner; })) {
            kept.push_back(block.owner.get());
        }
    }
    std::vector<const DeviceResults*> keptInNew;
    for (const auto& r : results) {
        if (std::any_of(m_blocks.begin(), m_blocks.end(), [&](const Block& b) { return b.owner == r; })) {
            keptInNew.push_back(r.get());
        }
    }
    if (kept.empty() || kept != keptInNew) {
        resetToBlocks(analysis);
        return;
    }
    // Blocks of devices no longer shown, or whose rows changed shape: out, from the last one.
    for (size_t b = m_blocks.size(); b-- > 0;) {
        Block& block = m_blocks[b];
        const auto found = std::find(results.begin(), results.end(), block.owner);
        bool drop = found == results.end();
        if (!drop) {
            const size_t d = static_cast<size_t>(found - results.begin());
            if (block.revision != block.owner->revision || block.sessionIndex != devices[d].sessionIndex) {
                std::vector<Row> rows = blockRows(*block.owner, devices[d].sessionIndex);
                const bool sameShape = rows.size() == block.count
                    && std::equal(rows.begin(), rows.end(), m_rows.begin() + static_cast<std::ptrdiff_t>(block.first));
                if (sameShape) {
                    block.revision = block.owner->revision; // same rows, new numbers: repaint them
                    emitRowsChanged(block.first, block.count);
                } else {
                    drop = true;
                }
            }
        }
        if (!drop) {
            continue;
        }
        if (block.count > 0) {
            beginRemoveRows({}, static_cast<int>(block.first), static_cast<int>(block.first + block.count) - 1);
            m_rows.erase(m_rows.begin() + static_cast<std::ptrdiff_t>(block.first),
                m_rows.begin() + static_cast<std::ptrdiff_t>(block.first + block.count));
        }
        const size_t removed = block.count;
        m_blocks.erase(m_blocks.begin() + static_cast<std::ptrdiff_t>(b));
        for (size_t later = b; later < m_blocks.size(); ++later) {
            m_blocks[later].first -= removed;
        }
        if (removed > 0) {
            endRemoveRows();
        }
    }
    // Devices newly shown (or whose rows were dropped above): in, at their place in the scene's order.
    for (size_t d = 0; d < results.size(); ++d) {
        if (d < m_blocks.size() && m_blocks[d].owner == results[d]) {
            continue;
        }
        const size_t first = d < m_blocks.size() ? m_blocks[d].first : m_rows.size();
        std::vector<Row> rows = blockRows(*results[d], devices[d].sessionIndex);
        const size_t count = rows.size();
        if (count > 0) {
            beginInsertRows({}, static_cast<int>(first), static_cast<int>(first + count) - 1);
            m_rows.insert(m_rows.begin() + static_cast<std::ptrdiff_t>(first), rows.begin(), rows.end());
        }
        m_blocks.insert(m_blocks.begin() + static_cast<std::ptrdiff_t>(d),
            Block { results[d], devices[d].sessionIndex, results[d]->revision, first, count });
        for (size_t later = d + 1; later < m_blocks.size(); ++later) {
            m_blocks[later].first += count;
        }
        if (count > 0) {
            endInsertRows();
        }
    }
}

void ResultsTableModel::emitRowsChanged(size_t first, size_t count)
{
    if (count > 0) {
        Q_EMIT dataChanged(
            index(static_cast<int>(first), 0), index(static_cast<int>(first + count) - 1, columnCount() - 1));
    }
}

void ResultsTableModel::setEvaluation(SessionEvaluation evaluation)
{
    auto owned = std::make_shared<SessionEvaluation>(std::move(evaluation));
    std::vector<Row> rows;
    rows.reserve(owned->rows.size());
    for (SessionRow& row : owned->rows) {
        rows.push_back({ row.kernelIndex, row.deviceIndex, &row.evaluation });
    }
    setRows(std::move(rows), { owned });
}

void ResultsTableModel::setRows(std::vector<Row> rows, std::vector<std::shared_ptr<void>> owners)
{
    beginResetModel();
    m_rows = std::move(rows);
    m_owners = std::move(owners);
    m_blocks.clear();
    endResetModel();
}

std::vector<size_t> ResultsTableModel::kernelRows(size_t kernelIndex) const
{
    std::vector<size_t> found;
    if (m_blocks.empty()) {
        for (size_t r = 0; r < m_rows.size(); ++r) {
            if (m_rows[r].kernelIndex == kernelIndex) {
                found.push_back(r);
            }
        }
        return found;
    }
    for (const Block& block : m_blocks) { // each block is in kernel order
        const auto begin = m_rows.begin() + static_cast<std::ptrdiff_t>(block.first);
        const auto end = begin + static_cast<std::ptrdiff_t>(block.count);
        const auto it
            = std::lower_bound(begin, end, kernelIndex, [](const Row& row, size_t k) { return row.kernelIndex < k; });
        if (it != end && it->kernelIndex == kernelIndex) {
            found.push_back(static_cast<size_t>(it - m_rows.begin()));
        }
    }
    return found;
}

bool ResultsTableModel::updateKernelRows(size_t kernelIndex, const std::vector<Evaluation>& evaluations)
{
    const std::vector<size_t> rows = kernelRows(kernelIndex);
    if (rows.size() != evaluations.size()) {
        return false;
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        if (evaluations[i].hardwareId != m_rows[rows[i]].evaluation->hardwareId) {
            return false;
        }
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        *m_rows[rows[i]].evaluation = evaluations[i];
    }
    if (!rows.empty()) {
        Q_EMIT dataChanged(
            index(static_cast<int>(rows.front()), 0), index(static_cast<int>(rows.back()), columnCount() - 1));
    }
    return true;
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ResultsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(tableColumns().size());
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Evaluation& ev = *m_rows[static_cast<size_t>(index.row())].evaluation;
    const int column = index.column();
    const bool numeric = tableColumns()[static_cast<size_t>(column)].kind != ColumnKind::Text;
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(tableCell(ev, static_cast<size_t>(column), false));
    case Qt::ToolTipRole:
        if (column == 0) {
            return QString::fromStdString(ev.kernelName);
        }
        if (column == 1) { // the full name and the id behind the short label
            return QStringLiteral("%1\n%2").arg(
                QString::fromStdString(ev.hardwareName), QString::fromStdString(ev.hardwareId));
        }
        if (!tableNumber(ev, static_cast<size_t>(column))
            && tableCell(ev, static_cast<size_t>(column), false) == kNoFlopsCell) {
            return tr("A transfer without arithmetic (an all-to-all, a pipeline send, a copy): no FLOPs, so no "
                      "intensity, no FLOP/s and no point on the chart. Its time, T_min and T_max, is that of its "
                      "bytes on %1.")
                .arg(QString::fromStdString(ev.nearestLevel).toUpper());
        }
        return {};
    case Qt::DecorationRole: {
        const size_t device = m_rows[static_cast<size_t>(index.row())].deviceIndex;
        if (column == 1 && device < m_deviceColors.size() && m_deviceColors[device].isValid()) {
            return deviceSwatch(m_deviceColors[device]);
        }
        return {};
    }
    case kSortRole:
        if (numeric) {
            return tableNumber(ev, static_cast<size_t>(column)).value_or(-1.0); // missing values sort first
        }
        return QString::fromStdString(tableCell(ev, static_cast<size_t>(column), false));
    case Qt::ForegroundRole:
        if (static_cast<size_t>(column) == ColumnRegime) {
            return regimeColor(ev.regime);
        }
        if (static_cast<size_t>(column) == ColumnFractionOfRoof && ev.aboveRoof && *ev.aboveRoof) {
            return QColor(Qt::red);
        }
        return {};
    case Qt::TextAlignmentRole:
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0
        || static_cast<size_t>(section) >= tableColumns().size()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    return QString::fromUtf8(tableColumns()[static_cast<size_t>(section)].title);
}

void ResultsProxyModel::setAnalysis(SessionAnalysis* analysis)
{
    connect(analysis, &SessionAnalysis::sceneChanged, this, [this, analysis] {
        std::vector<char> hidden;
        if (analysis->options().topKernels > 0) {
            for (const ChartKernel& kernel : analysis->scene().kernels) {
                hidden.push_back(kernel.hidden ? 1 : 0);
            }
        }
        setHiddenKernels(std::move(hidden));
    });
}

void ResultsProxyModel::setHiddenKernels(std::vector<char> hidden)
{
    if (hidden == m_hidden) {
        return;
    }
    m_hidden = std::move(hidden);
    invalidateRowsFilter();
}

bool ResultsProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_hidden.empty() || sourceParent.isValid()) {
        return true;
    }
    const auto* model = static_cast<const ResultsTableModel*>(sourceModel());
    const size_t kernel = model->rows()[static_cast<size_t>(sourceRow)].kernelIndex;
    return kernel >= m_hidden.size() || !m_hidden[kernel];
}

} // namespace roofscope

#include "moc_ResultsTableModel.cpp"
