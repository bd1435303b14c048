#include "models/RunDiffTableModel.h"

#include "model/Units.h"

#include <QBrush>
#include <QColor>

#include <cmath>
#include <limits>

namespace roofscope {

namespace {
QString quantity(const std::optional<double>& value, Dimension dimension)
{
    return value ? QString::fromStdString(formatQuantity(*value, dimension)) : QStringLiteral("—");
}
QString percent(double change)
{
    const long value = std::lround(change * 100.0);
    return value == 0 ? QStringLiteral("0 %") : QString::asprintf("%+ld %%", value);
}
} // namespace

void RunDiffTableModel::setDiff(const std::optional<RunDiff>& diff)
{
    beginResetModel();
    m_diff = diff.value_or(RunDiff {});
    m_rows.clear();
    for (const KernelChange& k : m_diff.kernels) {
        m_rows.push_back({ QString::fromStdString(k.name), &k, false });
    }
    for (const std::string& name : m_diff.onlyBefore) {
        m_rows.push_back({ QString::fromStdString(name), nullptr, true });
    }
    for (const std::string& name : m_diff.onlyAfter) {
        m_rows.push_back({ QString::fromStdString(name), nullptr, false });
    }
    endResetModel();
}

int RunDiffTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunDiffTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunDiffTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case Name:
        return tr("Kernel");
    case Change:
        return tr("Change in time");
    case BeforeTime:
        return tr("Before (per launch)");
    case AfterTime:
        return tr("After (per launch)");
    case BeforeAchieved:
        return tr("Achieved before");
    case AfterAchieved:
        return tr("Achieved after");
    case Intensity:
        return tr("Intensity before → after");
    default:
        return {};
    }
}

QVariant RunDiffTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const Row& row = m_rows[static_cast<size_t>(index.row())];
    const KernelChange* k = row.change;
    const int column = index.column();
    if (role == kSortRole) {
        if (column == Name) {
            return row.name;
        }
        if (column == Change) { // unmatched and unmeasured rows last in the descending order (the default)
            return k && k->change ? *k->change : -std::numeric_limits<double>::infinity();
        }
        if (!k) {
            return -std::numeric_limits<double>::infinity();
        }
        const RunDiffSide& side = column == BeforeTime || column == BeforeAchieved ? k->before : k->after;
        const auto& value = column == BeforeTime || column == AfterTime ? side.seconds : side.achieved;
        return value.value_or(-std::numeric_limits<double>::infinity());
    }
    if (role == Qt::ForegroundRole && column == Change && k && k->change) {
        return QBrush(*k->change > 0.0 ? QColor(0xc6, 0x28, 0x28) : QColor(0x1b, 0x8a, 0x3a));
    }
    if (role == Qt::TextAlignmentRole && column != Name) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) {
        return {};
    }
    if (column == Name) {
        return row.name;
    }
    if (!k) {
        return column == Change ? (row.onlyBefore ? tr("only before") : tr("only after")) : QString();
    }
    switch (column) {
    case Change:
        return k->change ? percent(*k->change) + (k->regression ? tr(" (regression)") : QString()) : tr("not measured");
    case BeforeTime:
        return quantity(k->before.seconds, Dimension::Seconds);
    case AfterTime:
        return quantity(k->after.seconds, Dimension::Seconds);
    case BeforeAchieved:
        return quantity(k->before.achieved, Dimension::FlopsPerSecond);
    case AfterAchieved:
        return quantity(k->after.achieved, Dimension::FlopsPerSecond);
    case Intensity:
        return quantity(k->before.intensity, Dimension::FlopsPerByte) + QStringLiteral(" → ")
            + quantity(k->after.intensity, Dimension::FlopsPerByte);
    default:
        return {};
    }
}

} // namespace roofscope

#include "moc_RunDiffTableModel.cpp"
