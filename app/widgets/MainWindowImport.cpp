// MainWindow: imports. Profiler output and device files from the dialog or dropped on the window.

#include "chart/ChartExport.h"
#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/SessionAnalysis.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/ImportDetect.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/Text.h"
#include "models/ResultsTableModel.h"
#include "session/AppPaths.h"
#include "session/QtText.h"
#include "session/SessionDocument.h"
#include "widgets/HardwareDock.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"
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
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

namespace roofscope {

void MainWindow::importDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Import profiler output"), QString(),
        tr("Profiler output (*.csv *.json);;Nsight Compute CSV (*.csv);;rocprof-compute workload (roofline.csv "
           "pmc_perf.csv sysinfo.csv);;Intel Advisor survey or roofline report, CSV (*.csv);;JSON: ERT "
           "roofline.json, JAX cost_analysis(), XProf roofline_model.json (*.json);;Plain CSV (*.csv);;All files (*)"));
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

} // namespace roofscope
