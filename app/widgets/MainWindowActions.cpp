// MainWindow: menus, toolbar and shortcuts.

#include "widgets/MainWindow.h"

#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "session/SessionDocument.h"
#include "widgets/CommFractionsDialog.h"
#include "widgets/ComparisonDock.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/OwnershipDialog.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/RoofTimesDock.h"
#include "widgets/RunComparisonDock.h"
#include "widgets/SweepDock.h"
#include "widgets/XLevelMenu.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoStack>

#include <cmath>

namespace roofscope {

void MainWindow::createActions()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
    QAction* newAction = fileMenu->addAction(tr("&New Session"), this, &MainWindow::newSession);
    newAction->setObjectName(QStringLiteral("newSessionAction"));
    newAction->setShortcut(QKeySequence::New);
    QAction* open = fileMenu->addAction(tr("&Open Session…"), this, &MainWindow::openDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = fileMenu->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    QAction* saveAction = fileMenu->addAction(tr("&Save"), this, &MainWindow::save);
    saveAction->setShortcut(QKeySequence::Save);
    QAction* saveAs = fileMenu->addAction(tr("Save &As…"), this, &MainWindow::saveAsDialog);
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    fileMenu->addSeparator();
    QAction* exportChartAction = fileMenu->addAction(tr("&Export Chart…"), this, &MainWindow::exportChartDialog);
    exportChartAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    fileMenu->addAction(tr("Export &Table…"), this, &MainWindow::exportTableDialog);
    fileMenu->addAction(tr("Export C&omparison…"), m_comparisonDock, &ComparisonDock::exportDialog);
    fileMenu->addSeparator();
    QAction* import = fileMenu->addAction(tr("&Import Profiler Output…"), this, &MainWindow::importDialog);
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    import->setStatusTip(tr("Nsight Compute CSV, rocprof-compute workload files, ERT roofline.json or a plain CSV"));
    fileMenu->addSeparator();
    QAction* quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    // Ctrl+Shift+Z and Ctrl+Y, each once: the platform's Redo keys may already hold one of them, and
    // a key bound twice to one action is ambiguous and does nothing.
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    QAction* copy = editMenu->addAction(tr("&Copy Chart"), this, &MainWindow::copyChart);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* fit = viewMenu->addAction(tr("&Fit All"), this, &MainWindow::fitAll);
    fit->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_Home) });
    fit->setStatusTip(tr("Show every roof and kernel"));
    createKernelMenu();

    createViewToggles(viewMenu);
    createKernelDisplayActions(viewMenu);
    createPresentationActions(viewMenu, open, saveAction, fit);
    viewMenu->addSeparator();
    viewMenu->addAction(m_compareRunsAction);
    viewMenu->addSeparator();
    createPanesMenu(viewMenu);
    createLayoutActions(viewMenu);
    QAction* reset = viewMenu->addAction(tr("Reset &Layout"), this, &MainWindow::resetLayout);
    reset->setObjectName(QStringLiteral("resetLayoutAction"));
    reset->setStatusTip(tr("Put every pane back where it was on first start, the window within the screen"));
    viewMenu->addSeparator();
    QAction* problems = viewMenu->addAction(tr("&Problems…"), this, &MainWindow::showProblems);
    problems->setStatusTip(tr("List problems found in the hardware and session files"));

    createHelpMenu();

    // Every menu action with a shortcut is also an action of the window, so that its shortcut works
    // while the menu bar is hidden (review mode).
    for (QMenu* menu : menuBar()->findChildren<QMenu*>()) {
        for (QAction* action : menu->actions()) {
            if (!action->isSeparator() && !action->menu() && !action->shortcut().isEmpty()
                && action->shortcutContext() == Qt::WindowShortcut && !actions().contains(action)) {
                addAction(action);
            }
        }
    }
}

void MainWindow::createKernelMenu()
{
    QMenu* kernelMenu = menuBar()->addMenu(tr("&Kernel"));
    struct Nudge {
        const char* text;
        QKeySequence key;
        double factor;
    };
    const double step = std::pow(2.0, 0.125);
    for (const Nudge& nudge : { Nudge { "Lower Intensity", QKeySequence(Qt::Key_Left), 1.0 / step },
             Nudge { "Higher Intensity", QKeySequence(Qt::Key_Right), step },
             Nudge { "Halve Intensity", QKeySequence(Qt::SHIFT | Qt::Key_Left), 0.5 },
             Nudge { "Double Intensity", QKeySequence(Qt::SHIFT | Qt::Key_Right), 2.0 } }) {
        QAction* action = kernelMenu->addAction(tr(nudge.text));
        action->setShortcut(nudge.key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut); // the chart's keys, not the editors'
        m_chart->addAction(action);
        const double factor = nudge.factor;
        connect(action, &QAction::triggered, this, [this, factor] { nudgeSelectedKernel(factor); });
    }
    m_chart->setFocusPolicy(Qt::StrongFocus);
}

