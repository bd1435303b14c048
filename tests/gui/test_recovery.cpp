// Crash recovery with a real killed process: a child opens a session, edits it, waits for the
// autosave and is killed with SIGKILL; the next window finds the unsaved work and restores it.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "session/AppPaths.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"

#include <QFileInfo>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <cstdio>

using namespace roofscope;

namespace {
const char* const kEditedName = "edited just before the crash";

// The child: open, edit, let the autosave run, say so, then wait to be killed.
int runChild(const QString& sessionPath)
{
    HardwareDatabase db;
    db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
    MainWindow window(db);
    const auto loaded = loadSessionFile(sessionPath.toStdString());
    if (!loaded.session) {
        return 3;
    }
    window.setSession(*loaded.session, sessionPath);
    window.setAutosaveDelay(100);
    Kernel edited = window.session().kernels[0];
    edited.name = kEditedName;
    if (!window.document()->replaceKernel(0, edited).isEmpty()) {
        return 4;
    }
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (QFileInfo::exists(QString::fromStdString(recoveryFile()))) {
            std::printf("autosaved\n");
            std::fflush(stdout);
            poll.stop();
        }
    });
    poll.start(20);
    return QApplication::exec(); // until SIGKILL
}
} // namespace

class TestRecovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void killedSessionIsOfferedBack()
    {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(),
            { QStringLiteral("test_recovery"), QStringLiteral("--child"), session });
        QVERIFY(child.waitForStarted(10000));
        QByteArray said;
        for (int i = 0; i < 200 && !said.contains("autosaved"); ++i) {
            child.waitForReadyRead(100);
            said += child.readAllStandardOutput();
        }
        QVERIFY2(said.contains("autosaved"), said.constData());
        child.kill(); // SIGKILL: no chance to clean up
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        const auto recovery = MainWindow::findRecovery();
        QVERIFY(recovery);
        QCOMPARE(recovery->session.kernels[0].name, std::string(kEditedName));
        QCOMPARE(recovery->originalPath, session);

        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        MainWindow window(db);
        window.restoreRecovery(*recovery);
        QCOMPARE(window.session().kernels[0].name, std::string(kEditedName));
        QCOMPARE(window.session().kernels.size(), size_t(4));
        QVERIFY(window.isModified()); // recovered work is unsaved until saved
        QCOMPARE(window.sessionPath(), session);

        // Saving elsewhere clears the recovery file.
        QVERIFY(window.saveSessionAs(data.filePath(QStringLiteral("rescued.yaml"))).isEmpty());
        QVERIFY(!window.isModified());
        QVERIFY(!MainWindow::findRecovery());
        qunsetenv("XDG_DATA_HOME");
    }

    // Issue 32: a second window offered to recover the first one's autosave while the first was
    // still running (and autosaved over it). A running process's autosave is not offered; a second
    // one autosaves beside it; once the first is gone, its work is offered.
    void liveSessionIsNotOfferedBack()
    {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        const QString session = QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(),
            { QStringLiteral("test_recovery"), QStringLiteral("--child"), session });
        QVERIFY(child.waitForStarted(10000));
        QByteArray said;
        for (int i = 0; i < 200 && !said.contains("autosaved"); ++i) {
            child.waitForReadyRead(100);
            said += child.readAllStandardOutput();
        }
        QVERIFY2(said.contains("autosaved"), said.constData());
        auto killChild = qScopeGuard([&] {
            child.kill();
            child.waitForFinished(10000);
        });
        qputenv("XDG_DATA_HOME", data.path().toUtf8());
        auto unset = qScopeGuard([] { qunsetenv("XDG_DATA_HOME"); });
        QVERIFY(QFileInfo::exists(QString::fromStdString(recoveryFile())));
        QVERIFY2(!MainWindow::findRecovery(), "the running window's autosave was offered for recovery");

        // This window's own autosave goes beside the running one's, not over it.
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        {
            MainWindow second(db);
            second.setAutosaveDelay(-1);
            second.setSession(*loadSessionFile(session.toStdString()).session, session);
            Kernel renamed = second.session().kernels[1];
            renamed.name = "edited in the second window";
            QVERIFY(second.document()->replaceKernel(1, renamed).isEmpty());
            QVERIFY(second.autosaveNow());
            const auto first = loadSessionFile(recoveryFile());
            QVERIFY(first.session);
            QCOMPARE(first.session->kernels[0].name, std::string(kEditedName)); // not written over
            QCOMPARE(first.session->kernels[1].name, std::string("Attention QK^T"));
            second.document()->undoStack()->setClean(); // closes without asking
        }

        child.kill();
        QVERIFY(child.waitForFinished(10000));
        const auto recovery = MainWindow::findRecovery();
        QVERIFY(recovery);
        QCOMPARE(recovery->session.kernels[0].name, std::string(kEditedName));
        MainWindow::discardRecovery(*recovery);
        QVERIFY(!MainWindow::findRecovery());
    }
};

namespace {
int recoveryMain(int argc, char** argv)
{
    QApplication app(argc, argv);
    if (argc == 3 && QByteArray(argv[1]) == "--child") {
        return runChild(QString::fromLocal8Bit(argv[2]));
    }
    TestRecovery test;
    return QTest::qExec(&test, argc, argv);
}
} // namespace
ROOFSCOPE_TEST_CUSTOM_MAIN(recoveryMain)

#include "test_recovery.moc"
