#include "widgets/RunComparisonDock.h"

#include "figures/RunComparison.h"
#include "models/RunDiffTableModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace roofscope {

RunComparisonDock::RunComparisonDock(RunComparison* comparison, QWidget* parent)
    : QDockWidget(tr("Runs Compared"), parent)
    , m_comparison(comparison)
    , m_model(new RunDiffTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("runComparisonDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(content);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunDiffTableModel::kSortRole);
    m_view = new QTableView(content);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RunDiffTableModel::Change, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->hide();
    m_view->setTabKeyNavigation(false); // Tab leaves the table; arrows move inside it
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->horizontalHeader()->setMaximumSectionSize(400); // a long kernel name is elided (whole in the tooltip)
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_view, 1);
    setWidget(content);
    connect(m_comparison, &RunComparison::changed, this, &RunComparisonDock::refresh);
    refresh();
}

QString RunComparisonDock::summaryText() const
{
    return m_summary->text();
}

void RunComparisonDock::refresh()
{
    m_model->setDiff(m_comparison->diff());
    const auto& diff = m_comparison->diff();
    if (!diff) {
        m_summary->setText(m_comparison->problems().isEmpty()
                ? tr("Choose View ▸ Compare Runs to compare two runs of the session.")
                : m_comparison->problems().join(QLatin1Char('\n')));
        return;
    }
    QString text = tr("'%1' → '%2': %n kernel(s) in both", nullptr, static_cast<int>(diff->kernels.size()))
                       .arg(m_comparison->before(), m_comparison->after());
    text += tr(", %n slower by more than %1", nullptr, diff->regressions)
                .arg(QString::number(diff->threshold * 100.0) + QStringLiteral(" %"));
    if (!diff->onlyBefore.empty() || !diff->onlyAfter.empty()) {
        text += tr("; %1 only before, %2 only after").arg(diff->onlyBefore.size()).arg(diff->onlyAfter.size());
    }
    m_summary->setText(text);
}

} // namespace roofscope

#include "moc_RunComparisonDock.cpp"