void MainWindow::createViewToggles(QMenu* viewMenu)
{
    viewMenu->addSeparator();
    auto addViewToggle = [&](const QString& text, bool ViewSettings::*flag, const char* name) {
        QAction* action = viewMenu->addAction(text);
        action->setObjectName(QString::fromLatin1(name));
        action->setCheckable(true);
        action->setChecked(session().view.*flag);
        connect(action, &QAction::toggled, this, [this, flag, text](bool on) {
            if (session().view.*flag == on) {
                return;
            }
            ViewSettings view = session().view;
            view.*flag = on;
            m_document->setView(view, QString(text).remove(QLatin1Char('&')));
        });
        auto sync = [this, action, flag] { action->setChecked(session().view.*flag); };
        connect(m_analysis, &SessionAnalysis::viewChanged, action, sync);
        connect(m_analysis, &SessionAnalysis::sessionReset, action, sync);
    };
    addViewToggle(tr("Shade Feasible &Region"), &ViewSettings::showFeasibleRegion, "feasibleRegionAction");
    addViewToggle(tr("Region &Labels"), &ViewSettings::showRegionLabels, "regionLabelsAction");
    addViewToggle(tr("&Intensity in Kernel Labels"), &ViewSettings::labelIntensity, "labelIntensityAction");
    viewMenu->addMenu(new XLevelMenu(m_document, m_analysis, this));
    QAction* comm = viewMenu->addAction(tr("&Communication Roofs…"));
    comm->setObjectName(QStringLiteral("commFractionsAction"));
    comm->setStatusTip(tr("Effective roofs for the share of each step spent in communication"));
    connect(comm, &QAction::triggered, this, [this] {
        auto* dialog = findChild<CommFractionsDialog*>();
        if (!dialog) {
            dialog = new CommFractionsDialog(m_analysis, this);
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    QAction* owned = viewMenu->addAction(tr("&Ownership Cost…"));
    owned->setObjectName(QStringLiteral("ownershipAction"));
    owned->setStatusTip(tr("Years of service, utilisation and power price of the owned $/Mtok"));
    connect(owned, &QAction::triggered, this, [this] {
        auto* dialog = findChild<OwnershipDialog*>();
        if (!dialog) {
            dialog = new OwnershipDialog(m_analysis, this);
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
}

void MainWindow::createKernelDisplayActions(QMenu* viewMenu)
{
    QAction* bySize = viewMenu->addAction(tr("Marker Size by &Runtime Share"));
    bySize->setObjectName(QStringLiteral("markerSizeAction"));
    bySize->setCheckable(true);
    bySize->setStatusTip(tr("Bigger markers for the kernels that take more of the total time"));
    connect(bySize, &QAction::toggled, this, [this](bool on) {
        if (session().view.sizeByRuntime == on) {
            return; // following the session (undo, open)
        }
        SceneOptions options = m_analysis->options();
        options.sizeByRuntime = on;
        setSceneOptions(options);
    });
    QMenu* top = viewMenu->addMenu(tr("Show &Top Kernels by Time"));
    top->setObjectName(QStringLiteral("topKernelsMenu"));
    auto* topGroup = new QActionGroup(this);
    for (int n : { 0, 5, 10, 20, 50, 100 }) {
        QAction* action = top->addAction(n == 0 ? tr("All") : tr("Top %1").arg(n));
        action->setCheckable(true);
        action->setChecked(n == 0);
        action->setData(n);
        topGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, n] {
            SceneOptions options = m_analysis->options();
            options.topKernels = n;
            setSceneOptions(options);
        });
    }
    // Both follow the session: undo, redo and opening a file check the entries they saved.
    auto syncShown = [this, bySize, top] {
        const ViewSettings& view = session().view;
        bySize->setChecked(view.sizeByRuntime);
        for (QAction* action : top->actions()) {
            action->setChecked(action->data().toInt() == view.topKernels);
        }
    };
    connect(m_analysis, &SessionAnalysis::viewChanged, this, syncShown);
    connect(m_analysis, &SessionAnalysis::sessionReset, this, syncShown);
}

void MainWindow::createPanesMenu(QMenu* viewMenu)
{
    // Every pane can be closed and opened again from here.
    QMenu* panes = viewMenu->addMenu(tr("&Panes"));
    for (QDockWidget* dock : std::initializer_list<QDockWidget*> { m_hardwareDock, m_kernelDock, m_sweepDock,
             m_resultsDock, m_comparisonDock, m_regimeMapDock, m_roofTimesDock, m_runDock }) {
        QAction* toggle = dock->toggleViewAction();
        panes->addAction(toggle);
        m_dockActions << toggle;
        // Opened, a pane comes to the front of its tab group (the compact layout tabs them all).
        connect(toggle, &QAction::triggered, dock, [dock](bool on) {
            if (on) {
                dock->raise();
            }
        });
    }
}

} // namespace roofscope
