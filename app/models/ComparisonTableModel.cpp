#include "models/ComparisonTableModel.h"

#include "io/VerdictFormat.h"
#include "session/QtText.h"

#include "io/ComparisonFormat.h"
#include "scene/ChartPalette.h"

#include <QFont>
#include <QIcon>

namespace roofscope {

namespace {
QString columnToolTip(ComparisonColumn column)
{
    switch (column) {
    case ComparisonColumn::Device:
        return QObject::tr("The device, with the precision it is set to; '*' marks a row that cannot be "
                           "compared like-for-like (its tooltip says why)");
    case ComparisonColumn::Roofs:
        return QObject::tr("The roofs this device's numbers use: datasheet peaks or sustained roofs");
    case ComparisonColumn::TMin:
        return QObject::tr("The workload's lower time bound: every kernel x its count, at its binding roof");
    case ComparisonColumn::TMax:
        return QObject::tr("The workload's upper time bound: no overlap of compute and data movement");
    case ComparisonColumn::Speedup:
        return QObject::tr("How many times faster than the baseline (ratio of T_min totals)");
    case ComparisonColumn::ComputeShare:
        return QObject::tr("Share of T_min spent in kernels bound by compute");
    case ComparisonColumn::MemoryShare:
        return QObject::tr("Share of T_min spent in kernels bound by a memory level");
    case ComparisonColumn::NetworkShare:
        return QObject::tr("Share of T_min spent in kernels bound by an interconnect");
    case ComparisonColumn::Throughput:
        return QObject::tr("The workload's FLOPs over its T_min total");
    case ComparisonColumn::PerWatt:
        return QObject::tr("Throughput over the device's TDP (empty when its file gives none)");
    case ComparisonColumn::PerDollar:
        return QObject::tr("Throughput over the device's purchase price (the device file's or the session entry's)");
    case ComparisonColumn::WorkloadCost:
        return QObject::tr("The workload's T_min total at the session entry's hourly price (all its chips)");
    }
    return {};
}
} // namespace

void ComparisonTableModel::setComparison(Comparison comparison, std::vector<QColor> colors)
{
    const bool sameShape = comparison.entries.size() == m_comparison.entries.size();
    if (!sameShape) {
        beginResetModel();
    }
    m_comparison = std::move(comparison);
    m_colors = std::move(colors);
    if (sameShape) {
        if (!m_comparison.entries.empty()) {
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        }
    } else {
        endResetModel();
    }
}

void ComparisonTableModel::setGroups(std::vector<GroupVerdict> groups)
{
    std::vector<GroupColumn> columns = groupColumns(groups);
    bool sameColumns = columns.size() == m_groupColumns.size();
    for (size_t i = 0; sameColumns && i < columns.size(); ++i) {
        sameColumns = columns[i].title == m_groupColumns[i].title;
    }
    if (!sameColumns) {
        beginResetModel();
    }
    m_groups = std::move(groups);
    m_groupColumns = std::move(columns);
    if (!sameColumns) {
        endResetModel();
    } else if (!m_groupColumns.empty() && rowCount() > 0) {
        const int first = static_cast<int>(comparisonColumns().size());
        Q_EMIT dataChanged(index(0, first), index(rowCount() - 1, columnCount() - 1));
    }
}

int ComparisonTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_comparison.entries.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(comparisonColumns().size() + m_groupColumns.size());
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const ComparisonEntry& entry = m_comparison.entries[static_cast<size_t>(index.row())];
    if (static_cast<size_t>(index.column()) >= comparisonColumns().size()) {
        return groupData(
            entry, index.row(), m_groupColumns[static_cast<size_t>(index.column()) - comparisonColumns().size()], role);
    }
    const ComparisonColumn column = comparisonColumns()[static_cast<size_t>(index.column())].column;
    switch (role) {
    case Qt::DisplayRole:
        return qs(comparisonCell(entry, column, false));
    case kSortRole:
        if (column == ComparisonColumn::Device) {
            return qs(entry.name);
        }
        if (column == ComparisonColumn::Roofs) {
            return qs(comparisonCell(entry, column, false));
        }
        if (const auto value = comparisonNumber(entry, column)) {
            return *value;
        }
        return -1.0; // figures a device cannot give sort below every real one
    case Qt::DecorationRole:
        if (column == ComparisonColumn::Device && static_cast<size_t>(index.row()) < m_colors.size()) {
            return deviceSwatch(m_colors[static_cast<size_t>(index.row())]);
        }
        return {};
    case Qt::FontRole:
        if (entry.isBaseline) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (!entry.basis.comparable && (column == ComparisonColumn::Device || column == ComparisonColumn::Roofs)) {
            return QColor(200, 90, 0); // readable on the light and the dark theme
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == ComparisonColumn::Device || column == ComparisonColumn::Roofs
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        QString tip = entry.fullName.empty() ? qs(entry.id) : qs(entry.fullName + " (" + entry.id + ")");
        if (entry.isBaseline) {
            tip += tr(" (the baseline)");
        }
        const std::string blank = blankReason(entry, column);
        if (!blank.empty()) {
            tip += QStringLiteral("\n") + tr("No figure: %1").arg(qs(blank));
        }
        tip += QStringLiteral("\n") + tr("Roofs: %1").arg(qs(comparisonCell(entry, ComparisonColumn::Roofs, false)));
        for (const std::string& note : entry.basis.levelNotes()) {
            tip += QStringLiteral("\n") + qs(note); // "HBM bytes counted on GDDR", said once
        }
        const int rank = m_comparison.rankOf(static_cast<size_t>(index.row()));
        if (rank > 0) {
            tip += QStringLiteral("\n") + tr("Rank %1 of the like-for-like devices").arg(rank);
        } else if (!m_comparison.rankingRefused.empty()) {
            tip += QStringLiteral("\n") + qs(m_comparison.rankingRefused);
        }
        if (!entry.basis.comparable) {
            tip += QStringLiteral("\n") + tr("Not comparable like-for-like:");
            for (const auto& caveat : entry.basis.caveats) {
                tip += QStringLiteral("\n  ") + qs(caveat);
            }
        }
        return tip;
    }
    default:
        return {};
    }
}

