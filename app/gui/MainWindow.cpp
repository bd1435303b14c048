#include "gui/MainWindow.h"

#include "AppPaths.h"
#include "chart/RooflineChart.h"
#include "gui/ChartExport.h"
#include "gui/ComparisonDock.h"
#include "gui/EvaluationText.h"
#include "gui/HardwareDock.h"
#include "gui/KernelDock.h"
#include "gui/ResultsTableModel.h"
#include "gui/SceneBuilder.h"
#include "gui/SessionDocument.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/ImportDetect.h"
#include "io/SessionEvaluator.h"
#include "io/SessionFile.h"
#include "model/Text.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelection>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <qcustomplot.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
QString counted(qsizetype count, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? singular : plural);
}
} // namespace

MainWindow::MainWindow(HardwareDatabase& hardware, QWidget* parent)
    : QMainWindow(parent)
    , m_hardware(hardware)
    , m_document(new SessionDocument(this))
{
    m_chart = new RooflineChart(this);
    setCentralWidget(m_chart);
    createResultsDock();
    m_hardwareDock = new HardwareDock(m_hardware, m_document, this);
    addDockWidget(Qt::LeftDockWidgetArea, m_hardwareDock);
    m_kernelDock = new KernelDock(m_document, this);
    m_kernelDock->setCrossoverProvider([this](int kernel) { return crossoverLines(kernel); });
    addDockWidget(Qt::RightDockWidgetArea, m_kernelDock);
    connect(m_kernelDock, &KernelDock::currentKernelChanged, this, [this](int kernel) {
        m_chart->setSelectedKernel(kernel);
        updateKernelStatus();
    });
    connect(m_chart, &RooflineChart::kernelDragged, this, [this](int kernel, double flopsPerByte) {
        const QString error = m_document->setKernelIntensity(kernel, flopsPerByte);
        if (!error.isEmpty()) {
            statusBar()->showMessage(error, 4000);
        }
    });
    connect(m_chart, &RooflineChart::kernelDragFinished, m_document, &SessionDocument::endInteraction);
    connect(m_chart, &RooflineChart::kernelClicked, this, [this](int kernel) {
        if (kernel >= 0) {
            setSelectedKernel(kernel);
        }
    });

    connect(m_document, &SessionDocument::kernelMoved, this, &MainWindow::onKernelMoved);
    connect(m_document->undoStack(), &QUndoStack::cleanChanged, this, [this] { updateTitle(); });
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
    m_chart->setToolTipProvider([this](int kernel, int device) { return toolTipFor(kernel, device); });
    for (auto signal : { &SessionDocument::devicesChanged, &SessionDocument::viewChanged }) {
        connect(m_document, signal, this, [this] { refresh(false); });
    }
    connect(m_document, &SessionDocument::kernelChanged, this, [this](int index) {
        m_cache.invalidateKernel(static_cast<size_t>(index), false);
        refresh(false);
    });
    for (auto signal : { &SessionDocument::kernelsInserted, &SessionDocument::kernelRemoved }) {
        connect(m_document, signal, this, [this] {
            m_cache.clear(); // kernel indices shift
            refresh(false);
        });
    }

    m_summaryLabel = new QLabel(this);
    statusBar()->addWidget(m_summaryLabel);
    m_kernelLabel = new QLabel(this);
    m_kernelLabel->setTextFormat(Qt::PlainText);
    m_kernelLabel->setMinimumWidth(100);
    statusBar()->addWidget(m_kernelLabel, 1);
    m_problemsButton = new QToolButton(this);
    m_problemsButton->setAutoRaise(true);
    m_problemsButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problemsButton->setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_problemsButton->setVisible(false);
    connect(m_problemsButton, &QToolButton::clicked, this, &MainWindow::showProblems);
    statusBar()->addPermanentWidget(m_problemsButton);

    createActions();
    setAcceptDrops(true);

    QSize size(1600, 1000);
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        size = size.boundedTo(screen->availableSize());
    }
    resize(size);
    resizeDocks({ m_hardwareDock, m_kernelDock }, { 270, 320 }, Qt::Horizontal);
    resizeDocks({ m_resultsDock }, { 260 }, Qt::Vertical);
    restoreLayout();
    updateTitle();
    updateStatus();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
    const QByteArray state = settings.value(QStringLiteral("window/state")).toByteArray();
    if (!geometry.isEmpty()) {
        restoreGeometry(geometry);
    }
    if (!state.isEmpty()) {
        restoreState(state);
    }
}

