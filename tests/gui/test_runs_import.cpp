// File > Import as a user meets it (files dropped on the window take the same path): a profile
// becomes a run of the session that refers to the file, undone and redone as one step, saved with
// its path relative to the session and read again when the session opens. And a run of thousands
// of kernels in the kernel list: every kernel reachable by keyboard, by click and by the filter.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "models/KernelListModel.h"
#include "session/RunWatcher.h"
#include "session/SessionDocument.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"

#include <algorithm>

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QFont>
#include <QHeaderView>
#include <QLineEdit>
#include <QListView>
#include <QMimeData>
#include <QScopeGuard>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// A plain CSV profile of `count` kernels named kernel_0, kernel_1, ...
QByteArray profile(int count)
{
    QByteArray text = "name,flops,bytes,seconds\n";
    for (int i = 0; i < count; ++i) {
        text += QStringLiteral("kernel_%1,%2,%3,%4\n").arg(i).arg(1e9 * (i + 1)).arg(1e8).arg(1e-3).toUtf8();
    }
    return text;
}

Session oneDevice()
{
    Session s;
    s.devices = { { "nvidia-h100-sxm", "", {}, true } };
    Kernel own;
    own.name = "what-if";
    own.flops = 1e9;
    own.bytes = { { "default", 1e9 } };
    s.kernels.push_back(own);
    return s;
}

// Drops files on the window as a file manager does.
void dropFiles(QWidget* window, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths) {
        urls << QUrl::fromLocalFile(path);
    }
    mime.setUrls(urls);
    const QPointF at(window->width() / 2.0, window->height() / 2.0);
    QDragEnterEvent enter(at.toPoint(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window, &enter);
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window, &drop);
}

std::vector<std::string> runKernelNames(const Session& session, const std::string& run)
{
    std::vector<std::string> names;
    for (const Kernel& k : session.kernels) {
        if (k.fromRun == run) {
            names.push_back(k.name);
        }
    }
    return names;
}
} // namespace

class TestRunsImport : public QObject {
    Q_OBJECT

private:
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void importAddsARunThatUndoRedoSaveAndReopenKeep()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csv = QFileInfo(dir.filePath(QStringLiteral("data/profile.csv"))).absoluteFilePath();
        QVERIFY(writeText(csv, profile(3)));
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(oneDevice()); // unsaved: no session file yet
        window.show();
        QUndoStack* undo = window.document()->undoStack();
        const int steps = undo->count();

        // Import: one runs: entry referring to the file (absolute while the session is unsaved),
        // its kernels after the session's own, read-only, and the file watched.
        dropFiles(&window, { csv });
        const Session& session = window.session();
        QCOMPARE(session.runs.size(), size_t(1));
        QCOMPARE(session.runs[0].name, std::string("profile"));
        QCOMPARE(QString::fromStdString(session.runs[0].file), csv);
        QCOMPARE(session.runs[0].format, std::string("csv"));
        QCOMPARE(session.kernels.size(), size_t(4));
        QCOMPARE(runKernelNames(session, "profile"), (std::vector<std::string> { "kernel_0", "kernel_1", "kernel_2" }));
        QVERIFY(!window.document()->runKernelRefusal(1).isEmpty());
        QCOMPARE(undo->count(), steps + 1);
        QCOMPARE(undo->undoText(), QStringLiteral("Import run 'profile' (3 kernels)"));
        QVERIFY2(
            window.statusMessage().contains(QStringLiteral("as run 'profile'")), qPrintable(window.statusMessage()));
        QCOMPARE(window.runWatcher()->watchedFiles(), QStringList { csv });
        QCOMPARE(window.chart()->scene().kernels.size(), size_t(4));
        // The kernel list shows the measured kernels in italics, naming their run.
        KernelListModel* list = window.kernelDock()->listModel();
        QCOMPARE(list->rowCount(), 4);
        QVERIFY(list->index(1).data(Qt::FontRole).value<QFont>().italic());
        QCOMPARE(list->index(1).data(KernelListModel::kRunRole).toString(), QStringLiteral("profile"));
        QVERIFY(list->index(0).data(KernelListModel::kRunRole).isNull());

