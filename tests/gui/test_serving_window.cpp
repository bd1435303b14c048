#include "TestMain.h"
#include "TestUtil.h"
#include "cli/CliRun.h"
// The Serving tab: the serving chart of a transformer group beside the roofline, its latency target
// (typed, Enter, undo, redo, saved), its axis switches, a click on a point setting the group's batch,
// live redraws on edits, review mode, and its exports from the window and the command line; on the
// roofline tab, each device's collectives as markers on its scale-up link's roof.
#include "analysis/SessionEvaluator.h"
#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/ServingCurves.h"
#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingStep.h"
#include "scene/GroupColumns.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/KernelDock.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QProcess>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

using namespace roofscope;
using namespace roofscope::test;

namespace {
const char* const kExample = ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml";

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

double groupBatch(const MainWindow& window, int group)
{
    return window.session().kernels[static_cast<size_t>(group)].templ->params.at("batch");
}
} // namespace

class TestServingWindow : public QObject {
    Q_OBJECT

private:
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

    // The example in a window, shown, on the Serving tab.
    void openExample(MainWindow& window, bool serving = true)
    {
        const SessionLoadResult loaded = loadSessionFile(kExample);
        QVERIFY(loaded.session);
        window.setAutosaveDelay(-1);
        window.resize(1400, 900);
        window.setSession(*loaded.session, QString::fromLatin1(kExample));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        if (serving) {
            window.chartTabs()->setCurrentWidget(window.servingTab());
            QApplication::processEvents();
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(!m_db.devices().empty());
        QVERIFY(m_dir.isValid());
    }

    void exampleOpensOnTheRooflineWithServingOneClickAway()
    {
        MainWindow window(m_db);
        openExample(window, false);
        QCOMPARE(window.chartTabs()->currentWidget(), static_cast<QWidget*>(window.chart()));
        QTabBar* bar = window.chartTabs()->tabBar();
        QCOMPARE(bar->tabText(1), QStringLiteral("Serving"));
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
        QVERIFY(window.isServingShown());
        const ServingCurves& curves = window.servingTab()->chart()->curves();
        QCOMPARE(curves.group, QStringLiteral("llama-3-70b"));
        QCOMPARE(curves.curves.size(), window.analysis()->devices().size());
        QCOMPARE(curves.curves.size(), size_t(5));
        QCOMPARE(window.servingTab()->chart()->drawnCurveCount(), 5);
        // Each curve starts at batch 1 and ends at its memory wall, labelled so.
        for (const ServingCurve& c : curves.curves) {
            QVERIFY2(!c.points.empty(), qPrintable(c.label + c.note));
            QCOMPARE(c.points.front().batch, 1.0);
            QVERIFY(c.endsAtWall);
            QCOMPARE(c.points.back().batch, *c.maxBatch);
            QVERIFY(window.servingTab()->chart()->wallLabels().contains(
                QStringLiteral("%1: max batch %2 (KV cache full)").arg(c.label, servingNumber(*c.maxBatch))));
        }
        QVERIFY(window.servingTab()->chart()->batchLabels().contains(QStringLiteral("B=1")));
        // The batches serving benchmarks sweep: every one to 8, then four per octave with the powers
        // of two among them, so the labels promised at 8, 64 and 512 name those batches (not 65, 513).
        for (const ServingCurve& c : curves.curves) {
            std::vector<double> batches;
            for (const ServingCurvePoint& p : c.points) {
                batches.push_back(p.batch);
            }
            for (double b : { 2.0, 3.0, 7.0, 8.0, 10.0, 12.0, 14.0, 16.0, 20.0, 64.0, 80.0, 96.0, 112.0, 128.0 }) {
                QVERIFY2(std::find(batches.begin(), batches.end(), b) != batches.end(),
                    qPrintable(QStringLiteral("%1 has no point at batch %2").arg(c.label).arg(b)));
            }
            QVERIFY2(std::find(batches.begin(), batches.end(), 9.0) == batches.end(), qPrintable(c.label));
            QCOMPARE(std::adjacent_find(batches.begin(), batches.end(), std::greater_equal<double>()), batches.end());
        }
        for (const QString& label : window.servingTab()->chart()->batchLabels()) {
            const QString batch = label.section(QLatin1String("B="), 1);
            QVERIFY2(
                QStringList({ QStringLiteral("1"), QStringLiteral("8"), QStringLiteral("64"), QStringLiteral("512") })
                    .contains(batch),
                qPrintable(label));
        }
    }

    // An edit made on the Serving tab does not draw the roofline behind it (nor its sweep); the roofline
    // is drawn once, current, when its tab comes back.
    void theRooflineBehindTheServingTabIsDrawnWhenShown()
    {
        MainWindow window(m_db);
        openExample(window);
        QCustomPlot* roofline = window.chart()->plot();
        int replots = 0;
        connect(roofline, &QCustomPlot::afterReplot, this, [&replots] { ++replots; });
        const int group = window.servingTab()->group();
        QVERIFY(group >= 0);
        const double seq = window.session().kernels[static_cast<size_t>(group)].templ->params.at("seq");
        QVERIFY(window.document()->setKernelParameters(group, { { "seq", seq * 2.0 } }, false).isEmpty());
        QApplication::processEvents();
        QCOMPARE(replots, 0);
        window.chartTabs()->setCurrentWidget(window.chart());
        QApplication::processEvents();
        QVERIFY(replots >= 1);
        // What it shows is the edited session: a group kernel's marker where the scene has it now.
        const int kernel = 0;
        const auto marker = window.chart()->markerPosition(kernel, 0);
        QVERIFY(marker);
        const ChartKernel& shown = window.analysis()->scene().kernels[static_cast<size_t>(kernel)];
        QVERIFY(!shown.points.empty());
        QCOMPARE(qRound(marker->x()), qRound(roofline->xAxis->coordToPixel(shown.points.front().intensity)));
    }

    // Each point is the served step at its batch: the chart's figures by hand from the step's T_min,
    // and the wall is where one more sequence no longer fits.
    void pointsAreTheServedStepAtTheirBatch()
    {
        MainWindow window(m_db);
        openExample(window);
        const ServingCurves& curves = window.servingTab()->chart()->curves();
        const Session& session = window.session();
        const Kernel& group = session.kernels[static_cast<size_t>(curves.sessionKernel)];
        for (size_t d = 0; d < curves.curves.size(); ++d) {
            const ServingCurve& c = curves.curves[d];
            const SceneDevice& device = window.analysis()->devices()[d];
            const double price = *session.devices[device.sessionIndex].pricePerHourDollars;
            ServingOptions options;
            options.eval = device.options;
            options.pricePerHourPerChip = price;
            for (size_t i : { size_t(0), c.points.size() / 2, c.points.size() - 1 }) {
                const ServingCurvePoint& p = c.points[i];
                TemplateInstance instance = *group.templ;
                instance.params["batch"] = p.batch;
                const ServingStep step = evaluateServing(instance, *device.hardware, options);
                QVERIFY(step.error.empty());
                // Decode: one token per sequence per step, tp = chips = 8, so dp = 1.
                QCOMPARE(step.chips, 8.0);
                const double tokensPerSecond = p.batch / step.tMin;
                QVERIFY(std::abs(p.tokensPerSecond / tokensPerSecond - 1.0) < 1e-9);
                QVERIFY(std::abs(p.tokensPerSecondPerChip / (tokensPerSecond / 8.0) - 1.0) < 1e-9);
                QVERIFY(std::abs(p.msPerToken / (step.tMin * 1e3) - 1.0) < 1e-9);
                QVERIFY(std::abs(p.tokensPerSecondPerUser * step.tMin - 1.0) < 1e-9);
                const double usdPerMtok = 8.0 * price / (tokensPerSecond * 3600.0) * 1e6;
                QVERIFY(std::abs(*p.usdPerMillionTokens / usdPerMtok - 1.0) < 1e-9);
                QVERIFY(std::abs(*p.tokensPerSecondPerUsdHour / (tokensPerSecond / (8.0 * price)) - 1.0) < 1e-9);
            }
            TemplateInstance wall = *group.templ;
            wall.params["batch"] = *c.maxBatch;
            QCOMPARE(evaluateServing(wall, *device.hardware, options).memory.fits, std::optional<bool>(true));
            wall.params["batch"] = *c.maxBatch + 1.0;
            QCOMPARE(evaluateServing(wall, *device.hardware, options).memory.fits, std::optional<bool>(false));
            // Throughput grows with the batch along the curve, and so does the latency.
            for (size_t i = 1; i < c.points.size(); ++i) {
                QVERIFY(c.points[i].tokensPerSecond >= c.points[i - 1].tokensPerSecond);
                QVERIFY(c.points[i].msPerToken >= c.points[i - 1].msPerToken);
            }
        }
    }

    void latencyTargetTypedEnterUndoRedo()
    {
        MainWindow window(m_db);
        openExample(window);
        ServingTab* tab = window.servingTab();
        QLineEdit* edit = tab->targetEdit();
        edit->setFocus();
        QTest::keyClicks(edit, QStringLiteral("50"));
        QVERIFY(!window.session().view.servingTargetMs); // nothing until Enter
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(window.session().view.servingTargetMs, std::optional<double>(50.0));
        // The chart's lines are the verdict's: headline, devices best first, what the figures rest on.
        const QStringList picks = tab->chart()->pickLines();
        const std::vector<GroupVerdict>& verdicts = window.analysis()->verdicts();
        QVERIFY(!verdicts.empty());
        const GroupVerdict& verdict = verdicts.front();
        QCOMPARE(verdict.targetMs, std::optional<double>(50.0));
        QCOMPARE(picks.size(), qsizetype(verdict.devices.size() + 2));
        QCOMPARE(picks.front(), QString::fromStdString(verdict.headline));
        QVERIFY2(
            picks.front().startsWith(QStringLiteral("llama-3-70b at <= 50 ms/token: ")), qPrintable(picks.front()));
        QVERIFY(picks.back().contains(QStringLiteral("bound on peak roofs")));
        QCOMPARE(tab->picksLabel()->text(), picks.join(QLatin1Char('\n')));
        // Each device's operating point (by bisection, not on the chart's grid) meets the target, fits,
        // and is ringed on its curve where the curve's own points put that batch.
        const auto rings = tab->chart()->operatingPoints();
        for (size_t i = 0; i < tab->chart()->curves().curves.size(); ++i) {
            const ServingCurve& c = tab->chart()->curves().curves[i];
            const VerdictDevice& v = verdict.devices[static_cast<size_t>(c.sceneDevice)];
            QVERIFY(v.error.empty());
            QVERIFY(v.step.tMin * 1e3 <= 50.0);
            QVERIFY(v.fits());
            QVERIFY(rings[i]);
            ROOFSCOPE_COMPARE_REL(rings[i]->x(), v.step.tMin * 1e3, 1e-12);
            ROOFSCOPE_COMPARE_REL(rings[i]->y(), *v.step.cost.tokensPerSecondPerChip, 1e-12);
            // On the curve: between the sampled points of the batches either side of it.
            for (size_t p = 1; p < c.points.size(); ++p) {
                if (c.points[p - 1].batch <= v.batch && v.batch <= c.points[p].batch) {
                    QVERIFY(c.points[p - 1].tokensPerSecondPerChip <= rings[i]->y() * (1.0 + 1e-9));
                    QVERIFY(rings[i]->y() <= c.points[p].tokensPerSecondPerChip * (1.0 + 1e-9));
                }
            }
            QVERIFY(picks.join(QLatin1Char('\n')).contains(c.label + QStringLiteral(" at batch ")));
        }

        window.document()->undoStack()->undo();
        QVERIFY(!window.session().view.servingTargetMs);
        QVERIFY(tab->chart()->pickLines().front().startsWith(QStringLiteral("llama-3-70b at batch 64: ")));
        QCOMPARE(edit->text(), QString());
        window.document()->undoStack()->redo();
        QCOMPARE(window.session().view.servingTargetMs, std::optional<double>(50.0));
        QCOMPARE(edit->text(), QStringLiteral("50"));
        QCOMPARE(tab->chart()->pickLines(), picks);

        // A bad target is refused where it is typed and changes nothing.
        const int steps = window.document()->undoStack()->count();
        edit->selectAll();
        QTest::keyClicks(edit, QStringLiteral("fast"));
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(window.session().view.servingTargetMs, std::optional<double>(50.0));
        QCOMPARE(window.document()->undoStack()->count(), steps);
        QVERIFY(
            window.findChild<QLabel*>(QStringLiteral("servingTargetError"))->text().contains(QStringLiteral("fast")));

        // Saved with the session, with the axes.
        const QString path = m_dir.filePath(QStringLiteral("serving-target.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        const SessionLoadResult back = loadSessionFile(path.toStdString());
        QVERIFY(back.session);
        QCOMPARE(back.session->view.servingTargetMs, std::optional<double>(50.0));
    }

    void axesSwitchAndUndo()
    {
        MainWindow window(m_db);
        openExample(window);
        ServingTab* tab = window.servingTab();
        QCOMPARE(tab->chart()->yAxisTitle(), QStringLiteral("tokens/s per chip"));
        const auto choose = [](QComboBox* box, int index) {
            box->setCurrentIndex(index);
            Q_EMIT box->activated(index);
        };
        choose(tab->yAxisBox(), 1);
        QCOMPARE(window.session().view.servingY, std::string("tokens_per_s_per_usd_hour"));
        QCOMPARE(tab->chart()->yAxisTitle(), servingYAxisTitle(ServingYAxis::TokensPerSecondPerUsdHour));
        // The chart's y values are now tokens/s over the system's price per hour (by hand).
        const ServingCurvePoint& p = tab->chart()->curves().curves.front().points.front();
        QVERIFY(
            std::abs(*p.y(ServingYAxis::TokensPerSecondPerUsdHour) / (p.tokensPerSecond / (8.0 * 2.99)) - 1.0) < 1e-9);
        choose(tab->yAxisBox(), 2);
        QCOMPARE(window.session().view.servingY, std::string("tokens_per_joule"));
        const ServingCurvePoint& q = tab->chart()->curves().curves.front().points.front(); // the curves were redrawn
        QVERIFY(q.tokensPerJoule && q.joulesPerToken);
        QVERIFY(std::abs(*q.tokensPerJoule * *q.joulesPerToken - 1.0) < 1e-9);
        choose(tab->xAxisBox(), 1);
        QCOMPARE(window.session().view.servingX, std::string("tokens_per_s_per_user"));
        QCOMPARE(tab->chart()->xAxisTitle(), servingXAxisTitle(ServingXAxis::TokensPerSecondPerUser));
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().view.servingX, std::string("ms_per_token"));
        QCOMPARE(tab->xAxisBox()->currentIndex(), 0);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().view.servingY, std::string("tokens_per_s_per_chip"));
        QCOMPARE(tab->yAxisBox()->currentIndex(), 0);
        QCOMPARE(tab->chart()->yAxisTitle(), QStringLiteral("tokens/s per chip"));
    }

    void clickingAPointSetsTheBatch()
    {
        MainWindow window(m_db);
        openExample(window);
        ServingTab* tab = window.servingTab();
        const int group = tab->group();
        QCOMPARE(groupBatch(window, group), 64.0);
        const ServingCurve& c = tab->chart()->curves().curves.front();
        // A point near the middle of the first curve, clicked where it is drawn.
        size_t index = c.points.size() / 2;
        const double batch = c.points[index].batch;
        QVERIFY(batch != 64.0);
        const auto at = tab->chart()->pointPosition(0, index);
        QVERIFY(at);
        const QPoint inPlot = tab->chart()->plot()->mapFrom(tab->chart(), at->toPoint());
        QTest::mouseClick(tab->chart()->plot(), Qt::LeftButton, {}, inPlot);
        QCOMPARE(groupBatch(window, group), batch);
        // The roofline shows that step: the group's kernels carry the new batch.
        const Session& shown = window.analysis()->shownSession();
        const int first = window.analysis()->firstShownKernel(group);
        QVERIFY(first >= 0);
        QCOMPARE(window.analysis()->sessionKernelOf(first), group);
        QVERIFY(shown.kernels.size() > 1);
        window.document()->undoStack()->undo();
        QCOMPARE(groupBatch(window, group), 64.0);
        window.document()->undoStack()->redo();
        QCOMPARE(groupBatch(window, group), batch);
    }

    void editsRedrawTheCurves()
    {
        MainWindow window(m_db);
        openExample(window);
        ServingTab* tab = window.servingTab();
        const int group = tab->group();
        const double before = tab->chart()->curves().curves.front().points.front().tokensPerSecond;
        const double wallBefore = *tab->chart()->curves().curves.front().maxBatch;
        // Half the layers: half the weights and cache read per step, so batch 1 runs about twice as fast
        // (more than 1.5x, at most 2x: the head and embeddings stay), and more sequences fit.
        QVERIFY(window.document()->setKernelParameters(group, { { "layers", 40.0 } }, false).isEmpty());
        const double after = tab->chart()->curves().curves.front().points.front().tokensPerSecond;
        QVERIFY2(after > 1.5 * before && after <= 2.0 * before * (1.0 + 1e-9),
            qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(after)));
        QVERIFY(*tab->chart()->curves().curves.front().maxBatch > wallBefore);
    }

