// MainWindow: session files. Open, save, autosave and recovery, recent files.

#include "chart/ServingChart.h"
#include "session/QtText.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"

#include "chart/ChartExport.h"
#include "chart/RooflineChart.h"
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
#include "session/SessionDocument.h"
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
