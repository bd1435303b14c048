#pragma once

#include <QObject>
#include <QSet>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace roofscope {

class SessionDocument;

// Watches the files of the open session's runs. When one changes on disk (written in place, or
// replaced by a rename), it is read again a moment later (changes within ~300 ms make one reload)
// and its kernels replace the run's as one undoable step ("Reload run 'after'"). A run that cannot
// be read keeps its kernels and the problem is reported.
class RunWatcher : public QObject {
    Q_OBJECT

public:
    explicit RunWatcher(SessionDocument* document, QObject* parent = nullptr);

    // Run files watched now (absolute paths).
    QStringList watchedFiles() const;
    // Reads the changed runs now instead of after the delay.
    void reloadPending();

Q_SIGNALS:
    // A run was read again ("Reloaded run 'after' (12 kernels) after its file changed").
    void reloaded(const QString& message);
    // A run that changed could not be read; its kernels stay as they were.
    void reloadFailed(const QStringList& problems, const QString& headline);

private:
    void watchRuns();
    void onChanged(const QString& path);
    void onDirectoryChanged(const QString& directory);

    SessionDocument* m_document;
    QFileSystemWatcher* m_watcher;
    QTimer* m_delay;
    QSet<QString> m_pending; // run files changed since the last reload
};

} // namespace roofscope
