#include "session/RunWatcher.h"

#include "io/SessionRuns.h"
#include "session/SessionDocument.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

#include <utility>

namespace roofscope {

namespace {
QString absolutePath(const std::string& path)
{
    return QFileInfo(QString::fromStdString(path)).absoluteFilePath();
}
} // namespace

RunWatcher::RunWatcher(SessionDocument* document, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_watcher(new QFileSystemWatcher(this))
    , m_delay(new QTimer(this))
{
    m_delay->setSingleShot(true);
    m_delay->setInterval(300);
    connect(m_delay, &QTimer::timeout, this, &RunWatcher::reloadPending);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &RunWatcher::onChanged);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &RunWatcher::onDirectoryChanged);
    connect(m_document, &SessionDocument::sessionReset, this, &RunWatcher::watchRuns);
    connect(m_document, &SessionDocument::runsChanged, this, &RunWatcher::watchRuns); // imported, or undone
    watchRuns();
}

QStringList RunWatcher::watchedFiles() const
{
    return m_watcher->files();
}

void RunWatcher::watchRuns()
{
    m_pending.clear();
    m_delay->stop();
    if (!m_watcher->files().isEmpty()) {
        m_watcher->removePaths(m_watcher->files());
    }
    if (!m_watcher->directories().isEmpty()) {
        m_watcher->removePaths(m_watcher->directories());
    }
    for (const RunReference& run : m_document->session().runs) {
        if (run.path.empty()) {
            continue; // not read from a file: nothing on disk to follow
        }
        const QString file = absolutePath(run.path);
        // The folder too: a file replaced by a rename leaves the watcher, and comes back through it.
        const QString folder = QFileInfo(file).absolutePath();
        if (!m_watcher->directories().contains(folder)) {
            m_watcher->addPath(folder);
        }
        if (QFileInfo::exists(file) && !m_watcher->files().contains(file)) {
            m_watcher->addPath(file);
        }
    }
}

void RunWatcher::onChanged(const QString& path)
{
    m_pending.insert(path);
    m_delay->start();
}

void RunWatcher::onDirectoryChanged(const QString& directory)
{
    for (const RunReference& run : m_document->session().runs) {
        const QString file = absolutePath(run.path);
        if (QFileInfo(file).absolutePath() == directory && QFileInfo::exists(file)
            && !m_watcher->files().contains(file)) {
            m_watcher->addPath(file); // written anew (a rename over it, or created after the session opened)
            onChanged(file);
        }
    }
}

void RunWatcher::reloadPending()
{
    m_delay->stop();
    const QSet<QString> pending = std::exchange(m_pending, {});
    // Copied: a reload changes the session the references live in.
    const std::vector<RunReference> runs = m_document->session().runs;
    for (const RunReference& run : runs) {
        const QString file = absolutePath(run.path);
        if (!pending.contains(file)) {
            continue;
        }
        if (QFileInfo::exists(file) && !m_watcher->files().contains(file)) {
            m_watcher->addPath(file);
        }
        const QString name = QString::fromStdString(run.name);
        RunLoadResult loaded = loadRun(run);
        if (!loaded.ok()) {
            QStringList problems;
            for (const Diagnostic& d : loaded.diagnostics) {
                if (d.severity == Severity::Error) {
                    problems << QString::fromStdString(d.toString());
                }
            }
            Q_EMIT reloadFailed(problems,
                tr("Run '%1' changed on disk but cannot be read; its kernels are kept as they were.").arg(name));
            continue;
        }
        const size_t count = loaded.kernels.size();
        const QString error = m_document->reloadRun(run.name, loaded.kernels);
        if (!error.isEmpty()) {
            Q_EMIT reloadFailed({ error }, {});
            continue;
        }
        Q_EMIT reloaded(
            tr("Reloaded run '%1' (%n kernel(s)) after its file changed on disk", nullptr, static_cast<int>(count))
                .arg(name));
    }
}

} // namespace roofscope

#include "moc_RunWatcher.cpp"