        // The same file again is refused: it is already a run of the session.
        window.importFiles({ csv });
        QCOMPARE(window.session().runs.size(), size_t(1));
        QCOMPARE(undo->count(), steps + 1);
        QVERIFY(!window.problems().filter(QStringLiteral("already run 'profile'")).isEmpty());

        // Undo takes the entry and its kernels out; redo puts them back.
        undo->undo();
        QVERIFY(window.session().runs.empty());
        QCOMPARE(window.session().kernels.size(), size_t(1));
        QCOMPARE(list->rowCount(), 1);
        QVERIFY(window.runWatcher()->watchedFiles().isEmpty());
        undo->redo();
        QCOMPARE(window.session().runs.size(), size_t(1));
        QCOMPARE(runKernelNames(window.session(), "profile"),
            (std::vector<std::string> { "kernel_0", "kernel_1", "kernel_2" }));
        QCOMPARE(window.runWatcher()->watchedFiles(), QStringList { csv });

        // The run watcher follows the imported file: written anew, the run is read again (one step).
        QVERIFY(writeText(csv, profile(4)));
        QTRY_COMPARE_WITH_TIMEOUT(runKernelNames(window.session(), "profile").size(), size_t(4), 10000);
        QCOMPARE(undo->undoText(), QStringLiteral("Reload run 'profile'"));

        // A what-if copy of a measured kernel is still one click away, and editable.
        QCOMPARE(window.document()->duplicateAsWhatIf(2), QString());
        QCOMPARE(window.session().kernels.back().name, std::string("kernel_1 (what-if)"));
        QVERIFY(window.document()->runKernelRefusal(static_cast<int>(window.session().kernels.size()) - 1).isEmpty());

