#include "TestMain.h"
#include "TestUtil.h"
// One question, one answer: the serving verdict of serving-70b.yaml with a 50 ms target read from every
// view (comparison dock, review panel, serving tab, the chart's caption as drawn for PNG/SVG/PDF, the
// HTML page, `compare` text and JSON) finds the same headline and figures with their batch; MI300X
// x8's $/Mtok at its operating batch is derived here by hand.
#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/GuiTestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "io/VerdictFormat.h"
#include "model/Units.h"
#include "scene/ChartModel.h"
#include "scene/GroupColumns.h"
#include "session/SessionDocument.h"
#include "widgets/ComparisonDock.h"
#include "widgets/KernelDock.h"
#include "widgets/MainWindow.h"
#include "widgets/OwnershipDialog.h"
#include "widgets/ServingTab.h"
#include "widgets/SiSpinBox.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <qcustomplot.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

namespace {
const char* const kVerdictExample = ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml";

struct VerdictRun {
    int exitCode = -1;
    QString out;
    QString err;
};

VerdictRun runVerdictCli(const QStringList& args)
{
    QProcess process;
    process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
    VerdictRun run;
    if (process.waitForFinished(120000)) {
        run.exitCode = process.exitCode();
        run.out = QString::fromUtf8(process.readAllStandardOutput());
        run.err = QString::fromUtf8(process.readAllStandardError());
    }
    return run;
}

// Llama 3 70B decode on MI300X x8 (tp 8) at `batch` sequences of 4096 tokens, by hand from the serving
// model's kernels (docs/serving.md) and the device file's figures: 8 x 1307.4 TFLOP/s bf16, 8 x 5.3 TB/s
// HBM, a ring all-reduce at 448 GB/s per chip with 2.3 us per hop. Returns T_min of one step.
double mi300xStepSeconds(double batch)
{
    const double tp = 8.0;
    const double peak = tp * 1307.4e12;
    const double hbm = tp * 5.3e12;
    const double T = batch; // decode: one token per sequence
    const double h = 8192.0, L = 80.0, q = 64.0 * 128.0, kv = 8.0 * 128.0, ffn = 28672.0, vocab = 128256.0;
    const double seq = 4096.0, s = 2.0; // bf16
    const auto t = [&](double flops, double bytes) { return std::max(flops / peak, bytes / hbm); };
    // Column-parallel matmuls read their input on every chip; row-parallel ones write a partial sum on each.
    const auto column = [&](double k, double n) { return t(2 * T * k * n, (tp * T * k + k * n + T * n) * s); };
    const auto row = [&](double k, double n) { return t(2 * T * k * n, (T * k + k * n + tp * T * n) * s); };
    const double scores = batch * 64.0 * seq;
    const double cache = batch * seq * kv * s; // K (or V) of every sequence
    double sum = 0.0;
    sum += (2 * L + 1) * t(tp * 10 * T * h, tp * (3 * T * h + 2 * h) * s); // norms on every chip
    sum += L * column(h, q + 2 * kv); // q, k and v fused, the input read once
    sum += L * t(2 * scores * 128 + 5 * scores, T * q * s + cache); // Q K^T with the fused softmax
    sum += L * t(2 * scores * 128, cache + T * q * s); // P V
    sum += L * row(q, h); // o_proj
    sum += L * (column(h, 2 * ffn) + t(5 * T * ffn, 3 * T * ffn * s) + row(ffn, h)); // gate/up fused, act, down
    sum += column(h, vocab); // the head, once per step
    // Two all-reduces per layer and the embedding's, of batch x hidden values M, on MI300X's fully connected
    // xGMI (448 GB/s per chip, 2.3 us per hop): the quicker of a ring (2 (tp-1)/tp M per chip, 2 (tp-1)
    // hops), two-shot (the same bytes, 2 hops) and one-shot ((tp-1) M, 1 hop); and the gather of the
    // logits' shards, T x vocab / tp x 2 B from each chip, 1 hop.
    const double m = T * h * s;
    const double ring = 2 * (tp - 1) / tp * m / 448e9 + 2 * (tp - 1) * 2.3e-6;
    const double twoShot = 2 * (tp - 1) / tp * m / 448e9 + 2 * 2.3e-6;
    const double oneShot = (tp - 1) * m / 448e9 + 2.3e-6;
    const double gather = T * vocab * s / tp / 448e9 + 2.3e-6;
    const double collective = (2 * L + 1) * std::min({ ring, twoShot, oneShot }) + gather;
    return std::max(sum, collective);
}
} // namespace

