// A session's runs in the window, through the real widgets (offscreen): measured kernels are
// read-only and duplicate into editable what-if kernels; a run file changed on disk is read again
// as one undo step; two runs compared draw an arrow per matched kernel and fill a sortable table.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "chart/RunArrows.h"
#include "figures/RunComparison.h"
#include "figures/SessionAnalysis.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "models/RunDiffTableModel.h"
#include "session/RunWatcher.h"
#include "session/SessionDocument.h"
#include "widgets/KernelDock.h"
#include "widgets/KernelEditor.h"
#include "widgets/MainWindow.h"
#include "widgets/RunComparisonDock.h"
#include "widgets/RunKernelNote.h"
#include "widgets/SiSpinBox.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>

#include <cmath>
#include <map>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// Times per launch written into the runs (seconds); the expected changes are derived from them.
struct Launch {
    const char* name;
    double flops;
    double bytes;
    double seconds;
};
const std::vector<Launch> kBefore = { { "gemm", 2e12, 1e9, 0.010 }, { "gemm", 2e12, 1e9, 0.012 },
    { "softmax", 1e9, 4e9, 0.002 }, { "layernorm", 5e8, 2e9, 0.001 }, { "old_kernel", 1e9, 1e9, 0.001 } };
const std::vector<Launch> kAfter = { { "gemm", 2e12, 1e9, 0.0099 }, { "softmax", 1e9, 4e9, 0.0026 },
    { "layernorm", 5e8, 2e9, 0.00102 }, { "new_kernel", 1e9, 1e9, 0.001 } };

QByteArray csv(const std::vector<Launch>& launches)
{
    QByteArray text = "name,flops,bytes,seconds\n";
    for (const Launch& l : launches) {
        text += QStringLiteral("%1,%2,%3,%4\n")
                    .arg(QLatin1String(l.name))
                    .arg(l.flops, 0, 'g', 17)
                    .arg(l.bytes, 0, 'g', 17)
                    .arg(l.seconds, 0, 'g', 17)
                    .toUtf8();
    }
    return text;
}

// Mean time per launch of each name.
std::map<std::string, double> meanSeconds(const std::vector<Launch>& launches)
{
    std::map<std::string, std::pair<double, int>> sums;
    for (const Launch& l : launches) {
        sums[l.name].first += l.seconds;
        sums[l.name].second += 1;
    }
    std::map<std::string, double> out;
    for (const auto& [name, sum] : sums) {
        out[name] = sum.first / sum.second;
    }
    return out;
}

// A folder with before.csv, after.csv and session.yaml referring to both (on an H100).
struct RunFolder {
    QTemporaryDir dir;
    QString session() const { return dir.filePath(QStringLiteral("session.yaml")); }
    QString after() const { return dir.filePath(QStringLiteral("after.csv")); }
    bool write()
    {
        return dir.isValid() && writeText(dir.filePath(QStringLiteral("before.csv")), csv(kBefore))
            && writeText(after(), csv(kAfter))
            && writeText(session(),
                "schema: roofscope-session/1\n"
                "title: Two runs\n"
                "devices:\n"
                "  - nvidia-h100-sxm\n"
                "kernels:\n"
                "  - {name: what-if, flops: 1e9, bytes: {hbm: 1e9}}\n"
                "runs:\n"
                "  - {name: before, file: before.csv, format: csv}\n"
                "  - {name: after, file: after.csv, format: csv, aggregate: true}\n");
    }
};

std::vector<const Kernel*> runKernels(const Session& session, const std::string& run)
{
    std::vector<const Kernel*> out;
    for (const Kernel& k : session.kernels) {
        if (k.fromRun == run) {
            out.push_back(&k);
        }
    }
    return out;
}

// The kernel `name` of the `after` run (aggregated: one kernel per name), or a what-if kernel.
int indexOf(const Session& session, const std::string& name, const std::string& run = "after")
{
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        if (session.kernels[k].name == name && session.kernels[k].fromRun == run) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

QString label(double change)
{
    const long percent = std::lround(change * 100.0);
    return QString::asprintf("%+ld %%", percent);
}
} // namespace

class TestRunsWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    void sessionOpensWithItsRunsAndAFailingRunIsAProblem()
    {
        RunFolder folder;
        QVERIFY(folder.write());
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        QVERIFY(window.openSessionFile(folder.session()).isEmpty());
        QCOMPARE(runKernels(window.session(), "before").size(), kBefore.size()); // launches kept apart
        QCOMPARE(runKernels(window.session(), "after").size(), meanSeconds(kAfter).size()); // aggregated
        QCOMPARE(window.runWatcher()->watchedFiles().size(), 2);
        QVERIFY(window.compareRunsAction()->isEnabled());

        const QString missing = QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/runs/missing-run.yaml");
        QVERIFY(window.openSessionFile(missing).isEmpty()); // the session opens without the run
        QCOMPARE(window.sessionPath(), missing);
        QVERIFY(window.problems().join('\n').contains(QStringLiteral("run 'gone' cannot be read")));
        QVERIFY(!window.compareRunsAction()->isEnabled());
    }

    void runKernelsAreReadOnlyAndDuplicateIntoWhatIfs()
    {
        RunFolder folder;
        QVERIFY(folder.write());
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        QVERIFY(window.openSessionFile(folder.session()).isEmpty());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int measured = indexOf(window.session(), "softmax");
        QVERIFY(measured >= 0);
        const Kernel original = window.session().kernels[static_cast<size_t>(measured)];
        QCOMPARE(original.fromRun, std::string("after"));
        window.kernelDock()->setCurrentKernel(measured);
        QApplication::processEvents();
        KernelEditor* editor = window.kernelDock()->editor();
        QCOMPARE(editor->kernel(), measured);
        auto* note = editor->findChild<RunKernelNote*>();
        QVERIFY(note);
        QVERIFY(note->label()->text().contains(QStringLiteral("from run 'after' (read-only)")));
        QVERIFY(!editor->nameEdit()->isEnabled());
        QVERIFY(!editor->flopsBox()->isEnabled());
        const int steps = window.document()->undoStack()->count();
        typeAndEnter(editor->nameEdit(), QStringLiteral("renamed"));
        typeAndEnter(editor->flopsBox(), QStringLiteral("5e9"));
        QApplication::processEvents();
        QCOMPARE(window.session().kernels[static_cast<size_t>(measured)].name, original.name);
        QCOMPARE(window.session().kernels[static_cast<size_t>(measured)].flops, original.flops);
        QCOMPARE(window.document()->undoStack()->count(), steps);
        // The document refuses edits of measured kernels, whoever asks (a drag, a nudge, the editor).
        Kernel changed = original;
        changed.flops *= 2.0;
        QVERIFY(window.document()->replaceKernel(measured, changed).contains(QStringLiteral("read-only")));
        QVERIFY(window.document()->setKernelIntensity(measured, 10.0).contains(QStringLiteral("read-only")));
        QVERIFY(window.document()->removeKernel(measured).contains(QStringLiteral("read-only")));
        QCOMPARE(window.document()->undoStack()->count(), steps);

        QTest::mouseClick(note->duplicateButton(), Qt::LeftButton);
        QApplication::processEvents();
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        const int copy = indexOf(window.session(), "softmax (what-if)", "");
        QVERIFY(copy >= 0);
        QVERIFY(window.session().kernels[static_cast<size_t>(copy)].fromRun.empty());
        QCOMPARE(editor->kernel(), copy);
        QVERIFY(editor->nameEdit()->isEnabled());
        for (const RunKernelNote* old : editor->findChildren<RunKernelNote*>()) {
            QVERIFY(!old->isVisible()); // the measured kernel's note goes with its fields
        }
        typeAndEnter(editor->flopsBox(), QStringLiteral("5e9"));
        QApplication::processEvents();
        ROOFSCOPE_COMPARE_REL(window.session().kernels[static_cast<size_t>(copy)].flops, 5e9, 1e-12);
        QCOMPARE(window.session().kernels[static_cast<size_t>(measured)].flops, original.flops);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(indexOf(window.session(), "softmax (what-if)", ""), -1);
    }

    void changedRunFileReloadsAsOneUndoStep_data()
    {
        QTest::addColumn<bool>("byRename");
        QTest::newRow("written-in-place") << false;
        QTest::newRow("replaced-by-rename") << true;
    }
    void changedRunFileReloadsAsOneUndoStep()
    {
        QFETCH(bool, byRename);
        RunFolder folder;
        QVERIFY(folder.write());
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        QVERIFY(window.openSessionFile(folder.session()).isEmpty());
        const auto oldGemm = runKernels(window.session(), "after");
        QVERIFY(indexOf(window.session(), "gemm") >= 0);
        const double oldSeconds
            = *window.session().kernels[static_cast<size_t>(indexOf(window.session(), "gemm"))].measuredSeconds;
        ROOFSCOPE_COMPARE_REL(oldSeconds, 0.0099, 1e-12);

        std::vector<Launch> rewritten = kAfter;
        rewritten[0].seconds = 0.02; // gemm twice as slow
        rewritten.push_back({ "added_kernel", 1e9, 1e9, 0.001 });
        if (byRename) {
            const QString temporary = folder.dir.filePath(QStringLiteral("after.csv.tmp"));
            QVERIFY(writeText(temporary, csv(rewritten)));
            QVERIFY(QFile::remove(folder.after()));
            QVERIFY(QFile::rename(temporary, folder.after()));
        } else {
            QVERIFY(writeText(folder.after(), csv(rewritten)));
        }
        QTRY_VERIFY_WITH_TIMEOUT(indexOf(window.session(), "added_kernel") >= 0, 5000);
        const int gemm = indexOf(window.session(), "gemm");
        ROOFSCOPE_COMPARE_REL(*window.session().kernels[static_cast<size_t>(gemm)].measuredSeconds, 0.02, 1e-12);
        QCOMPARE(runKernels(window.session(), "after").size(), oldGemm.size() + 1);
        QCOMPARE(window.document()->undoStack()->count(), 1);
        QCOMPARE(window.document()->undoStack()->undoText(), QStringLiteral("Reload run 'after'"));
        QVERIFY(window.statusMessage().contains(QStringLiteral("Reloaded run 'after'")));
        QCOMPARE(window.runWatcher()->watchedFiles().size(), 2); // still watched after a rename

        window.document()->undoStack()->undo();
        QCOMPARE(indexOf(window.session(), "added_kernel"), -1);
        ROOFSCOPE_COMPARE_REL(
            *window.session().kernels[static_cast<size_t>(indexOf(window.session(), "gemm"))].measuredSeconds, 0.0099,
            1e-12);
        QCOMPARE(runKernels(window.session(), "after").size(), oldGemm.size());

        // A file that cannot be read keeps the kernels and says why.
        window.document()->undoStack()->redo();
        QVERIFY(writeText(folder.after(), "name,flops,bytes,seconds\ngemm,abc,1e9,0.01\n"));
        QTRY_VERIFY_WITH_TIMEOUT(window.problems().join('\n').contains(QStringLiteral("after.csv")), 5000);
        QVERIFY(indexOf(window.session(), "added_kernel") >= 0);
        QCOMPARE(window.document()->undoStack()->count(), 1);
    }

    void comparedRunsDrawAnArrowPerMatchedKernel()
    {
        RunFolder folder;
        QVERIFY(folder.write());
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        QVERIFY(window.openSessionFile(folder.session()).isEmpty());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Zoomed far from the runs' kernels: comparing them brings every arrow into view (issue 32:
        // they stayed off the view until Fit All).
        window.chart()->setVisibleRange({ 1e3, 1e4, 1e15, 1e16 });
        QVERIFY(window.compareRuns(QStringLiteral("before"), QStringLiteral("after")).isEmpty());
        QVERIFY(window.runComparisonDock()->isVisible());
        const ChartRange view = window.chart()->visibleRange();
        for (const RunArrow& arrow : window.runComparison()->arrows()) {
            for (const auto& [x, y] : { std::pair { arrow.beforeIntensity, arrow.beforeAchieved },
                     std::pair { arrow.afterIntensity, arrow.afterAchieved } }) {
                QVERIFY2(x > view.xLower && x < view.xUpper && y > view.yLower && y < view.yUpper,
                    qPrintable(QStringLiteral("%1 at %2, %3 is off the view").arg(arrow.name).arg(x).arg(y)));
            }
        }

        const auto before = meanSeconds(kBefore);
        const auto after = meanSeconds(kAfter);
        std::map<QString, QString> expected; // names in both runs, with their change in time
        for (const auto& [name, seconds] : before) {
            if (after.count(name)) {
                expected[QString::fromStdString(name)] = label(after.at(name) / seconds - 1.0);
            }
        }
        QCOMPARE(expected.size(), size_t(3));
        QCOMPARE(expected[QStringLiteral("gemm")], QStringLiteral("-10 %")); // 0.0099 / 0.011
        const auto& arrows = window.runComparison()->arrows();
        QCOMPARE(arrows.size(), expected.size());
        for (const RunArrow& arrow : arrows) {
            QVERIFY2(expected.count(arrow.name), qPrintable(arrow.name));
            QCOMPARE(arrow.label, expected[arrow.name]);
            // From its measured point before to its measured point after (same FLOPs and bytes here).
            ROOFSCOPE_COMPARE_REL(arrow.beforeIntensity, arrow.afterIntensity, 1e-12);
            ROOFSCOPE_COMPARE_REL(arrow.afterAchieved / arrow.beforeAchieved,
                before.at(arrow.name.toStdString()) / after.at(arrow.name.toStdString()), 1e-9);
        }
        window.chart()->plot()->replot();
        QCOMPARE(window.runArrows()->drawnArrows(), static_cast<int>(expected.size()));

        // The table: matched kernels sortable by change, then those in one run only.
        QSortFilterProxyModel* proxy = window.runComparisonDock()->proxy();
        QCOMPARE(proxy->rowCount(), 5);
        proxy->sort(RunDiffTableModel::Change, Qt::DescendingOrder);
        QCOMPARE(proxy->index(0, 0).data().toString(), QStringLiteral("softmax"));
        QCOMPARE(proxy->index(1, 0).data().toString(), QStringLiteral("layernorm"));
        QCOMPARE(proxy->index(2, 0).data().toString(), QStringLiteral("gemm"));
        QStringList unmatched = { proxy->index(3, 1).data().toString(), proxy->index(4, 1).data().toString() };
        unmatched.sort();
        QCOMPARE(unmatched, QStringList({ "only after", "only before" }));
        proxy->sort(RunDiffTableModel::Change, Qt::AscendingOrder);
        QCOMPARE(proxy->index(2, 0).data().toString(), QStringLiteral("gemm"));
        QCOMPARE(proxy->index(4, 0).data().toString(), QStringLiteral("softmax"));
        QVERIFY(proxy->index(4, 1).data().toString().startsWith(expected[QStringLiteral("softmax")]));

        // A reload of a run compares again; another session clears the comparison.
        std::vector<Launch> faster = kAfter;
        faster[1].seconds = 0.001; // softmax twice as fast as before
        QVERIFY(writeText(folder.after(), csv(faster)));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(window.runComparison()->arrows().begin(), window.runComparison()->arrows().end(),
                [](const RunArrow& a) { return a.name == "softmax" && a.label == "-50 %"; }),
            5000);
        QVERIFY(window.openSessionFile(folder.session()).isEmpty());
        QVERIFY(!window.runComparison()->active());
        window.chart()->plot()->replot();
        QCOMPARE(window.runArrows()->drawnArrows(), 0);
    }

private:
    HardwareDatabase m_db;
};

ROOFSCOPE_TEST_MAIN(TestRunsWindow)
#include "test_runs_window.moc"
