// One label and one colour per device in every view and export, the same in every session; chart
// labels that never overlap each other or a marker, and a legend that covers no marker. Checked on
// every example session through the real window (offscreen) and the files it exports.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/GuiTestUtil.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "models/ComparisonTableModel.h"
#include "models/ResultsTableModel.h"
#include "scene/ChartPalette.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/HardwareDock.h"
#include "widgets/MainWindow.h"

#include <QDir>
#include <QFile>
#include <QIcon>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <map>

using namespace roofscope;
using namespace roofscope::test;

namespace {
QStringList exampleSessions()
{
    return QDir(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"))
        .entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
}

Session loadExampleNamed(const QString& name)
{
    const std::string path = std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + name.toStdString();
    return loadSessionFile(path).session.value_or(Session {});
}

// The colour in the middle of a swatch icon (a rounded square filled with the colour).
QColor swatchColor(const QVariant& decoration)
{
    const QIcon icon = decoration.value<QIcon>();
    return icon.isNull() ? QColor() : icon.pixmap(12, 12).toImage().pixelColor(6, 6);
}

} // namespace

class TestDeviceIdentity : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

    void addExampleRows()
    {
        QTest::addColumn<QString>("file");
        for (const QString& file : exampleSessions()) {
            QTest::newRow(qPrintable(file)) << file;
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
        QVERIFY(exampleSessions().size() >= 8);
    }

    void shippedDevicesHaveDistinctShortLabels()
    {
        std::map<std::string, std::string> seen;
        for (const Hardware& hw : m_db.devices()) {
            const std::string label = hw.shortLabel();
            QVERIFY2(!label.empty(), hw.id.c_str());
            QVERIFY2(seen.emplace(label, hw.id).second, (label + ": " + hw.id + " and " + seen[label]).c_str());
        }
        QCOMPARE(m_db.find("nvidia-h100-sxm")->shortLabel(), std::string("H100 SXM"));
        QCOMPARE(m_db.find("google-tpu-v7x")->shortLabel(), std::string("TPU v7x"));
        QCOMPARE(m_db.find("amd-instinct-mi300x")->shortLabel(), std::string("MI300X"));
    }

    void oneLabelAndColourInEveryView_data() { addExampleRows(); }
    void oneLabelAndColourInEveryView()
    {
        QFETCH(QString, file);
        const Session session = loadExampleNamed(file);
        QVERIFY(!session.devices.empty());
        MainWindow window(m_db);
        window.resize(1600, 1000);
        window.setSession(session);
        const ChartScene& scene = window.analysis()->scene();
        const auto& devices = window.analysis()->devices();
        QVERIFY(!scene.devices.empty());

        const QString html = m_dir.filePath(file + QStringLiteral(".html"));
        const QString svg = m_dir.filePath(file + QStringLiteral(".svg"));
        QVERIFY2(window.exportChartTo(html).isEmpty(), qPrintable(html));
        QVERIFY2(window.exportChartTo(svg).isEmpty(), qPrintable(svg));
        const QString page = readText(html);
        const QString drawing = readText(svg);

        for (size_t d = 0; d < scene.devices.size(); ++d) {
            const ChartDevice& device = scene.devices[d];
            const QString& label = device.label;
            const size_t sessionIndex = devices[d].sessionIndex;
            const std::string id = session.devices[sessionIndex].id;
            const Hardware* hw = m_db.find(id);
            QVERIFY(hw);
            // The label is the device's short label ("x N" when used N chips wide), its colour its own.
            QVERIFY2(label.startsWith(QString::fromStdString(hw->shortLabel())), qPrintable(label));
            QCOMPARE(device.color, deviceColor(id));

            // Chart legend.
            QVERIFY2(window.chart()->legendText(static_cast<int>(d)).startsWith(label + QStringLiteral(" (")),
                qPrintable(window.chart()->legendText(static_cast<int>(d))));

            // Hardware dock: the device's row says the same and shows the same swatch.
            const QTreeWidgetItem* row = window.hardwareDock()->deviceItem(QString::fromStdString(id));
            QVERIFY2(row, id.c_str());
            QVERIFY2(label.startsWith(row->text(0)), qPrintable(row->text(0)));
            QCOMPARE(swatchColor(row->icon(0)), device.color);

            // Results table: the Device column of each of its rows.
            const ResultsTableModel* results = window.resultsModel();
            int rows = 0;
            for (int r = 0; r < results->rowCount(); ++r) {
                if (results->rows()[static_cast<size_t>(r)].deviceIndex != sessionIndex) {
                    continue;
                }
                const QModelIndex cell = results->index(r, 1);
                QCOMPARE(cell.data().toString(), label);
                QCOMPARE(swatchColor(cell.data(Qt::DecorationRole)), device.color);
                QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(hw->name)));
                ++rows;
            }
            QVERIFY2(rows > 0 || scene.kernels.empty(), qPrintable(label));

            // Comparison table.
            const ComparisonTableModel* comparison = window.comparisonDock()->model();
            QVERIFY(static_cast<size_t>(comparison->rowCount()) == scene.devices.size());
            const QModelIndex name = comparison->index(static_cast<int>(d), 0);
            QVERIFY2(name.data().toString().startsWith(label), qPrintable(name.data().toString()));
            QCOMPARE(swatchColor(name.data(Qt::DecorationRole)), device.color);
            QVERIFY(name.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(hw->name)));

