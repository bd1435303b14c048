// The window's runs: their files watched and read again, and two of them compared.
#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "chart/RunArrows.h"
#include "document/RunComparison.h"
#include "document/RunWatcher.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "widgets/KernelDock.h"
#include "widgets/RunComparisonDock.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>

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
    connect(m_document, &SessionDocument::sessionReset, this, sync);
    connect(m_document, &SessionDocument::runsChanged, this, sync);
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
    showStatusMessage(tr("Run '%1' compared with run '%2'").arg(before, after), 4000);
    return {};
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
    bool ok = false;
    const QString before = QInputDialog::getItem(this, tr("Compare Runs"), tr("Before:"), names, 0, false, &ok);
    if (!ok) {
        return;
    }
    QStringList rest = names;
    rest.removeAll(before);
    const QString after = QInputDialog::getItem(this, tr("Compare Runs"), tr("After:"), rest, 0, false, &ok);
    if (ok) {
        compareRuns(before, after);
    }
}

} // namespace roofscope
