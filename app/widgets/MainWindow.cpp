#include "widgets/MainWindow.h"
#include "session/QtText.h"
#include "widgets/ElidingLabel.h"
#include "widgets/FieldGuard.h"

#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "chart/TrajectoryOverlay.h"
#include "figures/KernelSweep.h"
#include "figures/SessionAnalysis.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "models/ResultsTableModel.h"
#include "session/AppPaths.h"
#include "session/DisplayName.h"
#include "session/SessionDocument.h"
#include "widgets/CachedTextDelegate.h"
#include "widgets/ComparisonDock.h"
#include "widgets/DeviceEditorDialog.h"
#include "widgets/HardwareDock.h"
#include "widgets/KernelDock.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/RoofTimesDock.h"
#include "widgets/ServingTab.h"
#include "widgets/SweepDock.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <set>

namespace roofscope {

namespace {
constexpr int kMaxColumnWidth = 300; // pixels; a longer kernel name is elided (its tooltip is whole)

// A dock whose form has a fixed height scrolls inside when the screen is small, instead of holding
// the window taller than the screen.
void scrollInside(QDockWidget* dock)
{
    QWidget* body = dock->widget();
    auto* scroll = new QScrollArea(dock);
    scroll->setObjectName(dock->objectName() + QStringLiteral("Scroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(body);
    dock->setWidget(scroll);
}

} // namespace

MainWindow::MainWindow(HardwareDatabase& hardware, QWidget* parent)
    : QMainWindow(parent)
    , m_hardware(hardware)
    , m_document(new SessionDocument(this))
{
    m_analysis = new SessionAnalysis(m_document, m_hardware, this);
    // The sweep listens before the chart: the chart's replot after an edit draws it current.
    m_sweep = new KernelSweep(m_analysis, this);
    m_chart = new RooflineChart(this);
    m_chart->setAnalysis(m_analysis);
    attachTrajectory(m_chart, m_sweep);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_chart, tr("Roofline"));
    m_servingTab = new ServingTab(m_document, m_analysis, this);
    m_tabs->addTab(m_servingTab, tr("Serving"));
    m_tabs->setTabToolTip(1,
        tr("Throughput against latency per device for a transformer group, batch swept to the "
           "memory wall"));
    connect(m_servingTab, &ServingTab::statusMessage, this,
        [this](const QString& message) { showStatusMessage(message, 6000); });
    setCentralWidget(m_tabs);
    createResultsDock();
    m_hardwareDock = new HardwareDock(m_hardware, m_analysis, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_hardwareDock);
    connect(m_hardwareDock, &HardwareDock::newDeviceRequested, this, [this](const QString& id) { newDeviceFrom(id); });
    m_kernelDock = new KernelDock(m_document, m_analysis, this);
    addDockWidget(Qt::RightDockWidgetArea, m_kernelDock);
    m_sweepDock = new SweepDock(m_analysis, m_sweep, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_sweepDock);
    scrollInside(m_sweepDock);
    scrollInside(m_regimeMapDock);
    // The sweep is drawn on the roofline and listed in its dock: while neither shows (the Serving tab
    // in front, the dock behind another), edits leave it out of date until one shows again.
    // (A dock behind another tab stays isVisible(): its visibilityChanged() says whether it is in front.)
    m_sweep->setWanted(
        [this] { return !isVisible() || m_chart->isVisible() || (m_sweepDockInFront && m_sweepDock->isVisible()); });
    connect(m_tabs, &QTabWidget::currentChanged, m_sweep, &KernelSweep::ensureCurrent);
    connect(m_sweepDock, &QDockWidget::visibilityChanged, m_sweep, [this](bool visible) {
        m_sweepDockInFront = visible;
        if (visible) {
            m_sweep->ensureCurrent();
        }
    });
    guardFields(m_sweepDock->widget());
    guardFields(m_regimeMapDock->widget());
    connect(m_chart, &RooflineChart::fitRequested, this, &MainWindow::fitAll);
    connect(m_chart, &RooflineChart::statusMessage, this,
        [this](const QString& message) { showStatusMessage(message, 6000); });

    // What the window itself shows: the title, the status line and the selected kernel's rows.
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this](bool fit) {
        if (fit) {
            m_resultsView->fitColumns(kMaxColumnWidth);
        }
        updateStatus();
        updateKernelStatus();
    });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int kernel) {
        if (kernel == m_analysis->selectedKernel()) {
            updateKernelStatus();
        }
    });
    connect(m_analysis, &SessionAnalysis::problemsChanged, this, &MainWindow::updateStatus);
    connect(m_analysis, &SessionAnalysis::selectionChanged, this, [this](int kernel) {
        updateKernelStatus();
        // Selected (in the list or the table) but drawn nowhere on the chart: said, not left silent.
        const auto& drawn = m_analysis->scene().kernels;
        if (kernel >= 0 && static_cast<size_t>(kernel) < drawn.size()) {
            const ChartKernel& shown = drawn[static_cast<size_t>(kernel)];
            const QString name = elidedName(shown.name);
            if (shown.hidden) {
                showStatusMessage(
                    tr("%1 is not on the chart: View > Show Top Kernels by Time leaves it out").arg(name), 6000);
            } else if (shown.points.empty()) {
                showStatusMessage(tr("%1 has no point on the chart (no FLOPs, or no shown device can evaluate it); "
                                     "its rows are selected in Results")
                                      .arg(name),
                    6000);
            }
        }
        // Show the kernel's rows in the results table.
        const std::vector<size_t> rows = m_results->kernelRows(static_cast<size_t>(std::max(kernel, 0)));
        if (kernel < 0 || rows.empty()) {
            return;
        }
        QItemSelection selection;
        for (size_t r : rows) {
            const QModelIndex left = m_resultsProxy->mapFromSource(m_results->index(static_cast<int>(r), 0));
            selection.select(left, left.siblingAtColumn(m_results->columnCount() - 1));
        }
        m_resultsView->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
        const QModelIndex source = m_results->index(static_cast<int>(rows.front()), 0);
        m_resultsView->scrollTo(m_resultsProxy->mapFromSource(source), QAbstractItemView::EnsureVisible);
    });

    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setSingleShot(true);
    m_autosaveTimer->setInterval(3000);
    connect(m_autosaveTimer, &QTimer::timeout, this, [this] { autosaveNow(); });
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, [this] {
        if (isModified()) {
            if (m_autosaveEnabled) {
                m_autosaveTimer->start(); // restarts: the save comes once the user pauses
            }
        } else {
            discardRecovery();
        }
    });

    createStatusBar();
    createRunViews();
    createActions();
    // Ctrl+1 / Ctrl+2 show the roofline or the serving chart (also in review mode, menus hidden).
    for (int tab = 0; tab < m_tabs->count(); ++tab) {
        auto* show = new QAction(tr("Show %1 Chart").arg(m_tabs->tabText(tab)), this);
        show->setObjectName(QStringLiteral("showChartTab%1").arg(tab + 1));
        show->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + tab)));
        show->setShortcutContext(Qt::WindowShortcut);
        connect(show, &QAction::triggered, this, [this, tab] { m_tabs->setCurrentIndex(tab); });
        addAction(show);
    }
    setAcceptDrops(true);

    // The first size and the layout follow the screen the window opens on: on a laptop the panes
    // share one column, so that the chart has most of the window.
    const QScreen* screen = QGuiApplication::primaryScreen();
    const QRect area = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 720);
    resize(firstWindowSize(area));
    m_defaultCompact = isSmallScreen(area);
    arrangeDocks(m_defaultCompact);
    m_defaultState = saveState();
    restoreLayout();
    {
        const QSignalBlocker blocker(m_compactAction);
        m_compactAction->setChecked(m_compactLayout);
    }
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow()
{
    // The undo stack, a child destroyed after this object, emits indexChanged while it clears: the
    // window and the views must not hear it half-destroyed.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, nullptr, nullptr);
    disconnect(m_analysis, nullptr, nullptr, nullptr);
    // The Sweep dock says it is hidden while QWidget's destructor hides the window's children, after
    // this object's own part is gone: its handler reads this window's members.
    disconnect(m_sweepDock, &QDockWidget::visibilityChanged, nullptr, nullptr);
}

