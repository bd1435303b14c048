// Kernel labels (issue 12): the intensity they carry ("AI=108", written as the seed writes it), and
// the leader line that ties a label the placer had to move off its guide (or shorten) to its marker,
// in the window and in the HTML page; labels still never overlap each other or a marker.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/HtmlExport.h"
#include "chart/RooflineChart.h"
#include "document/SceneBuilder.h"
#include "io/HardwareLoader.h"
#include "widgets/MainWindow.h"

#include <QLineF>
#include <QPolygonF>
#include <qcustomplot.h>

#include <cmath>

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

bool overlap(const QPolygonF& a, const QPolygonF& b)
{
    const QRectF shared = a.intersected(b).boundingRect();
    return shared.width() > 0.5 && shared.height() > 0.5;
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
};

ROOFSCOPE_TEST_MAIN(TestKernelLabels)
#include "test_kernel_labels.moc"