void MainWindow::importDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Import profiler output"), QString(), tr("Profiler output (*.csv *.json);;All files (*)"));
    if (!paths.isEmpty()) {
        importFiles(paths);
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QMimeData* mime = event->mimeData();
    if (mime->hasUrls()
        && std::all_of(mime->urls().begin(), mime->urls().end(), [](const QUrl& url) { return url.isLocalFile(); })) {
        event->acceptProposedAction();
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            paths << url.toLocalFile();
        }
    }
    if (paths.size() == 1
        && (paths.front().endsWith(QLatin1String(".yaml"), Qt::CaseInsensitive)
            || paths.front().endsWith(QLatin1String(".yml"), Qt::CaseInsensitive))) {
        event->acceptProposedAction();
        if (maybeSave()) {
            openSessionFile(paths.front()); // a session file opens; anything else is imported
        }
        return;
    }
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        importFiles(paths);
    }
}

QString MainWindow::importFiles(const QStringList& paths)
{
    std::vector<std::string> files;
    for (const QString& path : paths) {
        files.push_back(path.toStdString());
    }
    ImportResult result = roofscope::importFiles(files);
    QStringList problems;
    for (const Diagnostic& diagnostic : result.diagnostics) {
        problems << QString::fromStdString(diagnostic.toString());
    }

    // Devices: a free id, saved in the user hardware folder so they are there next time, then shown.
    std::vector<DeviceSelection> devices = session().devices;
    QStringList deviceNames;
    for (Hardware& hw : result.devices) {
        const std::string base = hw.id.empty() ? std::string("imported-device") : hw.id;
        hw.id = base;
        for (int n = 2; m_hardware.find(hw.id); ++n) {
            hw.id = base + "-" + std::to_string(n);
        }
        // Its datasheet entry (same vendor, the generation named in the datasheet's family or
        // generation, e.g. a measured "MI200" beside the "Instinct MI200" MI210): shown beside it, and
        // the measured device joins that family in the hardware dock.
        const Hardware* datasheet = nullptr;
        for (const Hardware& candidate : m_hardware.devices()) {
            const QString generation = QString::fromStdString(hw.generation);
            if (!generation.isEmpty() && equalsIgnoreCase(candidate.vendor, hw.vendor)
                && (QString::fromStdString(candidate.family).contains(generation, Qt::CaseInsensitive)
                    || QString::fromStdString(candidate.generation).compare(generation, Qt::CaseInsensitive) == 0)) {
                datasheet = &candidate;
                break;
            }
        }
        std::string datasheetId;
        if (datasheet) {
            hw.family = datasheet->family;
            datasheetId = datasheet->id;
        }
        const std::string userDir = userHardwareDir();
        if (!userDir.empty()) {
            QDir().mkpath(QString::fromStdString(userDir));
            const std::string file = userDir + "/" + hw.id + ".yaml";
            const std::string error = saveHardwareFile(hw, file);
            if (!error.empty()) {
                problems << tr("%1: %2 (the device is shown but not saved)")
                                .arg(QString::fromStdString(file), QString::fromStdString(error));
            } else {
                hw.origin = file;
            }
        }
        const std::string id = hw.id;
        deviceNames << QString::fromStdString(hw.name.empty() ? id : hw.name);
        if (m_hardware.add(std::move(hw))) { // may move the devices: `datasheet` is not used below
            auto shown = [&](const std::string& which) {
                auto it = std::find_if(
                    devices.begin(), devices.end(), [&](const DeviceSelection& d) { return d.id == which; });
                if (it == devices.end()) {
                    DeviceSelection selection;
                    selection.id = which;
                    devices.push_back(selection);
                } else {
                    it->visible = true;
                }
            };
            if (!datasheetId.empty()) {
                shown(datasheetId);
            }
            shown(id);
        }
    }
    if (!result.devices.empty()) {
        m_cache.clear(); // the database grew: cached device pointers may have moved
        m_hardwareDock->reloadDevices();
        m_document->setDevices(devices, tr("Import %1").arg(deviceNames.join(QStringLiteral(", "))));
    }

    std::vector<Kernel> kernels;
    kernels.reserve(result.kernels.size());
    for (ImportedKernel& imported : result.kernels) {
        kernels.push_back(std::move(imported.kernel));
    }
    const QString from = paths.size() == 1 ? QFileInfo(paths.front()).fileName() : tr("%1 files").arg(paths.size());
    if (!kernels.empty()) {
        m_document->addKernels(kernels, tr("Import %1 kernels from %2").arg(kernels.size()).arg(from));
    }
    QString summary = tr("Imported %1 and %2 from %3")
                          .arg(counted(static_cast<qsizetype>(kernels.size()), tr("kernel"), tr("kernels")),
                              counted(static_cast<qsizetype>(deviceNames.size()), tr("device"), tr("devices")), from);
    if (!problems.isEmpty()) {
        summary += tr(" · %1").arg(counted(problems.size(), tr("problem"), tr("problems")));
        reportProblems(problems, tr("Some of the imported files could not be read in full."),
            kernels.empty() && deviceNames.isEmpty());
    }
    statusBar()->showMessage(summary, 8000);
    return summary;
}