        // Saved in another folder: the path is written relative to the session, kernels not copied.
        const QString saved = dir.filePath(QStringLiteral("sessions/s.yaml"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("sessions"))));
        QCOMPARE(window.saveSessionAs(saved), QString());
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString yaml = QString::fromUtf8(file.readAll());
        QVERIFY2(yaml.contains(QStringLiteral("file: ../data/profile.csv")), qPrintable(yaml));
        QVERIFY2(!yaml.contains(QStringLiteral("kernel_0")), qPrintable(yaml));
        QVERIFY(yaml.contains(QStringLiteral("kernel_1 (what-if)"))); // the what-if copy is the session's own

        // Reopened in a new window: the run is read from its file again.
        MainWindow reopened(m_db);
        reopened.setAutosaveDelay(-1);
        QCOMPARE(reopened.openSessionFile(saved), QString());
        QCOMPARE(reopened.session().runs.size(), size_t(1));
        QCOMPARE(reopened.session().runs[0].name, std::string("profile"));
        QCOMPARE(runKernelNames(reopened.session(), "profile"),
            (std::vector<std::string> { "kernel_0", "kernel_1", "kernel_2", "kernel_3" }));
        QCOMPARE(reopened.session().kernels.size(), size_t(6)); // what-if, its copy, four measured
        QCOMPARE(reopened.kernelDock()->listModel()->rowCount(), 6);
        QCOMPARE(reopened.chart()->scene().kernels.size(), size_t(6));
        QCOMPARE(reopened.runWatcher()->watchedFiles(), QStringList { csv });
    }

    // Dropped JAX and XProf files (the same path as File > Import): each a run of its format, told by
    // content; XProf's peaks become a device shown beside the session's.
    void dropTakesJaxAndXprof()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString jax = dir.filePath(QStringLiteral("costs.json"));
        const QString xprof = dir.filePath(QStringLiteral("tpu_profile.json"));
        QVERIFY(QFile::copy(QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/jax/named_costs.json"), jax));
        QVERIFY(QFile::copy(QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/import/xprof/roofline_model.json"), xprof));
        // The XProf device is saved in the user hardware folder: this test's own, not the one the
        // command-line suites running beside it read.
        QTemporaryDir data;
        QVERIFY(data.isValid());
        const QByteArray before = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", data.path().toLocal8Bit());
        const auto restore = qScopeGuard([&] { qputenv("XDG_DATA_HOME", before); });
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(oneDevice());
        window.show();
        dropFiles(&window, { jax, xprof });
        const Session& session = window.session();
        QCOMPARE(session.runs.size(), size_t(2));
        QCOMPARE(session.runs[0].format, std::string("jax"));
        QCOMPARE(session.runs[1].format, std::string("xprof"));
        QCOMPARE(runKernelNames(session, "costs"), (std::vector<std::string> { "matmul", "gelu", "copy" }));
        QCOMPARE(runKernelNames(session, "tpu_profile"),
            (std::vector<std::string> { "fusion.1", "copy.3", "all-reduce.5" }));
        QVERIFY(std::any_of(session.devices.begin(), session.devices.end(),
            [](const DeviceSelection& d) { return d.id.rfind("xprof-tpu-v5-lite", 0) == 0; }));
        QVERIFY2(
            window.statusMessage().contains(QStringLiteral("Imported 6 kernels")), qPrintable(window.statusMessage()));
    }

    void kernelListReachesEveryKernelOfALargeRun()
    {
        constexpr int kLaunches = 5000;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(writeText(dir.filePath(QStringLiteral("big.csv")), profile(kLaunches)));
        const QString sessionPath = dir.filePath(QStringLiteral("s.yaml"));
        QVERIFY(writeText(sessionPath,
            "schema: roofscope-session/1\ndevices:\n  - nvidia-h100-sxm\nruns:\n"
            "  - {name: big, file: big.csv, format: csv}\n"));
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.openSessionFile(sessionPath), QString());
        KernelDock* dock = window.kernelDock();
        QListView* list = dock->list();
        QCOMPARE(dock->listModel()->rowCount(), kLaunches);
        QCOMPARE(dock->shownCount(), kLaunches);

        // The keyboard reaches the last kernel; the list scrolls to it.
        list->setFocus();
        QTest::keyClick(list, Qt::Key_End);
        QCOMPARE(dock->currentKernel(), kLaunches - 1);
        QCOMPARE(window.analysis()->selectedKernel(), kLaunches - 1);
        QVERIFY(list->viewport()->rect().intersects(list->visualRect(list->currentIndex())));

        // The filter: names containing "kernel_123" are kernel_123 and kernel_1230 ... kernel_1239.
        int expected = 0;
        for (int i = 0; i < kLaunches; ++i) {
            expected += QStringLiteral("kernel_%1").arg(i).contains(QLatin1String("kernel_123")) ? 1 : 0;
        }
        QTest::keyClicks(dock->filterEdit(), QStringLiteral("KERNEL_123")); // case does not matter
        QCOMPARE(dock->shownCount(), expected);
        // The selected kernel is filtered out of the list, yet stays selected everywhere.
        QCOMPARE(window.analysis()->selectedKernel(), kLaunches - 1);
        QCOMPARE(dock->currentKernel(), kLaunches - 1);
        QCOMPARE(dock->editor()->kernel(), kLaunches - 1);
        // A click on the second row shown selects kernel_1230 on the chart and in the editor.
        const QModelIndex second = list->model()->index(1, 0);
        QCOMPARE(second.data().toString(), QStringLiteral("kernel_1230"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, list->visualRect(second).center());
        QCOMPARE(window.analysis()->selectedKernel(), 1230);
        QCOMPARE(window.chart()->selectedKernel(), 1230);
        QCOMPARE(dock->currentKernel(), 1230);
        // Clearing the filter shows every kernel again, the selection kept and in view.
        dock->filterEdit()->clear();
        QCOMPARE(dock->shownCount(), kLaunches);
        QCOMPARE(dock->currentKernel(), 1230);
        QCOMPARE(list->currentIndex().row(), 1230);
        QVERIFY(list->viewport()->rect().intersects(list->visualRect(list->currentIndex())));

        // The results columns are at least as wide as their headers (fitted from a sample of rows).
        QHeaderView* header = window.resultsView()->horizontalHeader();
        for (int c = 0; c < header->count(); ++c) {
            QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c), qPrintable(QString::number(c)));
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestRunsImport)
#include "test_runs_import.moc"
