// The first window: the real MainWindow and QCustomPlot chart, offscreen, on the example session.
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "gui/MainWindow.h"
#include "gui/ResultsTableModel.h"
#include "gui/SessionDocument.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"

#include <QImage>
#include <QTableView>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;

class TestMainWindow : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void exampleSessionIsDrawn()
    {
        auto loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
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
        auto loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
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
        const QModelIndex cell = window.resultsModel()->index(8, 5); // kernel 2 on the first device
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

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