QString MainWindow::exportChartTo(const QString& path)
{
    Session shown = session();
    const ChartRange range = m_chart->visibleRange();
    shown.view.xRange = std::make_pair(range.xLower, range.xUpper);
    shown.view.yRange = std::make_pair(range.yLower, range.yUpper);
    ChartExportOptions options;
    options.width = std::max(640, m_chart->width());
    options.height = std::max(400, m_chart->height());
    options.scale = devicePixelRatioF();
    options.review = m_sceneOptions.review;
    return exportChart(shown, m_hardware, path, options);
}

QString MainWindow::exportTableTo(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::vector<Evaluation> rows;
    std::vector<size_t> kernels;
    for (int r = 0; r < m_resultsProxy->rowCount(); ++r) {
        const QModelIndex source = m_resultsProxy->mapToSource(m_resultsProxy->index(r, 0));
        const auto& row = m_results->rows()[static_cast<size_t>(source.row())];
        rows.push_back(*row.evaluation);
        kernels.push_back(row.kernelIndex);
    }
    std::string text;
    if (suffix == QLatin1String("csv")) {
        text = formatEvaluationTable(rows, TableFormat::Csv);
    } else if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown")) {
        text = formatEvaluationTable(rows, TableFormat::Markdown);
    } else if (suffix == QLatin1String("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (size_t r = 0; r < rows.size(); ++r) {
            array.push_back(evaluationToJson(rows[r], session().kernels[kernels[r]]));
        }
        text = array.dump(2) + "\n";
    } else {
        return tr("%1: the file name must end in .csv, .md or .json").arg(path);
    }
    const std::string error = writeFileAtomically(path.toStdString(), text);
    return error.empty() ? QString() : tr("%1: %2").arg(path, QString::fromStdString(error));
}

void MainWindow::exportChartDialog()
{
    const QString base = m_sessionPath.isEmpty()
        ? QDir::home().filePath(QStringLiteral("roofline"))
        : QFileInfo(m_sessionPath).absoluteDir().filePath(QFileInfo(m_sessionPath).completeBaseName());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), base + QStringLiteral(".png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = exportChartTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    } else {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
}

void MainWindow::exportTableDialog()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export table"),
        QDir::home().filePath(QStringLiteral("results.csv")), tr("CSV (*.csv);;Markdown (*.md);;JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    const QString error = exportTableTo(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    } else {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
}

void MainWindow::copyChart()
{
    QApplication::clipboard()->setPixmap(m_chart->plot()->toPixmap());
    statusBar()->showMessage(tr("Chart copied to the clipboard"), 3000);
}

bool MainWindow::isModified() const
{
    return m_restored || !m_document->undoStack()->isClean();
}

void MainWindow::setAutosaveDelay(int idleMs)
{
    m_autosaveEnabled = idleMs >= 0;
    m_autosaveTimer->setInterval(std::max(0, idleMs));
    if (!m_autosaveEnabled) {
        m_autosaveTimer->stop();
    }
}

