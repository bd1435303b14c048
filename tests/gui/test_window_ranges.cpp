// Ranges in the window, through the real widgets (offscreen): the Sweep dock's trajectory on the
// chart and its slider.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "chart/TrajectoryLayer.h"
#include "figures/KernelRegimeMap.h"
#include "figures/KernelSweep.h"
#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"
#include "widgets/RegimeMapDock.h"
#include "widgets/RegimeMapView.h"
#include "widgets/SiSpinBox.h"
#include "widgets/SweepDock.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::test;

namespace {
Session loadRangesExample(const char* name)
{
    return loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name).session.value_or(Session {});
}

TrajectoryLayer* trajectoryLayer(RooflineChart* chart)
{
    QCustomPlot* plot = chart->plot();
    for (int i = 0; i < plot->layerCount(); ++i) {
        for (QCPLayerable* child : plot->layer(i)->children()) {
            if (auto* layer = dynamic_cast<TrajectoryLayer*>(child)) {
                return layer;
            }
        }
    }
    return nullptr;
}

// The matmul m x 8192 x 8192 (bf16, 2 bytes a value) has intensity 2 m k n / (2 (m k + k n + m n))
// = 8192 m / (2 m + 8192): it reaches a ridge R at m = 8192 R / (8192 - 2 R).
double decodeIntensity(double m)
{
    return 8192.0 * m / (2.0 * m + 8192.0);
}
double ridgeBatch(double ridge)
{
    return 8192.0 * ridge / (8192.0 - 2.0 * ridge);
}
} // namespace

