// The transformer step (docs/model.md#kernels-of-one-step) and the session's device entries
// (docs/file-formats.md#sessions): FLOPs and bytes of a tiny configuration counted by hand, kernel groups
// in sessions, chips/price/tdp overrides.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/ChipScaling.h"
#include "model/Sweep.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"

#include <QTest>

using namespace roofscope;

namespace {

// layers=1, hidden=8, heads=2, kv_heads=1 (head dim 4, K and V 4 wide), ffn=16, vocab=32, batch=2, seq=4.
TemplateInstance tinyStep(const std::string& phase, const std::map<std::string, std::string>& extra = {})
{
    TemplateInstance t;
    t.name = "transformer";
    t.params = { { "layers", 1 }, { "hidden", 8 }, { "heads", 2 }, { "kv_heads", 1 }, { "ffn", 16 }, { "vocab", 32 },
        { "batch", 2 }, { "seq", 4 } };
    t.options = extra;
    t.options["phase"] = phase;
    t.options.try_emplace("fused", "false"); // q, k, v and gate, up as separate kernels, as counted here
    return t;
}

const Kernel* findStepKernel(const std::vector<Kernel>& kernels, const std::string& name)
{
    for (const auto& k : kernels) {
        if (k.name == name) {
            return &k;
        }
    }
    return nullptr;
}

} // namespace