class TestVerdictViews : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
    }

    void everyViewGivesTheSameAnswer()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.resize(1366, 768);
        const SessionLoadResult loaded = loadSessionFile(kVerdictExample);
        QVERIFY(loaded.session);
        window.setSession(*loaded.session);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // The target typed in the Serving tab, Enter: one undo step, saved with the session.
        ServingTab* tab = window.servingTab();
        tab->targetEdit()->setText(QStringLiteral("50"));
        QVERIFY(tab->applyTarget().isEmpty());
        tab->refresh();
        const std::vector<GroupVerdict> verdicts = window.analysis()->verdicts(); // a copy: views rebuild it
        QCOMPARE(verdicts.size(), size_t(2));
        const GroupVerdict& llama = verdicts.front();
        const QString headline = QString::fromStdString(llama.headline);
        QVERIFY2(headline.startsWith(QStringLiteral("llama-3-70b at <= 50 ms/token: cheapest ")), qPrintable(headline));
        QVERIFY2(headline.endsWith(QStringLiteral(": bounds on peak roofs")), qPrintable(headline));

        // MI300X x8: its $/Mtok at its operating batch, by hand.
        const auto mi = std::find_if(llama.devices.begin(), llama.devices.end(),
            [](const VerdictDevice& d) { return d.id == "amd-instinct-mi300x x8"; });
        QVERIFY(mi != llama.devices.end());
        const double batch = mi->batch;
        QVERIFY(batch > 1.0 && batch == std::floor(batch));
        const double seconds = mi300xStepSeconds(batch);
        ROOFSCOPE_COMPARE_REL(mi->step.tMin, seconds, 1e-9);
        QVERIFY(seconds * 1e3 <= 50.0); // it meets the target
        const double usdPerMtok = 8.0 * 1.85 / (batch / seconds * 3600.0) * 1e6; // 8 chips at 1.85 USD/h
        ROOFSCOPE_COMPARE_REL(*mi->step.cost.usdPerMillionTokens, usdPerMtok, 1e-9);
        // Its operating batch is the largest that meets 50 ms and fits: one more breaks a rule.
        QVERIFY(mi300xStepSeconds(batch + 1.0) * 1e3 > 50.0 || mi->step.memory.maxBatch == batch);
        const QString miFigure = QStringLiteral("$%1/Mtok").arg(QString::fromStdString(formatNumber(usdPerMtok, 3)));
        const QString miPoint = QStringLiteral("MI300X x8 at batch %1: ").arg(batch);

        // The comparison dock: the headline, then each device best first with its batch.
        const QString dock = window.comparisonDock()->groupThroughputText();
        QVERIFY2(dock.contains(headline), qPrintable(dock));
        QVERIFY2(dock.contains(miPoint), qPrintable(dock));
        QVERIFY(dock.contains(miFigure));
        for (const std::string& line : verdictLines(llama)) {
            QVERIFY2(dock.contains(QString::fromStdString(line)), line.c_str());
        }
        // The serving tab: the same lines under the chart, each operating point ringed.
        QCOMPARE(tab->chart()->pickLines().front(), headline);
        QVERIFY(tab->picksLabel()->text().contains(miPoint));
        QVERIFY(tab->chart()->operatingPoints().size() == llama.devices.size());
        // The roofline's caption, as it is drawn into PNG, SVG and PDF: the headline, split at its "; ".
        const ChartScene& scene = window.analysis()->scene();
        QString captions = scene.decorations.captions.join(QLatin1Char(' '));
        QString headlines = headline + QLatin1Char(' ') + QString::fromStdString(verdicts[1].headline);
        QCOMPARE(captions.remove(QLatin1Char(';')), headlines.remove(QLatin1Char(';')));
        QCustomPlot* plot = window.chart()->plot();
        QStringList drawn;
        for (int i = 0; i < plot->itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
                drawn << text->text();
            }
        }
        for (const QString& caption : scene.decorations.captions) {
            QVERIFY2(drawn.contains(caption), qPrintable(caption));
        }
        const QString svg = m_dir.filePath(QStringLiteral("roofline.svg"));
        QVERIFY(window.exportChartTo(svg).isEmpty());
        const QString svgText = readText(svg);
        QVERIFY2(svgText.contains(QStringLiteral("cheapest MI300X x8 (") + miFigure.toHtmlEscaped()),
            qPrintable(svgText.left(400)));

        // Review mode: the panel's rows carry each device's answer, its caption the headlines.
        window.setReviewMode(true);
        const ChartSummary& summary = window.analysis()->scene().summary;
        QVERIFY(summary.headlines.contains(headline));
        bool miRow = false;
        for (const ChartSummaryRow& row : summary.rows) {
            if (row.label == QStringLiteral("MI300X x8")) {
                miRow = true;
                const QString plain = QString(row.detail).replace(QChar(0x00A0), QLatin1Char(' '));
                QVERIFY2(plain.contains(QStringLiteral("tokens/s per chip at batch %1, %2").arg(batch).arg(miFigure)),
                    qPrintable(plain));
            }
        }
        QVERIFY(miRow);
        window.setReviewMode(false);

        // The session saved with its target, then the exports and the command line from the file.
        const QString saved = m_dir.filePath(QStringLiteral("target.yaml"));
        QVERIFY(window.saveSessionAs(saved).isEmpty());
        const QString html = m_dir.filePath(QStringLiteral("page.html"));
        const VerdictRun exported = runVerdictCli(
            { QStringLiteral("export"), QStringLiteral("--session"), saved, QStringLiteral("-o"), html });
        QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
        const QString page = readText(html);
        QVERIFY2(page.contains(headline.toHtmlEscaped()), "the page's headline");
        QVERIFY(page.contains(QStringLiteral("<td>%1</td>").arg(batch)));
        QVERIFY(page.contains(miFigure.toHtmlEscaped()));

        const VerdictRun text = runVerdictCli({ QStringLiteral("compare"), QStringLiteral("--session"), saved });
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(headline), qPrintable(text.out));
        QVERIFY(text.out.contains(miPoint));
        const VerdictRun json = runVerdictCli({ QStringLiteral("compare"), QStringLiteral("--session"), saved,
            QStringLiteral("--format"), QStringLiteral("json") });
        QCOMPARE(json.exitCode, 0);
        const auto answer = nlohmann::json::parse(json.out.toStdString())["answer"];
        QCOMPARE(answer.size(), size_t(2));
        QCOMPARE(QString::fromStdString(answer[0]["headline"].get<std::string>()), headline);
        QCOMPARE(answer[0]["target_ms"].get<double>(), 50.0);
        for (const auto& device : answer[0]["devices"]) {
            const auto same = std::find_if(llama.devices.begin(), llama.devices.end(),
                [&](const VerdictDevice& d) { return d.id == device["id"].get<std::string>(); });
            QVERIFY(same != llama.devices.end());
            QCOMPARE(device["batch"].get<double>(), same->batch);
            QCOMPARE(device["tokens_per_s_per_chip"].get<double>(), *same->step.cost.tokensPerSecondPerChip);
            for (const VerdictCriterion c : kVerdictCriteria) {
                const auto& rank = device["ranks"][criterionKey(c)];
                QCOMPARE(rank.is_null() ? 0 : rank.get<int>(), same->rank(c));
            }
        }
        const auto& miJson = *std::find_if(answer[0]["devices"].begin(), answer[0]["devices"].end(),
            [](const nlohmann::json& d) { return d["id"] == "amd-instinct-mi300x x8"; });
        ROOFSCOPE_COMPARE_REL(miJson["usd_per_million_tokens"].get<double>(), usdPerMtok, 1e-9);
        // --target-ms overrides the session's target.
        const VerdictRun other = runVerdictCli({ QStringLiteral("compare"), QStringLiteral("--session"), saved,
            QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--target-ms"), QStringLiteral("20") });
        QCOMPARE(nlohmann::json::parse(other.out.toStdString())["answer"][0]["target_ms"].get<double>(), 20.0);
    }

    // View > Ownership Cost: years, utilisation and power price in one undo step; the owned $/Mtok
    // follows (by hand for MI300X x8: 8 chips x purchase price over the tokens of its service life).
    void ownershipCostFromTheWindow()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        const SessionLoadResult loaded = loadSessionFile(kVerdictExample);
        QVERIFY(loaded.session);
        Session session = *loaded.session;
        for (DeviceSelection& d : session.devices) {
            if (d.id == "amd-instinct-mi300x") {
                d.priceDollars = 15000.0; // USD per chip
            }
        }
        window.setSession(session);
        OwnershipDialog dialog(window.analysis());
        QCOMPARE(dialog.yearsField()->text(), QStringLiteral("4"));
        dialog.utilisationField()->setText(QStringLiteral("150 %"));
        QVERIFY(!dialog.apply().isEmpty()); // refused, named, nothing changed
        QVERIFY(dialog.errorText().startsWith(QStringLiteral("Utilisation: ")));
        QCOMPARE(window.session().view.utilisation, 1.0);
        dialog.yearsField()->setText(QStringLiteral("5"));
        dialog.utilisationField()->setText(QStringLiteral("60 %"));
        dialog.powerField()->setText(QStringLiteral("0.1"));
        const int steps = window.document()->undoStack()->count();
        QTest::keyClick(dialog.powerField(), Qt::Key_Return);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1);
        QCOMPARE(window.session().view.years, 5.0);
        QCOMPARE(window.session().view.utilisation, 0.6);
        QCOMPARE(window.session().view.usdPerKwh, std::optional<double>(0.1));
        const GroupVerdict llama = window.analysis()->verdicts().front();
        const VerdictDevice& mi = *std::find_if(llama.devices.begin(), llama.devices.end(),
            [](const VerdictDevice& d) { return d.id == "amd-instinct-mi300x x8"; });
        const double tokens = mi.step.tokensPerSecond;
        const double joules = *mi.step.cost.joulesPerToken;
        const double owned = 1e6 * (8.0 * 15000.0 / (5.0 * 8760.0 * 3600.0 * tokens * 0.6) + joules * 0.1 / 3.6e6);
        QVERIFY(mi.usdPerMillionTokensOwned);
        ROOFSCOPE_COMPARE_REL(*mi.usdPerMillionTokensOwned, owned, 1e-12);
        QVERIFY(window.comparisonDock()->groupThroughputText().contains(QStringLiteral("/Mtok owned)")));
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().view.years, 4.0);
        QCOMPARE(dialog.yearsField()->text(), QStringLiteral("4"));
    }

    // The group editor shows the parallelism the step runs with: tp follows the devices' chips ("auto
    // (8)"), ep of a dense model is none; a shape engines refuse is refused at the field with its rule.
    void parallelismFieldsShowWhatTheStepRuns()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        const SessionLoadResult loaded = loadSessionFile(kVerdictExample);
        QVERIFY(loaded.session);
        window.setSession(*loaded.session);
        window.kernelDock()->list()->setCurrentIndex(window.kernelDock()->list()->model()->index(0, 0));
        SiSpinBox* tp = window.kernelDock()->parameterBox(QStringLiteral("tp"));
        SiSpinBox* ep = window.kernelDock()->parameterBox(QStringLiteral("ep"));
        QVERIFY(tp && ep);
        QCOMPARE(tp->text(), QStringLiteral("auto (8)"));
        QCOMPARE(tp->value(), 8.0);
        QCOMPARE(ep->text(), QStringLiteral("none (dense)"));
        // Enter on the unchanged field keeps tp unset: no edit, no refusal.
        tp->setFocus();
        QTest::keyClick(tp, Qt::Key_Return);
        QVERIFY(!window.session().kernels[0].templ->params.contains("tp"));
        QVERIFY(tp->refusal().isEmpty());
        // tp 6 over 64 heads: refused, naming the rule; the session unchanged.
        QVERIFY(!tp->commitText(QStringLiteral("6")) || !window.session().kernels[0].templ->params.contains("tp"));
        QVERIFY2(window.kernelDock()->fieldMessage(tp).contains(QStringLiteral("must divide heads (64)")),
            qPrintable(window.kernelDock()->fieldMessage(tp)));
        QVERIFY(!window.session().kernels[0].templ->params.contains("tp"));
    }
};

ROOFSCOPE_TEST_MAIN(TestVerdictViews)
#include "test_verdict_views.moc"
