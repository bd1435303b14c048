// Kernel labels (issue 12): the intensity they carry ("AI=108", written as the seed writes it), and
// the leader line that ties a label the placer had to move off its guide (or shorten) to its marker,
// in the window and in the HTML page; labels still never overlap each other or a marker. A kernel
// that moved 0 bytes on every counted level (intensity unbounded) keeps its marker and label, pinned
// by the right edge of the x range shown with an arrow on to the edge, in the window and the page.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/HtmlExport.h"
#include "chart/RooflineChart.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "scene/SceneBuilder.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"

#include <QImage>
#include <QLineF>
#include <QPolygonF>
#include <QRegularExpression>
#include <QSettings>
#include <QToolTip>
#include <QUndoStack>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// Twelve kernels within a factor of two of intensity on one device: more labels than the top rows
// hold over their guides.
Session crowdedSession()
{
    Session session;
    session.devices = { DeviceSelection { "nvidia-h100-sxm", "", {}, true } };
    const char* names[] = { "QKV projection", "Attention scores", "Softmax", "Attention values", "Output projection",
        "FFN gate", "FFN up", "FFN down", "RMSNorm", "Rotary embedding", "Residual add", "Logits" };
    double intensity = 40.0;
    for (const char* name : names) {
        Kernel kernel;
        kernel.name = name;
        kernel.flops = intensity * 1e9;
        kernel.bytes = { { "hbm", 1e9 } };
        session.kernels.push_back(kernel);
        intensity *= 1.07;
    }
    return session;
}

// A GEMM whose data stayed in L2: 0 bytes on HBM, the only level counted (as an ncu run with
// dram__bytes.sum = 0 imports), between two ordinary kernels, all measured, on H100 in bf16.
// H100 SXM bf16 dense: 989 TFLOP/s. The GEMM: 5e11 FLOP in 1 ms = 5e14 FLOP/s achieved.
Session zeroByteSession()
{
    Session session;
    session.devices = { DeviceSelection { "nvidia-h100-sxm", "", {}, true } };
    const struct {
        const char* name;
        double flops;
        double bytes;
        double seconds;
    } rows[] = { { "layernorm", 2e9, 1e9, 0.5e-3 }, { "gemm l2-resident", 5e11, 0.0, 1e-3 },
        { "attention", 1e11, 1e9, 0.4e-3 } };
    for (const auto& row : rows) {
        Kernel kernel;
        kernel.name = row.name;
        kernel.flops = row.flops;
        kernel.bytes = { { "hbm", row.bytes } };
        kernel.precision = "bf16";
        kernel.measuredSeconds = row.seconds;
        session.kernels.push_back(kernel);
    }
    return session;
}
constexpr int kZeroByteKernel = 1;
constexpr double kEdgeInset = 22.0; // the marker's centre, in pixels from the axis rect's right edge
const char* const kEdgeReason
    = "moved 0 bytes on every counted level: compute-bound, intensity unbounded; drawn at the right edge";

// The axis rect's right edge: where the x axis maps its range's upper end.
double rightEdge(const QCustomPlot* plot)
{
    const QRect rect = plot->axisRect()->rect();
    return rect.left() + rect.width();
}

// Whether a point lies on a rectangle's outline, within half a pixel.
bool onOutline(QPointF point, const QRectF& rect)
{
    return rect.adjusted(-0.5, -0.5, 0.5, 0.5).contains(point) && !rect.adjusted(0.5, 0.5, -0.5, -0.5).contains(point);
}