void MainWindow::createStatusBar()
{
    m_summaryLabel = new QLabel(this);
    statusBar()->addWidget(m_summaryLabel);
    m_kernelLabel = new ElidingLabel(this); // a long line ends in an ellipsis, whole in text() and the tooltip
    m_kernelLabel->setObjectName(QStringLiteral("kernelStatus"));
    m_kernelLabel->setTextFormat(Qt::PlainText);
    m_kernelLabel->setMinimumWidth(100);
    m_kernelLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // a long line never widens the window
    statusBar()->addWidget(m_kernelLabel, 1);
    m_problemsButton = new QToolButton(this);
    m_problemsButton->setObjectName(QStringLiteral("problemsButton"));
    m_problemsButton->setAutoRaise(true);
    m_problemsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problemsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_problemsButton->setVisible(false);
    connect(m_problemsButton, &QToolButton::clicked, this, &MainWindow::showProblems);
    statusBar()->addPermanentWidget(m_problemsButton);
}

void MainWindow::createResultsDock()
{
    m_results = new ResultsTableModel(this);
    m_results->setAnalysis(m_analysis);
    m_resultsProxy = new ResultsProxyModel(this);
    m_resultsProxy->setSourceModel(m_results);
    m_resultsProxy->setSortRole(ResultsTableModel::kSortRole);
    m_resultsProxy->setAnalysis(m_analysis);
    m_resultsView = new FrozenColumnTable(this);
    m_resultsView->setObjectName(QStringLiteral("resultsView"));
    m_resultsView->setModel(m_resultsProxy);
    m_resultsView->setItemDelegate(new CachedTextDelegate(m_resultsView)); // repaints reuse the text layouts
    m_resultsView->frozenView()->setItemDelegate(new CachedTextDelegate(m_resultsView->frozenView()));
    m_resultsView->setSortingEnabled(true);
    m_resultsView->sortByColumn(-1, Qt::AscendingOrder); // session order until a header is clicked
    m_resultsView->setAlternatingRowColors(true);
    m_resultsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_resultsView->verticalHeader()->setVisible(false);
    m_resultsView->verticalHeader()->setDefaultSectionSize(m_resultsView->fontMetrics().height() + 6);
    // Interactive widths, sized to the contents when a session is shown: ResizeToContents would
    // measure every row on every change, far too slow with thousands of rows.
    m_resultsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_resultsView->horizontalHeader()->setResizeContentsPrecision(200);
    // The level the intensity and ridge are on, beside them (the model keeps it last).
    m_resultsView->horizontalHeader()->moveSection(static_cast<int>(ColumnLevel), static_cast<int>(ColumnRidge) + 1);
    m_resultsView->setFrozenColumns(2); // Kernel and Device stay in view when the table scrolls across
    m_resultsDock = new QDockWidget(tr("Results"), this);
    m_resultsDock->setObjectName(QStringLiteral("resultsDock"));
    m_resultsDock->setWidget(m_resultsView);
    addDockWidget(Qt::BottomDockWidgetArea, m_resultsDock);
    m_comparisonDock = new ComparisonDock(this);
    m_comparisonDock->setAnalysis(m_analysis);
    addDockWidget(Qt::BottomDockWidgetArea, m_comparisonDock);
    m_regimeMapDock = new RegimeMapDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_regimeMapDock); // placed with the others (arrangeDocks)
    m_roofTimesDock = new RoofTimesDock(m_analysis, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_roofTimesDock);
}