    void reviewModeShowsItLarge()
    {
        MainWindow window(m_db);
        openExample(window);
        window.setReviewMode(true);
        QApplication::processEvents();
        QVERIFY(window.isServingShown());
        QVERIFY(window.servingTab()->chart()->settings().style.review);
        QVERIFY(window.servingTab()->chart()->settings().style.fontScale > 1.0);
        window.setReviewMode(false);
        QApplication::processEvents();
        QVERIFY(!window.servingTab()->chart()->settings().style.review);
    }

    // Issue 24: the memory walls' labels ("max batch N") and the batch labels ("B=1") overlapped,
    // plainly in review mode. No two of them overlap, in either mode, at 1366x768; every wall keeps
    // its label.
    void wallAndBatchLabelsNeverOverlap()
    {
        MainWindow window(m_db);
        openExample(window);
        window.resize(1366, 768);
        for (const bool review : { false, true }) {
            window.setReviewMode(review);
            QApplication::processEvents();
            QCustomPlot* plot = window.servingTab()->chart()->plot();
            plot->replot();
            std::vector<std::pair<QString, QRectF>> labels;
            int walls = 0;
            for (int i = 0; i < plot->itemCount(); ++i) {
                auto* text = qobject_cast<QCPItemText*>(plot->item(i));
                if (!text || !text->visible()
                    || !(text->text().startsWith(QLatin1String("B="))
                        || text->text().startsWith(QLatin1String("max batch")))) {
                    continue;
                }
                walls += text->text().startsWith(QLatin1String("max batch")) ? 1 : 0;
                labels.emplace_back(text->text(),
                    QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized());
            }
            const QString mode = review ? QStringLiteral("review") : QStringLiteral("plain");
            QCOMPARE(walls, window.servingTab()->chart()->wallLabels().size());
            QVERIFY(walls >= 2);
            const QRectF area = plot->axisRect()->rect();
            for (size_t a = 0; a < labels.size(); ++a) {
                QVERIFY2(area.adjusted(-1, -1, 1, 1).contains(labels[a].second),
                    qPrintable(mode + QStringLiteral(": %1 leaves the plot").arg(labels[a].first)));
                for (size_t b = a + 1; b < labels.size(); ++b) {
                    const QRectF shared = labels[a].second.intersected(labels[b].second);
                    QVERIFY2(shared.width() <= 0.5 || shared.height() <= 0.5,
                        qPrintable(
                            mode + QStringLiteral(": \"%1\" overlaps \"%2\"").arg(labels[a].first, labels[b].first)));
                }
            }
        }
    }