// Whether a segment passes through a rectangle's inside (more than a pixel in).
bool passesThrough(const QLineF& line, const QRectF& rect)
{
    const QRectF inside = rect.adjusted(1.0, 1.0, -1.0, -1.0);
    const int steps = std::max(2, static_cast<int>(line.length() * 2.0));
    for (int i = 0; i <= steps; ++i) {
        if (inside.contains(line.pointAt(static_cast<double>(i) / steps))) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestKernelLabels : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    // As seed 001 writes "(AI={ai:.0f})" for its transformer kernels: whole numbers from 10 up; below,
    // three significant digits, so that small intensities keep their figures.
    void intensityIsWrittenAsTheSeedWritesIt_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("attention QK^T: 107.79 rounds to 108") << 536870912.0 / 4980736.0 << "108";
        QTest::newRow("FFN up projection: 3120.76 rounds to 3121") << 4398046511104.0 / 1409286144.0 << "3121";
        QTest::newRow("ten is whole") << 10.0 << "10";
        QTest::newRow("just under ten keeps a decimal") << 9.9 << "9.9";
        QTest::newRow("a third of sixteen: three digits") << 16.0 / 3.0 << "5.33";
        QTest::newRow("a quarter") << 0.25 << "0.25";
        QTest::newRow("five thirds") << 5.0 / 3.0 << "1.67";
        QTest::newRow("a hundredth and a bit") << 0.012345 << "0.0123";
        QTest::newRow("zero: nothing") << 0.0 << "";
        QTest::newRow("negative: nothing") << -3.0 << "";
        QTest::newRow("not a number: nothing") << std::nan("") << "";
        QTest::newRow("unbounded (no bytes moved): infinity") << std::numeric_limits<double>::infinity() << "\u221E";
        QTest::newRow("minus infinity: nothing") << -std::numeric_limits<double>::infinity() << "";
    }
    void intensityIsWrittenAsTheSeedWritesIt()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(formatLabelIntensity(value), text);
    }

    // A crowded chart: labels with no room over their guide move off it, each with a leader from its
    // outline to its marker's edge, drawn in the window; no leader passes through another label, and
    // labels overlap neither each other nor a marker.
    void aDisplacedLabelHasALeaderToItsMarker()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1600, 1000);
        window.setSession(crowdedSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.fitAll();
        RooflineChart* chart = window.chart();
        chart->plot()->replot();
        const ChartLabelPlacer& placer = chart->labelPlacer();
        const int kernels = static_cast<int>(window.session().kernels.size());
        std::vector<QRectF> rects;
        for (int k = 0; k < kernels; ++k) {
            if (const auto label = placer.kernelLabel(k)) {
                rects.push_back(label->rect);
            }
        }
        int leaders = 0;
        for (int k = 0; k < kernels; ++k) {
            const auto label = placer.kernelLabel(k);
            if (!label || !label->leader) {
                continue;
            }
            ++leaders;
            const QString what = QStringLiteral("kernel %1").arg(k);
            const double guide
                = chart->plot()->xAxis->coordToPixel(chart->scene().kernels[size_t(k)].points[0].intensity);
            QVERIFY2(guide < label->rect.left() || guide > label->rect.right() || label->text.contains(QChar(0x2026)),
                qPrintable(what + QStringLiteral(": a leader, though over its guide and whole")));
            QVERIFY2(onOutline(label->leader->p1(), label->rect), qPrintable(what));
            const auto marker = chart->markerPosition(k, 0);
            QVERIFY(marker);
            const double toMarker = QLineF(label->leader->p2(), *marker).length();
            QVERIFY2(toMarker <= 6.0, qPrintable(what + QStringLiteral(": ends %1 px from its marker").arg(toMarker)));
            // The end lies on the line from the label to the marker's centre.
            const QPointF along = *marker - label->leader->p1();
            const QPointF end = label->leader->p2() - label->leader->p1();
            const double offLine
                = std::fabs(along.x() * end.y() - along.y() * end.x()) / QLineF(QPointF(), along).length();
            QVERIFY2(
                offLine < 0.5, qPrintable(what + QStringLiteral(": %1 px off the line to the marker").arg(offLine)));
            for (const QRectF& other : rects) {
                if (other != label->rect) {
                    QVERIFY2(
                        !passesThrough(*label->leader, other), qPrintable(what + QStringLiteral(": crosses a label")));
                }
            }
            // Drawn: a visible line item with these ends.
            bool drawn = false;
            for (int i = 0; i < chart->plot()->itemCount(); ++i) {
                const auto* line = qobject_cast<QCPItemLine*>(chart->plot()->item(i));
                drawn = drawn
                    || (line && line->visible()
                        && QLineF(line->start->pixelPosition(), label->leader->p1()).length() < 0.5
                        && QLineF(line->end->pixelPosition(), label->leader->p2()).length() < 0.5);
            }
            QVERIFY2(drawn, qPrintable(what + QStringLiteral(": no line drawn")));
        }
        QVERIFY2(leaders > 0, "no label was moved off its guide");
        // While such a kernel is dragged its label rides over its guide without a leader (it says the
        // intensity under the pointer); let go, it is placed again.
        int dragged = -1;
        for (int k = 0; k < kernels && dragged < 0; ++k) {
            const auto label = placer.kernelLabel(k);
            const auto marker = chart->markerPosition(k, 0);
            if (label && label->leader && marker && chart->kernelAt(*marker) == k) {
                dragged = k;
            }
        }
        QVERIFY(dragged >= 0);
        QCustomPlot* plot = chart->plot();
        const QPoint from = chart->markerPosition(dragged, 0)->toPoint();
        const QPoint to(from.x() + 60, from.y());
        QTest::mousePress(plot, Qt::LeftButton, {}, from);
        QTest::mouseMove(plot, QPoint(from.x() + 30, from.y()));
        QTest::mouseMove(plot, to);
        QVERIFY(chart->isDragging());
        for (int i = 0; i < plot->itemCount(); ++i) {
            if (const auto* line = qobject_cast<QCPItemLine*>(plot->item(i)); line && line->visible()) {
                QVERIFY2(line->layer()->name() != QLatin1String("overlay"), "the dragged label kept its leader");
            }
        }
        QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
        plot->replot();
        QVERIFY(placer.kernelLabel(dragged).has_value() || !chart->kernelLabelVisible(dragged));
        // Labels that sit over their guide, whole, have none.
        int plain = 0;
        for (int k = 0; k < kernels; ++k) {
            const auto label = placer.kernelLabel(k);
            if (label && !label->leader) {
                ++plain;
                QVERIFY(!label->text.contains(QChar(0x2026)));
            }
        }
        QVERIFY(plain > 0);
        const std::vector<QPolygonF> outlines = placer.labelOutlines();
        for (size_t i = 0; i < outlines.size(); ++i) {
            for (size_t j = i + 1; j < outlines.size(); ++j) {
                QVERIFY2(!overlap(outlines[i], outlines[j]),
                    qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
            }
            for (const QPointF& marker : placer.markerPixels()) {
                QVERIFY2(!outlines[i].containsPoint(marker, Qt::OddEvenFill),
                    qPrintable(QStringLiteral("label %1 covers a marker").arg(i)));
            }
        }
    }

    // Issue 24: while a kernel is dragged onto another's intensity its label does not ride over the
    // other's label: it takes the next free row over its guide (or a spot beside it), within the
    // same step.
    void aDraggedLabelOverlapsNoOtherLabel()
    {
        Session session;
        session.devices = { DeviceSelection { "nvidia-h100-sxm", "", {}, true } };
        for (const auto& [name, intensity] : { std::pair { "Alpha", 2.0 }, { "Beta", 20.0 }, { "Gamma", 200.0 } }) {
            Kernel kernel;
            kernel.name = name;
            kernel.flops = intensity * 1e9;
            kernel.bytes = { { "hbm", 1e9 } };
            session.kernels.push_back(kernel);
        }
        QSettings().clear(); // the default layout, whatever an earlier window saved
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        window.setSession(session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.fitAll();
        RooflineChart* chart = window.chart();
        QCustomPlot* plot = chart->plot();
        plot->replot();
        const auto before0 = chart->kernelLabelRect(0);
        const auto before1 = chart->kernelLabelRect(1);
        QVERIFY(before0 && before1);
        QCOMPARE(before0->top(), before1->top()); // both in the first row, apart
        const auto marker = chart->markerPosition(0, 0);
        QVERIFY(marker);
        QCOMPARE(chart->kernelAt(*marker).value_or(-1), 0);
        const QPoint from = marker->toPoint();
        // Onto Beta's guide (its marker's x), in two steps.
        const QPoint to(qRound(chart->markerPosition(1, 0)->x()), from.y());
        QTest::mousePress(plot, Qt::LeftButton, {}, from);
        QTest::mouseMove(plot, QPoint((from.x() + to.x()) / 2, from.y()));
        QTest::mouseMove(plot, to);
        QVERIFY(chart->isDragging());
        QCoreApplication::processEvents();
        const auto dragged = chart->kernelLabelRect(0);
        QVERIFY2(dragged,
            qPrintable(QStringLiteral("the dragged label is hidden though spots are free (plot %1x%2)")
                           .arg(plot->width())
                           .arg(plot->height())));
        // Over its guide, or beside it where the rows over it are taken (by roof labels too).
        QVERIFY2(std::fabs(dragged->center().x() - to.x()) < dragged->width() / 2.0 + 260.0, "the label strayed");
        for (int k = 1; k < 3; ++k) {
            const auto other = chart->kernelLabelRect(k);
            QVERIFY(other);
            const QRectF shared = dragged->intersected(*other);
            QVERIFY2(shared.width() <= 0.5 || shared.height() <= 0.5,
                qPrintable(QStringLiteral("the dragged label overlaps kernel %1's label").arg(k)));
        }
        // The labels the placer keeps (roofs, regions) as well.
        const auto own = chart->labelPlacer().kernelLabel(0);
        QVERIFY(own);
        for (const QPolygonF& outline : chart->labelPlacer().labelOutlines()) {
            if (outline.boundingRect() != own->rect) {
                QVERIFY2(!overlap(outline, QPolygonF(own->rect)), "the dragged label overlaps a placed label");
            }
        }
        QTest::mouseRelease(plot, Qt::LeftButton, {}, to);
    }

    // The HTML page draws each label as the chart placed it: its lines (name, intensity) and its leader.
    void htmlPageDrawsTheChartsLeaders()
    {
        const Session session = crowdedSession();
        RooflineChart chart;
        chart.resize(1200, 750);
        chart.plot()->setGeometry(0, 0, 1200, 750);
        const SceneBuildResult built = buildChartScene(session, m_db, nullptr, {});
        chart.setScene(built.scene, true);
        chart.plot()->setViewport(QRect(0, 0, 1200, 750));
        chart.plot()->replot();
        const QString page = htmlPage(chart, built, session);
        int leaders = 0;
        for (int k = 0; k < static_cast<int>(session.kernels.size()); ++k) {
            const auto label = chart.labelPlacer().kernelLabel(k);
            const QString group = QStringLiteral("<g class=\"kernel-label\" data-kernel=\"%1\">").arg(k);
            if (!label) {
                QVERIFY(!page.contains(group));
                continue;
            }
            const qsizetype at = page.indexOf(group);
            QVERIFY2(at >= 0, qPrintable(group));
            const QString drawn = page.mid(at, page.indexOf(QStringLiteral("</g>"), at) - at);
            const auto n = [](double v) { return QString::number(v, 'f', 1); };
            if (label->leader) {
                ++leaders;
                QVERIFY2(drawn.contains(QStringLiteral("<line class=\"leader\" x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\"")
                                            .arg(n(label->leader->x1()), n(label->leader->y1()), n(label->leader->x2()),
                                                n(label->leader->y2()))),
                    qPrintable(drawn));
            } else {
                QVERIFY2(!drawn.contains(QStringLiteral("leader")), qPrintable(drawn));
            }
            const QString ai = label->text.section(QLatin1Char('\n'), 1);
            QVERIFY2(ai.startsWith(QStringLiteral("AI=")), qPrintable(label->text));
            QVERIFY2(drawn.contains(QStringLiteral(">%1</tspan>").arg(ai)), qPrintable(drawn));
        }
        QVERIFY(leaders > 0);
    }

    // The window: the GEMM that moved 0 bytes is drawn at the right edge of the x range, on its compute
    // roof, with its label, a tooltip that says why, hit by hover and click; it stays at the edge when
    // the view is zoomed or panned; a drag from it moves nothing (its bytes stay 0) and says why.
    void aKernelThatMovedNoBytesSitsAtTheRightEdge()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1400, 900);
        window.setSession(zeroByteSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.fitAll();
        RooflineChart* chart = window.chart();
        QCustomPlot* plot = chart->plot();
        plot->replot();
        const ChartScene& scene = chart->scene();
        QCOMPARE(scene.devices.size(), size_t(1));
        QCOMPARE(scene.devices[0].computeRoof, 989e12); // its attainable: the compute roof
        const auto marker = chart->markerPosition(kZeroByteKernel, 0);
        QVERIFY2(marker, "the kernel that moved 0 bytes has no marker");
        QCOMPARE(marker->x(), rightEdge(plot) - kEdgeInset);
        QCOMPARE(marker->y(), plot->yAxis->coordToPixel(989e12));
        for (int k : { 0, 2 }) {
            QVERIFY(chart->markerPosition(k, 0)->x() < marker->x());
        }
        QCOMPARE(chart->kernelMarkerCount(), 3);
        // Its label, like the others: its name and "AI=∞", over the plot.
        QVERIFY2(chart->kernelLabelText(kZeroByteKernel).contains(QStringLiteral("gemm l2-resident")),
            qPrintable(chart->kernelLabelText(kZeroByteKernel)));
        QVERIFY2(chart->kernelLabelText(kZeroByteKernel).contains(QStringLiteral("AI=\u221E")),
            qPrintable(chart->kernelLabelText(kZeroByteKernel)));
        const auto label = chart->labelPlacer().kernelLabel(kZeroByteKernel);
        QVERIFY(label);
        QVERIFY(QRectF(plot->axisRect()->rect()).contains(label->rect));
        QVERIFY2(label->rect.right() > marker->x() - 10.0, "the label is not by its marker");
        // Hover and click find it, on its roof marker and on its measured point (5e14 FLOP/s).
        QCOMPARE(chart->kernelAt(*marker), std::optional<int>(kZeroByteKernel));
        const QPointF measured(marker->x(), plot->yAxis->coordToPixel(5e14));
        QCOMPARE(chart->kernelAt(measured), std::optional<int>(kZeroByteKernel));
        QTest::mouseMove(plot, marker->toPoint());
        QTRY_VERIFY2(QToolTip::text().contains(QLatin1String(kEdgeReason)), qPrintable(QToolTip::text()));
        QVERIFY2(QToolTip::text().contains(QStringLiteral("gemm l2-resident")), qPrintable(QToolTip::text()));
        QToolTip::hideText();

        // Zoomed in four times about the middle, then panned right by a factor of 3: still at the edge.
        plot->xAxis->scaleRange(0.25, std::sqrt(plot->xAxis->range().lower * plot->xAxis->range().upper));
        plot->replot();
        QCOMPARE(chart->markerPosition(kZeroByteKernel, 0)->x(), rightEdge(plot) - kEdgeInset);
        const QCPRange zoomed = plot->xAxis->range();
        plot->xAxis->setRange(zoomed.lower * 3.0, zoomed.upper * 3.0);
        plot->replot();
        QCOMPARE(chart->markerPosition(kZeroByteKernel, 0)->x(), rightEdge(plot) - kEdgeInset);
        QCOMPARE(chart->kernelAt(*chart->markerPosition(kZeroByteKernel, 0)), std::optional<int>(kZeroByteKernel));
        const auto moved = chart->labelPlacer().kernelLabel(kZeroByteKernel);
        QVERIFY(moved && moved->rect.right() > rightEdge(plot) - kEdgeInset - 10.0);

        // A drag from it edits nothing: its bytes stay 0 (no undo step), and the status line says why.
        const int undoSteps = window.document()->undoStack()->count();
        const QPoint from = chart->markerPosition(kZeroByteKernel, 0)->toPoint();
        QTest::mousePress(plot, Qt::LeftButton, {}, from);
        QVERIFY(!chart->isDragging());
        QTest::mouseMove(plot, QPoint(from.x() - 100, from.y()));
        QTest::mouseMove(plot, QPoint(from.x() - 200, from.y()));
        QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(from.x() - 200, from.y()));
        QCOMPARE(window.document()->undoStack()->count(), undoSteps);
        const Kernel& gemm = window.session().kernels[kZeroByteKernel];
        QCOMPARE(gemm.bytes.size(), size_t(1));
        QCOMPARE(gemm.bytes[0].bytes, 0.0);
        QVERIFY2(
            window.statusMessage().contains(QStringLiteral("cannot be dragged")), qPrintable(window.statusMessage()));
        QCOMPARE(chart->selectedKernel(), kZeroByteKernel);
        plot->replot();
        QCOMPARE(chart->markerPosition(kZeroByteKernel, 0)->x(), rightEdge(plot) - kEdgeInset);
    }

    // Drawn, not only placed: the chart's pixels between the pinned marker and the edge change when the
    // kernel is shown (its marker, and the arrow on to the edge); the HTML page draws the marker and the
    // arrows (roof and measured point) at the same pixels, and says under the chart why it sits there.
    void theZeroByteKernelIsDrawnAtTheEdgeInTheChartAndThePage()
    {
        const Session session = zeroByteSession();
        const SceneBuildResult built = buildChartScene(session, m_db, nullptr, {});
        QCOMPARE(built.scene.kernels[kZeroByteKernel].points.size(), size_t(1));
        auto render = [&](const ChartScene& scene, RooflineChart& chart) {
            chart.resize(1200, 750);
            chart.plot()->setGeometry(0, 0, 1200, 750);
            chart.setScene(scene, true);
            chart.plot()->setViewport(QRect(0, 0, 1200, 750));
            chart.plot()->replot();
            return chart.plot()->toPixmap(1200, 750, 1.0).toImage();
        };
        RooflineChart chart;
        const QImage shown = render(built.scene, chart);
        ChartScene without = built.scene;
        without.kernels[kZeroByteKernel].hidden = true;
        RooflineChart other;
        const QImage hidden = render(without, other);
        QCOMPARE(other.visibleRange().xUpper, chart.visibleRange().xUpper);
        const QCustomPlot* plot = chart.plot();
        const double edge = rightEdge(plot);
        const double y = plot->yAxis->coordToPixel(989e12);
        const QPoint centre(qRound(edge - kEdgeInset), qRound(y));
        // No label lies over the marker and its arrow (the pixels compared below are theirs).
        const QRectF markerAndArrow(edge - kEdgeInset - 7.0, y - 4.0, kEdgeInset + 7.0, 8.0);
        for (const QPolygonF& outline : chart.labelPlacer().labelOutlines()) {
            QVERIFY(!outline.boundingRect().intersects(markerAndArrow));
        }
        // The marker (filled with the device's colour, as is the compute roof through its centre): most
        // pixels of the 9 x 9 square about its centre change.
        int marker = 0;
        for (int dx = -4; dx <= 4; ++dx) {
            for (int dy = -4; dy <= 4; ++dy) {
                marker += shown.pixel(centre + QPoint(dx, dy)) != hidden.pixel(centre + QPoint(dx, dy)) ? 1 : 0;
            }
        }
        QVERIFY2(marker >= 40, qPrintable(QStringLiteral("%1 pixels of marker at the right edge").arg(marker)));
        int arrow = 0; // pixels of the arrow's shaft and head, right of the marker
        for (int x = qRound(edge - kEdgeInset) + 8; x < qRound(edge) - 1; ++x) {
            arrow += shown.pixel(x, qRound(y)) != hidden.pixel(x, qRound(y)) ? 1 : 0;
        }
        QVERIFY2(arrow >= 8, qPrintable(QStringLiteral("%1 pixels of arrow").arg(arrow)));

        const QString page = htmlPage(chart, built, session);
        const auto n = [](double v) { return QString::number(v, 'f', 1); };
        const QRegularExpression gemmMarker(
            QStringLiteral("<path class=\"marker\" data-device=\"0\"[^>]*data-kernel=\"%1\""
                           "[^>]*data-x=\"([0-9.]+)\" data-y=\"([0-9.]+)\"")
                .arg(kZeroByteKernel));
        const auto match = gemmMarker.match(page);
        QVERIFY2(match.hasMatch(), "no marker of the kernel in the page");
        QCOMPARE(match.captured(1), n(edge - kEdgeInset));
        QCOMPARE(match.captured(2), n(y));
        // Two arrows (its roof marker, its measured point at 5e14 FLOP/s), tips a pixel short of the edge.
        const QRegularExpression arrowTag(
            QStringLiteral("<g class=\"edge-arrow\" data-device=\"0\" data-tip-x=\"([0-9.]+)\">"
                           "<line x1=\"[0-9.]+\" y1=\"([0-9.]+)\""));
        QStringList heights;
        for (auto it = arrowTag.globalMatch(page); it.hasNext();) {
            const auto found = it.next();
            QCOMPARE(found.captured(1), n(edge - 1.0));
            heights << found.captured(2);
        }
        QCOMPARE(heights, QStringList({ n(y), n(plot->yAxis->coordToPixel(5e14)) }));
        QVERIFY(page.contains(QStringLiteral("<p id=\"edge-kernels\">")));
        QVERIFY2(
            page.contains(QStringLiteral("gemm l2-resident ") + QLatin1String(kEdgeReason)), "no note under the chart");
    }
};

ROOFSCOPE_TEST_MAIN(TestKernelLabels)
#include "test_kernel_labels.moc"