const Session& MainWindow::session() const
{
    return m_document->session();
}

void MainWindow::setSession(Session session, const QString& filePath)
{
    m_restored = false;
    m_sessionPath = filePath;
    m_document->resetSession(std::move(session)); // the analysis forgets the problems of earlier files
    m_tabs->setCurrentWidget(m_chart); // a session opens on the roofline; the serving chart is one tab away
    // The scene was rebuilt and the results columns fitted while the document reset.
    const ViewSettings& view = m_document->session().view;
    if (view.xRange && view.yRange) {
        const ChartRange saved { view.xRange->first, view.xRange->second, view.yRange->first, view.yRange->second };
        m_chart->setVisibleRange(saved); // ignored when invalid
    }
    m_resultsView->fitColumns(kMaxColumnWidth);
    updateTitle();
}

void MainWindow::setSceneOptions(const SceneOptions& options)
{
    // The top-N filter and the marker size are the session's (one undo step, saved with it); review
    // mode is the window's.
    ViewSettings view = session().view;
    const bool viewDiffers = view.topKernels != options.topKernels || view.sizeByRuntime != options.sizeByRuntime;
    if (options.review != m_analysis->options().review || !viewDiffers) {
        SceneOptions windowOptions = m_analysis->options();
        windowOptions.review = options.review;
        m_analysis->setOptions(windowOptions);
    }
    if (viewDiffers) {
        const QString text = view.topKernels != options.topKernels
            ? (options.topKernels > 0 ? tr("Show top %1 kernels").arg(options.topKernels) : tr("Show all kernels"))
            : (options.sizeByRuntime ? tr("Marker size by runtime") : tr("Uniform marker size"));
        view.topKernels = options.topKernels;
        view.sizeByRuntime = options.sizeByRuntime;
        m_document->setView(view, text);
    }
    if (viewDiffers && options.topKernels > 0) {
        showStatusMessage(tr("Showing the %1 kernels that take the most time").arg(options.topKernels), 4000);
    }
}

