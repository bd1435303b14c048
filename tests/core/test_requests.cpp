#include "TestMain.h"
// A request mix (docs/serving.md#requests, docs/model.md#requests): the time to first token, the time per
// output token, tokens/s per user and the run's output tokens/s between its two limits, for a tiny dense
// and a tiny mixture-of-experts model on an ad-hoc chip. Every expected number is counted by hand below.
#include "TestUtil.h"
#include "core/RequestChip.h"
#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/serving/Requests.h"
#include "model/serving/ServingStep.h"
#include "model/serving/ServingSweep.h"
#include "model/serving/Verdict.h"

#include <QTest>

using namespace roofscope;

namespace {

// layers=1, hidden=8, heads=2, kv_heads=1 (head dim 4: q and o 8 wide, K and V 4 wide), ffn=16 (gated),
// vocab=32, bf16 (2 B everywhere): an 8k/1k-style mix scaled down to isl 64, osl 9, 8 requests in flight.
TemplateInstance tinyDense(const std::map<std::string, double>& params = {})
{
    TemplateInstance t;
    t.name = "transformer";
    t.params = { { "layers", 1 }, { "hidden", 8 }, { "heads", 2 }, { "kv_heads", 1 }, { "ffn", 16 }, { "vocab", 32 },
        { "isl", 64 }, { "osl", 9 }, { "concurrency", 8 } };
    t.options["fused"] = "false"; // q, k, v and gate, up as separate kernels, as counted below
    for (const auto& [name, value] : params) {
        t.params[name] = value;
    }
    return t;
}

// The same with 4 routed experts (top 2, each 16 wide) in place of the dense FFN.
TemplateInstance tinyMoe()
{
    return tinyDense({ { "experts", 4 }, { "top_k", 2 } });
}

constexpr double kNs = 1e-9;

} // namespace

