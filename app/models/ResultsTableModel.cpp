#include "models/ResultsTableModel.h"

#include "document/ChartPalette.h"
#include "document/SessionAnalysis.h"
#include "io/EvaluationFormat.h"

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
    auto reload = [this, analysis] {
        const auto& results = analysis->results();
        const auto& devices = analysis->devices();
        const size_t kernels = analysis->scene().kernels.size();
        std::vector<Row> rows;
        rows.reserve(kernels * results.size());
        for (size_t k = 0; k < kernels; ++k) {
            for (size_t d = 0; d < results.size(); ++d) {
                if (k < results[d]->evaluations.size()) {
                    if (auto& ev = results[d]->evaluations[k]) {
                        rows.push_back({ k, devices[d].sessionIndex, &*ev });
                    }
                }
            }
        }
        m_deviceColors.clear(); // the swatch beside each device's label, in its chart colour
        const auto& sceneDevices = analysis->scene().devices;
        for (size_t d = 0; d < devices.size() && d < sceneDevices.size(); ++d) {
            m_deviceColors.resize(std::max(m_deviceColors.size(), devices[d].sessionIndex + 1));
            m_deviceColors[devices[d].sessionIndex] = sceneDevices[d].color;
        }
        setRows(std::move(rows), { results.begin(), results.end() });
    };
    connect(analysis, &SessionAnalysis::sceneChanged, this, reload);
    connect(analysis, &SessionAnalysis::kernelMoved, this, [this](int kernel) {
        const auto [first, last] = kernelRange(static_cast<size_t>(kernel));
        if (first < last) {
            Q_EMIT dataChanged(index(static_cast<int>(first), 0), index(static_cast<int>(last) - 1, columnCount() - 1));
        }
    });
    reload();
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
    endResetModel();
}

std::pair<size_t, size_t> ResultsTableModel::kernelRange(size_t kernelIndex) const
{
    const auto first = std::lower_bound(
        m_rows.begin(), m_rows.end(), kernelIndex, [](const Row& row, size_t k) { return row.kernelIndex < k; });
    auto last = first;
    while (last != m_rows.end() && last->kernelIndex == kernelIndex) {
        ++last;
    }
    return { static_cast<size_t>(first - m_rows.begin()), static_cast<size_t>(last - m_rows.begin()) };
}

bool ResultsTableModel::updateKernelRows(size_t kernelIndex, const std::vector<Evaluation>& evaluations)
{
    const auto [first, last] = kernelRange(kernelIndex);
    if (last - first != evaluations.size()) {
        return false;
    }
    for (size_t r = first; r < last; ++r) {
        if (evaluations[r - first].hardwareId != m_rows[r].evaluation->hardwareId) {
            return false;
        }
    }
    for (size_t r = first; r < last; ++r) {
        *m_rows[r].evaluation = evaluations[r - first];
    }
    if (first < last) {
        Q_EMIT dataChanged(index(static_cast<int>(first), 0), index(static_cast<int>(last) - 1, columnCount() - 1));
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
        if (column == 7) {
            return regimeColor(ev.regime);
        }
        if (column == 12 && ev.aboveRoof && *ev.aboveRoof) {
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
