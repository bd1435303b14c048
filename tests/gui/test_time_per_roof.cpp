// The Time per roof pane in a real window (offscreen): per shown device the selected kernel's time on
// each roof alone, the binding roof marked, T_min, T_max and the lever; the same T_min and binding
// level as Results and the tooltips; following the selection, a drag on the chart, undo and redo,
// sustained roofs, kernels added and removed, another session, a transformer group's kernels, no
// selection; its place with the other bottom panes on a laptop screen.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "figures/KernelRoofTimes.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Units.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/MainWindow.h"
#include "widgets/RoofTimesDock.h"

#include <QLabel>
#include <QTableWidget>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Session roofTimesSession(const char* name)
{
    return loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name).session.value_or(Session {});
}

int roofTimesShownIndex(const SessionAnalysis& analysis, const std::string& name)
{
    const auto& kernels = analysis.shownSession().kernels;
    for (size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].name == name) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

// The pane's column titled `title` (-1: none).
int roofTimesColumn(const RoofTimesDock& dock, const QString& title)
{
    for (int c = 0; c < dock.table()->columnCount(); ++c) {
        if (dock.table()->horizontalHeaderItem(c)->text() == title) {
            return c;
        }
    }
    return -1;
}

QString roofTimesCell(const RoofTimesDock& dock, int row, int column)
{
    const QTableWidgetItem* item = column >= 0 ? dock.table()->item(row, column) : nullptr;
    return item ? item->text() : QString();
}

// The pane's row of times of the device whose label starts with `label` (-1: none).
int roofTimesRow(const RoofTimesDock& dock, const QString& label)
{
    for (int d = 0; RoofTimesDock::timesRow(d) < dock.table()->rowCount(); ++d) {
        if (roofTimesCell(dock, RoofTimesDock::timesRow(d), RoofTimesDock::kDeviceColumn).startsWith(label)) {
            return RoofTimesDock::timesRow(d);
        }
    }
    return -1;
}

// The lever under a row of times.
QString roofTimesLever(const RoofTimesDock& dock, int timesRow)
{
    return roofTimesCell(dock, timesRow + 1, 0);
}

// The pane shows the selected kernel, and every row agrees with that kernel's row of Results (T_min
// to the last bit, its text, the binding level, T_max) and with its tooltip on that device.
void checkRoofTimesAgainstResults(MainWindow& window)
{
    const RoofTimesDock& dock = *window.roofTimesDock();
    const KernelRoofTimes& times = *dock.roofTimes();
    SessionAnalysis* analysis = window.analysis();
    const int shown = analysis->selectedKernel();
    QCOMPARE(times.shownKernel(), shown);
    QVERIFY(shown >= 0);
    QCOMPARE(dock.table()->rowCount(), 2 * static_cast<int>(times.devices().size()));
    QCOMPARE(times.devices().size(), analysis->devices().size());
    const ResultsTableModel& results = *window.resultsModel();
    int agreed = 0;
    for (size_t row = 0; row < times.devices().size(); ++row) {
        const DeviceRoofTimes& device = times.devices()[row];
        const size_t sessionDevice = analysis->devices()[static_cast<size_t>(device.sceneDevice)].sessionIndex;
        const auto match = std::find_if(results.rows().begin(), results.rows().end(), [&](const auto& r) {
            return r.kernelIndex == static_cast<size_t>(shown) && r.deviceIndex == sessionDevice;
        });
        if (!device.times) {
            QVERIFY2(match == results.rows().end(), qPrintable(device.label)); // Results has no row either
            continue;
        }
        QVERIFY2(match != results.rows().end(), qPrintable(device.label));
        const int r = static_cast<int>(match - results.rows().begin());
        const auto cell = [&](size_t column, int role) { return results.data(results.index(r, int(column)), role); };
        QCOMPARE(device.times->tMin, cell(ColumnTMin, ResultsTableModel::kSortRole).toDouble());
        QCOMPARE(device.times->tMax, cell(ColumnTMax, ResultsTableModel::kSortRole).toDouble());
        QCOMPARE(
            QString::fromStdString(device.times->bindingRoof().name), cell(ColumnBinding, Qt::DisplayRole).toString());
        // What the pane writes.
        const int line = RoofTimesDock::timesRow(static_cast<int>(row));
        const QString tMin = roofTimesCell(dock, line, dock.tMinColumn());
        const QString tMax = roofTimesCell(dock, line, dock.tMaxColumn());
        QCOMPARE(tMin, cell(ColumnTMin, Qt::DisplayRole).toString());
        QCOMPARE(tMax, cell(ColumnTMax, Qt::DisplayRole).toString());
        const QString binding = KernelRoofTimes::roofTitle(device.times->bindingRoof().name);
        const QTableWidgetItem* marked = dock.table()->item(line, roofTimesColumn(dock, binding));
        QVERIFY2(marked && marked->font().bold(), qPrintable(device.label + QStringLiteral(": ") + binding));
        if (device.times->fromRoofs && (device.flops || device.times->binding != 0)) {
            QCOMPARE(marked->text(), tMin);
        }
        // The marker's tooltip on that device: the same T_min and T_max, the same binding level.
        const QString tip = analysis->toolTip(shown, device.sceneDevice);
        QVERIFY2(tip.contains(QStringLiteral("%1 / %2").arg(tMin, tMax)), qPrintable(tip));
        if (device.times->bindingRoof().kind != RoofKind::Compute) {
            QVERIFY2(tip.contains(QStringLiteral("bound by %1").arg(binding)), qPrintable(tip));
        }
        ++agreed;
    }
    QVERIFY(agreed > 0);
}