bool MainWindow::autosaveNow()
{
    const std::string file = recoveryFile();
    if (file.empty() || !isModified()) {
        return false;
    }
    QDir().mkpath(QFileInfo(QString::fromStdString(file)).absolutePath());
    if (!saveSessionFile(session(), file).empty()) {
        return false;
    }
    writeFileAtomically(file + ".path", m_sessionPath.toStdString());
    return true;
}

std::optional<MainWindow::Recovery> MainWindow::findRecovery()
{
    const std::string file = recoveryFile();
    if (file.empty() || !QFileInfo::exists(QString::fromStdString(file))) {
        return std::nullopt;
    }
    SessionLoadResult loaded = loadSessionFile(file);
    if (!loaded.session) {
        return std::nullopt;
    }
    Recovery recovery;
    recovery.session = std::move(*loaded.session);
    QFile pathFile(QString::fromStdString(file + ".path"));
    if (pathFile.open(QIODevice::ReadOnly)) {
        recovery.originalPath = QString::fromUtf8(pathFile.readAll()).trimmed();
    }
    recovery.savedAt = QFileInfo(QString::fromStdString(file)).lastModified().toString(Qt::TextDate);
    return recovery;
}

void MainWindow::discardRecovery()
{
    const std::string file = recoveryFile();
    if (!file.empty()) {
        QFile::remove(QString::fromStdString(file));
        QFile::remove(QString::fromStdString(file + ".path"));
    }
}

void MainWindow::restoreRecovery(const Recovery& recovery)
{
    setSession(recovery.session, recovery.originalPath);
    m_restored = true;
    updateTitle();
    statusBar()->showMessage(tr("Restored unsaved work from %1; save it to keep it").arg(recovery.savedAt), 8000);
}

