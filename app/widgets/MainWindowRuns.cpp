// The window's runs: their files watched and read again, and two of them compared.
#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "chart/RunArrows.h"
#include "figures/RunComparison.h"
#include "figures/SessionAnalysis.h"
#include "session/RunWatcher.h"
#include "session/SessionDocument.h"
#include "widgets/KernelDock.h"
#include "widgets/RunComparisonDock.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QMenu>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace roofscope {

void MainWindow::createRunViews()
{
    m_runWatcher = new RunWatcher(m_document, this);
    connect(m_runWatcher, &RunWatcher::reloaded, this,
        [this](const QString& message) { showStatusMessage(message, 8000); });
    connect(
        m_runWatcher, &RunWatcher::reloadFailed, this, [this](const QStringList& problems, const QString& headline) {
            showStatusMessage(headline.isEmpty() ? problems.value(0) : headline, 8000);
            reportProblems(problems, headline, false);
        });
    connect(m_kernelDock, &KernelDock::statusMessage, this,
        [this](const QString& message) { showStatusMessage(message, 6000); });
    m_runComparison = new RunComparison(m_analysis, this);
    m_runArrows = new RunArrows(m_chart, m_runComparison);
    m_runDock = new RunComparisonDock(m_runComparison, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_runDock);
    m_runDock->hide();
    m_compareRunsAction = new QAction(tr("&Compare Runs…"), this);
    m_compareRunsAction->setStatusTip(
        tr("Draw an arrow per kernel from its point in one run to its point in another, and list the changes"));
    connect(m_compareRunsAction, &QAction::triggered, this, &MainWindow::compareRunsDialog);
    auto sync = [this] { m_compareRunsAction->setEnabled(session().runs.size() >= 2); };
    connect(m_analysis, &SessionAnalysis::sessionReset, this, sync);
    connect(m_analysis, &SessionAnalysis::runsChanged, this, sync);
    sync();
}

QString MainWindow::compareRuns(const QString& before, const QString& after)
{
    const QString error = m_runComparison->setRuns(before, after);
    if (!error.isEmpty()) {
        showStatusMessage(error, 8000);
        return error;
    }
    m_runDock->show();
    m_runDock->raise();
    showArrowsInView();
    showStatusMessage(tr("Run '%1' compared with run '%2'").arg(before, after), 4000);
    return {};
}

void MainWindow::showArrowsInView()
{
    // The view grows (never shrinks) to take in both ends of every arrow, with a margin: an arrow
    // off the view was not seen until Fit All.
    ChartRange range = m_chart->visibleRange();
    const ChartRange before = range;
    constexpr double kMargin = 1.6; // on the log axes: a little over a fifth of a decade
    auto take = [&](double x, double y) {
        if (!(x > 0.0 && y > 0.0 && std::isfinite(x) && std::isfinite(y))) {
            return;
        }
        range.xLower = std::min(range.xLower, x / kMargin);
        range.xUpper = std::max(range.xUpper, x * kMargin);
        range.yLower = std::min(range.yLower, y / kMargin);
        range.yUpper = std::max(range.yUpper, y * kMargin);
    };
    for (const RunArrow& arrow : m_runComparison->arrows()) {
        take(arrow.beforeIntensity, arrow.beforeAchieved);
        take(arrow.afterIntensity, arrow.afterAchieved);
    }
    if (range.xLower != before.xLower || range.xUpper != before.xUpper || range.yLower != before.yLower
        || range.yUpper != before.yUpper) {
        m_chart->setVisibleRange(range);
    }
}

void MainWindow::compareRunsDialog()
{
    QStringList names;
    for (const RunReference& run : session().runs) {
        names << QString::fromStdString(run.name);
    }
    if (names.size() < 2) {
        showStatusMessage(tr("Comparing runs needs a session with two runs"), 4000);
        return;
    }
    if (names.size() == 2) {
        compareRuns(names[0], names[1]);
        return;
    }
    // One dialog, both runs: the latest two preselected (before, after).
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("compareRunsDialog"));
    dialog.setWindowTitle(tr("Compare runs"));
    auto* form = new QFormLayout(&dialog);
    auto* before = new QComboBox(&dialog);
    before->setObjectName(QStringLiteral("beforeRun"));
    before->addItems(names);
    before->setCurrentIndex(static_cast<int>(names.size()) - 2);
    auto* after = new QComboBox(&dialog);
    after->setObjectName(QStringLiteral("afterRun"));
    after->addItems(names);
    after->setCurrentIndex(static_cast<int>(names.size()) - 1);
    for (QComboBox* box : { before, after }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->setMinimumContentsLength(16);
    }
    form->addRow(tr("&Before:"), before);
    form->addRow(tr("&After:"), after);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Compare"));
    auto sync = [before, after, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(before->currentIndex() != after->currentIndex());
    };
    connect(before, &QComboBox::currentIndexChanged, &dialog, sync);
    connect(after, &QComboBox::currentIndexChanged, &dialog, sync);
    sync();
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    dialog.setMinimumWidth(dialog.fontMetrics().horizontalAdvance(dialog.windowTitle()) + 160); // the title whole
    if (dialog.exec() == QDialog::Accepted) {
        compareRuns(before->currentText(), after->currentText());
    }
}

} // namespace roofscope
