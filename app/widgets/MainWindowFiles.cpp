// MainWindow: files. Open, save, autosave and recovery, recent files, imports and exports.

#include "chart/ServingChart.h"
#include "document/QtText.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"

#include "chart/ChartExport.h"
#include "chart/RooflineChart.h"
#include "document/AppPaths.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/ImportDetect.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/Text.h"
#include "models/ResultsTableModel.h"
#include "widgets/HardwareDock.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLockFile>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

namespace roofscope {

namespace {
// The recovery file this process autosaves to, and the lock it holds on it while it runs
// ("<file>.lock": the process id, host and program, which QLockFile checks). Another Roofscope
// started meanwhile finds the lock held and neither offers that file back nor writes over it; a
// process that crashed leaves a lock whose process is gone, and its file is offered on the next start.
struct OwnRecovery {
    QString file;
    std::unique_ptr<QLockFile> lock;
};

OwnRecovery& ownRecovery()
{
    static OwnRecovery own;
    return own;
}

// Whether `file`'s lock could be taken now (no running process holds it); the lock is returned
// held, or null.
std::unique_ptr<QLockFile> lockRecovery(const QString& file)
{
    auto lock = std::make_unique<QLockFile>(file + QStringLiteral(".lock"));
    lock->setStaleLockTime(0); // stale only when its process is gone, however old
    if (!lock->tryLock(0)) {
        return nullptr;
    }
    return lock;
}

// This process's recovery file: session.yaml, or session-<pid>.yaml while another running Roofscope
// holds that one. Empty without a data folder.
QString claimRecoveryFile()
{
    OwnRecovery& own = ownRecovery();
    const QString first = QString::fromStdString(recoveryFile());
    if (first.isEmpty()) {
        return {};
    }
    const QFileInfo info(first);
    if (own.lock && QFileInfo(own.file).absolutePath() == info.absolutePath()) {
        return own.file;
    }
    own.lock.reset(); // the data folder changed (XDG_DATA_HOME): a file there
    QDir().mkpath(info.absolutePath());
    const QString mine = info.absoluteDir().filePath(
        QStringLiteral("%1-%2.yaml").arg(info.completeBaseName()).arg(QCoreApplication::applicationPid()));
    for (const QString& candidate : { first, mine }) {
        if (auto lock = lockRecovery(candidate)) {
            own.file = candidate;
            own.lock = std::move(lock);
            return candidate;
        }
    }
    return {};
}

void removeRecoveryFiles(const QString& file)
{
    QFile::remove(file);
    QFile::remove(file + QStringLiteral(".path"));
}
} // namespace

void MainWindow::importDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Import profiler output"), QString(),
        tr("Profiler output (*.csv *.json);;Nsight Compute CSV (*.csv);;rocprof-compute workload (roofline.csv "
           "pmc_perf.csv "
           "sysinfo.csv);;JSON: ERT roofline.json, JAX cost_analysis(), XProf roofline_model.json (*.json);;Plain "
           "CSV (*.csv);;All files (*)"));
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