QVariant ComparisonTableModel::groupData(
    const ComparisonEntry& entry, int row, const GroupColumn& column, int role) const
{
    (void)entry;
    const GroupMetric& metric = groupMetrics()[column.metric];
    const GroupVerdict& verdict = m_groups[column.group];
    const VerdictDevice* device = verdictDevice(verdict, row);
    switch (role) {
    case Qt::DisplayRole:
        return groupCell(m_groups, column, row);
    case kSortRole: {
        const auto value = groupNumber(m_groups, column, row);
        return value ? QVariant(*value) : QVariant(-1.0);
    }
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (device && metric.ranked && device->rank(metric.criterion) == 1) { // the verdict's first on it
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(verdict.headline);
        if (!device) {
            return tip;
        }
        tip += QStringLiteral("\n") + tr(metric.toolTip) + QStringLiteral("\n")
            + QString::fromStdString(verdictDeviceLine(verdict, *device));
        return tip;
    }
    default:
        return {};
    }
}

QVariant ComparisonTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    if (static_cast<size_t>(section) >= comparisonColumns().size()) {
        const GroupColumn& column = m_groupColumns[static_cast<size_t>(section) - comparisonColumns().size()];
        if (role == Qt::DisplayRole) {
            return column.title;
        }
        if (role == Qt::ToolTipRole) {
            return tr(groupMetrics()[column.metric].toolTip);
        }
        return {};
    }
    const auto& info = comparisonColumns()[static_cast<size_t>(section)];
    if (role == Qt::DisplayRole) {
        return tr(info.title);
    }
    if (role == Qt::ToolTipRole) {
        return columnToolTip(info.column);
    }
    return {};
}

} // namespace roofscope

#include "moc_ComparisonTableModel.cpp"
