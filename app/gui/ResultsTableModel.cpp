#include "gui/ResultsTableModel.h"

#include "io/EvaluationFormat.h"

#include <QColor>

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

void ResultsTableModel::setEvaluation(SessionEvaluation evaluation)
{
    beginResetModel();
    m_evaluation = std::move(evaluation);
    endResetModel();
}

bool ResultsTableModel::updateKernelRows(size_t kernelIndex, const std::vector<Evaluation>& evaluations)
{
    int first = -1;
    size_t matched = 0;
    for (size_t r = 0; r < m_evaluation.rows.size(); ++r) {
        auto& row = m_evaluation.rows[r];
        if (row.kernelIndex != kernelIndex) {
            continue;
        }
        if (matched >= evaluations.size() || evaluations[matched].hardwareId != row.evaluation.hardwareId) {
            return false;
        }
        if (first < 0) {
            first = static_cast<int>(r);
        }
        row.evaluation = evaluations[matched++];
    }
    if (matched != evaluations.size()) {
        return false;
    }
    if (first >= 0) {
        Q_EMIT dataChanged(index(first, 0), index(first + static_cast<int>(matched) - 1, columnCount() - 1));
    }
    return true;
}

int ResultsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_evaluation.rows.size());
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
    const Evaluation& ev = m_evaluation.rows[static_cast<size_t>(index.row())].evaluation;
    const int column = index.column();
    const bool numeric = tableColumns()[static_cast<size_t>(column)].kind != ColumnKind::Text;
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(tableCell(ev, static_cast<size_t>(column), false));
    case Qt::ToolTipRole:
        if (column == 0) {
            return QString::fromStdString(ev.kernelName);
        }
        if (column == 1) {
            return QString::fromStdString(ev.hardwareName);
        }
        return {};
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

} // namespace roofscope