void MainWindow::addImportedDevice(
    Hardware hw, std::vector<DeviceSelection>& devices, QStringList& deviceNames, QStringList& problems, bool& unread)
{
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
            unread = true;
            problems << tr("%1: %2 (the device is shown but not saved)")
                            .arg(QString::fromStdString(file), QString::fromStdString(error));
        } else {
            hw.origin = file;
        }
    }
    const std::string id = hw.id;
    deviceNames << QString::fromStdString(hw.shortLabel());
    if (m_hardware.add(std::move(hw))) { // may move the devices: `datasheet` is not used below
        auto shown = [&](const std::string& which) {
            auto it
                = std::find_if(devices.begin(), devices.end(), [&](const DeviceSelection& d) { return d.id == which; });
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

QString MainWindow::importFiles(const QStringList& paths)
{
    std::vector<std::string> files;
    for (const QString& path : paths) {
        files.push_back(path.toStdString());
    }
    ImportResult result = roofscope::importFiles(files);
    QStringList problems;
    bool unread = false; // an error: part of a file was not read (warnings alone: read in full)
    for (const Diagnostic& diagnostic : result.diagnostics) {
        problems << QString::fromStdString(diagnostic.toString());
        unread = unread || diagnostic.severity == Severity::Error;
    }

    // Devices: a free id, saved in the user hardware folder so they are there next time, then shown.
    std::vector<DeviceSelection> devices = session().devices;
    QStringList deviceNames;
    for (Hardware& hw : result.devices) {
        addImportedDevice(std::move(hw), devices, deviceNames, problems, unread);
    }
    // One user action, one undo step: the devices and the runs together.
    const bool macro = !result.devices.empty() && !result.kernels.empty();
    const QString from = paths.size() == 1 ? QFileInfo(paths.front()).fileName() : tr("%1 files").arg(paths.size());
    if (macro) {
        m_document->undoStack()->beginMacro(tr("Import %1").arg(from));
    }
    if (!result.devices.empty()) {
        m_analysis->hardwareChanged(); // the database grew: cached device pointers may have moved
        m_hardwareDock->reloadDevices();
        m_document->setDevices(devices, tr("Import %1").arg(deviceNames.join(QStringLiteral(", "))));
    }

    // Measured kernels are referenced, not copied (docs/file-formats.md#sessions, `runs`): each file that
    // yielded kernels becomes a run of the session, absolute until a save writes its path relative to the
    // session file, watched like the runs of an opened session. Its kernels are read-only and named as
    // reading the run again names them.
    std::vector<std::pair<std::string, std::vector<ImportedKernel>>> byFile;
    for (ImportedKernel& imported : result.kernels) {
        const std::string file = imported.file.empty() ? files.front() : imported.file;
        auto it = std::find_if(byFile.begin(), byFile.end(), [&](const auto& entry) { return entry.first == file; });
        if (it == byFile.end()) {
            it = byFile.insert(byFile.end(), { file, {} });
        }
        it->second.push_back(std::move(imported));
    }
    QStringList runNames;
    qsizetype kernelCount = 0;
    for (auto& [file, imported] : byFile) {
        disambiguateNames(imported);
        const QFileInfo info(QString::fromStdString(file));
        RunReference run;
        run.path = info.absoluteFilePath().toStdString();
        run.file = run.path;
        run.format = detectImportFormat(file);
        const QString base = info.completeBaseName().isEmpty() ? tr("run") : info.completeBaseName();
        QString name = base;
        for (int n = 2; std::any_of(session().runs.begin(), session().runs.end(),
                 [&](const RunReference& other) { return QString::fromStdString(other.name) == name; });
             ++n) {
            name = QStringLiteral("%1 %2").arg(base).arg(n);
        }
        run.name = name.toStdString();
        std::vector<Kernel> kernels;
        kernels.reserve(imported.size());
        for (ImportedKernel& k : imported) {
            kernels.push_back(std::move(k.kernel));
        }
        const qsizetype count = static_cast<qsizetype>(kernels.size());
        const QString error = m_document->addRun(
            run, std::move(kernels), tr("Import run '%1' (%2)").arg(name, counted(count, tr("kernel"), tr("kernels"))));
        if (!error.isEmpty()) {
            unread = true;
            problems << error;
            continue;
        }
        runNames << QStringLiteral("'%1'").arg(name);
        kernelCount += count;
    }
    if (macro) {
        m_document->undoStack()->endMacro();
    }
    if (!deviceNames.isEmpty()) {
        m_chart->fitAll(); // the new roofs (an ERT file's) may lie outside the view: show them
    }
    QString summary = tr("Imported %1").arg(counted(kernelCount, tr("kernel"), tr("kernels")));
    if (!runNames.isEmpty()) {
        summary += runNames.size() == 1 ? tr(" as run %1").arg(runNames.front())
                                        : tr(" as runs %1").arg(runNames.join(QStringLiteral(", ")));
    }
    summary += tr(" and %1 from %2")
                   .arg(counted(static_cast<qsizetype>(deviceNames.size()), tr("device"), tr("devices")), from);
    if (!runNames.isEmpty()) {
        summary += tr(" (referred to by path, not copied)");
    }
    if (!problems.isEmpty()) {
        summary += tr(" · %1").arg(counted(problems.size(), tr("problem"), tr("problems")));
        const QString headline = unread || (kernelCount == 0 && deviceNames.isEmpty())
            ? tr("Some of the imported files could not be read in full.")
            : tr("Imported %1, with %2:").arg(from, counted(problems.size(), tr("warning"), tr("warnings")));
        reportProblems(problems, headline, kernelCount == 0 && deviceNames.isEmpty());
    }
    showStatusMessage(summary, 8000);
    return summary;
}

QSize MainWindow::shownChartSize() const
{
    const QWidget* chart = isServingShown() ? static_cast<const QWidget*>(m_servingTab->chart()) : m_chart;
    return chart->size().expandedTo(QSize(640, 400));
}

QString MainWindow::exportChartTo(const QString& path)
{
    return exportChartTo(path, shownChartSize(), devicePixelRatioF());
}

QString MainWindow::exportChartTo(const QString& path, QSize size, double scale)
{
    Session shown = session();
    const ChartRange range = m_chart->visibleRange();
    shown.view.xRange = std::make_pair(range.xLower, range.xUpper);
    shown.view.yRange = std::make_pair(range.yLower, range.yUpper);
    ChartExportOptions options;
    options.width = size.width();
    options.height = size.height();
    options.scale = scale;
    options.review = isReviewMode();
    if (isServingShown()) {
        // The serving chart as the tab shows it: its group, axes and target (the session's view).
        options.view = QStringLiteral("serving");
        options.servingGroup = m_servingTab->group();
    }
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
            array.push_back(evaluationToJson(rows[r], m_analysis->shownSession().kernels[kernels[r]]));
        }
        text = jsonText(array) + "\n";
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
    // The interactive page is the command line's `export -o OUT.html` (docs/cli.md#export), written by the same code.
    const QStringList filters { tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)"),
        tr("Interactive HTML page (*.html)") };
    QString filter;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), base + QStringLiteral(".png"), filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo(path).suffix().isEmpty()) { // a name typed without its extension: the chosen type's
        static const QRegularExpression pattern(QStringLiteral("\\*(\\.[a-z]+)\\)"));
        const QRegularExpressionMatch match = pattern.match(filter);
        path += match.hasMatch() ? match.captured(1) : QStringLiteral(".png");
    }
    QSize size;
    double scale = 1.0;
    if (!askExportSize(path, &size, &scale)) {
        return;
    }
    const QString error = exportChartTo(path, size, scale);
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Roofscope"), error);
    } else {
        showStatusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
}

