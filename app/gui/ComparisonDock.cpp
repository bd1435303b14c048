#include "gui/ComparisonDock.h"

#include "chart/ChartPalette.h"
#include "io/ComparisonFormat.h"
#include "io/SessionFile.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace roofscope {

namespace {
QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

QString columnToolTip(ComparisonColumn column)
{
    switch (column) {
    case ComparisonColumn::Device:
        return QObject::tr("The device, with the precision it is set to");
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
        return QObject::tr("Throughput over the device's price (empty when its file gives none)");
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

int ComparisonTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_comparison.entries.size());
}

int ComparisonTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(comparisonColumns().size());
}

QVariant ComparisonTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const ComparisonEntry& entry = m_comparison.entries[static_cast<size_t>(index.row())];
    const ComparisonColumn column = comparisonColumns()[static_cast<size_t>(index.column())].column;
    switch (role) {
    case Qt::DisplayRole:
        return qs(comparisonCell(entry, column, false));
    case kSortRole:
        if (column == ComparisonColumn::Device) {
            return qs(entry.name);
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
    case Qt::TextAlignmentRole:
        return column == ComparisonColumn::Device ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole: {
        QString tip = qs(entry.id);
        if (entry.isBaseline) {
            tip += tr(" (the baseline)");
        }
        for (const auto& error : entry.totals.errors) {
            tip += QStringLiteral("\n") + tr("Left out: %1").arg(qs(error));
        }
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
    const auto& info = comparisonColumns()[static_cast<size_t>(section)];
    if (role == Qt::DisplayRole) {
        return tr(info.title);
    }
    if (role == Qt::ToolTipRole) {
        return columnToolTip(info.column);
    }
    return {};
}

ComparisonDock::ComparisonDock(QWidget* parent)
    : QDockWidget(tr("Comparison"), parent)
{
    setObjectName(QStringLiteral("comparisonDock"));
    m_model = new ComparisonTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ComparisonTableModel::kSortRole);

    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    auto* bar = new QHBoxLayout;
    auto* label = new QLabel(tr("&Baseline:"), content);
    m_baseline = new QComboBox(content);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_baseline->setToolTip(tr("The device the speedups are measured against"));
    label->setBuddy(m_baseline);
    auto* exportButton = new QToolButton(content);
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Write this table to CSV, Markdown or JSON"));
    connect(exportButton, &QToolButton::clicked, this, &ComparisonDock::exportDialog);
    m_note = new QLabel(content);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));
    bar->addWidget(label);
    bar->addWidget(m_baseline);
    bar->addWidget(m_note, 1);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    m_view = new QTableView(content);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // session order until a header is clicked
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    layout->addWidget(m_view);
    setWidget(content);

    connect(m_baseline, &QComboBox::activated, this, [this](int index) {
        const QString id = m_baseline->itemData(index).toString();
        const Comparison& current = m_model->comparison();
        if (current.baseline < 0 || qs(current.entries[static_cast<size_t>(current.baseline)].id) != id) {
            Q_EMIT baselineChosen(id);
        }
    });
}

void ComparisonDock::setComparison(Comparison comparison, std::vector<QColor> colors)
{
    // The baseline list follows the devices; rebuilt only when they change (not on every drag step).
    bool sameDevices = m_baseline->count() == static_cast<int>(comparison.entries.size());
    for (int i = 0; sameDevices && i < m_baseline->count(); ++i) {
        const auto& entry = comparison.entries[static_cast<size_t>(i)];
        sameDevices = m_baseline->itemData(i).toString() == qs(entry.id) && m_baseline->itemText(i) == qs(entry.name);
    }
    if (!sameDevices) {
        m_baseline->clear();
        for (const auto& entry : comparison.entries) {
            m_baseline->addItem(qs(entry.name), qs(entry.id));
        }
    }
    if (comparison.baseline >= 0 && m_baseline->currentIndex() != comparison.baseline) {
        m_baseline->setCurrentIndex(comparison.baseline);
    }
    m_baseline->setEnabled(comparison.entries.size() > 1);
    m_note->setText(comparison.warnings.empty() ? QString() : qs(comparison.warnings.front()));
    const bool wasEmpty = m_model->rowCount() == 0;
    m_model->setComparison(std::move(comparison), std::move(colors));
    if (wasEmpty && m_model->rowCount() > 0) {
        m_view->resizeColumnsToContents();
    }
}

QString ComparisonDock::exportTo(const QString& path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    Comparison shown = m_model->comparison();
    shown.entries.clear();
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        shown.entries.push_back(m_model->comparison().entries[static_cast<size_t>(source)]);
        if (source == m_model->comparison().baseline) {
            shown.baseline = r;
        }
    }
    std::string text;
    if (suffix == QLatin1String("csv")) {
        text = formatComparison(shown, TableFormat::Csv);
    } else if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) {
        text = formatComparison(shown, TableFormat::Markdown);
    } else if (suffix == QLatin1String("json")) {
        text = comparisonToJson(shown).dump(2) + "\n";
    } else {
        return tr("%1: the file name must end in .csv, .md or .json").arg(path);
    }
    const std::string error = writeFileAtomically(path.toStdString(), text);
    return error.empty() ? QString() : tr("%1: %2").arg(path, qs(error));
}

void ComparisonDock::exportDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export comparison"),
        QDir::home().filePath(QStringLiteral("comparison.csv")), tr("CSV (*.csv);;Markdown (*.md);;JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = exportTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    }
}

} // namespace roofscope