class TestWindowRanges : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
    }

    // Selecting a template kernel sweeps its drag parameter; the dot where the binding turns to
    // compute lies at the batch that reaches each device's ridge, on the ridge itself.
    void trajectoryCrossingsSitAtEachRidge()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadRangesExample("decode-matmul-sweep.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.analysis()->setSelectedKernel(0);
        QApplication::processEvents();
        SweepDock* dock = window.sweepDock();
        QCOMPARE(dock->parameterBox()->currentText(), QStringLiteral("m"));
        const Trajectory& t = window.kernelSweep()->trajectory();
        QVERIFY2(t.kernel == 0, qPrintable(window.kernelSweep()->error() + window.sweepDock()->crossingText()));
        const ChartScene& scene = window.analysis()->scene();
        QCOMPARE(t.devices.size(), scene.devices.size());
        TrajectoryLayer* layer = trajectoryLayer(window.chart());
        QVERIFY(layer);
        window.chart()->plot()->replot();
        QCOMPARE(layer->drawnPolylines(), static_cast<int>(scene.devices.size()));
        int crossings = 0;
        for (size_t d = 0; d < t.devices.size(); ++d) {
            const TrajectoryDevice& device = t.devices[d];
            const ChartDevice& chartDevice = scene.devices[static_cast<size_t>(device.sceneDevice)];
            QCOMPARE(device.points.size(), window.kernelSweep()->values().size());
            crossings += static_cast<int>(device.crossings.size());
            const auto& core = window.kernelSweep()->sweepDevices()[d].crossings;
            bool found = false;
            for (size_t c = 0; c < device.crossings.size(); ++c) {
                if (!device.crossings[c].detail.endsWith(QStringLiteral("→ compute"))) {
                    continue;
                }
                found = true;
                const double expected = ridgeBatch(chartDevice.ridge());
                ROOFSCOPE_COMPARE_REL(device.crossings[c].value, expected, 1e-9);
                QVERIFY(device.crossings[c].label.startsWith(QLatin1String("m = ")));
                ROOFSCOPE_COMPARE_REL(device.crossings[c].intensity, chartDevice.ridge(), 1e-9);
                ROOFSCOPE_COMPARE_REL(device.crossings[c].attainable, chartDevice.computeRoof, 1e-9);
                // The dot is drawn where the chart puts the ridge.
                const auto at = layer->crossingPosition(d, c);
                QVERIFY(at);
                QCOMPARE(qRound(at->x()), qRound(window.chart()->plot()->xAxis->coordToPixel(chartDevice.ridge())));
                QCOMPARE(qRound(at->y()), qRound(window.chart()->plot()->yAxis->coordToPixel(chartDevice.computeRoof)));
            }
            QVERIFY2(found, qPrintable(chartDevice.label + QLatin1Char('\n') + dock->crossingText()));
            // One dot per crossing value of the core's sweep.
            QVERIFY(!core.empty());
            QVERIFY(device.crossings.size() <= core.size());
        }
        QCOMPARE(layer->drawnCrossings(), crossings);
        QVERIFY(dock->crossingText().contains(QLatin1String("m = ")));

        // Switching the trajectory off draws nothing.
        dock->enabledBox()->setChecked(false);
        window.chart()->plot()->replot();
        QCOMPARE(layer->drawnPolylines(), 0);
        QCOMPARE(layer->drawnCrossings(), 0);
    }

    // Issue 24 ("m = 6m = 18900"): the crossings' labels never overlap nor touch each other (a gap
    // of at least three pixels between any two), and each lies wholly inside the plot; a label with
    // no such spot is left out (its dot stays). Also with the chart zoomed far out, where every dot
    // falls within a few pixels of the others.
    void crossingLabelsNeverCollide()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        Session session = loadRangesExample("decode-matmul-sweep.yaml");
        session.devices.push_back(DeviceSelection { "nvidia-a100-sxm-80gb", "", {}, true });
        window.setSession(session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.analysis()->setSelectedKernel(0);
        QApplication::processEvents();
        TrajectoryLayer* layer = trajectoryLayer(window.chart());
        QVERIFY(layer);
        QCustomPlot* plot = window.chart()->plot();
        for (const bool zoomedOut : { false, true }) {
            if (zoomedOut) {
                plot->xAxis->setRange(1e-6, 1e12);
                plot->yAxis->setRange(1e3, 1e24);
            }
            plot->replot();
            const QString what = zoomedOut ? QStringLiteral("zoomed out") : QStringLiteral("as opened");
            const std::vector<QRectF>& labels = layer->labelRects();
            QVERIFY2(!labels.empty(), qPrintable(what));
            QCOMPARE(static_cast<int>(labels.size()) + layer->droppedLabels(), layer->drawnCrossings());
            const QRectF area = plot->axisRect()->rect();
            for (size_t i = 0; i < labels.size(); ++i) {
                QVERIFY2(
                    area.contains(labels[i]), qPrintable(what + QStringLiteral(": label %1 leaves the plot").arg(i)));
                for (size_t j = i + 1; j < labels.size(); ++j) {
                    QVERIFY2(
                        !labels[i].adjusted(-1.5, -1.5, 1.5, 1.5).intersects(labels[j].adjusted(-1.5, -1.5, 1.5, 1.5)),
                        qPrintable(what + QStringLiteral(": labels %1 and %2 run together").arg(i).arg(j)));
                }
            }
        }
    }

    // Issue 32: the crossings' labels are drawn under the kernels' markers, so they keep clear of
    // them: on tpu-generations.yaml (five TPUs, four kernels) with MatMul 600x600 swept, no label lies
    // under any marker's box (the largest marker's size, 14 px at 1x), at 1366x768 and in review mode.
    void crossingLabelsKeepClearOfTheMarkers()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        window.setSession(loadRangesExample("tpu-generations.yaml"));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        int matmul = -1;
        for (size_t k = 0; k < window.session().kernels.size(); ++k) {
            matmul = window.session().kernels[k].name == "MatMul 600x600" ? static_cast<int>(k) : matmul;
        }
        QVERIFY(matmul >= 0);
        window.analysis()->setSelectedKernel(matmul);
        QApplication::processEvents();
        TrajectoryLayer* layer = trajectoryLayer(window.chart());
        QVERIFY(layer);
        for (const bool review : { false, true }) {
            if (review) {
                window.reviewAction()->trigger();
                QApplication::processEvents();
            }
            window.chart()->plot()->replot();
            const QString what = review ? QStringLiteral("review") : QStringLiteral("1366x768");
            const std::vector<QRectF>& labels = layer->labelRects();
            QVERIFY2(!labels.empty(), qPrintable(what));
            const std::vector<QRectF> markers = window.chart()->markerRects(window.chart()->plot()->axisRect()->rect());
            QVERIFY2(markers.size() >= 10, qPrintable(what));
            for (const QRectF& label : labels) {
                for (const QRectF& marker : markers) {
                    QVERIFY2(!label.intersects(marker),
                        qPrintable(what
                            + QStringLiteral(": a label at %1, %2 lies under a marker at %3, %4")
                                  .arg(label.x())
                                  .arg(label.y())
                                  .arg(marker.center().x())
                                  .arg(marker.center().y())));
                }
            }
        }
    }

    // A slider drag sets the parameter live (the kernel's marker follows) as one undo step.
    void sliderDragMovesTheKernelInOneUndoStep()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadRangesExample("decode-matmul-sweep.yaml"));
        window.analysis()->setSelectedKernel(0);
        SweepDock* dock = window.sweepDock();
        QSlider* slider = dock->slider();
        QUndoStack* undo = window.document()->undoStack();
        const int before = undo->count();
        slider->setSliderDown(true);
        for (int position : { 300, 500, 700 }) {
            slider->setValue(position);
            const double m = dock->valueAt(position);
            QCOMPARE(window.session().kernels[0].templ->params.at("m"), m);
            ROOFSCOPE_COMPARE_REL(window.analysis()->scene().kernels[0].points[0].intensity, decodeIntensity(m), 1e-9);
        }
        slider->setSliderDown(false);
        QCOMPARE(undo->count(), before + 1);
        undo->undo();
        QCOMPARE(window.session().kernels[0].templ->params.at("m"), 16.0);
        ROOFSCOPE_COMPARE_REL(window.analysis()->scene().kernels[0].points[0].intensity, decodeIntensity(16.0), 1e-9);
        QCOMPARE(slider->value(), dock->positionOf(16.0)); // the slider follows the undo
        // A page step (Page Up, a click on the groove) is a step of its own.
        slider->triggerAction(QAbstractSlider::SliderPageStepAdd);
        QCOMPARE(undo->index(), before + 1);
        slider->triggerAction(QAbstractSlider::SliderPageStepAdd);
        QCOMPARE(undo->index(), before + 2);
    }

    // A raw kernel has nothing to sweep: the controls are off and nothing is drawn.
    void rawKernelShowsNoTrajectory()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        Session session = loadRangesExample("decode-matmul-sweep.yaml");
        Kernel raw;
        raw.name = "raw";
        raw.flops = 1e9;
        raw.bytes.push_back({ "default", 1e8 });
        session.kernels.push_back(raw);
        window.setSession(session);
        window.analysis()->setSelectedKernel(1);
        QCOMPARE(window.kernelSweep()->trajectory().kernel, -1);
        QVERIFY(!window.sweepDock()->slider()->isEnabled());
        window.analysis()->setSelectedKernel(0);
        QCOMPARE(window.kernelSweep()->trajectory().kernel, 0);
        QVERIFY(window.sweepDock()->slider()->isEnabled());
    }

    // The map of the selected kernel: m across, k up, one panel per shown device (TPU v5e, H100); a
    // corner cell binds where its intensity says on each, and a click on either panel sets both
    // parameters in one undo step.
    void mapClickSetsBothParameters()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadRangesExample("decode-matmul-sweep.yaml"));
        window.analysis()->setSelectedKernel(0);
        RegimeMapDock* dock = window.regimeMapDock();
        dock->show();
        dock->raise();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
        QCOMPARE(dock->xParameterBox()->currentText(), QStringLiteral("m"));
        QCOMPARE(dock->yParameterBox()->currentText(), QStringLiteral("k"));
        dock->regimeMap()->ensureCurrent(); // the map is drawn on threads of its own
        const RegimeMap& map = dock->regimeMap()->map();
        QCOMPARE(map.devices.size(), size_t(2));
        QCOMPARE(dock->view()->panelCount(), 2);
        QCOMPARE(dock->regimeMap()->sceneDevices(), std::vector<int>({ 0, 1 }));
        // Two decades either side of m = 16 and k = 8192, whole numbers (repeated ones dropped).
        QCOMPARE(map.xValues.front(), 1.0);
        QCOMPARE(map.xValues.back(), 1600.0);
        QCOMPARE(map.yValues.front(), 82.0);
        QCOMPARE(map.yValues.back(), 819200.0);
        QCOMPARE(map.yValues.size(), size_t(64));
        // Intensity of m x k x 8192 (bf16): m k n / (m k + k n + m n).
        auto intensity = [](double m, double k) { return m * k * 8192.0 / (m * k + k * 8192.0 + m * 8192.0); };
        RegimeMapView* view = dock->view();
        const size_t nx = map.xValues.size();
        const size_t ny = map.yValues.size();
        for (int panel = 0; panel < 2; ++panel) {
            const ChartDevice& device = window.analysis()->scene().devices[static_cast<size_t>(panel)];
            QCOMPARE(QString::fromStdString(map.devices[static_cast<size_t>(panel)].hardwareName), device.label);
            for (const auto& [ix, iy] :
                { std::pair<size_t, size_t> { 0, 0 }, std::pair<size_t, size_t> { nx - 1, ny - 1 } }) {
                const bool compute = intensity(map.xValues[ix], map.yValues[iy]) > device.ridge();
                const QString text = view->cellText(ix, iy, panel);
                QVERIFY2(text.startsWith(device.label), qPrintable(text));
                QVERIFY2(text.contains(QLatin1String("compute-bound")) == compute, qPrintable(text));
            }
            // The panels lie side by side, the hover finds each one's cells.
            const QPoint center = view->cellCenter(5, 7, panel);
            QCOMPARE(view->panelAt(center), panel);
            QCOMPARE(view->cellAt(center), std::make_optional(std::make_pair(size_t { 5 }, size_t { 7 })));
        }
        QVERIFY(view->panelArea(0).right() < view->panelArea(1).left());
        QCOMPARE(view->panelArea(0).size(), view->panelArea(1).size());
        // One device chosen: one panel.
        dock->deviceBox()->setCurrentIndex(2);
        dock->regimeMap()->ensureCurrent();
        QCOMPARE(map.devices.size(), size_t(1));
        QCOMPARE(dock->regimeMap()->sceneDevices(), std::vector<int>({ 1 }));
        dock->deviceBox()->setCurrentIndex(0);
        dock->regimeMap()->ensureCurrent();
        QCOMPARE(map.devices.size(), size_t(2));
        QUndoStack* undo = window.document()->undoStack();
        const int before = undo->count();
        const size_t ix = 30;
        const size_t iy = 20;
        const QPoint at = view->cellCenter(ix, iy, 1); // on the second device's panel
        QCOMPARE(view->cellAt(at), std::make_optional(std::make_pair(ix, iy)));
        QTest::mouseClick(view, Qt::LeftButton, {}, at);
        QCOMPARE(undo->count(), before + 1);
        QCOMPARE(window.session().kernels[0].templ->params.at("m"), map.xValues[ix]);
        QCOMPARE(window.session().kernels[0].templ->params.at("k"), map.yValues[iy]);
        undo->undo();
        QCOMPARE(window.session().kernels[0].templ->params.at("m"), 16.0);
        QCOMPARE(window.session().kernels[0].templ->params.at("k"), 8192.0);
    }

    // Issue 24: with six devices the regime map clipped its panels' titles, ticks and legend. On
    // laptop windows every panel and the legend lie inside the view (its scroll area scrolls down
    // when the dock is short, never sideways).
    void regimeMapHoldsSixDevices_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1366x768") << QSize(1366, 768);
        QTest::newRow("1280x720") << QSize(1280, 720);
    }
    void regimeMapHoldsSixDevices()
    {
        QFETCH(QSize, size);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(size);
        Session session = loadRangesExample("decode-matmul-sweep.yaml");
        for (const char* id : { "nvidia-a100-sxm-80gb", "nvidia-h200-sxm", "nvidia-l40s", "amd-instinct-mi300x" }) {
            session.devices.push_back(DeviceSelection { id, "", {}, true });
        }
        window.setSession(session);
        window.analysis()->setSelectedKernel(0);
        RegimeMapDock* dock = window.regimeMapDock();
        dock->show();
        dock->raise();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::processEvents();
        dock->regimeMap()->ensureCurrent(); // the map is drawn on threads of its own
        QApplication::processEvents(); // the view lays out the map it was given
        RegimeMapView* view = dock->view();
        QCOMPARE(view->panelCount(), 6);
        const QRect inside = view->rect();
        for (int panel = 0; panel < 6; ++panel) {
            const QRect area = view->panelArea(panel);
            QVERIFY2(inside.contains(area), qPrintable(QStringLiteral("panel %1 leaves the view").arg(panel)));
            for (int other = panel + 1; other < 6; ++other) {
                QVERIFY(!area.intersects(view->panelArea(other)));
            }
            // Room for its title above and its ticks below and left.
            QVERIFY2(area.top() - inside.top() >= 30 && inside.bottom() - area.bottom() >= 36 && area.left() >= 50,
                qPrintable(QStringLiteral("panel %1 has no room for its title and ticks").arg(panel)));
        }
        // The one legend, right of the last panel in its row (150 px) or below the panels.
        const QRect last = view->panelArea(5);
        const bool legendRight = last.right() + 14 + kRegimeMapLegend <= inside.right() + 1;
        int lowest = 0;
        for (int panel = 0; panel < 6; ++panel) {
            lowest = std::max(lowest, view->panelArea(panel).bottom());
        }
        QVERIFY2(legendRight || lowest + 40 + 60 <= inside.bottom(), "no room for the legend");
        // Not wider than the dock shows: it scrolls down, never across.
        QVERIFY2(view->width() <= view->parentWidget()->width(),
            qPrintable(QStringLiteral("view %1 px wide in %2").arg(view->width()).arg(view->parentWidget()->width())));
        // Every text drawn (titles, tick labels, axis names, the legend) lies whole inside the view,
        // off every panel's cells and clear of every other text.
        QVERIFY(inside.contains(view->legendArea()));
        view->grab(); // paints
        const std::vector<QRect>& texts = view->drawnTexts();
        QVERIFY(texts.size() > 6 * 3);
        for (size_t i = 0; i < texts.size(); ++i) {
            const QString what = QStringLiteral("text %1 (%2,%3 %4x%5)")
                                     .arg(i)
                                     .arg(texts[i].x())
                                     .arg(texts[i].y())
                                     .arg(texts[i].width())
                                     .arg(texts[i].height());
            QVERIFY2(inside.contains(texts[i]), qPrintable(what + QStringLiteral(" leaves the view")));
            for (int panel = 0; panel < 6; ++panel) {
                QVERIFY2(!texts[i].intersects(view->panelArea(panel).adjusted(1, 1, -1, -1)),
                    qPrintable(what + QStringLiteral(" covers panel %1").arg(panel)));
            }
            for (size_t j = i + 1; j < texts.size(); ++j) {
                QVERIFY2(
                    !texts[i].intersects(texts[j]), qPrintable(what + QStringLiteral(" runs into text %1").arg(j)));
            }
        }
    }

    // The map exports as PNG, SVG and CSV (one line per cell after the header).
    void mapExports()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(loadRangesExample("decode-matmul-sweep.yaml"));
        window.analysis()->setSelectedKernel(0);
        QTemporaryDir dir;
        RegimeMapDock* dock = window.regimeMapDock();
        for (const char* name : { "map.png", "map.svg", "map.csv" }) {
            const QString path = dir.filePath(QLatin1String(name));
            QCOMPARE(dock->exportTo(path), QString());
            QVERIFY(QFile(path).size() > 0);
        }
        QFile csv(dir.filePath(QStringLiteral("map.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        const RegimeMap& map = dock->regimeMap()->map();
        // Both devices' cells, each line naming its device.
        QCOMPARE(map.devices.size(), size_t(2));
        QCOMPARE(static_cast<size_t>(lines.size()), 1 + 2 * map.xValues.size() * map.yValues.size());
        QVERIFY(lines.front().startsWith("hardware,x,y,regime,binding"));
        QVERIFY(lines[1].startsWith("google-tpu-v5e,"));
        QVERIFY(lines.back().startsWith("nvidia-h100-sxm,"));
        QVERIFY(dock->exportTo(dir.filePath(QStringLiteral("map.gif"))).contains(QLatin1String(".png, .svg or .csv")));
    }

private:
    HardwareDatabase m_db;
};

ROOFSCOPE_TEST_MAIN(TestWindowRanges)
#include "test_window_ranges.moc"
