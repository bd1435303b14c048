#include "TestMain.h"
#include "TestUtil.h"
// Measured serving runs under their bounds in the window: serving-measured.yaml's runs read back from
// the serving chart as drawn (one point per run, its line to the bound, its efficiency), the same
// efficiencies in `compare --format json`, the measured ranking in the verdict under the chart, and the
// published runs toggled on in grey.
#include "chart/ServingChart.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "session/SessionDocument.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <qcustomplot.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

using namespace roofscope;

namespace {
const char* const kMeasuredExample = ROOFSCOPE_RESOURCES_DIR "/examples/serving-measured.yaml";

nlohmann::json compareJson()
{
    QProcess process;
    process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
        { QStringLiteral("compare"), QStringLiteral("--session"), QString::fromUtf8(kMeasuredExample),
            QStringLiteral("--format"), QStringLiteral("json") });
    if (!process.waitForFinished(120000) || process.exitCode() != 0) {
        return nullptr;
    }
    return nlohmann::json::parse(process.readAllStandardOutput().toStdString(), nullptr, false);
}
} // namespace

class TestMeasuredRunsView : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void chartAndJsonAgree()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        const SessionLoadResult loaded = loadSessionFile(kMeasuredExample);
        QVERIFY(loaded.session);
        QCOMPARE(loaded.session->servingRuns.size(), std::size_t { 16 });
        window.setSession(*loaded.session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ServingTab* tab = window.servingTab();
        tab->refresh();
        ServingChart* chart = tab->chart();
        QCOMPARE(chart->curves().group, QStringLiteral("deepseek-v3"));
        // 15 runs of deepseek-v3: 9 on H200 x8, 6 on MI300X x8, each drawn once in its device's colour (the
        // 3 TensorRT-LLM runs with ep 4 on 8 chips are 4 expert groups of 2 chips each).
        const auto& points = chart->measuredPoints();
        QCOMPARE(points.size(), std::size_t { 15 });
        std::map<int, int> perCurve;
        for (const auto& p : points) {
            QVERIFY(!p.published && !p.beyond);
            QVERIFY(p.efficiency > 0.0 && p.efficiency <= 1.0);
            QVERIFY(p.y < p.boundY); // under its bound, joined to it by a line
            ROOFSCOPE_COMPARE_REL(p.y / p.boundY, p.efficiency, 1e-9);
            ++perCurve[p.curve];
        }
        QCOMPARE(perCurve[0], 9);
        QCOMPARE(perCurve[1], 6);
        // A request mix's ring sits at the verdict's figure, the run's tokens/s per chip (prefill included),
        // and each run's bound end on its device's curve.
        const GroupVerdict& verdict = *chart->settings().verdict;
        for (size_t c = 0; c < chart->curves().curves.size(); ++c) {
            const auto ring = chart->operatingPoints()[c];
            QVERIFY(ring);
            const VerdictDevice& v = verdict.devices[static_cast<size_t>(chart->curves().curves[c].sceneDevice)];
            ROOFSCOPE_COMPARE_REL(ring->y(), *v.figure(VerdictCriterion::TokensPerSecondPerChip), 1e-12);
            QVERIFY(v.step.requests && v.step.requests->runTokensPerSecond < v.step.tokensPerSecond);
        }
        for (const auto& p : points) {
            const auto& curve = chart->curves().curves[static_cast<size_t>(p.curve)].points;
            const auto atBound = std::find_if(curve.begin(), curve.end(),
                [&](const ServingCurvePoint& c) { return std::abs(c.msPerToken - p.boundX) < 1e-9 * p.boundX; });
            if (atBound != curve.end()) {
                ROOFSCOPE_COMPARE_REL(atBound->tokensPerSecondPerChip, p.boundY, 1e-9);
            }
        }
        // Each point's efficiency is the one `compare --format json` gives for the same run.
        const nlohmann::json json = compareJson();
        QVERIFY(json.is_object());
        std::vector<double> fromJson;
        for (const auto& group : json["groups"]) {
            if (group["name"] != "deepseek-v3") {
                continue;
            }
            for (const auto& device : group["devices"]) {
                for (const auto& m : device["measured"]) {
                    if (!m["error"].is_null()) {
                        QVERIFY(m["engine"] == "TensorRT-LLM");
                        QVERIFY(m["efficiency"]["tokens_per_s"].is_null());
                        continue;
                    }
                    fromJson.push_back(m["efficiency"]["tokens_per_s"].get<double>());
                    ROOFSCOPE_COMPARE_REL(m["efficiency"]["tokens_per_s"].get<double>(),
                        m["tokens_per_s"].get<double>() / m["bound_tokens_per_s"].get<double>(), 1e-12);
                }
            }
        }
        QCOMPARE(fromJson.size(), points.size());
        for (size_t i = 0; i < points.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(points[i].efficiency, fromJson[i], 1e-12);
        }
        // The labels say how much of its bound a run reached; the verdict under the chart says which order
        // the measured runs give and that the bounds give another.
        QStringList labels;
        for (int i = 0; i < chart->plot()->itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(chart->plot()->item(i))) {
                labels << text->text();
            }
        }
        QVERIFY2(labels.filter(QStringLiteral("% of bound")).size() == 2, qPrintable(labels.join(QLatin1Char('|'))));
        const QString picks = tab->picksLabel()->text();
        QVERIFY2(picks.contains(QStringLiteral("bounds rank MI300X x8 first; measured runs at 3200 in / 800 out, "
                                               "concurrency 64 rank H200 x8 first")),
            qPrintable(picks));
        QCOMPARE(QString::fromStdString(json["answer"][0]["measured_note"].get<std::string>()),
            QStringLiteral("bounds rank MI300X x8 first; measured runs rank H200 x8 first"));

        // Published runs: the dstack runs of DeepSeek-R1 on both devices (4 concurrencies x 5 engine/device
        // pairs), in grey where they have a bound; the ranking does not move.
        QVERIFY(!tab->publishedBox()->isChecked());
        tab->publishedBox()->setChecked(true);
        int published = 0;
        for (const auto& p : chart->measuredPoints()) {
            published += p.published ? 1 : 0;
        }
        QCOMPARE(published, 20); // every one has a bound (TensorRT-LLM's ep 4: expert groups of 2 chips)
        QCOMPARE(tab->picksLabel()->text(), picks);
        tab->publishedBox()->setChecked(false);
        QCOMPARE(chart->measuredPoints().size(), std::size_t { 15 });

        // The TTFT target, typed: a bad value names itself and changes nothing; 48 ms leaves H200 x8 (its
        // prefill bound is 51.9 ms) unranked; undo clears it.
        test::typeAndEnter(tab->ttftTargetEdit(), QStringLiteral("soon"));
        QVERIFY(!window.document()->session().view.servingTtftTargetMs);
        QVERIFY(
            window.findChild<QLabel*>(QStringLiteral("servingTargetError"))->text().contains(QStringLiteral("'soon'")));
        test::typeAndEnter(tab->ttftTargetEdit(), QStringLiteral("48"));
        QCOMPARE(*window.document()->session().view.servingTtftTargetMs, 48.0);
        tab->refresh();
        QVERIFY2(tab->picksLabel()->text().contains(QStringLiteral("H200 x8 misses the TTFT target (51.9 ms")),
            qPrintable(tab->picksLabel()->text()));
        window.document()->undoStack()->undo();
        QVERIFY(!window.document()->session().view.servingTtftTargetMs);

        // The HTML hand-out lists the same runs with the same share of their bounds.
        QTemporaryDir dir;
        const QString html = dir.filePath(QStringLiteral("m.html"));
        QProcess process;
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), QString::fromUtf8(kMeasuredExample),
                QStringLiteral("-o"), html });
        QVERIFY(process.waitForFinished(120000) && process.exitCode() == 0);
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(file.readAll());
        QCOMPARE(page.count(QStringLiteral("<table class=\"measured\"")), 2);
        QVERIFY(page.contains(QStringLiteral("<td>758.4 / 2.618k</td><td>29 %</td>")));
    }

    // The Requests box: a decode-step group served as the 8k/1k mix (one undo step), its curves swept over
    // the concurrency, a click on a point sets the concurrency, and back to one decode step.
    void scenarioBoxServesARequestMix()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        const SessionLoadResult loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml");
        QVERIFY(loaded.session);
        window.setSession(*loaded.session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ServingTab* tab = window.servingTab();
        tab->refresh();
        QCOMPARE(tab->scenarioBox()->currentIndex(), 0); // a decode step
        const int group = tab->group();
        QVERIFY(group >= 0);
        const auto params
            = [&] { return window.document()->session().kernels[static_cast<size_t>(group)].templ->params; };
        QCOMPARE(params().at("batch"), 64.0);
        QVERIFY(tab->applyScenario(QStringLiteral("8k/1k")).isEmpty());
        tab->refresh();
        QCOMPARE(params().at("isl"), 8192.0);
        QCOMPARE(params().at("osl"), 1024.0);
        QCOMPARE(params().at("concurrency"), 64.0); // batch 64 x dp 1 x pp 1 requests in flight
        QVERIFY(!params().count("batch") && !params().count("seq"));
        QCOMPARE(tab->scenarioBox()->currentText(), QStringLiteral("8k/1k"));
        QVERIFY(tab->chart()->drawnCurveCount() > 0);
        QVERIFY2(tab->picksLabel()->text().contains(QStringLiteral("8192 in / 1024 out, concurrency 64")),
            qPrintable(tab->picksLabel()->text()));
        QVERIFY(tab->picksLabel()->text().contains(QStringLiteral("tokens/s over the run, prefill included")));
        // A click on a point of a mix's curve sets its concurrency.
        const auto& curve = tab->chart()->curves().curves.front();
        QVERIFY(curve.points.size() > 3);
        const double batch = curve.points[3].batch;
        QVERIFY(tab->setBatchFromPoint(0, 3).isEmpty());
        QCOMPARE(params().at("concurrency"), batch);
        window.document()->undoStack()->undo();
        QCOMPARE(params().at("concurrency"), 64.0);
        // Back to one decode step at the mix's mean context.
        QVERIFY(tab->applyScenario(QString()).isEmpty());
        QCOMPARE(params().at("batch"), 64.0);
        QCOMPARE(params().at("seq"), 8192.0 + 512.0);
        window.document()->undoStack()->undo();
        window.document()->undoStack()->undo();
        QCOMPARE(params().at("batch"), 64.0);
        QCOMPARE(params().at("seq"), 4096.0);
        QVERIFY(!params().count("isl"));
    }
};

ROOFSCOPE_TEST_MAIN(TestMeasuredRunsView)
#include "test_measured_runs_view.moc"