bool MainWindow::askExportSize(const QString& path, QSize* size, double* scale)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("html")) { // the page sizes itself to the browser
        *size = shownChartSize();
        *scale = 1.0;
        return true;
    }
    QSettings settings;
    const QSize shown = shownChartSize();
    QDialog dialog(this);
    dialog.setObjectName(QStringLiteral("exportSizeDialog"));
    dialog.setWindowTitle(tr("Export chart"));
    auto* form = new QFormLayout(&dialog);
    auto* width = new QSpinBox(&dialog);
    width->setObjectName(QStringLiteral("exportWidth"));
    width->setRange(200, 8000);
    width->setValue(settings.value(QStringLiteral("export/width"), shown.width()).toInt());
    width->setSuffix(suffix == QLatin1String("pdf") ? tr(" pt") : tr(" px"));
    auto* height = new QSpinBox(&dialog);
    height->setObjectName(QStringLiteral("exportHeight"));
    height->setRange(150, 8000);
    height->setValue(settings.value(QStringLiteral("export/height"), shown.height()).toInt());
    height->setSuffix(width->suffix());
    auto* factor = new QDoubleSpinBox(&dialog);
    factor->setObjectName(QStringLiteral("exportScale"));
    factor->setRange(0.5, 8.0);
    factor->setSingleStep(0.5);
    factor->setDecimals(1);
    factor->setValue(settings.value(QStringLiteral("export/scale"), 2.0).toDouble());
    factor->setSuffix(QStringLiteral(" ×"));
    factor->setToolTip(tr("Image pixels per chart pixel: 2 keeps lines and text sharp on a slide or a "
                          "high-density screen"));
    form->addRow(tr("&Width:"), width);
    form->addRow(tr("&Height:"), height);
    const bool png = suffix == QLatin1String("png");
    if (png) {
        form->addRow(tr("&Scale:"), factor);
    } else {
        factor->hide();
    }
    auto* pixels = new QLabel(&dialog);
    pixels->setObjectName(QStringLiteral("exportPixels"));
    auto updatePixels = [=] {
        pixels->setText(png ? tr("The image: %1 x %2 pixels")
                                  .arg(qRound(width->value() * factor->value()))
                                  .arg(qRound(height->value() * factor->value()))
                            : tr("Lines and text stay sharp at any zoom"));
    };
    connect(width, &QSpinBox::valueChanged, &dialog, updatePixels);
    connect(height, &QSpinBox::valueChanged, &dialog, updatePixels);
    connect(factor, &QDoubleSpinBox::valueChanged, &dialog, updatePixels);
    updatePixels();
    form->addRow(pixels);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    *size = QSize(width->value(), height->value());
    *scale = png ? factor->value() : 1.0;
    settings.setValue(QStringLiteral("export/width"), size->width());
    settings.setValue(QStringLiteral("export/height"), size->height());
    if (png) {
        settings.setValue(QStringLiteral("export/scale"), *scale);
    }
    return true;
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
        showStatusMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 4000);
    }
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
    if (!isModified()) {
        return false;
    }
    const std::string file = claimRecoveryFile().toStdString();
    if (file.empty()) {
        return false;
    }
    if (!saveSessionFile(session(), file).empty()) {
        return false;
    }
    writeFileAtomically(file + ".path", m_sessionPath.toStdString());
    return true;
}