class TestRequests : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The kernels of the tiny dense model for T tokens (Tl of them through the head), with F/3 against B:
    //   norm x3      F = 80 T          B = 48 T + 32
    //   q_proj       F = 128 T         B = 32 T + 128       (o_proj the same)
    //   k_proj       F = 64 T          B = 24 T + 64        (v_proj the same)
    //   attn_scores  F = 8 x sc + 5 x sc (sc scores, head dim 4)   B = 16 T + cache
    //   attn_values  F = 8 x sc        B = cache + 16 T     cache = 8 x (cached tokens read)
    //   ffn_gate     F = 256 T         B = 48 T + 256       (ffn_up, ffn_down the same)
    //   ffn_act      F = 80 T          B = 96 T
    //   logits       F = 512 Tl        B = 80 Tl + 512
    //
    // TTFT, the prefill of one request of 64 tokens (T = 64, Tl = 1, sc = 2 x 64 x 64 / 2 = 4096, cache 512):
    //   norm 3 x max(5120/3, 3104) = 9312; q_proj, o_proj 8192/3 each (B 2176); k_proj, v_proj 1600 each
    //   (F/3 1365.3); attn_scores 53248/3 (B 1536); attn_values 32768/3 (B 1536); ffn_gate, ffn_up, ffn_down
    //   16384/3 each (B 3328); ffn_act 6144 (F/3 1706.7); logits 592 (F/3 170.7)
    //   = 9312 + 3200 + 6144 + 592 + (2 x 8192 + 53248 + 32768 + 3 x 16384) / 3 = 19248 + 151552/3
    //   = 209296/3 ns = 69.765333 us
    // TPOT, the decode step of all 8 requests at the mean context 64 + 9/2 = 68.5 (T = Tl = 8,
    // sc = 2 x 8 x 68.5 = 1096, cache 8 x 8 x 68.5 = 4384):
    //   norm 3 x 416 = 1248 (F/3 213.3); q_proj, o_proj 384 each (F/3 341.3); k_proj, v_proj 256 each;
    //   attn_scores 14248/3 (B 4512); attn_values 4512 (F/3 2922.7); ffn_gate, ffn_up, ffn_down 2048/3 each
    //   (B 640); ffn_act 768; logits 4096/3 (B 1152)
    //   = 1248 + 768 + 512 + 4512 + 768 + (14248 + 3 x 2048 + 4096) / 3 = 7808 + 24488/3 = 47912/3 ns
    // The run's step: 8 decode tokens and 8 x 64 / (9 - 1) = 64 prompt tokens (T = 72), one prompt's causal
    // attention per step (sc = 1096 + 2 x 64 x 64 / 2 = 5192, cache 8 x (548 + 64) = 4896), logits for the
    // 8 decoding requests and the prompt's first token (Tl = 9):
    //   norm 3 x 3488 = 10464 (F/3 1920); q_proj, o_proj 9216/3 = 3072 each (B 2432); k_proj, v_proj 1792
    //   each (F/3 1536); attn_scores 67496/3 (B 6048); attn_values 41536/3 (B 6048); ffn_gate, ffn_up,
    //   ffn_down 18432/3 = 6144 each (B 3712); ffn_act 6912 (F/3 1920); logits 4608/3 = 1536 (B 1232)
    //   = 10464 + 3584 + 6912 + (2 x 9216 + 67496 + 41536 + 3 x 18432 + 4608) / 3 = 20960 + 62456 = 83416 ns
    // T_cycle = 8 x 83416 = 667328 ns; run = 8 x 9 / T_cycle = 72 / 667328 ns = 107,892.97 tokens/s.
    // Limits: 72 / (8 x 47912/3 + 8 x 209296/3 ns) = 216 / 2057664 ns = 104,973.41 (no overlap) and
    // 72 / (8 x 47912/3 ns) = 216 / 383296 ns = 563,533.14 (prefill for free).
    void denseEightKOneK()
    {
        const ServingStep s = evaluateServing(tinyDense(), test::requestChip(), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QVERIFY(s.requests);
        const RequestFigures& r = *s.requests;
        QCOMPARE(s.config.batch, 8.0);
        QCOMPARE(s.config.seq, 68.5);
        QVERIFY(!s.config.prefill);
        ROOFSCOPE_COMPARE_REL(r.ttftSeconds, 209296.0 / 3 * kNs, 1e-12);
        QVERIFY(r.tpotSeconds);
        ROOFSCOPE_COMPARE_REL(*r.tpotSeconds, 47912.0 / 3 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(s.tMin, 47912.0 / 3 * kNs, 1e-12); // the step shown is the TPOT step
        QVERIFY(r.tokensPerSecondPerUser);
        ROOFSCOPE_COMPARE_REL(*r.tokensPerSecondPerUser, 3e9 / 47912, 1e-12); // 62,614.79
        ROOFSCOPE_COMPARE_REL(r.runStepSeconds, 83416 * kNs, 1e-12);
        QCOMPARE(r.runStepTokens, 72.0);
        ROOFSCOPE_COMPARE_REL(r.cycleSeconds, 667328 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runTokensPerSecond, 72 / (667328 * kNs), 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runTokensPerSecond, 107892.9701735878, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runLowerLimit, 216 / (2057664 * kNs), 1e-12);
        QVERIFY(r.runUpperLimit);
        ROOFSCOPE_COMPARE_REL(*r.runUpperLimit, 216 / (383296 * kNs), 1e-12);
        QVERIFY(r.runLowerLimit <= r.runTokensPerSecond && r.runTokensPerSecond <= *r.runUpperLimit);
        QCOMPARE(r.meanContext, 68.5);
        QCOMPARE(r.requestsPerReplica, 8.0);
        QVERIFY(!r.assumptions.empty());
    }

    // The MoE model's expert kernels (pairs = 2 T token-expert pairs, E_eff = 4 (1 - (1/2)^T) experts read):
    //   router       F = 64 T          B = 24 T + 64
    //   expert_gate  F = 512 T         B = 96 T + 256 E_eff   (expert_up, expert_down the same)
    //   expert_act   F = 160 T         B = 192 T
    // the rest as the dense model's, without its FFN.
    // TTFT (T = 64, E_eff = 4 to double precision): router 1600 (F/3 1365.3); expert_gate, _up, _down
    //   32768/3 each (B 7168); expert_act 12288 (F/3 3413.3); with the dense model's other kernels
    //   (19248 - 6144 + 151552/3 - 3 x 16384/3 = 13104 + 102400/3):
    //   13104 + 1600 + 12288 + (102400 + 3 x 32768) / 3 = 26992 + 200704/3 = 281680/3 ns
    // TPOT (T = 8, E_eff = 4 x 255/256 = 3.984375): router 256; expert_gate, _up, _down 768 + 1020 = 1788
    //   each (F/3 1365.3); expert_act 1536 (F/3 426.7); with the dense model's other kernels:
    //   1248 + 768 + 512 + 4512 + (14248 + 4096) / 3 + 256 + 3 x 1788 + 1536 = 14196 + 18344/3 = 60932/3 ns
    // Run step (T = 72, E_eff = 4): router 1792 (F/3 1536); expert_gate, _up, _down 36864/3 = 12288 each
    //   (B 7936); expert_act 13824 (F/3 3840); others 10464 + 3584 + (2 x 9216 + 67496 + 41536 + 4608) / 3
    //   = 14048 + 44024 = 58072: 58072 + 1792 + 36864 + 13824 = 110552 ns
    // run = 72 / (8 x 110552 ns) = 72 / 884416 ns = 81,409.65; limits 216 / (8 x (60932 + 281680)) ns
    // = 216 / 2740896 ns = 78,806.35 and 216 / (8 x 60932 ns) = 216 / 487456 ns = 443,116.92.
    void moeEightKOneK()
    {
        const ServingStep s = evaluateServing(tinyMoe(), test::requestChip(1e6), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QVERIFY(s.requests);
        const RequestFigures& r = *s.requests;
        ROOFSCOPE_COMPARE_REL(r.ttftSeconds, 281680.0 / 3 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(*r.tpotSeconds, 60932.0 / 3 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(*r.tokensPerSecondPerUser, 3e9 / 60932, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runStepSeconds, 110552 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runTokensPerSecond, 72 / (884416 * kNs), 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runLowerLimit, 216 / (2740896 * kNs), 1e-12);
        ROOFSCOPE_COMPARE_REL(*r.runUpperLimit, 216 / (487456 * kNs), 1e-12);
        QVERIFY(r.runLowerLimit <= r.runTokensPerSecond && r.runTokensPerSecond <= *r.runUpperLimit);
    }

    // osl 1: no decode step; the cycle is one prefill of the 8 requests (T = 512, Tl = 8,
    // sc = 8 x 2 x 64 x 64 / 2 = 32768, cache 8 x 512 = 4096):
    //   norm 3 x 24608 (F/3 13653.3); q_proj, o_proj 65536/3 each (B 16512); k_proj, v_proj 12352 each
    //   (F/3 10922.7); attn_scores 425984/3 (B 12288); attn_values 262144/3; ffn_gate, _up, _down 131072/3
    //   each (B 24832); ffn_act 49152 (F/3 13653.3); logits 4096/3 (B 1152)
    //   = 73824 + 24704 + 49152 + (131072 + 425984 + 262144 + 393216 + 4096) / 3 = 147680 + 405504 = 553184 ns
    // run = 8 x 1 / 553184 ns = 14,461.73 tokens/s; lower limit 8 / (8 x 209296/3 ns) = 1 / TTFT =
    // 14,333.77; no TPOT, no upper limit.
    void oneOutputToken()
    {
        const ServingStep s = evaluateServing(tinyDense({ { "osl", 1 } }), test::requestChip(), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        const RequestFigures& r = *s.requests;
        QVERIFY(!r.tpotSeconds);
        QVERIFY(!r.tokensPerSecondPerUser);
        QVERIFY(!r.runUpperLimit);
        ROOFSCOPE_COMPARE_REL(r.runStepSeconds, 553184 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.cycleSeconds, 553184 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runTokensPerSecond, 8 / (553184 * kNs), 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runLowerLimit, 3 / (209296 * kNs), 1e-12);
        QVERIFY(r.runLowerLimit <= r.runTokensPerSecond);
    }

    // Concurrency is over the whole device: 16 requests on dp = 2 replicas (2 chips, each replica on its
    // own) are 8 per replica, so TTFT and TPOT are the single chip's above and the run serves twice as
    // many tokens: 144 / 667328 ns = 215,785.94 tokens/s.
    void concurrencyIsOverTheWholeDevice()
    {
        const ServingStep s = evaluateServing(
            tinyDense({ { "concurrency", 16 }, { "dp", 2 } }), hardwareOnChips(test::requestChip(), 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        const RequestFigures& r = *s.requests;
        QCOMPARE(s.config.batch, 8.0);
        QCOMPARE(r.requestsPerReplica, 8.0);
        ROOFSCOPE_COMPARE_REL(r.ttftSeconds, 209296.0 / 3 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(*r.tpotSeconds, 47912.0 / 3 * kNs, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.runTokensPerSecond, 144 / (667328 * kNs), 1e-12);
    }

    // Memory at the longest context, isl + osl = 73: weights 2224 B (q, o: 2 x 128 B; norms 3 x 16 B;
    // k, v: 2 x 64 B; FFN 3 x 256 B; embeddings and head 2 x 512 B), KV cache 16 B per token (K and V,
    // 4 wide, 2 B) x 73 x 8 requests = 9344 B, activations 768 B (ffn_act at 8 tokens: 3 x 8 x 16 x 2)
    // = 12336 B per chip, of 16384 B. One more request costs 73 x 16 + 96 = 1264 B:
    // max_batch = floor((16384 - 2224) / 1264) = floor(11.2) = 11, the most requests in flight.
    // At 12 requests: 2224 + 12 x 1168 + 1152 = 17392 B: does not fit.
    void memoryAtTheLongestContext()
    {
        const ServingStep s = evaluateServing(tinyDense(), test::requestChip(16384), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.memory.weightsBytes, 2224.0);
        QCOMPARE(s.memory.kvCacheBytes, 9344.0);
        QCOMPARE(s.memory.activationsBytes, 768.0);
        QCOMPARE(s.memory.perChipBytes, 12336.0);
        QVERIFY(s.memory.fits && *s.memory.fits);
        QCOMPARE(*s.memory.maxBatch, 11.0);
        QCOMPARE(*s.requests->maxConcurrency, 11.0);
        const ServingStep over = evaluateServing(tinyDense({ { "concurrency", 12 } }), test::requestChip(16384), {});
        QCOMPARE(over.memory.perChipBytes, 17392.0);
        QVERIFY(over.memory.fits && !*over.memory.fits);
    }

    // batch and concurrency: one or the other. batch defaults to concurrency / (dp x pp), concurrency to
    // batch x dp x pp.
    void parameterDefaults()
    {
        QCOMPARE(transformerParameter(tinyDense({ { "dp", 2 }, { "concurrency", 16 } }), "batch"), 8.0);
        TemplateInstance plain = tinyDense();
        plain.params.erase("concurrency");
        plain.params["batch"] = 3;
        plain.params["pp"] = 1;
        plain.params["dp"] = 2;
        QCOMPARE(transformerParameter(plain, "concurrency"), 6.0);
        QCOMPARE(transformerParameter(tinyDense(), "isl"), 64.0);
        TemplateInstance none = tinyDense();
        none.params.erase("isl");
        QCOMPARE(transformerParameter(none, "isl"), 0.0);
        // Without concurrency a mix runs batch x dp x pp requests.
        const auto step = expandTransformer(plain, false, 2);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.concurrency, 6.0);
        QCOMPARE(step.config.batch, 3.0);
    }

    void refusedMixes_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        QTest::newRow("batch and concurrency")
            << "batch"
            << "give batch or concurrency, not both (batch: sequences per replica; concurrency";
        QTest::newRow("isl 0") << "isl=0"
                               << "transformer parameter isl must be a whole number >= 1, got 0";
        QTest::newRow("osl 0") << "osl=0"
                               << "transformer parameter osl must be a whole number >= 1, got 0";
        QTest::newRow("concurrency 0") << "concurrency=0"
                                       << "transformer parameter concurrency must be a whole number >= 1, got 0";
        QTest::newRow("isl alone") << "-osl"
                                   << "isl and osl go together: give both";
        QTest::newRow("seq too") << "seq"
                                 << "give seq or isl and osl, not both";
        QTest::newRow("phase too") << "phase"
                                   << "give phase or isl and osl, not both";
        QTest::newRow("concurrency alone") << "-isl-osl"
                                           << "concurrency needs isl and osl";
        QTest::newRow("concurrency over dp") << "dp"
                                             << "concurrency (9) must be a multiple of dp x pp (2)";
    }
    void refusedMixes()
    {
        QFETCH(QString, change);
        QFETCH(QString, message);
        TemplateInstance t = tinyDense();
        double chips = 1.0;
        if (change == "batch") {
            t.params["batch"] = 8;
        } else if (change.contains('=')) {
            t.params[change.section('=', 0, 0).toStdString()] = change.section('=', 1).toDouble();
        } else if (change == "-osl") {
            t.params.erase("osl");
        } else if (change == "seq") {
            t.params["seq"] = 128;
        } else if (change == "phase") {
            t.options["phase"] = "decode";
        } else if (change == "-isl-osl") {
            t.params.erase("isl");
            t.params.erase("osl");
            t.params["seq"] = 128;
        } else if (change == "dp") {
            t.params["dp"] = 2;
            t.params["concurrency"] = 9;
            chips = 2.0;
        }
        const auto step = expandTransformer(t, false, chips);
        QVERIFY2(QString::fromStdString(step.error).contains(message), step.error.c_str());
        const ServingStep served = evaluateServing(t, hardwareOnChips(test::requestChip(), chips), {});
        QCOMPARE(served.error, step.error);
    }

    // The verdict of a group that gives its concurrency runs it as given, and with a target varies the
    // concurrency (never setting batch beside it): at <= 16 us per token (TPOT at 8 requests: 15.97 us)
    // the operating point is at most 8 requests, and its concurrency is its batch (dp = pp = 1).
    void verdictKeepsTheConcurrency()
    {
        Kernel group;
        group.name = "tiny";
        group.templ = tinyDense();
        VerdictDeviceInput input;
        input.id = "request-chip";
        input.label = "request chip";
        input.chip = test::requestChip(1e6);
        const GroupVerdict plain = groupVerdict(group, { input }, {}, false);
        QVERIFY2(plain.devices[0].error.empty(), plain.devices[0].error.c_str());
        QCOMPARE(plain.devices[0].batch, 8.0);
        QVERIFY(plain.devices[0].step.requests);
        VerdictCriteria criteria;
        criteria.targetMs = 0.016;
        const GroupVerdict targeted = groupVerdict(group, { input }, criteria, false);
        QVERIFY2(targeted.devices[0].error.empty(), targeted.devices[0].error.c_str());
        QVERIFY(targeted.devices[0].batch <= 8.0);
        QVERIFY(targeted.devices[0].step.tMin * 1e3 <= 0.016);
        QCOMPARE(targeted.devices[0].step.config.concurrency, targeted.devices[0].batch);
    }

    // A concurrency sweep carries the mix's figures and ends at the most requests that fit (11, above).
    // Two pipeline stages (layers 2, pp 2, 2 chips, 8 requests): each stage holds one layer of all 8
    // requests' cache, the 2 micro-batches of 4 in flight: 8 x 73 x 16 B = 9344 B per chip, the same as one
    // layer of them on one chip; weights: the largest stage's share, half of 2 layers x 1184 B + the final
    // norm 16 B + embeddings and head 1024 B = 3408 B: 1704 B. max_batch counts requests per micro-batch,
    // so the most in flight is max_batch x pp.
    void pipelineStagesHoldTheirMicroBatches()
    {
        Hardware chip = test::requestChip(16384);
        BandwidthLevel link; // the stages' sends need a link; their time does not enter the memory
        link.name = "link";
        link.kind = LevelKind::Interconnect;
        link.bytesPerSecond = 1e9;
        chip.levels.push_back(link);
        const ServingStep s
            = evaluateServing(tinyDense({ { "layers", 2 }, { "pp", 2 } }), hardwareOnChips(chip, 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.config.batch, 4.0);
        QCOMPARE(s.memory.kvCacheBytes / 2, 9344.0);
        QCOMPARE(s.memory.weightsBytes / 2, 1704.0);
        QVERIFY(s.memory.fits && *s.memory.fits);
        QVERIFY(s.memory.maxBatch && s.requests->maxConcurrency);
        QCOMPARE(*s.requests->maxConcurrency, *s.memory.maxBatch * 2);
    }

    void concurrencySweepEndsAtCapacity()
    {
        ParameterAxis axis;
        axis.name = "concurrency";
        axis.from = 1;
        axis.to = 64;
        axis.steps = 7;
        const ServingSweep sweep = sweepServing(tinyDense(), { test::requestChip(16384) }, 1.0, {}, axis);
        QVERIFY2(sweep.error.empty(), sweep.error.c_str());
        const ServingSweepDevice& d = sweep.devices[0];
        QVERIFY2(d.error.empty(), d.error.c_str());
        QVERIFY(d.maxConcurrency);
        QCOMPARE(*d.maxConcurrency, 11.0);
        QCOMPARE(d.points.back().value, 11.0);
        for (const ServingPoint& p : d.points) {
            QVERIFY(p.runTokensPerSecond && p.ttftSeconds && p.tpotSeconds);
        }
        const auto at8
            = std::find_if(d.points.begin(), d.points.end(), [](const ServingPoint& p) { return p.value == 8.0; });
        QVERIFY(at8 != d.points.end());
        ROOFSCOPE_COMPARE_REL(*at8->runTokensPerSecond, 72 / (667328 * kNs), 1e-12);
    }

    // Setting batch on a mix that gives its concurrency sets the concurrency (batch x dp x pp), so a batch
    // sweep of such a group works: at batch 8 it is the mix above (run 72 / 667328 ns).
    void batchOfAMixSetsItsConcurrency()
    {
        TemplateInstance t = tinyDense({ { "dp", 2 } });
        setTransformerParameter(t, "batch", 4);
        QCOMPARE(t.params.at("concurrency"), 8.0);
        QVERIFY(!t.params.contains("batch"));
        ParameterAxis axis;
        axis.name = "batch";
        axis.from = 8;
        axis.to = 8;
        axis.steps = 2;
        const ServingSweep sweep = sweepServing(tinyDense(), { test::requestChip(16384) }, 1.0, {}, axis);
        QVERIFY2(sweep.error.empty() && sweep.devices[0].error.empty(), sweep.devices[0].error.c_str());
        QCOMPARE(sweep.devices[0].points.front().value, 8.0);
        ROOFSCOPE_COMPARE_REL(*sweep.devices[0].points.front().runTokensPerSecond, 72 / (667328 * kNs), 1e-12);
    }

    void scenarios()
    {
        const auto prefillHeavy = findRequestScenario("8k/1k");
        QVERIFY(prefillHeavy);
        QCOMPARE(prefillHeavy->isl, 8192.0);
        QCOMPARE(prefillHeavy->osl, 1024.0);
        QCOMPARE(findRequestScenario("1k/8k")->osl, 8192.0);
        QCOMPARE(findRequestScenario("1k/1k")->isl, 1024.0);
        QVERIFY(!findRequestScenario("2k/2k"));
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestRequests)
#include "test_requests.moc"