    // The group editor's Preset menu sets a public model's shape in one undo step; batch and seq stay.
    void presetSetsTheModelShape()
    {
        MainWindow window(m_db);
        openExample(window, false);
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        QApplication::processEvents();
        auto* preset = window.kernelDock()->findChild<QComboBox*>(QStringLiteral("group-preset"));
        QVERIFY(preset);
        const int mixtral = preset->findText(QStringLiteral("Mixtral-8x7B"));
        QVERIFY(mixtral > 0);
        preset->setCurrentIndex(mixtral);
        Q_EMIT preset->activated(mixtral);
        const auto& params = window.session().kernels[0].templ->params;
        QCOMPARE(params.at("layers"), 32.0);
        QCOMPARE(params.at("hidden"), 4096.0);
        QCOMPARE(params.at("experts"), 8.0);
        QCOMPARE(params.at("top_k"), 2.0);
        QCOMPARE(params.at("vocab"), 32000.0);
        QCOMPARE(params.at("batch"), 64.0);
        QCOMPARE(params.at("seq"), 4096.0);
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().kernels[0].templ->params.at("layers"), 80.0);
        QCOMPARE(window.session().kernels[0].templ->params.count("experts"), size_t(0));
    }

    // The comparison dock lists each group's serving figures per device, ranked, with what they rest on.
    void comparisonDockShowsServingFigures()
    {
        MainWindow window(m_db);
        openExample(window, false);
        const QString text = window.comparisonDock()->groupThroughputText();
        QVERIFY2(text.contains(QStringLiteral("llama-3-70b at batch 64: cheapest ")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("mixtral-8x22b at batch 64: ")));
        QVERIFY(text.contains(QStringLiteral("\n1. ")));
        QVERIFY(text.contains(QStringLiteral("max batch ")));
        QVERIFY(text.contains(QStringLiteral("/Mtok")));
        QVERIFY(text.contains(QStringLiteral("collectives ")));
        QVERIFY(text.contains(QStringLiteral("Each figure is a bound on peak roofs")));
    }

    // The roofline tab shows each group's all-reduces on every device, placed on that device's
    // scale-up link (NVLink, Infinity Fabric's xGMI, ICI) and bound by it, at the intensity of a ring
    // all-reduce worked out here; the command line's table has the same rows.
    void collectivesSitOnTheirLinkRoof()
    {
        MainWindow window(m_db);
        openExample(window, false);
        const SessionAnalysis& analysis = *window.analysis();
        const ChartScene& scene = analysis.scene();
        // Each device 8 chips wide, tp = 8 (the chips, as the step is not told otherwise); the link
        // and its bandwidth per chip from the device files.
        const std::map<std::string, std::pair<std::string, double>> links = {
            { "nvidia-h100-sxm", { "nvlink", 900e9 } },
            { "nvidia-h200-sxm", { "nvlink", 900e9 } },
            { "nvidia-b200", { "nvlink", 1.8e12 } },
            { "amd-instinct-mi300x", { "xgmi", 896e9 } },
            { "google-tpu-v5p", { "ici", 100e9 } },
        };
        // What one chip injects into a ring on that link (collective_bandwidth) and the time per hop
        // (latency), from the device files: a collective's one time in every view.
        const std::map<std::string, std::pair<double, double>> rings = {
            { "nvidia-h100-sxm", { 450e9, 0.47e-6 } },
            { "nvidia-h200-sxm", { 450e9, 0.47e-6 } },
            { "nvidia-b200", { 900e9, 0.47e-6 } },
            { "amd-instinct-mi300x", { 448e9, 2.3e-6 } },
            { "google-tpu-v5p", { 200e9, 1e-6 } },
        };
        const double tp = 8.0;
        struct Model {
            std::string name;
            double layers;
            double hidden;
        };
        const SessionEvaluation cli = evaluateSession(window.session(), m_db); // what `table` prints
        QCOMPARE(analysis.devices().size(), size_t(5));
        for (const Model& model : { Model { "llama-3-70b", 80, 8192 }, Model { "mixtral-8x22b", 56, 6144 } }) {
            // Decode, 64 sequences: the message of one all-reduce is 64 tokens x hidden values of 2
            // bytes. Ring all-reduce: each chip sends 2 (tp-1)/tp of it and adds (tp-1)/tp of its
            // values; the device's figures are the 8 chips' together.
            const double values = 64.0 * model.hidden;
            const double flops = tp * (tp - 1.0) / tp * values;
            const double message = values * 2.0;
            // The all-reduce's algorithm is the least time the link allows (docs/model.md#collective-algorithms):
            // a ring (2 (tp-1)/tp x M per chip, 2 (tp-1) hops) anywhere; two-shot (the same bytes, 2 hops) and
            // one-shot ((tp-1) x M, 1 hop) where every chip is one hop from every other (NVSwitch, MI300X's
            // mesh); in-switch ((tp+1)/tp x M, 2 hops) where the switch reduces (NVLink SHARP on H100, H200,
            // B200). Bytes per chip and hops of the quickest.
            const auto algorithm = [&](const std::string& id) {
                const auto& [bandwidth, latency] = rings.at(id);
                std::vector<std::pair<double, double>> allowed { { 2.0 * (tp - 1.0) / tp * message,
                    2.0 * (tp - 1.0) } };
                if (id != "google-tpu-v5p") {
                    allowed.push_back({ 2.0 * (tp - 1.0) / tp * message, 2.0 });
                    allowed.push_back({ (tp - 1.0) * message, 1.0 });
                }
                if (id.rfind("nvidia-", 0) == 0) {
                    allowed.push_back({ (tp + 1.0) / tp * message, 2.0 });
                }
                auto best = allowed.front();
                for (const auto& a : allowed) {
                    if (a.first / bandwidth + a.second * latency < best.first / bandwidth + best.second * latency) {
                        best = a;
                    }
                }
                return best;
            };
            // A ring's intensity on the link: 1/4 FLOP per byte in bf16.
            QCOMPARE(flops / (tp * 2.0 * (tp - 1.0) / tp * message), 0.25);
            double allReducesPerStep = 0.0;
            for (const char* part : { "allreduce_attn", "allreduce_ffn" }) {
                const std::string name = model.name + "/" + part;
                int k = -1;
                for (size_t i = 0; i < analysis.shownSession().kernels.size(); ++i) {
                    if (analysis.shownSession().kernels[i].name == name) {
                        k = static_cast<int>(i);
                    }
                }
                QVERIFY2(k >= 0, name.c_str());
                allReducesPerStep += analysis.shownSession().kernels[static_cast<size_t>(k)].count;
                const ChartKernel& marker = scene.kernels[static_cast<size_t>(k)];
                QVERIFY(!marker.hidden);
                QCOMPARE(marker.points.size(), size_t(5)); // one point per device
                for (const ChartKernelPoint& point : marker.points) {
                    const size_t d = static_cast<size_t>(point.device);
                    const SceneDevice& device = analysis.devices()[d];
                    const std::string id = window.session().devices[device.sessionIndex].id;
                    const auto& [link, perChip] = links.at(id);
                    const auto [bytesPerChip, hops] = algorithm(id);
                    const double bytes = tp * bytesPerChip;
                    const double intensity = flops / bytes;
                    const Evaluation* ev = analysis.evaluation(static_cast<size_t>(k), d);
                    QVERIFY(ev);
                    QCOMPARE(ev->binding, link);
                    QCOMPARE(ev->regime, Regime::NetworkBound);
                    ROOFSCOPE_COMPARE_REL(ev->flops, flops, 1e-12);
                    ROOFSCOPE_COMPARE_REL(ev->level(link)->bytes, bytes, 1e-12);
                    // Its time is the served step's: bytes per chip over the collective bandwidth plus its
                    // hops of latency, the same in the table, the tooltip and the step.
                    const auto& [ringBandwidth, hopLatency] = rings.at(id);
                    const double seconds = bytesPerChip / ringBandwidth + hops * hopLatency;
                    ROOFSCOPE_COMPARE_REL(ev->tMin, seconds, 1e-12);
                    ROOFSCOPE_COMPARE_REL(ev->tMax, seconds, 1e-12);
                    const GroupVerdict& verdict = analysis.verdicts()[model.name == "llama-3-70b" ? 0 : 1];
                    const ServingStep& step = verdict.devices[d].step;
                    const auto served = std::find_if(step.kernels.begin(), step.kernels.end(),
                        [&](const ServingKernel& sk) { return sk.kernel.name == part; });
                    QVERIFY(served != step.kernels.end());
                    ROOFSCOPE_COMPARE_REL(served->seconds, seconds, 1e-12);
                    QVERIFY2(analysis.toolTip(k, static_cast<int>(d))
                                 .contains(QString::fromStdString(formatQuantity(seconds, Dimension::Seconds))),
                        qPrintable(analysis.toolTip(k, static_cast<int>(d))));
                    // On the chart: at its intensity on the link, under the link's roof (8 chips' worth)
                    // by the latency and the ring bandwidth: its FLOPs over that time.
                    QCOMPARE(point.regime, Regime::NetworkBound);
                    ROOFSCOPE_COMPARE_REL(point.intensity, intensity, 1e-12);
                    ROOFSCOPE_COMPARE_REL(point.attainable, flops / seconds, 1e-12);
                    QVERIFY(point.attainable < intensity * tp * perChip);
                    const ChartDevice& drawn = scene.devices[d];
                    const auto roof = std::find_if(drawn.levels.begin(), drawn.levels.end(),
                        [&](const ChartLevel& l) { return l.name.toStdString() == link; });
                    QVERIFY(roof != drawn.levels.end());
                    QVERIFY(roof->visible);
                    ROOFSCOPE_COMPARE_REL(roof->bytesPerSecond, tp * perChip, 1e-12);
                    // The marker's tooltip names the collective, its bytes per chip and the link.
                    const QString tip = analysis.toolTip(k, static_cast<int>(d));
                    QVERIFY2(tip.contains(QString::fromLatin1(part)), qPrintable(tip));
                    QVERIFY2(tip.contains(QString::fromStdString(formatQuantity(bytesPerChip, Dimension::Bytes, 3))
                                 + QStringLiteral(" per chip")),
                        qPrintable(tip));
                    QVERIFY2(tip.contains(QString::fromStdString(link).toUpper()), qPrintable(tip));
                    // The command line's table evaluates the same kernel on the same device alike.
                    const auto row = std::find_if(cli.rows.begin(), cli.rows.end(), [&](const SessionRow& r) {
                        return cli.kernels[r.expandedIndex].name == name && r.deviceIndex == device.sessionIndex;
                    });
                    QVERIFY(row != cli.rows.end());
                    QCOMPARE(row->evaluation.binding, link);
                    ROOFSCOPE_COMPARE_REL(row->evaluation.intensity, ev->intensity, 1e-12);
                    ROOFSCOPE_COMPARE_REL(row->evaluation.attainable, ev->attainable, 1e-12);
                    ROOFSCOPE_COMPARE_REL(row->evaluation.tMin, ev->tMin, 1e-12);
                }
            }
            QCOMPARE(allReducesPerStep, 2.0 * model.layers); // two per layer
        }
    }

    void exportsFromTheWindowAndTheCommandLine()
    {
        MainWindow window(m_db);
        openExample(window);
        const QString png = m_dir.filePath(QStringLiteral("serving.png"));
        const QString svg = m_dir.filePath(QStringLiteral("serving.svg"));
        const QString pdf = m_dir.filePath(QStringLiteral("serving.pdf"));
        QVERIFY(window.exportChartTo(png).isEmpty());
        QVERIFY(window.exportChartTo(svg).isEmpty());
        QVERIFY(window.exportChartTo(pdf).isEmpty());
        QVERIFY(!QImage(png).isNull());
        const QByteArray svgText = readBytes(svg);
        QVERIFY(svgText.contains("KV cache full"));
        QVERIFY(svgText.contains("tokens/s per chip"));
        QVERIFY(!svgText.contains("Arithmetic intensity")); // the serving chart, not the roofline
        QVERIFY(readBytes(pdf).trimmed().endsWith("%%EOF"));

        const QString example = QString::fromLatin1(kExample);
        const QString cliSvg = m_dir.filePath(QStringLiteral("cli-serving.svg"));
        QCOMPARE(runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"), example,
                                  QStringLiteral("--view"), QStringLiteral("serving"), QStringLiteral("-o"), cliSvg },
                     120000)
                     .exitCode,
            0);
        QVERIFY(readBytes(cliSvg).contains("KV cache full"));
        const QString html = m_dir.filePath(QStringLiteral("both.html"));
        QCOMPARE(runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"), example,
                                  QStringLiteral("--view"), QStringLiteral("serving"), QStringLiteral("-o"), html },
                     120000)
                     .exitCode,
            0);
        const QByteArray page = readBytes(html);
        QVERIFY(page.contains("id=\"serving\""));
        QVERIFY(page.count("<svg") >= 2); // the roofline and the serving chart
        QVERIFY(page.contains("KV cache full"));

        const Run bars
            = runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"), example, QStringLiteral("--view"),
                               QStringLiteral("bars"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("x.png")) },
                120000);
        QCOMPARE(bars.exitCode, 2);
        QVERIFY2(bars.err.contains("--view must be roofline or serving"), bars.err.constData());
        // A session without a transformer group has no serving chart: refused, no file written.
        const QString none = m_dir.filePath(QStringLiteral("none.png"));
        const Run refused
            = runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"),
                               QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/fusion.yaml"),
                               QStringLiteral("--view"), QStringLiteral("serving"), QStringLiteral("-o"), none },
                120000);
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains("no transformer group"), refused.err.constData());
        QVERIFY(!QFile::exists(none));
    }
};

ROOFSCOPE_TEST_MAIN(TestServingWindow)
#include "test_serving_window.moc"