class TestTransformer : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.find("nvidia-h100-sxm"));
    }

    // Counted by hand. Decode: T = batch = 2 tokens, 1 query per sequence against 4 cached keys,
    // scores = batch x heads x 1 x 4 = 16. Prefill: T = batch x seq = 8, 4 queries x 4 keys, scores = 64.
    // bf16 = 2 B, int8 = 1 B, int4 = 0.5 B.
    void kernelsOfATinyStep_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("attention");
        QTest::addColumn<QString>("weights");
        QTest::addColumn<QString>("kv");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("count");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        // decode, bf16
        QTest::newRow("decode norm: 10 T h; (3 T h + 2 h) s, 2 per layer + 1")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "norm" << 3.0 << 10.0 * 2 * 8 << (3.0 * 2 * 8 + 2 * 8) * 2;
        QTest::newRow("decode q_proj: [2,8] x [8,8]")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "q_proj" << 1.0 << 2.0 * 2 * 8 * 8 << (2.0 * 8 + 8 * 8 + 2 * 8) * 2;
        QTest::newRow("decode k_proj: [2,8] x [8,4] (GQA)")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "k_proj" << 1.0 << 2.0 * 2 * 8 * 4 << (2.0 * 8 + 8 * 4 + 2 * 4) * 2;
        QTest::newRow("decode fused scores: 2 x 16 x 4 + 5 x 16; Q + K cache")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "attn_scores" << 1.0 << 2.0 * 16 * 4 + 5.0 * 16 << (2.0 * 8 + 2 * 4 * 4) * 2;
        QTest::newRow("decode fused values: V cache + output")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "attn_values" << 1.0 << 2.0 * 16 * 4 << (2.0 * 4 * 4 + 2 * 8) * 2;
        QTest::newRow("decode unfused scores write the scores")
            << "decode"
            << "unfused"
            << "bf16"
            << "bf16"
            << "attn_scores" << 1.0 << 2.0 * 16 * 4 << (2.0 * 8 + 2 * 4 * 4 + 16) * 2;
        QTest::newRow("decode unfused softmax reads and writes the scores")
            << "decode"
            << "unfused"
            << "bf16"
            << "bf16"
            << "softmax" << 1.0 << 5.0 * 16 << 2.0 * 16 * 2;
        QTest::newRow("decode unfused values read the probabilities")
            << "decode"
            << "unfused"
            << "bf16"
            << "bf16"
            << "attn_values" << 1.0 << 2.0 * 16 * 4 << (16.0 + 2 * 4 * 4 + 2 * 8) * 2;
        QTest::newRow("decode o_proj") << "decode"
                                       << "fused"
                                       << "bf16"
                                       << "bf16"
                                       << "o_proj" << 1.0 << 2.0 * 2 * 8 * 8 << (2.0 * 8 + 8 * 8 + 2 * 8) * 2;
        QTest::newRow("decode ffn_gate: [2,8] x [8,16]")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "ffn_gate" << 1.0 << 2.0 * 2 * 8 * 16 << (2.0 * 8 + 8 * 16 + 2 * 16) * 2;
        QTest::newRow("decode ffn_down: [2,16] x [16,8]")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "ffn_down" << 1.0 << 2.0 * 2 * 16 * 8 << (2.0 * 16 + 16 * 8 + 2 * 8) * 2;
        QTest::newRow("decode logits: [2,8] x [8,32], once")
            << "decode"
            << "fused"
            << "bf16"
            << "bf16"
            << "logits" << 1.0 << 2.0 * 2 * 8 * 32 << (2.0 * 8 + 8 * 32 + 2 * 32) * 2;
        // dtypes
        QTest::newRow("int4 weights halve a byte per weight")
            << "decode"
            << "fused"
            << "int4"
            << "bf16"
            << "q_proj" << 1.0 << 2.0 * 2 * 8 * 8 << 2.0 * 8 * 2 + 8 * 8 * 0.5 + 2 * 8 * 2;
        QTest::newRow("int8 KV cache: k_proj writes int8")
            << "decode"
            << "fused"
            << "bf16"
            << "int8"
            << "k_proj" << 1.0 << 2.0 * 2 * 8 * 4 << 2.0 * 8 * 2 + 8 * 4 * 2 + 2 * 4 * 1;
        QTest::newRow("int8 KV cache: scores read int8 keys")
            << "decode"
            << "fused"
            << "bf16"
            << "int8"
            << "attn_scores" << 1.0 << 2.0 * 16 * 4 + 5.0 * 16 << 2.0 * 8 * 2 + 2 * 4 * 4 * 1;
        // prefill
        QTest::newRow("prefill q_proj: [8,8] x [8,8]")
            << "prefill"
            << "fused"
            << "bf16"
            << "bf16"
            << "q_proj" << 1.0 << 2.0 * 8 * 8 * 8 << (8.0 * 8 + 8 * 8 + 8 * 8) * 2;
        // docs/model.md#kernels-of-one-step: a causal prefill computes half of the 64 scores; the K cache
        // is still read once.
        QTest::newRow("prefill causal fused scores: 64 / 2 = 32 scores")
            << "prefill"
            << "fused"
            << "bf16"
            << "bf16"
            << "attn_scores" << 1.0 << 2.0 * 32 * 4 + 5.0 * 32 << (8.0 * 8 + 2 * 4 * 4) * 2;
        // docs/model.md#kernels-of-one-step: prefill computes the logits of each sequence's last token
        // only: [2,8] x [8,32].
        QTest::newRow("prefill logits for the last token of each sequence")
            << "prefill"
            << "fused"
            << "bf16"
            << "bf16"
            << "logits" << 1.0 << 2.0 * 2 * 8 * 32 << (2.0 * 8 + 8 * 32 + 2 * 32) * 2;
        // docs/model.md#kernels-of-one-step: the gated FFN's activation reads gate and up and writes their
        // product, 3 x T x ffn x 2 B, 5 FLOPs per element (SiLU and the product).
        QTest::newRow("decode ffn_act: 2 x 16 elements") << "decode"
                                                         << "fused"
                                                         << "bf16"
                                                         << "bf16"
                                                         << "ffn_act" << 1.0 << 5.0 * 2 * 16 << 3.0 * 2 * 16 * 2;
        QTest::newRow("prefill ffn_act: 8 x 16 elements") << "prefill"
                                                          << "fused"
                                                          << "bf16"
                                                          << "bf16"
                                                          << "ffn_act" << 1.0 << 5.0 * 8 * 16 << 3.0 * 8 * 16 * 2;
    }
    void kernelsOfATinyStep()
    {
        QFETCH(QString, phase);
        QFETCH(QString, attention);
        QFETCH(QString, weights);
        QFETCH(QString, kv);
        QFETCH(QString, kernel);
        QFETCH(double, count);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        const auto step = expandTransformer(tinyStep(phase.toStdString(),
            { { "attention", attention.toStdString() }, { "weight_dtype", weights.toStdString() },
                { "kv_dtype", kv.toStdString() } }));
        QVERIFY2(step.error.empty(), step.error.c_str());
        const Kernel* k = findStepKernel(step.kernels, kernel.toStdString());
        QVERIFY(k);
        ROOFSCOPE_COMPARE_REL(k->count, count, 1e-15);
        ROOFSCOPE_COMPARE_REL(k->flops, flops, 1e-15);
        ROOFSCOPE_COMPARE_REL(k->bytesOn("default"), bytes, 1e-15);
        QCOMPARE(k->templatePrecision, std::string("bf16"));
    }

    void kernelListFollowsTheOptions_data()
    {
        QTest::addColumn<QString>("attention");
        QTest::addColumn<QString>("gated");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("fused, gated") << "fused"
                                      << "true"
                                      << QStringList { "norm", "q_proj", "k_proj", "v_proj", "attn_scores",
                                             "attn_values", "o_proj", "ffn_gate", "ffn_up", "ffn_act", "ffn_down",
                                             "logits" };
        QTest::newRow("unfused, two FFN matrices")
            << "unfused"
            << "false"
            << QStringList { "norm", "q_proj", "k_proj", "v_proj", "attn_scores", "softmax", "attn_values", "o_proj",
                   "ffn_up", "ffn_down", "logits" };
    }
    void kernelListFollowsTheOptions()
    {
        QFETCH(QString, attention);
        QFETCH(QString, gated);
        QFETCH(QStringList, names);
        const auto step = expandTransformer(
            tinyStep("decode", { { "attention", attention.toStdString() }, { "ffn_gated", gated.toStdString() } }));
        QVERIFY2(step.error.empty(), step.error.c_str());
        QStringList got;
        for (const auto& k : step.kernels) {
            got << QString::fromStdString(k.name);
        }
        QCOMPARE(got, names);
    }

    void badParametersAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("heads not dividing hidden") << "heads"
                                                   << "3"
                                                   << "multiple of heads";
        QTest::newRow("kv_heads not dividing heads") << "kv_heads"
                                                     << "3"
                                                     << "multiple of kv_heads";
        QTest::newRow("zero layers") << "layers"
                                     << "0"
                                     << "whole number >= 1";
        QTest::newRow("fractional batch") << "batch"
                                          << "1.5"
                                          << "whole number >= 1";
        QTest::newRow("unknown parameter") << "width"
                                           << "8"
                                           << "no parameter 'width'";
        QTest::newRow("unknown phase") << "phase"
                                       << "train"
                                       << "prefill or decode";
        QTest::newRow("unknown dtype") << "kv_dtype"
                                       << "int3"
                                       << "unknown data type";
        QTest::newRow("unknown attention") << "attention"
                                           << "paged"
                                           << "fused or unfused";
    }
    void badParametersAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, message);
        TemplateInstance t = tinyStep("decode");
        if (isTransformerOption(name.toStdString())) {
            t.options[name.toStdString()] = value.toStdString();
        } else {
            t.params[name.toStdString()] = value.toDouble();
        }
        const auto step = expandTransformer(t);
        QVERIFY2(step.error.find(message.toStdString()) != std::string::npos, step.error.c_str());
        QVERIFY(step.kernels.empty());
    }

    // A session kernel group evaluates as its kernels; compare totals them (count x group count).
    void sessionKernelGroupExpandsAtEvaluation()
    {
        const std::string text = R"(schema: roofscope-session/1
devices:
  - nvidia-h100-sxm
kernels:
  - name: tiny
    template: transformer
    count: 3
    params: {layers: 1, hidden: 8, heads: 2, kv_heads: 1, ffn: 16, vocab: 32, batch: 2, seq: 4, phase: decode,
      fused: false}
)";
        auto loaded = loadSessionText(text, "tiny.yaml");
        QVERIFY(loaded.session);
        const Session& session = *loaded.session;
        // The group keeps the step's totals.
        const auto step = expandTransformer(tinyStep("decode"));
        double flops = 0.0;
        for (const auto& k : step.kernels) {
            flops += k.count * k.flops;
        }
        ROOFSCOPE_COMPARE_REL(session.kernels[0].flops, flops, 1e-15);
        const SessionEvaluation evaluation = evaluateSession(session, m_db);
        QVERIFY(evaluation.errors.empty());
        QCOMPARE(evaluation.kernels.size(), step.kernels.size());
        QCOMPARE(evaluation.rows.size(), step.kernels.size());
        QCOMPARE(evaluation.kernels[1].name, std::string("tiny/q_proj"));
        ROOFSCOPE_COMPARE_REL(evaluation.kernels[0].count, 3.0 * 3, 1e-15); // norm: 2 layers + 1, x 3
        const Comparison comparison = compareSession(session, m_db);
        QCOMPARE(comparison.entries.size(), size_t(1));
        double tMin = 0.0;
        for (const auto& row : evaluation.rows) {
            tMin += evaluation.kernels[row.expandedIndex].count * row.evaluation.tMin;
        }
        ROOFSCOPE_COMPARE_REL(comparison.entries[0].totals.tMin, tMin, 1e-12);
        ROOFSCOPE_COMPARE_REL(comparison.entries[0].totals.flops, 3 * flops, 1e-12);
        // Saved and loaded again, the group is unchanged.
        auto again = loadSessionText(sessionToYaml(session), "again.yaml");
        QVERIFY(again.session);
        QCOMPARE(again.session->kernels[0].templ->options.at("phase"), std::string("decode"));
        QCOMPARE(again.session->kernels[0].templ->params.at("kv_heads"), 1.0);
    }

    // A group that cannot be expanded at all (a fractional batch: a session file refuses it, a session
    // built in code or edited in the window may hold it) is left out of every device with its reason:
    // `table` lists it among the group errors after the kernels before it, `compare` among each
    // device's left-out kernels; the other kernels are evaluated as usual.
    void aGroupThatCannotExpandIsLeftOutWithItsReason()
    {
        Session session;
        DeviceSelection h100;
        h100.id = "nvidia-h100-sxm";
        session.devices.push_back(h100);
        Kernel plain;
        plain.name = "plain";
        plain.flops = 1e10;
        plain.bytes = { { "hbm", 1e9 } };
        Kernel group;
        group.name = "tiny";
        group.templ = tinyStep("decode");
        group.templ->params["batch"] = 2.5;
        session.kernels = { plain, group, plain };
        session.kernels[2].name = "plain after";
        QVERIFY(isKernelGroup(session.kernels[1]));

        const SessionEvaluation evaluation = evaluateSession(session, m_db);
        QCOMPARE(evaluation.rows.size(), size_t(2));
        QCOMPARE(evaluation.rows[0].kernelIndex, size_t(0));
        QCOMPARE(evaluation.rows[1].kernelIndex, size_t(2));
        QCOMPARE(evaluation.groupErrors.size(), size_t(1));
        QVERIFY2(evaluation.groupErrors[0].rfind("kernel 'tiny': ", 0) == 0, evaluation.groupErrors[0].c_str());
        QVERIFY(evaluation.errors.empty());

        const Comparison comparison = compareSession(session, m_db);
        QCOMPARE(comparison.entries.size(), size_t(1));
        const auto& leftOut = comparison.entries[0].basis.leftOut;
        QVERIFY(std::any_of(leftOut.begin(), leftOut.end(), [](const auto& k) { return k.kernel == "tiny"; }));
        const double tPlain
            = std::max(1e10 / *m_db.find("nvidia-h100-sxm")->peak(m_db.find("nvidia-h100-sxm")->mainPrecision()),
                1e9 / m_db.find("nvidia-h100-sxm")->findLevel("hbm")->bytesPerSecond);
        ROOFSCOPE_COMPARE_REL(comparison.entries[0].totals.tMin, 2 * tPlain, 1e-9);
    }

    // A group swept over its batch: each point is the step at that batch, all FLOPs over all bytes.
    // Decode, tiny model: FLOPs and bytes both grow with the batch (weights read once), so the
    // intensity rises with it. Bisection probes fractional batches, which the group then accepts.
    void groupSweepsOverItsBatch()
    {
        Kernel group;
        group.name = "tiny";
        group.templ = tinyStep("decode");
        QVERIFY(applyTemplate(group).empty());
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        const SweepResult result = sweep(group, { *h100 }, EvalOptions {}, ParameterAxis { "batch", 1, 64, 7 });
        QVERIFY2(result.error.empty(), result.error.c_str());
        QCOMPARE(result.values, std::vector<double>({ 1, 2, 4, 8, 16, 32, 64 }));
        for (size_t i = 0; i < result.values.size(); ++i) {
            TemplateInstance at = tinyStep("decode");
            at.params["batch"] = result.values[i];
            const auto step = expandTransformer(at);
            double flops = 0.0;
            double bytes = 0.0;
            for (const auto& k : step.kernels) {
                flops += k.count * k.flops;
                bytes += k.count * k.totalBytes();
            }
            ROOFSCOPE_COMPARE_REL(result.devices[0].points[i].intensity, flops / bytes, 1e-12);
        }
        QVERIFY(result.devices[0].points.back().intensity > result.devices[0].points.front().intensity);
        // An unknown size, or a range below 1, is refused with its reason.
        QVERIFY(sweep(group, { *h100 }, {}, ParameterAxis { "width", 1, 64, 7 }).error.find("no parameter 'width'")
            != std::string::npos);
        QVERIFY(sweep(group, { *h100 }, {}, ParameterAxis { "batch", 0.5, 64, 7 }).error.find("[1, 1e12]")
            != std::string::npos);
        // A fractional batch: refused in a session, accepted by a solver's probe.
        TemplateInstance half = tinyStep("decode");
        half.params["batch"] = 2.5;
        QVERIFY(!expandTransformer(half).error.empty());
        QVERIFY(expandTransformer(half, true).error.empty());
    }

    void deviceEntryOverridesLoadAndSave()
    {
        const std::string text = R"(schema: roofscope-session/1
devices:
  - nvidia-h100-sxm
  - id: nvidia-h100-sxm
    price: 15000 USD
    price_per_hour: 2.5 USD/h
    tdp: 750 W
    chips: 8
kernels:
  - {name: big, flops: 1e15, bytes: 1e6}
)";
        auto loaded = loadSessionText(text, "entries.yaml");
        QVERIFY(loaded.session);
        const auto& devices = loaded.session->devices;
        QCOMPARE(devices.size(), size_t(2));
        QCOMPARE(devices[0].chips, 1);
        QVERIFY(!devices[0].priceDollars);
        QCOMPARE(devices[1].chips, 8);
        QCOMPARE(*devices[1].priceDollars, 15000.0);
        QCOMPARE(*devices[1].pricePerHourDollars, 2.5);
        QCOMPARE(*devices[1].tdpWatts, 750.0);
        QCOMPARE(devices[1].label(), std::string("nvidia-h100-sxm x8"));
        auto again = loadSessionText(sessionToYaml(*loaded.session), "again.yaml");
        QVERIFY(again.session);
        QCOMPARE(again.session->devices[1].chips, 8);
        QCOMPARE(*again.session->devices[1].pricePerHourDollars, 2.5);
        QCOMPARE(*again.session->devices[1].tdpWatts, 750.0);
        QCOMPARE(*again.session->devices[1].priceDollars, 15000.0);

        // Compute-bound: T_min = F / (N pi); per watt = N pi / (N x 750 W), per dollar = N pi / (N x 15000).
        const double pi = *m_db.find("nvidia-h100-sxm")->peak("bf16");
        const Comparison comparison = compareSession(*loaded.session, m_db);
        QCOMPARE(comparison.entries.size(), size_t(2));
        const auto& wide = comparison.entries[1].totals;
        ROOFSCOPE_COMPARE_REL(wide.tMin, 1e15 / (8 * pi), 1e-12);
        ROOFSCOPE_COMPARE_REL(*wide.flopsPerSecondPerWatt, pi / 750.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(*wide.flopsPerSecondPerDollar, pi / 15000.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(comparison.entries[0].totals.tMin, 1e15 / pi, 1e-12);
        ROOFSCOPE_COMPARE_REL(comparison.entries[1].speedup, 8.0, 1e-12);
    }

    void badDeviceEntriesNameThePlace_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero chips") << "chips: 0"
                                    << "out of range";
        QTest::newRow("fractional chips") << "chips: 2.5"
                                          << "whole number";
        QTest::newRow("price without unit") << "price: 15000"
                                            << "unit";
        QTest::newRow("hourly price without /h") << "price_per_hour: 3 USD"
                                                 << "per hour";
        QTest::newRow("tdp in the wrong unit") << "tdp: 750 USD"
                                               << "tdp";
        QTest::newRow("unknown key") << "cores: 8"
                                     << "cores";
    }
    void badDeviceEntriesNameThePlace()
    {
        QFETCH(QString, entry);
        QFETCH(QString, message);
        const std::string text
            = "schema: roofscope-session/1\ndevices:\n  - id: nvidia-h100-sxm\n    " + entry.toStdString() + "\n";
        auto loaded = loadSessionText(text, "bad.yaml");
        QVERIFY(!loaded.session);
        bool found = false;
        for (const auto& d : loaded.diagnostics) {
            if (d.severity == Severity::Error) {
                QCOMPARE(d.line, 4); // the entry's second line
                found = found || d.toString().find(message.toStdString()) != std::string::npos;
            }
        }
        QVERIFY2(found, qPrintable(entry));
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestTransformer)
#include "test_transformer.moc"