            // The HTML page's legend: the same label beside a swatch of the same colour.
            const QRegularExpression entry(QStringLiteral(
                "data-device=\"%1\"><span class=\"swatch\" style=\"background:(#[0-9a-f]{6})\"></span>([^<]*) <small>")
                                               .arg(d));
            const auto match = entry.match(page);
            QVERIFY2(match.hasMatch(), qPrintable(label));
            QCOMPARE(match.captured(2), label.toHtmlEscaped());
            QCOMPARE(match.captured(1), device.color.name());
            // The SVG: the legend's text and the roofs' strokes in the device's colour.
            QVERIFY2(drawing.contains(label.toHtmlEscaped() + QStringLiteral(" (")), qPrintable(label));
            QVERIFY2(drawing.contains(QStringLiteral("stroke=\"%1\"").arg(device.color.name())),
                qPrintable(device.color.name()));
        }
    }

    void aDeviceKeepsItsColourAcrossSessionsAndToggles()
    {
        std::map<std::string, QColor> colours;
        int shared = 0;
        for (const QString& file : exampleSessions()) {
            MainWindow window(m_db);
            window.setSession(loadExampleNamed(file));
            const auto& scene = window.analysis()->scene();
            const Session& session = window.session();
            std::vector<QColor> inSession;
            for (size_t d = 0; d < scene.devices.size(); ++d) {
                const std::string& id = session.devices[window.analysis()->devices()[d].sessionIndex].id;
                const auto [at, added] = colours.emplace(id, scene.devices[d].color);
                shared += added ? 0 : 1;
                QVERIFY2(at->second == scene.devices[d].color, (file.toStdString() + ": " + id).c_str());
                QVERIFY2(std::find(inSession.begin(), inSession.end(), scene.devices[d].color) == inSession.end(),
                    (file.toStdString() + ": two devices share a colour").c_str());
                inSession.push_back(scene.devices[d].color);
            }
            if (scene.devices.size() < 2) {
                continue;
            }
            // Hiding the first device leaves the others' colours as they were.
            const std::vector<ChartDevice> before = scene.devices;
            window.hardwareDock()->setDeviceChecked(QString::fromStdString(session.devices.front().id), false);
            const auto& after = window.analysis()->scene().devices;
            QCOMPARE(after.size(), before.size() - 1);
            for (size_t d = 0; d < after.size(); ++d) {
                QCOMPARE(after[d].color, before[d + 1].color);
            }
        }
        QVERIFY(shared > 3); // TPU v5e, v6e, v7x and H100 SXM appear in several sessions
        // Colours belong to ids: a device's colour does not depend on what the session lists first.
        QCOMPARE(deviceColors({ "google-tpu-v7x", "nvidia-h100-sxm" })[0], deviceColors({ "google-tpu-v7x" })[0]);
        QCOMPARE(deviceColors({ "nvidia-h100-sxm", "google-tpu-v7x" })[1], deviceColor("google-tpu-v7x"));
        // Two devices whose own colours coincide: the later one takes the next free colour.
        const std::vector<QColor> clash = deviceColors({ "nvidia-l40s", "google-tpu-v5e" });
        QVERIFY(clash[0] != clash[1]);
    }

    void labelsNeverOverlapAndTheLegendCoversNoMarker_data() { addExampleRows(); }
    void labelsNeverOverlapAndTheLegendCoversNoMarker()
    {
        QFETCH(QString, file);
        MainWindow window(m_db);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSession(loadExampleNamed(file));
        window.fitAll();
        window.chart()->plot()->replot();
        const ChartLabelPlacer& placer = window.chart()->labelPlacer();
        const std::vector<QPolygonF> labels = placer.labelOutlines();
        const std::vector<QPointF> markers = placer.markerPixels();
        QVERIFY(!labels.empty());
        for (size_t i = 0; i < labels.size(); ++i) {
            for (size_t j = i + 1; j < labels.size(); ++j) {
                QVERIFY2(!overlap(labels[i], labels[j]),
                    qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
            }
            for (const QPointF& marker : markers) {
                QVERIFY2(!labels[i].containsPoint(marker, Qt::OddEvenFill),
                    qPrintable(QStringLiteral("label %1 covers a marker").arg(i)));
            }
        }
        const QRectF legend = placer.legendRect();
        QVERIFY(legend.isValid());
        for (const QPointF& marker : markers) {
            QVERIFY2(!legend.contains(marker),
                qPrintable(QStringLiteral("the legend covers (%1, %2)").arg(marker.x()).arg(marker.y())));
        }
        for (const QPolygonF& label : labels) {
            QVERIFY(!overlap(label, QPolygonF(legend)));
        }
    }

    // A measured point carries its fraction of the roof beside it: the number and rounding of the
    // results table's "% of roof" cell for that kernel on the first device (the roof the gap arrow
    // goes up to), left or right of the point (clear of the gap arrow and the guide above and below
    // it), inside the plot, clear of the other labels and of every marker. Seed 001's measured-gap
    // chart: 92, 55, 35 and 78 % (see the example's derivation); the hierarchical example's kernel
    // measured at 3.5 times its HBM roof (1 TFLOP in 0.794 ms against 50 FLOP/B x 7.2 TB/s).
    void measuredPointsShowTheirFractionOfRoof_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("kernels");
        QTest::addColumn<QStringList>("texts");
        QTest::newRow("measured-gap: kernels A to D")
            << "measured-gap.yaml" << QStringList { "Kernel A", "Kernel B", "Kernel C", "Kernel D" }
            << QStringList { "92 % of roof", "55 % of roof", "35 % of roof", "78 % of roof" };
        QTest::newRow("hierarchical: above its HBM roof")
            << "hierarchical.yaml" << QStringList { "well-tiled, measured" } << QStringList { "350 % of roof" };
    }
    void measuredPointsShowTheirFractionOfRoof()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, kernels);
        QFETCH(QStringList, texts);
        MainWindow window(m_db);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSession(loadExampleNamed(file));
        window.fitAll();
        window.chart()->plot()->replot();
        const ChartScene& scene = window.chart()->scene();
        const ChartLabelPlacer& placer = window.chart()->labelPlacer();
        const QRectF area = window.chart()->plot()->axisRect()->rect();
        const std::vector<QPolygonF> outlines = placer.labelOutlines();
        for (qsizetype i = 0; i < kernels.size(); ++i) {
            int k = -1;
            for (size_t j = 0; j < scene.kernels.size(); ++j) {
                k = scene.kernels[j].name == kernels[i] ? static_cast<int>(j) : k;
            }
            QVERIFY2(k >= 0, qPrintable(kernels[i]));
            const ChartKernel& kernel = scene.kernels[static_cast<size_t>(k)];
            QVERIFY(kernel.achieved && !kernel.points.empty());
            const auto label = placer.measuredLabel(k);
            QVERIFY2(label, qPrintable(kernels[i] + QStringLiteral(": no label")));
            QCOMPARE(label->text, texts[i]);
            // The results table's cell for this kernel on the first point's device.
            const size_t session
                = window.analysis()->devices()[static_cast<size_t>(kernel.points.front().device)].sessionIndex;
            const ResultsTableModel* results = window.resultsModel();
            QString cell;
            for (int r = 0; r < results->rowCount(); ++r) {
                const auto& row = results->rows()[static_cast<size_t>(r)];
                if (row.kernelIndex == static_cast<size_t>(k) && row.deviceIndex == session) {
                    cell = results->index(r, static_cast<int>(ColumnFractionOfRoof)).data().toString();
                }
            }
            QCOMPARE(label->text, cell + QStringLiteral(" of roof"));
            // Beside the point it labels, inside the plot.
            const QPointF point(window.chart()->plot()->xAxis->coordToPixel(kernel.points.front().intensity),
                window.chart()->plot()->yAxis->coordToPixel(*kernel.achieved));
            QCOMPARE(label->anchor, point);
            QVERIFY2(label->rect.left() > point.x() || label->rect.right() < point.x(), qPrintable(kernels[i]));
            QVERIFY2(std::fabs(label->rect.center().y() - point.y()) < 40.0, qPrintable(kernels[i]));
            QVERIFY(area.contains(label->rect));
            // Clear of the other labels and of every marker.
            int same = 0;
            for (const QPolygonF& outline : outlines) {
                const QRectF box = outline.boundingRect();
                if (std::fabs(box.left() - label->rect.left()) < 0.5
                    && std::fabs(box.top() - label->rect.top()) < 0.5) {
                    ++same;
                    continue;
                }
                QVERIFY2(!overlap(outline, QPolygonF(label->rect)), qPrintable(kernels[i]));
            }
            QCOMPARE(same, 1); // the label is one of those placed
            QVERIFY(!label->rect.intersects(placer.legendRect()));
            for (const QPointF& marker : placer.markerPixels()) {
                QVERIFY2(!label->rect.contains(marker), qPrintable(kernels[i]));
            }
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestDeviceIdentity)
#include "test_device_identity.moc"
