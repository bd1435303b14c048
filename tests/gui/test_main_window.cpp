// The first window: the real MainWindow and QCustomPlot chart, offscreen, on the example session.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Evaluation.h"
#include "model/Templates.h"
#include "models/ResultsTableModel.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"

#include <QImage>
#include <QTableView>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// 1 TFLOP over 100 GB: 10 FLOP/B.
Kernel rawKernel()
{
    Kernel raw;
    raw.name = "raw";
    raw.flops = 1e12;
    raw.bytes = { { "default", 1e11 } };
    return raw;
}

Session onH100(std::vector<Kernel> kernels)
{
    Session s;
    s.devices = { { "nvidia-h100-sxm", "", {}, true } };
    s.kernels = std::move(kernels);
    return s;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void exampleSessionIsDrawn()
    {
        auto loaded = loadSessionFile(kExampleSessionPath);
        QVERIFY(loaded.session);
        MainWindow window(m_db);
        window.resize(1280, 800);
        window.setSession(*loaded.session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RooflineChart* chart = window.chart();
        QVERIFY(chart);
        QVERIFY(window.problems().isEmpty());
        QCOMPARE(static_cast<int>(chart->scene().devices.size()), 4);
        QCOMPARE(static_cast<int>(chart->scene().kernels.size()), 4);
        QVERIFY(chart->roofCount() >= 4);
        QCOMPARE(chart->kernelMarkerCount(), 16);
        QVERIFY(chart->plot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
        QVERIFY(chart->plot()->yAxis->scaleType() == QCPAxis::stLogarithmic);
        QVERIFY(window.statusText().contains("4 devices"));
        // Each kernel marker sits on its device's roof: the pixel maps back to the attainable value.
        const auto& scene = chart->scene();
        for (int k = 0; k < 4; ++k) {
            for (const auto& point : scene.kernels[static_cast<size_t>(k)].points) {
                auto pos = chart->markerPosition(k, point.device);
                QVERIFY(pos);
                const double y = chart->plot()->yAxis->pixelToCoord(pos->y());
                ROOFSCOPE_COMPARE_REL(y, point.attainable, 1e-2);
            }
        }
        // The chart paints something that is not blank.
        const QImage image = chart->plot()->toPixmap(800, 500).toImage();
        QVERIFY(!image.isNull());
        int nonWhite = 0;
        for (int y = 0; y < image.height(); y += 4) {
            for (int x = 0; x < image.width(); x += 4) {
                nonWhite += image.pixelColor(x, y) != QColor(Qt::white) ? 1 : 0;
            }
        }
        QVERIFY(nonWhite > 500);
    }

    void editsUpdateChartAndTableAndUndo()
    {
        auto loaded = loadSessionFile(kExampleSessionPath);
        QVERIFY(loaded.session);
        MainWindow window(m_db);
        window.setSession(*loaded.session);
        QCOMPARE(window.resultsModel()->rowCount(), 16);
        QCOMPARE(window.resultsView()->model()->rowCount(), 16);
        const double before = window.chart()->scene().kernels[2].points[0].intensity;
        QVERIFY(window.document()->setKernelIntensity(2, 50.0).isEmpty()); // MatMul 600: m moves
        window.document()->endInteraction();
        const double moved = window.chart()->scene().kernels[2].points[0].intensity;
        ROOFSCOPE_COMPARE_REL(moved, 50.0, 0.02);
        // The table shows the numbers the core computes for the moved kernel.
        const auto direct = evaluate(window.session().kernels[2], *m_db.find("nvidia-h100-sxm"));
        const QModelIndex cell = window.resultsModel()->index(
            static_cast<int>(window.resultsModel()->kernelRows(2).front()), 5); // kernel 2 on the first device
        QCOMPARE(cell.data(ResultsTableModel::kSortRole).toDouble(), direct.evaluation->attainable);
        window.document()->undoStack()->undo();
        QCOMPARE(window.chart()->scene().kernels[2].points[0].intensity, before);
        // Hiding a device removes its roofs and its rows; undo restores them.
        DeviceSelection hidden = window.session().devices[0];
        hidden.visible = false;
        QVERIFY(window.document()->setDeviceSelection(0, hidden).isEmpty());
        QCOMPARE(static_cast<int>(window.chart()->scene().devices.size()), 3);
        QCOMPARE(window.resultsModel()->rowCount(), 12);
        window.document()->undoStack()->undo();
        QCOMPARE(static_cast<int>(window.chart()->scene().devices.size()), 4);
        QCOMPARE(window.resultsModel()->rowCount(), 16);
    }

    void dragMovesRawAndTemplateKernels()
    {
        Kernel matmul;
        matmul.name = "matmul";
        matmul.templ = TemplateInstance { "matmul", { { "m", 64 }, { "k", 8192 }, { "n", 8192 } }, {} };
        QVERIFY(applyTemplate(matmul).empty());
        const Session s = onH100({ rawKernel(), matmul });
        MainWindow window(m_db);
        window.resize(1200, 800);
        window.setSession(s);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCustomPlot* plot = window.chart()->plot();
        plot->replot();
        const struct {
            int kernel;
            double target;
        } drags[] = { { 0, 100.0 }, { 1, 20.0 } };
        for (const auto& drag : drags) {
            const auto start = window.chart()->markerPosition(drag.kernel, 0);
            QVERIFY(start);
            const QPoint from = start->toPoint();
            const QPoint to(qRound(plot->xAxis->coordToPixel(drag.target)), from.y());
            QTest::mousePress(plot, Qt::LeftButton, {}, from);
            QVERIFY(window.chart()->isDragging());
            QTest::mouseMove(plot, QPoint((from.x() + to.x()) / 2, from.y()));
            QTest::mouseMove(plot, to);
            QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
            QVERIFY(!window.chart()->isDragging());
            const Kernel& k = window.session().kernels[static_cast<size_t>(drag.kernel)];
            ROOFSCOPE_COMPARE_REL(k.flops / k.bytesOn("default"), drag.target, 0.03); // within a pixel or two
            // The table row shows exactly what the core computes for the moved kernel.
            const auto direct = evaluate(k, *m_db.find("nvidia-h100-sxm"));
            QVERIFY(direct.evaluation);
            const QModelIndex attainable = window.resultsModel()->index(drag.kernel, 5);
            QCOMPARE(attainable.data(ResultsTableModel::kSortRole).toDouble(), direct.evaluation->attainable);
            QCOMPARE(window.resultsModel()->index(drag.kernel, 9).data(ResultsTableModel::kSortRole).toDouble(),
                direct.evaluation->tMin);
            // The marker sits where the core puts it, and the status line names the regime.
            const auto marker = window.chart()->markerPosition(drag.kernel, 0);
            QVERIFY(marker);
            QCOMPARE(qRound(marker->x()), qRound(plot->xAxis->coordToPixel(direct.evaluation->intensity)));
            QCOMPARE(window.selectedKernel(), drag.kernel);
            QVERIFY(window.kernelStatusText().contains(
                QString::fromStdString(regimeName(direct.evaluation->regime)) + QStringLiteral(" on H100")));
        }
        QCOMPARE(window.session().kernels[0].flops, 1e12); // a raw kernel keeps its FLOPs
        const double m = window.session().kernels[1].templ->params.at("m");
        QCOMPARE(m, std::round(m)); // a template parameter snaps to whole numbers
        QCOMPARE(window.document()->undoStack()->count(), 2); // one step per drag
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[0].bytesOn("default"), 1e11);
        QCOMPARE(window.session().kernels[1].templ->params.at("m"), 64.0);
    }

    void arrowKeysNudgeTheSelectedKernel()
    {
        const Session s = onH100({ rawKernel() });
        MainWindow window(m_db);
        window.setSession(s);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSelectedKernel(0);
        window.chart()->setFocus();
        QTest::keyClick(window.chart(), Qt::Key_Right);
        ROOFSCOPE_COMPARE_REL(window.session().kernels[0].flops / window.session().kernels[0].bytesOn("default"),
            10.0 * std::pow(2.0, 0.125), 1e-12);
        QTest::keyClick(window.chart(), Qt::Key_Left, Qt::ShiftModifier);
        ROOFSCOPE_COMPARE_REL(window.session().kernels[0].flops / window.session().kernels[0].bytesOn("default"),
            5.0 * std::pow(2.0, 0.125), 1e-12);
        QCOMPARE(window.document()->undoStack()->count(), 2); // one step per key press
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[0].bytesOn("default"), 1e11);
    }

    void regionShadingAndLabelsFollowTheView()
    {
        auto loaded = loadSessionFile(kExampleSessionPath);
        QVERIFY(loaded.session);
        MainWindow window(m_db);
        window.setSession(*loaded.session);
        QVERIFY(window.chart()->hasShadedRegion());
        QCOMPARE(window.chart()->regionLabels().size(), 2);
        QVERIFY(window.chart()->regionLabels()[0].contains(QStringLiteral("memory-bound")));
        QVERIFY(window.chart()->regionLabels()[1].contains(QStringLiteral("compute-bound")));
        ViewSettings view = window.session().view;
        view.showFeasibleRegion = false;
        view.showRegionLabels = false;
        QVERIFY(window.document()->setView(view).isEmpty());
        QVERIFY(!window.chart()->hasShadedRegion());
        QVERIFY(window.chart()->regionLabels().isEmpty());
        window.document()->undoStack()->undo();
        QVERIFY(window.chart()->hasShadedRegion());
        QCOMPARE(window.chart()->regionLabels().size(), 2);
    }

    void tickLabelsUseSiUnits_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("isY");
        QTest::addColumn<QString>("expected");
        QTest::newRow("1 TFLOP/s") << 1e12 << true << "1 TFLOP/s";
        QTest::newRow("10 PFLOP/s") << 1e16 << true << "10 PFLOP/s";
        QTest::newRow("x 0.1") << 0.1 << false << "0.1";
        QTest::newRow("x 1k") << 1000.0 << false << "1k";
    }
    void tickLabelsUseSiUnits()
    {
        QFETCH(double, value);
        QFETCH(bool, isY);
        QFETCH(QString, expected);
        QCOMPARE(isY ? RooflineChart::yTickLabel(value) : RooflineChart::xTickLabel(value), expected);
    }

    void unknownDeviceIsReportedNotFatal()
    {
        Session s;
        s.devices = { { "no-such-device", "", {}, true }, { "nvidia-h100-sxm", "", {}, true } };
        Kernel k;
        k.name = "k";
        k.flops = 1e12;
        k.bytes = { { "default", 1e9 } };
        s.kernels = { k };
        MainWindow window(m_db);
        window.setSession(s);
        QCOMPARE(static_cast<int>(window.chart()->scene().devices.size()), 1);
        QVERIFY(window.problems().join(' ').contains("no-such-device"));
    }
};

ROOFSCOPE_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