std::optional<MainWindow::Recovery> MainWindow::findRecovery()
{
    const QString first = QString::fromStdString(recoveryFile());
    if (first.isEmpty()) {
        return std::nullopt;
    }
    const QFileInfo info(first);
    const QFileInfoList files = info.absoluteDir().entryInfoList(
        { info.completeBaseName() + QStringLiteral("*.yaml") }, QDir::Files, QDir::Time); // the newest first
    for (const QFileInfo& candidate : files) {
        const QString file = candidate.absoluteFilePath();
        if (file == ownRecovery().file && ownRecovery().lock) {
            continue; // this process's own unsaved work
        }
        // A running Roofscope holds its lock: that work is not lost, and not offered.
        if (!lockRecovery(file)) {
            continue;
        }
        // Its runs are relative to where it was saved.
        SessionLoadResult loaded = loadSessionWithRuns(file.toStdString());
        if (!loaded.session) {
            continue;
        }
        Recovery recovery;
        recovery.session = std::move(*loaded.session);
        recovery.file = file;
        QFile pathFile(file + QStringLiteral(".path"));
        if (pathFile.open(QIODevice::ReadOnly)) {
            recovery.originalPath = QString::fromUtf8(pathFile.readAll()).trimmed();
        }
        recovery.savedAt = candidate.lastModified().toString(Qt::TextDate);
        return recovery;
    }
    return std::nullopt;
}

void MainWindow::discardRecovery()
{
    OwnRecovery& own = ownRecovery();
    if (own.lock) {
        removeRecoveryFiles(own.file); // the lock stays held: the next autosave writes there again
    }
}

void MainWindow::discardRecovery(const Recovery& recovery)
{
    if (!recovery.file.isEmpty() && lockRecovery(recovery.file)) { // not one a running Roofscope took meanwhile
        removeRecoveryFiles(recovery.file);
    }
}

void MainWindow::restoreRecovery(const Recovery& recovery)
{
    // The recovered work is this process's now: its file is the one autosaved, and removed on save.
    OwnRecovery& own = ownRecovery();
    if (!recovery.file.isEmpty() && !own.lock) {
        if (auto lock = lockRecovery(recovery.file)) {
            own.file = recovery.file;
            own.lock = std::move(lock);
        }
    }
    setSession(recovery.session, recovery.originalPath);
    m_restored = true;
    updateTitle();
    showStatusMessage(tr("Restored unsaved work from %1; save it to keep it").arg(recovery.savedAt), 8000);
}

bool MainWindow::maybeSave()
{
    if (!isModified()) {
        return true;
    }
    // Each button has its mnemonic (Alt+S, Alt+D); Enter and Esc cancel, so that no key saves or
    // discards by accident.
    QMessageBox box(QMessageBox::Warning, tr("Roofscope"), tr("The session has unsaved changes. Save them first?"),
        QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    QPushButton* saveButton = box.addButton(tr("&Save"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton* cancelButton = box.addButton(tr("&Cancel"), QMessageBox::RejectRole);
    saveButton->setObjectName(QStringLiteral("saveButton"));
    discardButton->setObjectName(QStringLiteral("discardButton"));
    cancelButton->setObjectName(QStringLiteral("cancelButton"));
    box.setDefaultButton(cancelButton);
    box.setEscapeButton(cancelButton);
    box.exec();
    if (box.clickedButton() == saveButton) {
        return save();
    }
    return box.clickedButton() == discardButton;
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
    // A run that cannot be read is a problem naming its entry; the rest of the session opens.
    SessionLoadResult loaded = loadSessionWithRuns(path.toStdString());
    if (!loaded.session) {
        QStringList lines;
        for (const Diagnostic& diagnostic : loaded.diagnostics) {
            lines << QString::fromStdString(diagnostic.toString());
        }
        const QString error = lines.isEmpty() ? tr("%1 could not be opened").arg(path) : lines.front();
        reportProblems(lines, tr("The session %1 could not be opened; the current session is unchanged.").arg(path));
        return error;
    }
    setSession(std::move(*loaded.session), path); // moved: a large run is not copied
    addRecentFile(path);
    QStringList warnings;
    for (const Diagnostic& diagnostic : loaded.diagnostics) {
        warnings << QString::fromStdString(diagnostic.toString());
    }
    if (hasErrors(loaded.diagnostics)) {
        reportProblems(warnings, tr("Some runs of %1 could not be read; the rest of the session is open.").arg(path));
    } else if (!warnings.isEmpty()) {
        reportProblems(warnings, {}, false);
    }
    showStatusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
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
    showStatusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
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
    setChartOnly(false);
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/compact"), m_compactLayout);
    QMainWindow::closeEvent(event);
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

} // namespace roofscope
