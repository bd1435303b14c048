#include "widgets/ComparisonDock.h"
#include "session/QtText.h"
#include "widgets/CachedTextDelegate.h"
#include "widgets/WrappedLabel.h"

#include "figures/SessionAnalysis.h"
#include "scene/GroupColumns.h"
#include "session/SessionDocument.h"

#include "io/ComparisonFormat.h"
#include "io/EvaluationFormat.h"
#include "io/SessionFile.h"
#include "scene/ChartPalette.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace roofscope {

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
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon); // never as wide as a name
    m_baseline->setMinimumContentsLength(14);
    m_baseline->setToolTip(tr("The device the speedups are measured against"));
    label->setBuddy(m_baseline);
    auto* exportButton = new QToolButton(content);
    exportButton->setText(tr("Export…"));
    exportButton->setToolTip(tr("Write this table to CSV, Markdown or JSON"));
    connect(exportButton, &QToolButton::clicked, this, &ComparisonDock::exportDialog);
    m_note = new QLabel(content);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    bar->addWidget(label);
    bar->addWidget(m_baseline);
    bar->addWidget(m_note, 1);
    bar->addWidget(exportButton);
    layout->addLayout(bar);

    m_view = new FrozenColumnTable(content);
    m_view->setModel(m_proxy);
    m_view->setItemDelegate(new CachedTextDelegate(m_view));
    m_view->frozenView()->setItemDelegate(new CachedTextDelegate(m_view->frozenView()));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // session order until a header is clicked
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setFrozenColumns(1); // the Device column stays in view when the table scrolls across
    // Room for the header and four devices at least, with the scroll bar across (the lines under
    // the table never take it).
    m_view->setMinimumHeight(m_view->horizontalHeader()->sizeHint().height()
        + 4 * m_view->verticalHeader()->defaultSectionSize() + m_view->horizontalScrollBar()->sizeHint().height()
        + 2 * m_view->frameWidth() + 2);
    layout->addWidget(m_view, 3);
    // Kernel groups (transformer steps): what one step is; their tokens/s are table columns. The
    // serving lines under the table run long (five devices, two groups): they scroll in a quarter of
    // the dock, so that the table keeps its rows on a laptop screen; every line stays there.
    m_groupsScroll = new QScrollArea(content);
    m_groupsScroll->setObjectName(QStringLiteral("groupThroughputScroll"));
    m_groupsScroll->setFrameShape(QFrame::NoFrame);
    m_groupsScroll->setWidgetResizable(true);
    m_groupsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_groupsScroll->setMinimumHeight(m_groupsScroll->fontMetrics().lineSpacing() * 2 + 4);
    // Its lines' height is no claim on the dock: it takes its share of what the table leaves.
    m_groupsScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_groups = new WrappedLabel(m_groupsScroll);
    m_groups->setObjectName(QStringLiteral("groupThroughput"));
    m_groups->setTextFormat(Qt::PlainText);
    m_groups->setWordWrap(true);
    m_groups->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QSizePolicy wrapped(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the dock
    wrapped.setHeightForWidth(true); // as tall as its wrapped lines in the scroll area
    m_groups->setSizePolicy(wrapped);
    m_groupsScroll->setWidget(m_groups);
    m_groupsScroll->setVisible(false);
    layout->addWidget(m_groupsScroll, 1);
    setWidget(content);

    connect(m_baseline, &QComboBox::activated, this, [this](int index) {
        const QString id = m_baseline->itemData(index).toString();
        const Comparison& current = m_model->comparison();
        if (current.baseline < 0 || qs(current.entries[static_cast<size_t>(current.baseline)].id) != id) {
            Q_EMIT baselineChosen(id);
        }
    });
}

void ComparisonDock::setAnalysis(SessionAnalysis* analysis)
{
    auto show = [this, analysis] {
        std::vector<QColor> colors;
        for (const ChartDevice& device : analysis->scene().devices) {
            colors.push_back(device.color);
        }
        setComparison(analysis->comparison(), std::move(colors));
        // Transformer groups: the verdict's batch, tokens/s per chip and $/Mtok are columns of the table,
        // and under it each group's headline and devices best first, as every view and export says them.
        const int columns = m_model->columnCount();
        m_model->setGroups(analysis->verdicts());
        if (m_model->columnCount() != columns && m_model->rowCount() > 0) {
            m_view->fitColumns(300); // new group columns as wide as their titles and figures
        }
        const QString caption = verdictTextLines(analysis->verdicts()).join(QLatin1Char('\n'));
        m_groups->setText(caption);
        m_groups->setToolTip(caption);
        m_groupsScroll->setVisible(!caption.isEmpty());
    };
    connect(analysis, &SessionAnalysis::comparisonChanged, this, show);
    connect(this, &ComparisonDock::baselineChosen, analysis, [analysis](const QString& id) {
        SessionDocument* document = analysis->document();
        ViewSettings view = document->session().view;
        view.baseline = id.toStdString();
        document->setView(view, tr("Compare against %1").arg(id));
    });
    show();
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
    // One line at most in the dock (a long note must never widen the window); the whole of it in the tooltip.
    const QString note = comparison.warnings.empty() ? QString() : qs(comparison.warnings.front());
    m_note->setText(m_note->fontMetrics().elidedText(note, Qt::ElideRight, 480));
    m_note->setToolTip(note);
    const bool wasEmpty = m_model->rowCount() == 0;
    m_model->setComparison(std::move(comparison), std::move(colors));
    if (wasEmpty && m_model->rowCount() > 0) {
        m_view->fitColumns(300);
    }
}

QString ComparisonDock::groupThroughputText() const
{
    return m_groups->text();
}

QString ComparisonDock::exportTo(const QString& path) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    Comparison shown = m_model->comparison();
    shown.entries.clear();
    std::vector<size_t> position(m_model->comparison().entries.size(), 0); // source row -> shown row
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        shown.entries.push_back(m_model->comparison().entries[static_cast<size_t>(source)]);
        position[static_cast<size_t>(source)] = static_cast<size_t>(r);
        if (source == m_model->comparison().baseline) {
            shown.baseline = r;
        }
    }
    for (size_t& ranked : shown.ranking) { // the ranking names rows: in the order shown
        ranked = position[ranked];
    }
    std::string text;
    if (suffix == QLatin1String("csv")) {
        text = formatComparison(shown, TableFormat::Csv);
    } else if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) {
        text = formatComparison(shown, TableFormat::Markdown);
    } else if (suffix == QLatin1String("json")) {
        text = jsonText(comparisonToJson(shown)) + "\n";
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

#include "moc_ComparisonDock.cpp"