const SceneOptions& MainWindow::sceneOptions() const
{
    return m_analysis->options();
}

bool MainWindow::isReviewMode() const
{
    return m_analysis->options().review;
}

int MainWindow::selectedKernel() const
{
    return m_analysis->selectedKernel();
}

void MainWindow::setSelectedKernel(int kernel)
{
    m_analysis->setSelectedKernel(kernel);
}

QString MainWindow::kernelStatusText() const
{
    return m_kernelLabel->text();
}

void MainWindow::updateKernelStatus()
{
    const int kernel = m_analysis->selectedKernel();
    m_kernelLabel->setText(m_analysis->kernelStatusLine(kernel));
    // The whole name first (the line elides a long one in the middle), then the advice.
    const auto& kernels = m_analysis->shownSession().kernels;
    const QString name = kernel >= 0 && static_cast<size_t>(kernel) < kernels.size()
        ? QString::fromStdString(kernels[static_cast<size_t>(kernel)].name)
        : QString();
    const QString guidance = m_analysis->kernelGuidance(kernel);
    m_kernelLabel->setToolTip(
        name.isEmpty() || guidance.isEmpty() ? name + guidance : name + QLatin1Char('\n') + guidance);
}

void MainWindow::nudgeSelectedKernel(double factor)
{
    const int shown = m_analysis->selectedKernel();
    const int kernel = m_analysis->sessionKernelOf(shown);
    if (kernel < 0 || static_cast<size_t>(kernel) >= session().kernels.size()) {
        showStatusMessage(tr("Select a kernel first (click its marker)"), 3000);
        return;
    }
    if (m_analysis->groupPartOf(shown) >= 0) {
        // A group's kernel moves by the group's batch (as its drag does).
        const Kernel& shownKernel = m_analysis->shownSession().kernels[static_cast<size_t>(shown)];
        const KernelGroupPart& part = *shownKernel.groupPart;
        const double total = shownKernel.totalBytes();
        if (!(shownKernel.flops > 0.0 && total > 0.0)) {
            showStatusMessage(tr("%1 has no intensity to move").arg(QString::fromStdString(shownKernel.name)), 3000);
            return;
        }
        m_document->endInteraction();
        QString limit;
        const QString error = m_document->setGroupPartIntensity(
            kernel, part.part, part.chips, shownKernel.flops / total * factor, &limit);
        m_document->endInteraction();
        if (!error.isEmpty() || !limit.isEmpty()) {
            showStatusMessage(error.isEmpty() ? limit : error, 6000);
        }
        return;
    }
    const Kernel& k = session().kernels[static_cast<size_t>(kernel)];
    // The same bytes the move counts the intensity against (as a drag does): every level's bytes,
    // and so the intensity shown on any level, change by the factor. Total bytes here (six times an
    // import's main-memory bytes) made Right jump and land lower.
    const double bytes = SessionDocument::intensityBytes(k);
    if (!(k.flops > 0.0 && bytes > 0.0)) {
        showStatusMessage(tr("%1 has no intensity to move").arg(QString::fromStdString(k.name)), 3000);
        return;
    }
    m_document->endInteraction();
    QString limit;
    const QString error = m_document->setKernelIntensity(kernel, k.flops / bytes * factor, &limit);
    m_document->endInteraction();
    if (!error.isEmpty() || !limit.isEmpty()) {
        showStatusMessage(error.isEmpty() ? limit : error, 6000);
    }
}

void MainWindow::showStatusMessage(const QString& message, int timeoutMs)
{
    m_lastStatusMessage = message;
    statusBar()->showMessage(message, timeoutMs);
}