// Presses on a kernel's marker on the first device and drags it to `target` FLOP/B in `steps` moves,
// calling `afterStep` after each; then releases.
template <typename AfterStep>
void dragRoofTimesKernel(MainWindow& window, int kernel, double target, int steps, AfterStep afterStep)
{
    QCustomPlot* plot = window.chart()->plot();
    plot->replot();
    const auto start = window.chart()->markerPosition(kernel, 0);
    QVERIFY(start);
    const QPoint from = start->toPoint();
    const int toX = qRound(plot->xAxis->coordToPixel(target));
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    QVERIFY(window.chart()->isDragging());
    for (int step = 1; step <= steps; ++step) {
        QTest::mouseMove(plot, QPoint(from.x() + (toX - from.x()) * step / steps, from.y()));
        afterStep();
    }
    QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(toX, from.y()));
}

// Every text of the pane, row by row (to compare before and after an edit).
QStringList roofTimesTexts(const RoofTimesDock& dock)
{
    QStringList texts { dock.titleLabel()->text() };
    for (int r = 0; r < dock.table()->rowCount(); ++r) {
        for (int c = 0; c < dock.table()->columnCount(); ++c) {
            texts << roofTimesCell(dock, r, c);
        }
    }
    return texts;
}
} // namespace

class TestTimePerRoof : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

    void open(MainWindow& window, const Session& session)
    {
        window.setAutosaveDelay(-1);
        window.setSession(session);
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.roofTimesDock()->raise(); // in front of its tabs: behind them it waits until shown
        QApplication::processEvents();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    // MatMul 600x600 in bf16 on an H100 at its peak roofs, worked out here: F = 2 m k n FLOPs, and
    // m k + k n + m n values of 2 bytes on HBM (the matmul template). Every kernel of the example
    // agrees with Results and the tooltips.
    void byHandOnTheExample()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        const int matmul = roofTimesShownIndex(*analysis, "MatMul 600x600");
        QVERIFY(matmul >= 0);
        analysis->setSelectedKernel(matmul);
        const RoofTimesDock& dock = *window.roofTimesDock();
        QVERIFY(dock.table()->isVisibleTo(window.roofTimesDock()));
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        QVERIFY(h100 && h100->peak("bf16") && h100->findLevel("hbm"));
        const double flops = 2.0 * 600.0 * 600.0 * 600.0;
        const double bytes = 2.0 * 3.0 * 600.0 * 600.0;
        const double tMath = flops / *h100->peak("bf16");
        const double tHbm = bytes / h100->findLevel("hbm")->bytesPerSecond;
        QVERIFY(tHbm > tMath); // HBM binds
        const int row = roofTimesRow(dock, QStringLiteral("H100"));
        QVERIFY(row >= 0);
        const auto seconds = [](double s) { return QString::fromStdString(formatQuantity(s, Dimension::Seconds)); };
        QCOMPARE(roofTimesCell(dock, row, roofTimesColumn(dock, QStringLiteral("Compute"))), seconds(tMath));
        QCOMPARE(roofTimesCell(dock, row, roofTimesColumn(dock, QStringLiteral("HBM"))), seconds(tHbm));
        QCOMPARE(roofTimesCell(dock, row, dock.tMinColumn()), seconds(tHbm));
        QCOMPARE(roofTimesCell(dock, row, dock.tMaxColumn()), seconds(tMath + tHbm));
        const QString factor = QString::fromStdString(formatNumber(tHbm / tMath, 3));
        QCOMPARE(roofTimesLever(dock, row),
            QStringLiteral("HBM binds; %1x less HBM traffic (or %1x more intensity) before compute binds").arg(factor));
        QVERIFY(dock.table()->item(row, roofTimesColumn(dock, QStringLiteral("HBM")))->font().bold());
        QVERIFY(!dock.table()->item(row, roofTimesColumn(dock, QStringLiteral("Compute")))->font().bold());
        QVERIFY(dock.noteLabel()->text().startsWith(QStringLiteral("Peak roofs")));
        for (int k = 0; k < static_cast<int>(analysis->shownSession().kernels.size()); ++k) {
            analysis->setSelectedKernel(k);
            checkRoofTimesAgainstResults(window);
            QVERIFY(dock.titleLabel()->text().contains(
                QString::fromStdString(analysis->shownSession().kernels[static_cast<size_t>(k)].name).toHtmlEscaped()));
        }
        // The FFN up projection (m = 65536, k = 4096, n = 16384) is compute-bound everywhere.
        analysis->setSelectedKernel(roofTimesShownIndex(*analysis, "FFN up projection"));
        const int ffnRow = roofTimesRow(dock, QStringLiteral("H100"));
        QVERIFY(roofTimesLever(dock, ffnRow).startsWith(QStringLiteral("compute binds; HBM has ")));
    }

    // The roofs are the window's: sustained when the session says so (the Hardware pane's box), with
    // the H100's 0.80 compute factor; undo brings the peaks back.
    void followsTheSustainedRoofs()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        analysis->setSelectedKernel(roofTimesShownIndex(*analysis, "FFN up projection"));
        const RoofTimesDock& dock = *window.roofTimesDock();
        const int row = roofTimesRow(dock, QStringLiteral("H100"));
        const int compute = roofTimesColumn(dock, QStringLiteral("Compute"));
        const QString peak = roofTimesCell(dock, row, compute);
        ViewSettings view = window.session().view;
        view.sustained = true;
        QVERIFY(window.document()->setView(view).isEmpty());
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        QVERIFY(h100->sustained);
        const double flops = 2.0 * 65536.0 * 4096.0 * 16384.0;
        QCOMPARE(roofTimesCell(dock, row, compute),
            QString::fromStdString(
                formatQuantity(flops / (*h100->peak("bf16") * h100->sustained->compute), Dimension::Seconds)));
        QVERIFY(dock.noteLabel()->text().startsWith(QStringLiteral("Sustained roofs")));
        checkRoofTimesAgainstResults(window);
        window.document()->undoStack()->undo();
        QCOMPARE(roofTimesCell(dock, row, compute), peak);
        QVERIFY(dock.noteLabel()->text().startsWith(QStringLiteral("Peak roofs")));
        checkRoofTimesAgainstResults(window);
    }

    // A drag of the selected kernel on the chart: every step agrees with Results; at the end the
    // kernel is compute-bound on the H100. Undo brings back every text, redo the dragged ones.
    void followsADragUndoAndRedo()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        const int matmul = roofTimesShownIndex(*analysis, "MatMul 600x600");
        analysis->setSelectedKernel(matmul);
        const RoofTimesDock& dock = *window.roofTimesDock();
        const QStringList before = roofTimesTexts(dock);
        int steps = 0;
        dragRoofTimesKernel(window, matmul, 3000.0, 6, [&] {
            checkRoofTimesAgainstResults(window);
            ++steps;
        });
        QCOMPARE(steps, 6);
        QCOMPARE(analysis->selectedKernel(), matmul);
        checkRoofTimesAgainstResults(window);
        const QStringList after = roofTimesTexts(dock);
        QVERIFY(after != before);
        QVERIFY2(roofTimesLever(dock, roofTimesRow(dock, QStringLiteral("H100")))
                     .startsWith(QStringLiteral("compute binds")),
            qPrintable(after.join(QLatin1Char('|'))));
        window.document()->undoStack()->undo();
        QCOMPARE(roofTimesTexts(dock), before);
        checkRoofTimesAgainstResults(window);
        window.document()->undoStack()->redo();
        QCOMPARE(roofTimesTexts(dock), after);
        checkRoofTimesAgainstResults(window);
    }

    // Behind another tab the pane skips the edits; brought to the front it shows the kernel as it is now.
    void catchesUpWhenBroughtToTheFront()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        const int matmul = roofTimesShownIndex(*analysis, "MatMul 600x600");
        analysis->setSelectedKernel(matmul);
        window.roofTimesDock()->raise();
        QApplication::processEvents();
        const QStringList before = roofTimesTexts(*window.roofTimesDock());
        window.comparisonDock()->raise();
        QApplication::processEvents();
        QVERIFY(window.roofTimesDock()->visibleRegion().isEmpty()); // behind the Comparison tab
        const int kernel = analysis->sessionKernelOf(matmul);
        QVERIFY(window.document()->setKernelParameters(kernel, { { "k", 4800.0 } }, false).isEmpty());
        QApplication::processEvents();
        window.roofTimesDock()->raise();
        QApplication::processEvents();
        QVERIFY(!window.roofTimesDock()->visibleRegion().isEmpty());
        QVERIFY(roofTimesTexts(*window.roofTimesDock()) != before);
        checkRoofTimesAgainstResults(window);
    }

    // A transformer group is shown as its kernels: the pane shows the selected one on its own (its
    // row of Results), names the step, and follows a switch to another kernel of the same group and
    // an edit of the group's batch.
    void showsAGroupsKernelsOneByOne()
    {
        MainWindow window(m_db);
        open(window, roofTimesSession("llama-decode.yaml"));
        SessionAnalysis* analysis = window.analysis();
        QVERIFY(analysis->hasGroups());
        const RoofTimesDock& dock = *window.roofTimesDock();
        const int scores = roofTimesShownIndex(*analysis, "llama-70b/attn_scores");
        const int qkv = roofTimesShownIndex(*analysis, "llama-70b/qkv_proj");
        QVERIFY(scores >= 0 && qkv >= 0);
        QCOMPARE(analysis->sessionKernelOf(scores), analysis->sessionKernelOf(qkv)); // one session kernel
        analysis->setSelectedKernel(scores);
        checkRoofTimesAgainstResults(window);
        QCOMPARE(dock.roofTimes()->part(), std::string("attn_scores"));
        QVERIFY(dock.titleLabel()->text().contains(QStringLiteral("llama-70b/attn_scores")));
        QVERIFY(dock.titleLabel()->text().contains(QStringLiteral("transformer step <b>llama-70b</b>")));
        const QStringList scoresTexts = roofTimesTexts(dock);
        analysis->setSelectedKernel(qkv); // the same group: still another kernel to show
        checkRoofTimesAgainstResults(window);
        QCOMPARE(dock.roofTimes()->part(), std::string("qkv_proj"));
        QVERIFY(roofTimesTexts(dock) != scoresTexts);
        const QStringList batch64 = roofTimesTexts(dock);
        QVERIFY(window.document()->setKernelParameters(0, { { "batch", 256.0 } }, false).isEmpty());
        QCOMPARE(analysis->selectedKernel(), roofTimesShownIndex(*analysis, "llama-70b/qkv_proj"));
        checkRoofTimesAgainstResults(window);
        QVERIFY(roofTimesTexts(dock) != batch64);
        window.document()->undoStack()->undo();
        QCOMPARE(roofTimesTexts(dock), batch64);
        // An all-reduce is timed by the serving model (bytes per chip over the link's collective
        // bandwidth plus hops x latency), as in Results: the pane says so instead of a lever.
        analysis->setSelectedKernel(roofTimesShownIndex(*analysis, "llama-70b/allreduce_attn"));
        checkRoofTimesAgainstResults(window);
        const int h100 = roofTimesRow(dock, QStringLiteral("H100"));
        QVERIFY(!dock.roofTimes()->devices().front().times->fromRoofs);
        QVERIFY2(roofTimesLever(dock, h100).startsWith(QStringLiteral("a collective: timed as its bytes per chip")),
            qPrintable(roofTimesLever(dock, h100)));
        QVERIFY(roofTimesLever(dock, h100).endsWith(QStringLiteral("NVLINK binds")));
    }

    // A kernel without FLOPs (a copy): no compute time, and a lever in bytes alone. Added, it is
    // selected and shown; removed, the pane follows the selection; with none, it says what to do.
    void noFlopsRemovalAndNoSelection()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        const RoofTimesDock& dock = *window.roofTimesDock();
        // H100: 1 GB on HBM at 3.35 TB/s, 2 GB on L2 at 5.5 TB/s: L2 binds.
        Kernel copy;
        copy.name = "copy";
        copy.flops = 0.0;
        copy.precision = "bf16";
        copy.bytes = { { "hbm", 1e9 }, { "l2", 2e9 } };
        QVERIFY(window.document()->addKernel(copy).isEmpty());
        QCOMPARE(dock.roofTimes()->shownKernel(), analysis->selectedKernel());
        QVERIFY(dock.titleLabel()->text().contains(QStringLiteral("copy")));
        const int row = roofTimesRow(dock, QStringLiteral("H100"));
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        const double tHbm = 1e9 / h100->findLevel("hbm")->bytesPerSecond;
        const double tL2 = 2e9 / h100->findLevel("l2")->bytesPerSecond;
        QVERIFY(tL2 > tHbm);
        QCOMPARE(roofTimesCell(dock, row, roofTimesColumn(dock, QStringLiteral("Compute"))),
            QString::fromLatin1(kNoFlopsCell));
        QCOMPARE(roofTimesLever(dock, row),
            QStringLiteral("L2 binds; %1x less L2 traffic before HBM binds")
                .arg(QString::fromStdString(formatNumber(tL2 / tHbm, 3))));
        checkRoofTimesAgainstResults(window);
        // Removed: the selection moves to a neighbour, and the pane with it.
        const int removed = dock.roofTimes()->kernel();
        QVERIFY(window.document()->removeKernel(removed).isEmpty());
        QVERIFY(analysis->selectedKernel() >= 0);
        checkRoofTimesAgainstResults(window);
        QVERIFY(!dock.titleLabel()->text().contains(QStringLiteral("<b>copy</b>")));
        // Removing the kernel before the selected one renumbers the kernels.
        analysis->setSelectedKernel(3);
        QVERIFY(window.document()->removeKernel(0).isEmpty());
        checkRoofTimesAgainstResults(window);
        window.document()->undoStack()->undo();
        checkRoofTimesAgainstResults(window);
        // No selection: a placeholder, no table.
        analysis->setSelectedKernel(-1);
        QCOMPARE(dock.roofTimes()->kernel(), -1);
        QVERIFY(dock.titleLabel()->text().startsWith(QStringLiteral("Select a kernel")));
        QVERIFY(!dock.table()->isVisibleTo(window.roofTimesDock()));
        QCOMPARE(dock.table()->rowCount(), 0);
    }

    // Another session: the pane starts again from its selection (the first kernel), with its own
    // devices' roofs (TPU v7x: HBM and VMEM); every kernel removed leaves the placeholder.
    void anotherSessionAndEveryKernelRemoved()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        SessionAnalysis* analysis = window.analysis();
        analysis->setSelectedKernel(3);
        const RoofTimesDock& dock = *window.roofTimesDock();
        window.setSession(roofTimesSession("hierarchical.yaml"));
        QCOMPARE(analysis->selectedKernel(), 0);
        checkRoofTimesAgainstResults(window);
        QVERIFY(dock.titleLabel()->text().contains(QStringLiteral("untiled (HBM-bound)")));
        QVERIFY(roofTimesColumn(dock, QStringLiteral("VMEM")) > 0);
        QVERIFY(roofTimesColumn(dock, QStringLiteral("HBM")) > 0);
        while (!window.session().kernels.empty()) {
            QVERIFY(window.document()->removeKernel(0).isEmpty());
        }
        QCOMPARE(dock.roofTimes()->kernel(), -1);
        QVERIFY(dock.titleLabel()->text().startsWith(QStringLiteral("Select a kernel")));
    }

    // The pane is a tab of the bottom group (the comparison's), in the compact layout of a laptop
    // screen and in the wide one, listed in View > Panes; the chart keeps half the window. A layout
    // saved before the pane existed still opens with it docked.
    void sitsWithTheBottomPanes()
    {
        MainWindow window(m_db);
        open(window, exampleSession());
        QDockWidget* dock = window.roofTimesDock();
        QVERIFY(window.dockActions().contains(dock->toggleViewAction()));
        QCOMPARE(dock->toggleViewAction()->text(), QStringLiteral("Time per roof"));
        for (bool compact : { true, false, true }) {
            window.setCompactLayout(compact);
            QApplication::processEvents();
            QVERIFY2(window.tabifiedDockWidgets(window.comparisonDock()).contains(dock), compact ? "compact" : "wide");
            QVERIFY(!dock->isFloating() && dock->toggleViewAction()->isChecked());
        }
        const QSize chart = window.chart()->size();
        QVERIFY2(double(chart.width()) * chart.height() >= 0.5 * window.width() * window.height(),
            qPrintable(QStringLiteral("%1x%2").arg(chart.width()).arg(chart.height())));
        // Opened from the menu, it comes to the front of its tabs.
        dock->close();
        dock->toggleViewAction()->trigger();
        QApplication::processEvents();
        QVERIFY(dock->isVisible());
        QVERIFY(window.roofTimesDock()->table()->isVisible());

        MainWindow older(m_db);
        older.removeDockWidget(older.roofTimesDock());
        const QByteArray state = older.saveState();
        MainWindow restored(m_db);
        open(restored, exampleSession());
        QVERIFY(restored.restoreState(state));
        QApplication::processEvents();
        QVERIFY(!restored.roofTimesDock()->isFloating());
        QVERIFY(restored.dockWidgetArea(restored.roofTimesDock()) != Qt::NoDockWidgetArea);
        QVERIFY(restored.tabifiedDockWidgets(restored.comparisonDock()).contains(restored.roofTimesDock()));
        const QSize restoredChart = restored.chart()->size();
        QVERIFY(double(restoredChart.width()) * restoredChart.height() >= 0.5 * restored.width() * restored.height());
    }
};

ROOFSCOPE_TEST_MAIN(TestTimePerRoof)
#include "test_time_per_roof.moc"
