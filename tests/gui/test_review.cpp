// Review meetings on the real main window (offscreen): the comparison dock against the core's totals,
// the baseline as an undoable edit, review mode (chart alone, large type, comparison beside it) and
// back, the dark theme, crossover answers in the kernel editor, and review/dark exports.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "chart/ChartExport.h"
#include "chart/RooflineChart.h"
#include "gui/ExampleSession.h"
#include "io/ComparisonFormat.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Solver.h"
#include "model/Units.h"
#include "scene/ChartPalette.h"
#include "scene/SceneBuilder.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/KernelDock.h"
#include "widgets/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <qcustomplot.h>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::test;

namespace {
// Mean brightness (0..255) of an image's pixels, sampled.
double brightness(const QImage& image)
{
    double sum = 0.0;
    int count = 0;
    for (int y = 0; y < image.height(); y += 5) {
        for (int x = 0; x < image.width(); x += 5) {
            sum += qGray(image.pixel(x, y));
            ++count;
        }
    }
    return count ? sum / count : 0.0;
}

QStringList visibleDocks(const MainWindow& window)
{
    QStringList names;
    for (const QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        if (dock->isVisible()) {
            names << dock->objectName();
        }
    }
    names.sort();
    return names;
}
} // namespace

class TestReview : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
    }

    void comparisonDockShowsTheCoreTotals()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const Comparison expected = compareSession(exampleSession(), m_db);
        ComparisonDock* dock = window.comparisonDock();
        const ComparisonTableModel* model = dock->model();
        QCOMPARE(model->rowCount(), static_cast<int>(expected.entries.size()));
        QCOMPARE(model->rowCount(), 4);
        for (int r = 0; r < model->rowCount(); ++r) {
            const ComparisonEntry& want = expected.entries[static_cast<size_t>(r)];
            QCOMPARE(model->data(model->index(r, 0), Qt::DisplayRole).toString(), QString::fromStdString(want.name));
            ROOFSCOPE_COMPARE_REL(
                model->data(model->index(r, 1), ComparisonTableModel::kSortRole).toDouble(), want.totals.tMin, 1e-12);
            ROOFSCOPE_COMPARE_REL(
                model->data(model->index(r, 3), ComparisonTableModel::kSortRole).toDouble(), want.speedup, 1e-12);
            QCOMPARE(model->data(model->index(r, 1), Qt::DisplayRole).toString(),
                QString::fromStdString(comparisonCell(want, ComparisonColumn::TMin, false)));
        }
        // Sorting by the T_min column puts the device that finishes first on top.
        dock->view()->sortByColumn(1, Qt::AscendingOrder);
        const auto fastest = std::min_element(expected.entries.begin(), expected.entries.end(),
            [](const auto& a, const auto& b) { return a.totals.tMin < b.totals.tMin; });
        QCOMPARE(dock->view()->model()->index(0, 0).data().toString(), QString::fromStdString(fastest->name));
        // Speedup sorts as a number, not as text.
        dock->view()->sortByColumn(3, Qt::DescendingOrder);
        QCOMPARE(dock->view()->model()->index(0, 0).data().toString(), QString::fromStdString(fastest->name));
    }

    void baselineIsAnUndoableViewEdit()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        ComparisonDock* dock = window.comparisonDock();
        QComboBox* box = dock->baselineBox();
        QCOMPARE(box->count(), 4);
        QCOMPARE(box->currentIndex(), 0);
        box->setCurrentIndex(2);
        Q_EMIT box->activated(2);
        QCOMPARE(window.session().view.baseline, std::string("google-tpu-v6e"));
        QCOMPARE(dock->comparison().baseline, 2);
        ROOFSCOPE_COMPARE_REL(dock->comparison().entries[2].speedup, 1.0, 1e-15);
        QVERIFY(window.isModified());
        window.document()->undoStack()->undo();
        QVERIFY(window.session().view.baseline.empty());
        QCOMPARE(dock->comparison().baseline, 0);
        QCOMPARE(box->currentIndex(), 0);
    }

    void comparisonFollowsADragAndExports()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        ComparisonDock* dock = window.comparisonDock();
        const double before = dock->comparison().entries[0].totals.tMin;
        QVERIFY(window.document()->setKernelIntensity(3, 20.0).isEmpty()); // FFN far down the slope
        window.document()->endInteraction();
        const Comparison expected = compareSession(window.session(), m_db);
        ROOFSCOPE_COMPARE_REL(dock->comparison().entries[0].totals.tMin, expected.entries[0].totals.tMin, 1e-12);
        QVERIFY(dock->comparison().entries[0].totals.tMin != before);

        const QString csv = m_dir.filePath(QStringLiteral("comparison.csv"));
        QVERIFY(dock->exportTo(csv).isEmpty());
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[0].startsWith(QLatin1String("device,t_min_s,")));
        QCOMPARE(lines[1].section(QLatin1Char(','), 1, 1).toDouble(), expected.entries[0].totals.tMin);
        QVERIFY(dock->exportTo(m_dir.filePath(QStringLiteral("comparison.txt"))).contains(QLatin1String(".csv")));
    }

    void reviewModeShowsTheChartAloneWithTheComparison()
    {
        MainWindow window(m_db);
        window.resize(1600, 1000);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QStringList docks = visibleDocks(window);
        QVERIFY(docks.contains(QStringLiteral("comparisonDock")));
        const double normalFont = window.chart()->plot()->xAxis->tickLabelFont().pointSizeF();
        QVERIFY(!window.chart()->hasSummaryPanel());

        window.reviewAction()->trigger();
        QVERIFY(window.isReviewMode());
        QVERIFY(window.reviewAction()->isChecked());
        QVERIFY(visibleDocks(window).isEmpty());
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(!window.statusBar()->isVisible());
        const RooflineChart* chart = window.chart();
        QVERIFY(chart->scene().style.review);
        QVERIFY(chart->plot()->xAxis->tickLabelFont().pointSizeF() >= 1.5 * normalFont);
        QVERIFY(chart->hasSummaryPanel());
        const QRect panel = chart->summaryRect();
        QVERIFY(panel.width() > 200);
        QVERIFY(panel.left() >= chart->plot()->axisRect()->rect().right());
        QVERIFY(panel.right() <= chart->plot()->width());
        // The summary beside the chart: every device, fastest first, with the comparison's numbers.
        const ChartSummary& summary = chart->scene().summary;
        QCOMPARE(summary.rows.size(), size_t(4));
        QVERIFY(std::is_sorted(summary.rows.begin(), summary.rows.end(),
            [](const ChartSummaryRow& a, const ChartSummaryRow& b) { return a.tMin < b.tMin; }));
        const Comparison expected = compareSession(window.session(), m_db);
        const auto baseline = std::find_if(
            summary.rows.begin(), summary.rows.end(), [](const ChartSummaryRow& row) { return row.baseline; });
        QVERIFY(baseline != summary.rows.end());
        ROOFSCOPE_COMPARE_REL(baseline->tMin, expected.entries[0].totals.tMin, 1e-12);
        QVERIFY(summary.title.startsWith(QLatin1String("Workload: 4 kernels")));

        // A drag in review mode moves the summary with it.
        QVERIFY(window.document()->setKernelIntensity(3, 20.0).isEmpty());
        window.document()->endInteraction();
        const Comparison moved = compareSession(window.session(), m_db);
        const auto movedBaseline = std::find_if(chart->scene().summary.rows.begin(), chart->scene().summary.rows.end(),
            [](const ChartSummaryRow& row) { return row.baseline; });
        ROOFSCOPE_COMPARE_REL(movedBaseline->tMin, moved.entries[0].totals.tMin, 1e-12);

        // F11 again restores the working layout.
        window.reviewAction()->trigger();
        QVERIFY(!window.isReviewMode());
        QCOMPARE(visibleDocks(window), docks);
        QVERIFY(window.menuBar()->isVisible());
        QVERIFY(!window.chart()->hasSummaryPanel());
        QCOMPARE(window.chart()->plot()->xAxis->tickLabelFont().pointSizeF(), normalFont);

        // Esc leaves review mode too, and only then is it taken from the editors.
        window.setReviewMode(true);
        QVERIFY(window.isReviewMode());
        QTest::keyClick(window.chart(), Qt::Key_Escape);
        QVERIFY(!window.isReviewMode());
        QCOMPARE(visibleDocks(window), docks);
    }

    void darkThemeIsASessionSetting()
    {
        MainWindow window(m_db);
        window.setSession(exampleSession());
        const QImage light = window.chart()->plot()->toPixmap(600, 400).toImage();
        window.darkThemeAction()->trigger();
        QCOMPARE(window.session().view.theme, std::string("dark"));
        QVERIFY(window.chart()->scene().style.dark);
        const QImage dark = window.chart()->plot()->toPixmap(600, 400).toImage();
        QVERIFY2(brightness(light) > 200 && brightness(dark) < 80,
            qPrintable(QStringLiteral("%1 %2").arg(brightness(light)).arg(brightness(dark))));
        QVERIFY(qGray(QApplication::palette().color(QPalette::Window).rgb()) < 100);
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().view.theme, std::string("light"));
        QVERIFY(!window.darkThemeAction()->isChecked());
        QVERIFY(qGray(QApplication::palette().color(QPalette::Window).rgb()) > 150);
    }

    void crossoverAnswersInTheKernelEditor()
    {
        const auto loaded = loadSessionText("schema: roofscope-session/1\n"
                                            "devices: [google-tpu-v5e, nvidia-h100-sxm]\n"
                                            "kernels:\n"
                                            "  - name: weights-stationary matmul\n"
                                            "    template: matmul\n"
                                            "    params: {m: 128, k: 1e7, n: 1e7, dtype: bf16}\n"
                                            "  - name: raw\n"
                                            "    flops: 1e12\n"
                                            "    bytes: 1e9\n"
                                            "  - name: LayerNorm\n"
                                            "    template: layernorm\n"
                                            "    params: {rows: 65536, hidden: 4096, dtype: bf16}\n",
            "crossover.yaml");
        QVERIFY2(loaded.session, firstError(loaded.diagnostics).c_str());
        MainWindow window(m_db);
        window.setSession(*loaded.session);
        window.kernelDock()->setCurrentKernel(0);
        const QStringList lines = window.kernelDock()->crossoverText().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        // Seed 000: a matmul turns compute-bound from a batch of about 240 on TPU v5e, 295 on H100.
        const double seeds[2] = { 240.0, 295.0 };
        for (int d = 0; d < 2; ++d) {
            const QString label = window.chart()->scene().devices[static_cast<size_t>(d)].label;
            const QRegularExpression pattern(
                QStringLiteral("^compute-bound from m ≥ (\\d+) on %1$").arg(QRegularExpression::escape(label)));
            const auto match = pattern.match(lines[d]);
            QVERIFY2(match.hasMatch(), qPrintable(lines[d]));
            const double value = match.captured(1).toDouble();
            QVERIFY2(value >= seeds[d] && value <= seeds[d] + 2.0, qPrintable(lines[d]));
            const Hardware& hw = *m_db.find(loaded.session->devices[static_cast<size_t>(d)].id);
            const SolveResult solved = solveCrossover(window.session().kernels[0], hw,
                sessionOptions(window.session(), window.session().devices[static_cast<size_t>(d)]), "m");
            QCOMPARE(value, firstComputeBoundValue(solved, true));
        }
        // Another device shown: another answer. A raw kernel has no crossover row.
        std::vector<DeviceSelection> devices = window.session().devices;
        devices.push_back({ "google-tpu-v6e", "", {}, true });
        window.document()->setDevices(devices, QStringLiteral("add v6e"));
        QCOMPARE(window.kernelDock()->crossoverText().split(QLatin1Char('\n')).size(), 3);
        window.kernelDock()->setCurrentKernel(1);
        QVERIFY(window.kernelDock()->crossoverText().isEmpty());
        // LayerNorm's intensity does not grow with its rows: memory-bound whatever their number (seed 001).
        window.kernelDock()->setCurrentKernel(2);
        const QStringList layerNorm = window.kernelDock()->crossoverText().split(QLatin1Char('\n'));
        QCOMPARE(layerNorm.size(), 3);
        for (const QString& line : layerNorm) {
            QVERIFY2(line.startsWith(QLatin1String("memory-bound for every value of rows on ")), qPrintable(line));
        }
    }

    void reviewAndDarkExports()
    {
        ChartExportOptions options;
        options.width = 1920;
        options.height = 1080;
        options.review = true;
        options.theme = QStringLiteral("dark");
        const QString png = m_dir.filePath(QStringLiteral("review.png"));
        QVERIFY(exportChart(exampleSession(), m_db, png, options).isEmpty());
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1920, 1080));
        QVERIFY(brightness(image) < 80);
        QCOMPARE(image.pixel(2, 2), qRgb(30, 32, 36)); // the dark background

        const QString svg = m_dir.filePath(QStringLiteral("review.svg"));
        options.theme = QStringLiteral("light");
        QVERIFY(exportChart(exampleSession(), m_db, svg, options).isEmpty());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(QLatin1String("Workload: 4 kernels"))); // the comparison, as text
        QVERIFY(text.contains(QLatin1String("baseline")));
        QVERIFY(text.contains(QLatin1String("Fastest first")));

        options.theme = QStringLiteral("purple");
        QVERIFY(exportChart(exampleSession(), m_db, png, options).contains(QLatin1String("light or dark")));
    }

    // The comparison bar's compute, memory and network segments (and the legend's grey swatches) stand
    // apart from each other and from the background in both themes, for every palette colour. WCAG's
    // contrast ratio of relative luminances: at least 1.4 between compute and memory, 1.15 between memory
    // and network (which is also hatched), 1.1 between network and the background. Tinting towards
    // white on the dark theme gave the grey legend 1.36 between compute and memory: three nearly equal
    // light greys.
    void theBarsThreePartsStandApartInBothThemes()
    {
        const auto luminance = [](const QColor& c) {
            const auto linear = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
            return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
        };
        const auto contrast = [&](const QColor& a, const QColor& b) {
            const double la = luminance(a);
            const double lb = luminance(b);
            return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
        };
        for (const bool dark : { false, true }) {
            const ChartStyle style = ChartStyle::make(dark, true);
            QList<QColor> colors { boundLegendColor(style) };
            for (int i = 0; i < paletteColorCount(); ++i) {
                colors << paletteColor(i);
            }
            for (const QColor& color : colors) {
                const QString where = QStringLiteral("%1 theme, %2").arg(dark ? "dark" : "light", color.name());
                const BoundSegmentLook compute = boundSegmentLook(color, BoundPart::Compute, style);
                const BoundSegmentLook memory = boundSegmentLook(color, BoundPart::Memory, style);
                const BoundSegmentLook network = boundSegmentLook(color, BoundPart::Network, style);
                QCOMPARE(compute.fill, color);
                QVERIFY2(contrast(compute.fill, memory.fill) >= 1.4, qPrintable(where));
                QVERIFY2(contrast(memory.fill, network.fill) >= 1.15, qPrintable(where));
                QVERIFY2(contrast(network.fill, style.background) >= 1.1, qPrintable(where));
                QVERIFY(network.hatched && !memory.hatched && !compute.hatched);
            }
        }
    }

    // Issue 12: with sustained roofs on, MI300X (no sustained factors) keeps its peaks and TPU v7x (no
    // fp64 peak) leaves the fp64 kernel out; both rows are marked in the dock and the review panel,
    // with the reasons in the tooltips, and a blank cell says why it is blank.
    void rowsThatAreNotLikeForLikeAreMarked()
    {
        Session session;
        session.title = "mixed";
        session.devices = { { "nvidia-h100-sxm", "", {}, true }, { "amd-instinct-mi300x", "", {}, true },
            { "google-tpu-v7x", "", {}, true } };
        Kernel gemm;
        gemm.name = "gemm";
        gemm.precision = "bf16";
        gemm.flops = 1e12;
        gemm.bytes = { { "default", 1e9 } };
        Kernel solve = gemm;
        solve.name = "fp64 solve";
        solve.precision = "fp64";
        session.kernels = { gemm, solve };
        session.view.sustained = true;
        MainWindow window(m_db);
        window.setSession(session);
        const ComparisonTableModel* model = window.comparisonDock()->model();
        QCOMPARE(model->rowCount(), 3);
        const int perDollar = static_cast<int>(ComparisonColumn::PerDollar);
        const struct {
            int row;
            bool marked;
            const char* reason;
        } rows[] = { { 0, false, "" }, { 1, true, "no sustained factors" }, { 2, true, "'fp64 solve' is left out" } };
        for (const auto& want : rows) {
            const QString name = model->data(model->index(want.row, 0), Qt::DisplayRole).toString();
            QCOMPARE(name.endsWith(QStringLiteral(" *")), want.marked);
            QCOMPARE(model->data(model->index(want.row, 0), Qt::ForegroundRole).isValid(), want.marked);
            const QString tip = model->data(model->index(want.row, 0), Qt::ToolTipRole).toString();
            QCOMPARE(tip.contains(QStringLiteral("Not comparable like-for-like")), want.marked);
            QVERIFY2(tip.contains(QString::fromLatin1(want.reason)), qPrintable(tip));
            const QString blank = model->data(model->index(want.row, perDollar), Qt::ToolTipRole).toString();
            QVERIFY2(blank.contains(QStringLiteral("No figure: no price in the device file")), qPrintable(blank));
        }
        QCOMPARE(model->data(model->index(1, static_cast<int>(ComparisonColumn::Roofs)), Qt::DisplayRole).toString(),
            QStringLiteral("peak (no sustained factors)"));
        QCOMPARE(model->data(model->index(0, static_cast<int>(ComparisonColumn::Roofs)), Qt::DisplayRole).toString(),
            QStringLiteral("sustained"));

        // The review panel: the same rows marked, what they rest on first in their details.
        SceneOptions options;
        options.review = true;
        const ChartScene scene = buildChartScene(session, m_db, nullptr, options).scene;
        const ChartSummary& summary = scene.summary;
        // The chart's subtitle (every export's) names both.
        QCOMPARE(scene.decorations.subtitle.count(QChar(0x26A0)), 2);
        QVERIFY(scene.decorations.subtitle.startsWith(QStringLiteral("sustained roofs")));
        QCOMPARE(summary.rows.size(), size_t(3));
        int marked = 0;
        for (const ChartSummaryRow& row : summary.rows) {
            if (row.label.endsWith(QStringLiteral(" *"))) {
                ++marked;
                QVERIFY2(row.detail.startsWith(QStringLiteral("\u26A0")), qPrintable(row.detail));
            }
        }
        QCOMPARE(marked, 2);
    }
};

ROOFSCOPE_TEST_MAIN(TestReview)
#include "test_review.moc"