QString MainWindow::statusMessage() const
{
    return m_lastStatusMessage;
}

QStringList MainWindow::problems() const
{
    return m_analysis->problems();
}

QString MainWindow::summaryText() const
{
    return counted(static_cast<qsizetype>(m_analysis->scene().devices.size()), tr("device"), tr("devices"))
        + QStringLiteral(" · ")
        + counted(static_cast<qsizetype>(m_analysis->scene().kernels.size()), tr("kernel"), tr("kernels"));
}

QString MainWindow::statusText() const
{
    const qsizetype problemCount = problems().size();
    return problemCount > 0
        ? summaryText() + QStringLiteral(" · ") + counted(problemCount, tr("problem"), tr("problems"))
        : summaryText();
}

void MainWindow::updateStatus()
{
    const QStringList all = problems();
    m_summaryLabel->setText(summaryText());
    m_problemsButton->setText(counted(all.size(), tr("problem"), tr("problems")));
    m_problemsButton->setToolTip(all.mid(0, 20).join(QLatin1Char('\n')));
    m_problemsButton->setVisible(!all.isEmpty());
}

void MainWindow::reportProblems(const QStringList& problems, const QString& headline, bool popUp)
{
    m_analysis->addLoadProblems(problems, headline);
    if (popUp && !problems.isEmpty()) { // warnings about the session alone wait behind the button
        showProblemList(problems, headline); // this action's problems only; all of them behind the button
    }
}

DeviceEditorDialog* MainWindow::newDeviceFrom(const QString& id)
{
    const Hardware* base = m_hardware.find(id.toStdString());
    const QString folder = QString::fromStdString(userHardwareDir());
    if (!base) {
        return nullptr;
    }
    if (folder.isEmpty()) {
        reportProblems({ tr("No user hardware folder: neither XDG_DATA_HOME nor HOME is set") },
            tr("A new device cannot be saved."));
        return nullptr;
    }
    auto* dialog = new DeviceEditorDialog(*base, folder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    std::set<std::string> taken;
    for (const Hardware& hw : m_hardware.devices()) {
        taken.insert(hw.id);
    }
    dialog->setTakenIds(std::move(taken));
    // Accepted only after a successful save; the dialog is deleted later, after this handler.
    connect(dialog, &QDialog::accepted, this, [this, dialog] { addUserDevice(dialog->savedPath()); });
    dialog->open();
    return dialog;
}

QString MainWindow::addUserDevice(const QString& path)
{
    const size_t known = m_hardware.diagnostics().size();
    if (!m_hardware.loadFile(path.toStdString())) {
        QStringList problems;
        for (size_t i = known; i < m_hardware.diagnostics().size(); ++i) {
            problems << QString::fromStdString(m_hardware.diagnostics()[i].toString());
        }
        if (problems.isEmpty()) {
            problems << tr("%1: the device could not be loaded").arg(path);
        }
        reportProblems(problems, tr("The new device could not be added."));
        return problems.front();
    }
    const Hardware& added = m_hardware.devices().back();
    const QString name = QString::fromStdString(added.name);
    std::vector<DeviceSelection> devices = session().devices;
    auto it = std::find_if(devices.begin(), devices.end(), [&](const DeviceSelection& d) { return d.id == added.id; });
    if (it == devices.end()) {
        DeviceSelection selection;
        selection.id = added.id;
        devices.push_back(selection);
    } else {
        it->visible = true; // the session named it before the database had it
    }
    m_analysis->hardwareChanged(); // the database grew: cached device pointers may have moved
    m_hardwareDock->reloadDevices();
    m_document->setDevices(devices, tr("New device %1").arg(name));
    showStatusMessage(tr("Saved %1 to %2").arg(name, path), 8000);
    return {};
}

void MainWindow::fitAll()
{
    m_chart->fitAll();
}

bool MainWindow::isServingShown() const
{
    return m_tabs->currentWidget() == m_servingTab;
}

void MainWindow::copyChart()
{
    QApplication::clipboard()->setPixmap(isServingShown() ? m_servingTab->chart()->grab() : m_chart->toPixmap());
    showStatusMessage(tr("Chart copied to the clipboard"), 3000);
}

void MainWindow::showProblems()
{
    showProblemList(problems(), m_analysis->problemHeadline());
}

} // namespace roofscope

#include "moc_MainWindow.cpp"