bool MainWindow::maybeSave()
{
    if (!isModified()) {
        return true;
    }
    const auto answer
        = QMessageBox::warning(this, tr("Roofscope"), tr("The session has unsaved changes. Save them first?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::openDialog()
{
    if (!maybeSave()) {
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Open session"),
        m_sessionPath.isEmpty() ? QString::fromStdString(examplesDir()) : QFileInfo(m_sessionPath).absolutePath(),
        tr("Roofscope sessions (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty()) {
        openSessionFile(path);
    }
}

QString MainWindow::openSessionFile(const QString& path)
{
    const SessionLoadResult loaded = loadSessionFile(path.toStdString());
    if (!loaded.session) {
        QStringList lines;
        for (const Diagnostic& diagnostic : loaded.diagnostics) {
            lines << QString::fromStdString(diagnostic.toString());
        }
        const QString error = lines.isEmpty() ? tr("%1 could not be opened").arg(path) : lines.front();
        reportProblems(lines, tr("The session %1 could not be opened; the current session is unchanged.").arg(path));
        return error;
    }
    setSession(*loaded.session, path);
    addRecentFile(path);
    QStringList warnings;
    for (const Diagnostic& diagnostic : loaded.diagnostics) {
        warnings << QString::fromStdString(diagnostic.toString());
    }
    if (!warnings.isEmpty()) {
        reportProblems(warnings, {}, false);
    }
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    return {};
}

bool MainWindow::save()
{
    if (m_sessionPath.isEmpty()) {
        return saveAsDialog();
    }
    const QString error = saveSessionAs(m_sessionPath);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
        return false;
    }
    return true;
}

bool MainWindow::saveAsDialog()
{
    QString suggested = m_sessionPath;
    if (suggested.isEmpty()) {
        suggested = QDir::home().filePath(QStringLiteral("session.yaml"));
    }
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Save session"), suggested, tr("Roofscope sessions (*.yaml *.yml)"));
    if (path.isEmpty()) {
        return false;
    }
    const QString error = saveSessionAs(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
        return false;
    }
    return true;
}

QString MainWindow::saveSessionAs(const QString& path)
{
    Session toSave = session();
    const ChartRange range = m_chart->visibleRange();
    toSave.view.xRange = std::make_pair(range.xLower, range.xUpper);
    toSave.view.yRange = std::make_pair(range.yLower, range.yUpper);
    const std::string error = saveSessionFile(toSave, path.toStdString());
    if (!error.empty()) {
        return tr("%1: %2").arg(path, QString::fromStdString(error));
    }
    m_sessionPath = path;
    m_restored = false;
    m_document->undoStack()->setClean();
    discardRecovery();
    addRecentFile(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return {};
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(QStringLiteral("recentFiles")).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > 8) {
        files.removeLast();
    }
    QSettings().setValue(QStringLiteral("recentFiles"), files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu) {
        return;
    }
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (const QString& file : files) {
        m_recentMenu
            ->addAction(QFileInfo(file).fileName(), this,
                [this, file] {
                    if (maybeSave()) {
                        openSessionFile(file);
                    }
                })
            ->setStatusTip(file);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    discardRecovery(); // a normal close: the user saved or chose to discard
    setReviewMode(false); // the layout saved is the working one, docks and all
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

MainWindow::~MainWindow()
{
    // The undo stack, a child destroyed after this object, emits indexChanged while it clears: the
    // window must not hear it half-destroyed.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, this, nullptr);
}

void MainWindow::createActions()
{
    QMenu* fileMenu = menuBar()->addMenu(tr("&File"));
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
    redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo });
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    QAction* copy = editMenu->addAction(tr("&Copy Chart"), this, &MainWindow::copyChart);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));

    QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
    QAction* fit = viewMenu->addAction(tr("&Fit All"), this, &MainWindow::fitAll);
    connect(m_chart, &RooflineChart::fitRequested, this, &MainWindow::fitAll);
    fit->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_0), QKeySequence(Qt::Key_Home) });
    fit->setStatusTip(tr("Show every roof and kernel"));
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

    viewMenu->addSeparator();
    auto addViewToggle = [&](const QString& text, bool ViewSettings::*flag) {
        QAction* action = viewMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(session().view.*flag);
        connect(action, &QAction::toggled, this, [this, flag, text](bool on) {
            if (session().view.*flag == on) {
                return;
            }
            ViewSettings view = session().view;
            view.*flag = on;
            m_document->setView(view, text);
        });
        auto sync = [this, action, flag] { action->setChecked(session().view.*flag); };
        connect(m_document, &SessionDocument::viewChanged, action, sync);
        connect(m_document, &SessionDocument::sessionReset, action, sync);
    };
    addViewToggle(tr("Shade Feasible &Region"), &ViewSettings::showFeasibleRegion);
    addViewToggle(tr("Region &Labels"), &ViewSettings::showRegionLabels);
    QAction* bySize = viewMenu->addAction(tr("Marker Size by &Runtime Share"));
    bySize->setCheckable(true);
    bySize->setStatusTip(tr("Bigger markers for the kernels that take more of the total time"));
    connect(bySize, &QAction::toggled, this, [this](bool on) {
        SceneOptions options = m_sceneOptions;
        options.sizeByRuntime = on;
        setSceneOptions(options);
    });
    QMenu* top = viewMenu->addMenu(tr("Show &Top Kernels by Time"));
    auto* topGroup = new QActionGroup(this);
    for (int n : { 0, 5, 10, 20, 50, 100 }) {
        QAction* action = top->addAction(n == 0 ? tr("All") : tr("Top %1").arg(n));
        action->setCheckable(true);
        action->setChecked(n == 0);
        topGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, n] {
            SceneOptions options = m_sceneOptions;
            options.topKernels = n;
            setSceneOptions(options);
        });
    }
    createPresentationActions(viewMenu, open, saveAction, fit);
    viewMenu->addSeparator();
    viewMenu->addAction(m_hardwareDock->toggleViewAction());
    viewMenu->addAction(m_kernelDock->toggleViewAction());
    viewMenu->addAction(m_resultsDock->toggleViewAction());
    viewMenu->addAction(m_comparisonDock->toggleViewAction());
    viewMenu->addSeparator();
    QAction* problems = viewMenu->addAction(tr("&Problems…"), this, &MainWindow::showProblems);
    problems->setStatusTip(tr("List problems found in the hardware and session files"));

    QMenu* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Roofscope"), this, [this] {
        QMessageBox::about(this, tr("About Roofscope"),
            tr("<b>Roofscope %1</b><p>A roofline explorer for accelerators.</p>"
               "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createResultsDock()
{
    m_results = new ResultsTableModel(this);
    m_resultsProxy = new ResultsProxyModel(this);
    m_resultsProxy->setSourceModel(m_results);
    m_resultsProxy->setSortRole(ResultsTableModel::kSortRole);
    m_resultsView = new QTableView(this);
    m_resultsView->setModel(m_resultsProxy);
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
    m_resultsDock = new QDockWidget(tr("Results"), this);
    m_resultsDock->setObjectName(QStringLiteral("resultsDock"));
    m_resultsDock->setWidget(m_resultsView);
    addDockWidget(Qt::BottomDockWidgetArea, m_resultsDock);
    m_comparisonDock = new ComparisonDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_comparisonDock);
    splitDockWidget(m_resultsDock, m_comparisonDock, Qt::Horizontal);
    connect(m_comparisonDock, &ComparisonDock::baselineChosen, this, [this](const QString& id) {
        ViewSettings view = session().view;
        view.baseline = id.toStdString();
        m_document->setView(view, tr("Compare against %1").arg(id));
    });
}

const Session& MainWindow::session() const
{
    return m_document->session();
}

void MainWindow::setSession(const Session& session, const QString& filePath)
{
    m_restored = false;
    m_sessionPath = filePath;
    m_cache.clear();
    m_document->resetSession(session);
    refresh(true);
    const ViewSettings& view = session.view;
    if (view.xRange && view.yRange) {
        const ChartRange saved { view.xRange->first, view.xRange->second, view.yRange->first, view.yRange->second };
        m_chart->setVisibleRange(saved); // ignored when invalid
    }
    updateTitle();
}

void MainWindow::refresh(bool fit)
{
    SceneBuildResult built = buildChartScene(session(), m_hardware, &m_cache, m_sceneOptions);
    m_sceneProblems = built.problems;
    m_sceneDevices = std::move(built.devices);
    m_sceneResults = built.results;
    m_comparison = std::move(built.comparison);
    m_chart->setScene(std::move(built.scene), fit);
    const bool wasEmpty = m_results->rowCount() == 0;
    std::vector<ResultsTableModel::Row> rows;
    rows.reserve(session().kernels.size() * m_sceneResults.size());
    for (size_t k = 0; k < session().kernels.size(); ++k) {
        for (size_t d = 0; d < m_sceneResults.size(); ++d) {
            if (auto& ev = m_sceneResults[d]->evaluations[k]) {
                rows.push_back({ k, m_sceneDevices[d].sessionIndex, &*ev });
            }
        }
    }
    m_results->setRows(std::move(rows), { built.results.begin(), built.results.end() });
    std::vector<char> hidden;
    if (m_sceneOptions.topKernels > 0) {
        for (const ChartKernel& kernel : m_chart->scene().kernels) {
            hidden.push_back(kernel.hidden ? 1 : 0);
        }
    }
    m_resultsProxy->setHiddenKernels(std::move(hidden));
    if (fit || wasEmpty) {
        m_resultsView->resizeColumnsToContents();
    }
    publishComparison();
    m_kernelDock->refreshCrossovers();
    updateStatus();
    updateKernelStatus();
}

void MainWindow::onKernelMoved(int index)
{
    const auto& kernels = session().kernels;
    if (index < 0 || static_cast<size_t>(index) >= kernels.size()
        || kernels.size() != m_chart->scene().kernels.size()) {
        refresh(false);
        return;
    }
    SceneKernelBuild built = buildSceneKernel(
        kernels[static_cast<size_t>(index)], static_cast<size_t>(index), m_sceneDevices, m_chart->scene());
    std::vector<Evaluation> evaluations;
    evaluations.reserve(built.rows.size());
    for (SessionRow& row : built.rows) {
        evaluations.push_back(std::move(row.evaluation));
    }
    // Anything beyond a plain move (a new compute roof, a new problem) takes the full path. The rows
    // point into the cache, so updating them updates the cached evaluations of the shown devices.
    // What the kernel added to the workload totals before the move (the rows update it in place).
    std::vector<std::optional<Evaluation>> before;
    before.reserve(m_sceneResults.size());
    for (const auto& results : m_sceneResults) {
        before.push_back(static_cast<size_t>(index) < results->evaluations.size()
                ? results->evaluations[static_cast<size_t>(index)]
                : std::nullopt);
    }
    if (!built.newRoofs.empty() || !built.problems.isEmpty()
        || !m_results->updateKernelRows(static_cast<size_t>(index), evaluations)) {
        m_cache.invalidateKernel(static_cast<size_t>(index), true);
        refresh(false);
        return;
    }
    m_cache.markStaleExcept(static_cast<size_t>(index), m_sceneResults);
    // A move keeps the kernel's place in the top-N filter and its marker size until the next full refresh.
    const ChartKernel& shown = m_chart->scene().kernels[static_cast<size_t>(index)];
    built.kernel.hidden = shown.hidden;
    built.kernel.markerScale = shown.markerScale;
    built.kernel.runtimeShare = shown.runtimeShare;
    // Before the kernel's repaint: in review mode the panel repaints with it.
    updateComparisonForKernel(index, before);
    m_chart->updateKernel(index, std::move(built.kernel));
    if (index == m_chart->selectedKernel()) {
        updateKernelStatus();
    }
}

std::vector<std::pair<QString, const Evaluation*>> MainWindow::labelledEvaluations(int kernel) const
{
    std::vector<std::pair<QString, const Evaluation*>> labelled;
    const auto [first, last] = m_results->kernelRange(static_cast<size_t>(kernel));
    const auto& rows = m_results->rows();
    for (size_t r = first; r < last; ++r) {
        labelled.emplace_back(deviceLabel(rows[r].deviceIndex), rows[r].evaluation);
    }
    return labelled;
}

QString MainWindow::toolTipFor(int kernel, int sceneDevice) const
{
    if (kernel >= 0 && sceneDevice == -1) {
        return kernelBriefText(labelledEvaluations(kernel));
    }
    if (kernel < 0 || sceneDevice < 0 || static_cast<size_t>(sceneDevice) >= m_sceneDevices.size()
        || static_cast<size_t>(sceneDevice) >= m_chart->scene().devices.size()) {
        return {};
    }
    const size_t sessionIndex = m_sceneDevices[static_cast<size_t>(sceneDevice)].sessionIndex;
    const auto [first, last] = m_results->kernelRange(static_cast<size_t>(kernel));
    const auto& rows = m_results->rows();
    for (size_t r = first; r < last; ++r) {
        if (rows[r].deviceIndex == sessionIndex) {
            return evaluationToolTip(
                *rows[r].evaluation, m_chart->scene().devices[static_cast<size_t>(sceneDevice)].label);
        }
    }
    return {};
}

QString MainWindow::deviceLabel(size_t sessionIndex) const
{
    for (size_t d = 0; d < m_sceneDevices.size() && d < m_chart->scene().devices.size(); ++d) {
        if (m_sceneDevices[d].sessionIndex == sessionIndex) {
            return m_chart->scene().devices[d].label;
        }
    }
    return sessionIndex < session().devices.size() ? QString::fromStdString(session().devices[sessionIndex].id)
                                                   : QString();
}

void MainWindow::setSceneOptions(const SceneOptions& options)
{
    m_sceneOptions = options;
    refresh(false);
    if (options.topKernels > 0) {
        statusBar()->showMessage(tr("Showing the %1 kernels that take the most time").arg(options.topKernels), 4000);
    }
}

int MainWindow::selectedKernel() const
{
    return m_chart->selectedKernel();
}

void MainWindow::setSelectedKernel(int kernel)
{
    m_chart->setSelectedKernel(kernel);
    m_kernelDock->setCurrentKernel(kernel);
    updateKernelStatus();
    // Show the kernel's rows in the results table.
    const auto [first, last] = m_results->kernelRange(static_cast<size_t>(std::max(kernel, 0)));
    if (kernel >= 0 && first < last) {
        QItemSelection selection;
        for (size_t r = first; r < last; ++r) {
            const QModelIndex left = m_resultsProxy->mapFromSource(m_results->index(static_cast<int>(r), 0));
            selection.select(left, left.siblingAtColumn(m_results->columnCount() - 1));
        }
        m_resultsView->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
        const QModelIndex source = m_results->index(static_cast<int>(first), 0);
        m_resultsView->scrollTo(m_resultsProxy->mapFromSource(source), QAbstractItemView::EnsureVisible);
    }
}

QString MainWindow::kernelStatusText() const
{
    return m_kernelLabel->text();
}

void MainWindow::updateKernelStatus()
{
    const int kernel = m_chart->selectedKernel();
    if (kernel < 0 || static_cast<size_t>(kernel) >= session().kernels.size()) {
        m_kernelLabel->clear();
        m_kernelLabel->setToolTip({});
        return;
    }
    const auto rows = labelledEvaluations(kernel);
    m_kernelLabel->setText(
        kernelStatusLine(QString::fromStdString(session().kernels[static_cast<size_t>(kernel)].name), rows));
    m_kernelLabel->setToolTip(kernelGuidanceText(rows));
}

void MainWindow::nudgeSelectedKernel(double factor)
{
    const int kernel = m_chart->selectedKernel();
    if (kernel < 0 || static_cast<size_t>(kernel) >= session().kernels.size()) {
        statusBar()->showMessage(tr("Select a kernel first (click its marker)"), 3000);
        return;
    }
    const Kernel& k = session().kernels[static_cast<size_t>(kernel)];
    const double bytes = k.bytesOn("default") > 0.0 ? k.bytesOn("default") : k.totalBytes();
    if (!(k.flops > 0.0 && bytes > 0.0)) {
        statusBar()->showMessage(tr("%1 has no intensity to move").arg(QString::fromStdString(k.name)), 3000);
        return;
    }
    m_document->endInteraction();
    const QString error = m_document->setKernelIntensity(kernel, k.flops / bytes * factor);
    m_document->endInteraction();
    if (!error.isEmpty()) {
        statusBar()->showMessage(error, 4000);
    }
}

void MainWindow::updateTitle()
{
    QString title = QString::fromStdString(session().title);
    if (title.isEmpty()) {
        title = m_sessionPath.isEmpty() ? tr("Untitled") : QFileInfo(m_sessionPath).fileName();
    }
    if (!m_sessionPath.isEmpty() && QString::fromStdString(session().title) == title) {
        title += QStringLiteral(" (%1)").arg(QFileInfo(m_sessionPath).fileName());
    }
    setWindowTitle(tr("Roofscope — %1[*]").arg(title)); // [*]: the unsaved-changes mark
    setWindowModified(isModified());
}

QStringList MainWindow::problems() const
{
    return m_loadProblems + m_sceneProblems;
}

QString MainWindow::summaryText() const
{
    return counted(m_chart->scene().devices.size(), tr("device"), tr("devices")) + QStringLiteral(" · ")
        + counted(m_chart->scene().kernels.size(), tr("kernel"), tr("kernels"));
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
    const qsizetype problemCount = problems().size();
    m_summaryLabel->setText(summaryText());
    m_problemsButton->setText(counted(problemCount, tr("problem"), tr("problems")));
    m_problemsButton->setToolTip(problems().join(QLatin1Char('\n')));
    m_problemsButton->setVisible(problemCount > 0);
}

void MainWindow::reportProblems(const QStringList& problems, const QString& headline, bool popUp)
{
    m_loadProblems += problems;
    if (!headline.isEmpty()) {
        m_problemHeadline = headline;
    }
    updateStatus();
    if (popUp && !problems.isEmpty()) { // warnings about the session alone wait behind the button
        showProblems();
    }
}

void MainWindow::fitAll()
{
    m_chart->fitAll();
}

void MainWindow::showProblems()
{
    const QStringList all = problems();
    auto* box = new QMessageBox(this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setModal(false);
    box->setWindowTitle(tr("Roofscope — problems"));
    if (all.isEmpty()) {
        box->setIcon(QMessageBox::Information);
        box->setText(tr("No problems were found in the hardware and session files."));
    } else {
        constexpr int kShown = 12;
        box->setIcon(QMessageBox::Warning);
        box->setText(m_problemHeadline.isEmpty() ? tr("Some inputs could not be used.") : m_problemHeadline);
        QStringList shown = all.mid(0, kShown);
        if (all.size() > kShown) {
            shown << tr("… and %1 more (see Details)").arg(all.size() - kShown);
        }
        box->setInformativeText(shown.join(QLatin1Char('\n')));
        box->setDetailedText(all.join(QLatin1Char('\n')));
    }
    box->setStandardButtons(QMessageBox::Close);
    box->show();
}

} // namespace roofscope
