#include "TestMain.h"
// The serving model (docs/model.md#serving-a-transformer): a transformer step on tp x pp x dp chips with
// its collectives, experts, memory per chip and cost per token. Every expected number is counted by hand
// below.
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/serving/Experts.h"
#include "model/serving/Parallelism.h"
#include "model/serving/ServingCost.h"
#include "model/serving/ServingStep.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace roofscope;

namespace {

// layers=1, hidden=8, heads=2, kv_heads=1 (head dim 4, K and V 4 wide), ffn=16, vocab=32, batch=2,
// seq=4, decode, bf16 (2 B).
TemplateInstance tiny(
    const std::map<std::string, double>& params = {}, const std::map<std::string, std::string>& options = {})
{
    TemplateInstance t;
    t.name = "transformer";
    t.params = { { "layers", 1 }, { "hidden", 8 }, { "heads", 2 }, { "kv_heads", 1 }, { "ffn", 16 }, { "vocab", 32 },
        { "batch", 2 }, { "seq", 4 } };
    for (const auto& [k, v] : params) {
        t.params[k] = v;
    }
    t.options = options;
    t.options.try_emplace("fused", "false"); // q, k, v and gate, up as separate kernels, as counted here
    return t;
}

// Llama-3-70B's shape (config.json of meta-llama/Meta-Llama-3-70B).
TemplateInstance llama70b(double batch, double seq)
{
    TemplateInstance t;
    t.name = "transformer";
    t.params = { { "layers", 80 }, { "hidden", 8192 }, { "heads", 64 }, { "kv_heads", 8 }, { "ffn", 28672 },
        { "vocab", 128256 }, { "batch", batch }, { "seq", seq } };
    t.options = { { "phase", "decode" }, { "dtype", "bf16" }, { "fused", "false" } };
    return t;
}

const Kernel* find(const std::vector<Kernel>& kernels, const std::string& name)
{
    for (const auto& k : kernels) {
        if (k.name == name) {
            return &k;
        }
    }
    return nullptr;
}

// An ad-hoc chip: 1 TFLOP/s bf16, 1 GB/s memory of `capacity` bytes, a link of 4 GB/s whose
// collectives inject 1 GB/s per chip with 1 us per hop, 100 W.
Hardware chip(double capacity)
{
    Hardware h;
    h.id = "test-chip";
    h.name = "test chip";
    h.compute = { { "tensor", "bf16", 1e12, std::nullopt, "", false } };
    BandwidthLevel hbm;
    hbm.name = "hbm";
    hbm.bytesPerSecond = 1e9;
    hbm.capacityBytes = capacity;
    BandwidthLevel link;
    link.name = "link";
    link.kind = LevelKind::Interconnect;
    link.bytesPerSecond = 4e9;
    link.collectiveBytesPerSecond = 1e9;
    link.latencySeconds = 1e-6;
    h.levels = { hbm, link };
    h.defaultLevel = "hbm";
    h.tdpWatts = 100.0;
    h.launchOverheadSeconds = 1e-3;
    return h;
}

} // namespace

class TestServing : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.find("nvidia-h100-sxm"));
    }

    // Ring all-reduce of M = tokens x hidden x 2 B over tp chips: 2 (tp-1)/tp x M per chip, 2 (tp-1) hops.
    void allReduceBytesPerLayer_data()
    {
        QTest::addColumn<double>("tp");
        QTest::addColumn<double>("batch");
        QTest::addColumn<double>("perChip");
        QTest::addColumn<double>("hops");
        // tiny, tp 2: M = 2 x 8 x 2 = 32 B; 2 x 1/2 x 32 = 32 B, 2 hops.
        QTest::newRow("tp 2, batch 2") << 2.0 << 2.0 << 32.0 << 2.0;
        // tiny, tp 2, batch 64: M = 64 x 8 x 2 = 1024 B -> 1024 B.
        QTest::newRow("tp 2, batch 64") << 2.0 << 64.0 << 1024.0 << 2.0;
    }
    void allReduceBytesPerLayer()
    {
        QFETCH(double, tp);
        QFETCH(double, batch);
        QFETCH(double, perChip);
        QFETCH(double, hops);
        const auto step = expandTransformer(tiny({ { "tp", tp }, { "batch", batch } }), false, tp);
        QVERIFY2(step.error.empty(), step.error.c_str());
        for (const char* name : { "allreduce_attn", "allreduce_ffn" }) {
            const Kernel* k = find(step.kernels, name);
            QVERIFY2(k, name);
            const auto& info = step.info[static_cast<size_t>(k - step.kernels.data())];
            QVERIFY(info.collective);
            QCOMPARE(k->count, 1.0); // one per layer
            ROOFSCOPE_COMPARE_REL(info.bytesPerChip, perChip, 1e-15);
            QCOMPARE(info.hops, hops);
            ROOFSCOPE_COMPARE_REL(k->bytesOn(kScaleUpLevel), tp * perChip, 1e-15); // every chip sends
        }
    }

    // Llama-3-70B decode, batch 64, on 8 chips: M = 64 x 8192 x 2 = 1,048,576 B; each chip sends
    // 2 x 7/8 x M = 1,835,008 B per ring all-reduce, 161 all-reduces per step (two per layer and the
    // vocabulary-parallel embedding's).
    void llamaAllReducesOnEightChips()
    {
        const auto step = expandTransformer(llama70b(64, 4096), false, 8);
        QVERIFY2(step.error.empty(), step.error.c_str());
        double count = 0.0;
        for (size_t i = 0; i < step.kernels.size(); ++i) {
            if (step.kernels[i].name.rfind("allreduce_", 0) == 0) {
                count += step.kernels[i].count;
                QCOMPARE(step.info[i].bytesPerChip, 1835008.0);
                QCOMPARE(step.info[i].hops, 14.0);
            }
        }
        QCOMPARE(count, 161.0);
        QCOMPARE(step.config.tp, 8.0);
    }

    // E_eff = E (1 - (1 - k/E)^tokens). Mixtral (E 8, k 2): batch 1 -> 8 x 1/4 = 2 experts;
    // batch 64 -> 8 (1 - 0.75^64). DeepSeek-V3 (E 256, k 8): batch 1 -> 8; batch 64 ->
    // 256 (1 - (31/32)^64).
    void distinctExperts_data()
    {
        QTest::addColumn<double>("experts");
        QTest::addColumn<double>("k");
        QTest::addColumn<double>("batch");
        QTest::addColumn<double>("expected");
        QTest::newRow("8 choose 2, batch 1") << 8.0 << 2.0 << 1.0 << 2.0;
        QTest::newRow("8 choose 2, batch 64") << 8.0 << 2.0 << 64.0 << 8.0 * (1.0 - std::pow(0.75, 64));
        QTest::newRow("256 choose 8, batch 1") << 256.0 << 8.0 << 1.0 << 8.0;
        QTest::newRow("256 choose 8, batch 64") << 256.0 << 8.0 << 64.0 << 256.0 * (1.0 - std::pow(31.0 / 32.0, 64));
    }
    void distinctExperts()
    {
        QFETCH(double, experts);
        QFETCH(double, k);
        QFETCH(double, batch);
        QFETCH(double, expected);
        ROOFSCOPE_COMPARE_REL(expectedDistinctExperts(experts, k, batch), expected, 1e-14);
        // The routed experts' kernels read that many experts' weights: expert_up of the tiny model
        // with expert_ffn 16: T k x 8 in, E_eff x 8 x 16 weights, T k x 16 out, 2 B each.
        const auto step = expandTransformer(
            tiny({ { "experts", experts }, { "top_k", k }, { "batch", batch }, { "expert_ffn", 16 } }));
        QVERIFY2(step.error.empty(), step.error.c_str());
        const Kernel* up = find(step.kernels, "expert_up");
        QVERIFY(up);
        const double pairs = batch * k;
        ROOFSCOPE_COMPARE_REL(up->flops, 2.0 * pairs * 8 * 16, 1e-15);
        ROOFSCOPE_COMPARE_REL(up->bytesOn("default"), 2.0 * (pairs * 8 + expected * 8 * 16 + pairs * 16), 1e-14);
        QVERIFY(!find(step.kernels, "ffn_up")); // every layer is a MoE layer
        QVERIFY(find(step.kernels, "router"));
        QVERIFY(find(step.kernels, "expert_act"));
    }

    // Experts past a replica (ep 2 over dp 2, tp 1): alltoall_dispatch/combine each move the pairs of the
    // chip's T / tp tokens whose expert sits in the other replica, (ep - tp)/ep of them: batch 2, k 2:
    // 2 x 2 x 8 x 2 B x 1/2 = 32 B per chip, 1 hop (ep - 1 on a link of unknown topology).
    void allToAllBytes()
    {
        const auto step = expandTransformer(
            tiny({ { "experts", 4 }, { "top_k", 2 }, { "dp", 2 }, { "ep", 2 } }, { { "expert_layout", "ep" } }), false,
            2);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.ep, 2.0);
        QCOMPARE(step.config.tp, 1.0);
        for (const char* name : { "alltoall_dispatch", "alltoall_combine" }) {
            const Kernel* k = find(step.kernels, name);
            QVERIFY2(k, name);
            const auto& info = step.info[static_cast<size_t>(k - step.kernels.data())];
            QCOMPARE(info.bytesPerChip, 32.0);
            QCOMPARE(info.hops, 1.0);
        }
    }

    // K/V with tp 2 > kv_heads 1. Cache of the step: batch 2 x seq 4 x layers 1 x 2 x 1 head x 4 x
    // 2 B = 128 B. replicate: every chip holds the head's whole cache (128 B per chip) and reads it,
    // so attn_scores reads Q (2 x 8 x 2 = 32 B) + 2 copies x K (2 x 4 x 4 x 2 = 64 B) = 160 B;
    // batch: the cache split by sequence, 64 B per chip, 32 + 64 = 96 B.
    void kvCacheWithTpAboveKvHeads_data()
    {
        QTest::addColumn<QString>("shard");
        QTest::addColumn<double>("perChip");
        QTest::addColumn<double>("scoreBytes");
        QTest::newRow("replicate") << "replicate" << 128.0 << 160.0;
        QTest::newRow("batch") << "batch" << 64.0 << 96.0;
    }
    void kvCacheWithTpAboveKvHeads()
    {
        QFETCH(QString, shard);
        QFETCH(double, perChip);
        QFETCH(double, scoreBytes);
        const auto step = expandTransformer(tiny({ { "tp", 2 } }, { { "kv_shard", shard.toStdString() } }), false, 2);
        QVERIFY2(step.error.empty(), step.error.c_str());
        ROOFSCOPE_COMPARE_REL(bytesPerChip(step).kvCache, perChip, 1e-15);
        ROOFSCOPE_COMPARE_REL(find(step.kernels, "attn_scores")->bytesOn("default"), scoreBytes, 1e-15);
        const ServingStep s = evaluateServing(
            tiny({ { "tp", 2 } }, { { "kv_shard", shard.toStdString() } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        ROOFSCOPE_COMPARE_REL(s.memory.kvCacheBytes, 2 * perChip, 1e-15); // both chips together
    }

    // The tiny model on one chip, bf16. Weights: per layer q 64 + k 32 + v 32 + o 64 + norms 16 +
    // FFN 3 x 128 = 592 parameters, final norm 8, embeddings and head 2 x 256: 1112 x 2 B = 2224 B.
    // One sequence: KV 4 x 1 x 2 x 4 x 2 B = 64 B; activations of the largest kernel, ffn_act,
    // 3 x 1 x 16 x 2 B = 96 B (logits: 16 + 64 = 80 B): 160 B. Capacity 2224 + 5 x 160 = 3024 B
    // holds batch 5 and not 6.
    void maxBatchAtTheCapacityEdge()
    {
        const Hardware device = chip(3024.0);
        for (double batch : { 5.0, 6.0 }) {
            const ServingStep s = evaluateServing(tiny({ { "batch", batch } }), device, {});
            QVERIFY2(s.error.empty(), s.error.c_str());
            QCOMPARE(*s.memory.maxBatch, 5.0);
            QCOMPARE(s.memory.weightsBytes, 2224.0);
            QCOMPARE(s.memory.kvCacheBytes, 64.0 * batch);
            QCOMPARE(s.memory.activationsBytes, 96.0 * batch);
            QCOMPARE(s.memory.perChipBytes, 2224.0 + 160.0 * batch);
            QCOMPARE(*s.memory.capacityPerChipBytes, 3024.0);
            QCOMPARE(*s.memory.fits, batch <= 5.0);
        }
        // One byte less and batch 5 no longer fits; less than the weights, not even one sequence.
        QCOMPARE(*evaluateServing(tiny(), chip(3023.0), {}).memory.maxBatch, 4.0);
        QCOMPARE(*evaluateServing(tiny(), chip(2000.0), {}).memory.maxBatch, 0.0);
    }

    // memory_utilization leaves the engine's reserve out of what the step may fill: the tiny model on
    // 3024 B holds batch 5 with the whole capacity; at 0.9 it may fill 2721.6 B, (2721.6 - 2224) / 160
    // = 3.1: batch 3. The device's figure stays beside it, and the assumption says which share counted.
    void memoryUtilizationLeavesTheEnginesReserve()
    {
        const Hardware device = chip(3024.0);
        const ServingStep whole = evaluateServing(tiny({ { "batch", 4 } }), device, {});
        QVERIFY2(whole.error.empty(), whole.error.c_str());
        QCOMPARE(whole.memory.memoryUtilization, 1.0);
        QCOMPARE(*whole.memory.maxBatch, 5.0);
        QVERIFY(*whole.memory.fits);
        const ServingStep engine = evaluateServing(tiny({ { "batch", 4 }, { "memory_utilization", 0.9 } }), device, {});
        QVERIFY2(engine.error.empty(), engine.error.c_str());
        QCOMPARE(*engine.memory.capacityPerChipBytes, 3024.0 * 0.9);
        QCOMPARE(*engine.memory.deviceCapacityPerChipBytes, 3024.0);
        QCOMPARE(*engine.memory.maxBatch, 3.0);
        QVERIFY(!*engine.memory.fits); // batch 4 needs 2864 B
        QCOMPARE(engine.fitText(),
            std::string("does not fit: 2.86 kB needed per chip, 2.72 kB available (memory_utilization 0.9)"));
        const bool said = std::any_of(engine.assumptions.begin(), engine.assumptions.end(), [](const std::string& a) {
            return a.find("90 % of each chip's memory (memory_utilization)") != std::string::npos;
        });
        QVERIFY(said);
        // The timing does not change: only what fits does.
        QCOMPARE(engine.tMin, whole.tMin);
        for (double bad : { 0.0, -0.5, 1.5 }) {
            const auto step = expandTransformer(tiny({ { "memory_utilization", bad } }), false, 1);
            QVERIFY2(step.error.find("memory_utilization must be above 0 and at most 1") != std::string::npos,
                step.error.c_str());
        }
    }

    // usd_per_million_tokens = chips x price_per_hour / (tokens_per_s x 3600) x 1e6;
    // joules_per_token = chips x tdp / tokens_per_s. 8 chips at 2.50 $/h and 700 W, 1000 tokens/s:
    // 8 x 2.5 / 3.6e6 x 1e6 = 5.5556 $/Mtok, 8 x 700 / 1000 = 5.6 J/token, 125 tokens/s per chip.
    void costAndEnergyPerToken()
    {
        const ServingCost cost = servingCost(8, 1000, 2.5, 700.0);
        ROOFSCOPE_COMPARE_REL(*cost.usdPerMillionTokens, 20.0 / 3.6, 1e-14);
        ROOFSCOPE_COMPARE_REL(*cost.joulesPerToken, 5.6, 1e-14);
        ROOFSCOPE_COMPARE_REL(*cost.tokensPerSecondPerChip, 125.0, 1e-14);
        const ServingCost unknown = servingCost(8, 1000, std::nullopt, std::nullopt);
        QVERIFY(!unknown.usdPerMillionTokens && !unknown.joulesPerToken);
        // Through a step: the TDP per chip is the device's (100 W) unless given.
        ServingOptions options;
        options.pricePerHourPerChip = 3.0;
        const ServingStep s = evaluateServing(tiny(), chip(1e6), options);
        QVERIFY2(s.error.empty(), s.error.c_str());
        ROOFSCOPE_COMPARE_REL(*s.cost.usdPerMillionTokens, 3.0 / (s.tokensPerSecond * 3600) * 1e6, 1e-14);
        ROOFSCOPE_COMPARE_REL(*s.cost.joulesPerToken, 100.0 / s.tokensPerSecond, 1e-14);
        options.tdpWattsPerChip = 40.0;
        ROOFSCOPE_COMPARE_REL(
            *evaluateServing(tiny(), chip(1e6), options).cost.joulesPerToken, 40.0 / s.tokensPerSecond, 1e-14);
    }

    // The step on 2 chips (tp 2) of the ad-hoc chip: three ring all-reduces (the embedding's, two in the
    // layer) of 32 B per chip, each 32 B / 1 GB/s + 2 hops x 1 us = 2.032 us, and the gather of the logits'
    // halves, 2 x 32 x 2 B / 2 = 64 B per chip, 1 hop: 1.064 us. Every other kernel is memory-bound on
    // 2 x 1 GB/s.
    // T_min = max(kernels, collectives); T_max adds everything; tokens/s = 2 tokens / T_min.
    void stepTimesOnTwoChips()
    {
        const ServingStep s = evaluateServing(tiny({ { "tp", 2 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        ROOFSCOPE_COMPARE_REL(s.collectiveSeconds, 3 * (32.0 / 1e9 + 2 * 1e-6) + 64.0 / 1e9 + 1e-6, 1e-14);
        double bytes = 0.0;
        double flops = 0.0;
        for (const auto& k : s.kernels) {
            if (!k.info.collective) {
                bytes += k.kernel.count * k.kernel.bytesOn("default");
                flops += k.kernel.count * k.kernel.flops;
            }
        }
        ROOFSCOPE_COMPARE_REL(s.computeMemorySeconds, bytes / 2e9, 1e-12);
        ROOFSCOPE_COMPARE_REL(s.tMin, std::max(bytes / 2e9, s.collectiveSeconds), 1e-12);
        // T_max adds each kernel's math time (on 2 x 1 TFLOP/s) to its memory time.
        ROOFSCOPE_COMPARE_REL(s.tMax, flops / 2e12 + bytes / 2e9 + s.collectiveSeconds, 1e-12);
        ROOFSCOPE_COMPARE_REL(s.tokensPerSecond, 2.0 / s.tMin, 1e-12);
        ROOFSCOPE_COMPARE_REL(s.collectiveShare, s.collectiveSeconds / s.tMax, 1e-12);
        QCOMPARE(s.link, std::string("link"));
        // Every launch at least 1 ms: 14 kernel launches (norm x 3, 11 others) against 2 collective ones.
        size_t launches = 0;
        for (const auto& k : s.kernels) {
            launches += k.info.collective ? 0 : static_cast<size_t>(k.kernel.count);
        }
        QCOMPARE(launches, size_t(14));
        ROOFSCOPE_COMPARE_REL(s.tMinWithLaunch, 14e-3, 1e-12);
        // Sustained roofs derate the link as well.
        Hardware derated = hardwareOnChips(chip(1e6), 2);
        derated.sustained = SustainedFactors { 0.5, 0.5 };
        ServingOptions sustained;
        sustained.eval.sustained = true;
        const ServingStep slow = evaluateServing(tiny({ { "tp", 2 } }), derated, sustained);
        ROOFSCOPE_COMPARE_REL(slow.collectiveSeconds, 3 * (32.0 / 0.5e9 + 2 * 1e-6) + 64.0 / 0.5e9 + 1e-6, 1e-14);
        QCOMPARE(slow.roofs, std::string("sustained"));
    }

    // Without collective_bandwidth and latency the link's bandwidth per chip is used, latency 0,
    // and the step says so.
    void missingLinkFiguresAreAssumptions()
    {
        Hardware plain = chip(1e6);
        plain.levels[1].collectiveBytesPerSecond.reset();
        plain.levels[1].latencySeconds.reset();
        const ServingStep s = evaluateServing(tiny({ { "tp", 2 } }), hardwareOnChips(plain, 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        ROOFSCOPE_COMPARE_REL(s.collectiveSeconds, (3 * 32.0 + 64.0) / 4e9, 1e-14);
        QString all;
        for (const auto& a : s.assumptions) {
            all += QString::fromStdString(a) + "\n";
        }
        QVERIFY2(all.contains("no collective_bandwidth on link"), qPrintable(all));
        QVERIFY2(all.contains("no latency on link"), qPrintable(all));
        QVERIFY2(all.contains("no hourly price"), qPrintable(all));
    }

    // pp 2 on 2 chips, 2 layers: one pp_send of M = 2 x 8 x 2 = 32 B (1 hop); each kernel runs on one
    // stage (1 chip): its time is 2 x its evaluation on the 2-chip device; 2 steps in flight.
    void pipelineStages()
    {
        const ServingStep s
            = evaluateServing(tiny({ { "pp", 2 }, { "layers", 2 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.config.tp, 1.0);
        ROOFSCOPE_COMPARE_REL(s.collectiveSeconds, 32.0 / 1e9 + 1e-6, 1e-14);
        const ServingStep one = evaluateServing(tiny({ { "layers", 2 } }), chip(1e6), {});
        ROOFSCOPE_COMPARE_REL(s.computeMemorySeconds, one.computeMemorySeconds, 1e-12);
        ROOFSCOPE_COMPARE_REL(s.tokensPerSecond, 2.0 * 2.0 / s.tMin, 1e-12);
        // 3 layers on 2 stages: stages of 2 and 1 layers; a step leaves every largest-stage time, so
        // 3 / 2 steps are in flight per T_min, and the larger stage holds 2/3 of the weights.
        const ServingStep uneven
            = evaluateServing(tiny({ { "pp", 2 }, { "layers", 3 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(uneven.error.empty(), uneven.error.c_str());
        ROOFSCOPE_COMPARE_REL(uneven.tokensPerSecond, 2.0 * 3.0 / 2.0 / uneven.tMin, 1e-12);
        // Weights of 3 layers (norms 2 x 8, q and o 2 x 64, k and v 2 x 32, FFN 3 x 128: 592 each), the final
        // norm 8 and embeddings and head 2 x 256: 2296 parameters x 2 B, 2/3 of them on the larger stage,
        // every one of them once on the two chips together.
        const ChipBytes larger = bytesPerChip(expandTransformer(tiny({ { "pp", 2 }, { "layers", 3 } }), false, 2));
        ROOFSCOPE_COMPARE_REL(larger.weights, 2296.0 * 2.0 * 2.0 / 3.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(uneven.memory.weightsBytes, 2296.0 * 2.0, 1e-12);
        // The KV cache holds the 2 micro-batches in flight: 2 x batch 2 x seq 4 x 2 layers x (K and V 4 wide)
        // x 2 B = 256 B on the larger stage; the 3 layers' 384 B on the two chips together.
        ROOFSCOPE_COMPARE_REL(larger.kvCache, 2.0 * 2.0 * 4.0 * 2.0 * 8.0 * 2.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(uneven.memory.kvCacheBytes, 2.0 * 2.0 * 4.0 * 3.0 * 8.0 * 2.0, 1e-12);
        QVERIFY(evaluateServing(tiny({ { "pp", 4 }, { "layers", 3 } }), hardwareOnChips(chip(1e6), 4), {})
                    .error.find("must not exceed layers")
            != std::string::npos);
    }

    // Llama-3-70B decode, bf16, batch 64, seq 4096 on ONE H100 (81,559 MiB = 81,559 x 1,048,576 =
    // 85,520,809,984 B, as nvidia-smi reports its "80 GB"). Weights: per layer q and o
    // 2 x 8192^2, k and v 2 x 8192 x 1024, norms 2 x 8192, FFN 3 x 8192 x 28672: 855,654,400; x 80,
    // + final norm 8192 + embeddings and head 2 x 128256 x 8192 = 70,553,706,496 parameters x 2 B =
    // 141,107,412,992 B. KV: 64 x 4096 x 80 x 2 x 8 x 128 x 2 B = 85,899,345,920 B. Activations:
    // the largest kernel is logits, 64 x 8192 x 2 + 64 x 128256 x 2 = 17,465,344 B.
    void llama70bDecodeDoesNotFitOneH100()
    {
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        const ServingStep s = evaluateServing(llama70b(64, 4096), *h100, {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        QCOMPARE(s.memory.weightsBytes, 141107412992.0);
        QCOMPARE(s.memory.kvCacheBytes, 85899345920.0);
        QCOMPARE(s.memory.activationsBytes, 17465344.0);
        QCOMPARE(s.memory.perChipBytes, 141107412992.0 + 85899345920.0 + 17465344.0);
        QCOMPARE(*s.memory.capacityPerChipBytes, 81559.0 * 1024 * 1024);
        QVERIFY(!*s.memory.fits);
        QCOMPARE(*s.memory.maxBatch, 0.0); // the weights alone (141.1 GB) exceed 85.5 GB
        QCOMPARE(s.fitText(), std::string("does not fit: 227 GB needed per chip, 85.5 GB available"));
        QVERIFY(s.tokensPerSecond > 0.0); // still timed
        // On 8 of them (tp 8): weights and cache split 8 ways, 17.6 + 10.7 GB per chip: it fits. The
        // largest kernel on a chip is then the norm, repeated on every chip: 3 x 64 x 8192 x 2 B
        // (logits: 64 x 8192 x 2 + 64 x 128256 x 2 / 8 = 3,100,672 B, a little less).
        const ServingStep eight = evaluateServing(llama70b(64, 4096), hardwareOnChips(*h100, 8), {});
        QVERIFY2(eight.error.empty(), eight.error.c_str());
        QVERIFY(*eight.memory.fits);
        // The norms (80 x 2 x 8192 + 8192 = 1,318,912 parameters, 2,637,824 B) are whole on every chip.
        ROOFSCOPE_COMPARE_REL(eight.memory.perChipBytes,
            (141107412992.0 - 2637824.0) / 8 + 2637824.0 + 85899345920.0 / 8 + 3.0 * 64 * 8192 * 2, 1e-12);
        QVERIFY(eight.fitText().empty());
        QVERIFY(eight.collectiveSeconds > 0.0);
    }

    // Every NVIDIA GPU file now carries a launch overhead (4 us, an estimate); it must stay out of T_min
    // and the throughput bound, and enter t_min_with_launch_s only. Llama-3-70B decode at batch 1 on 8
    // chips: the norms and the small projections take under 4 us each, so the launch figure is above T_min;
    // the same file without the overhead gives the same T_min and a launch figure equal to it.
    void launchOverheadOfEveryNvidiaGpuStaysOutOfTMin()
    {
        int checked = 0;
        for (const auto& hw : m_db.devices()) {
            if (hw.vendor != "NVIDIA" || hw.kind != "gpu") {
                continue;
            }
            QVERIFY2(hw.launchOverheadSeconds, hw.id.c_str());
            Hardware without = hw;
            without.launchOverheadSeconds.reset();
            const ServingStep with = evaluateServing(llama70b(1, 4096), hardwareOnChips(hw, 8), {});
            const ServingStep none = evaluateServing(llama70b(1, 4096), hardwareOnChips(without, 8), {});
            QVERIFY2(with.error.empty(), with.error.c_str());
            QCOMPARE(with.tMin, none.tMin);
            QCOMPARE(with.tokensPerSecond, none.tokensPerSecond);
            QVERIFY2(with.tMinWithLaunch > with.tMin, hw.id.c_str());
            ROOFSCOPE_COMPARE_REL(none.tMinWithLaunch, none.tMin, 1e-12);
            ++checked;
        }
        QVERIFY(checked >= 14);
    }

    // A product tp x pp x dp other than the chips is refused, naming the three numbers.
    void refusedParallelProducts_data()
    {
        QTest::addColumn<double>("tp");
        QTest::addColumn<double>("pp");
        QTest::addColumn<double>("dp");
        QTest::addColumn<QString>("message");
        QTest::newRow("2 x 1 x 2 on 8") << 2.0 << 1.0 << 2.0
                                        << "tp x pp x dp = 2 x 1 x 2 = 4, but the device has 8 chips";
        QTest::newRow("8 x 1 x 2 on 8") << 8.0 << 1.0 << 2.0
                                        << "tp x pp x dp = 8 x 1 x 2 = 16, but the device has 8 chips";
    }
    void refusedParallelProducts()
    {
        QFETCH(double, tp);
        QFETCH(double, pp);
        QFETCH(double, dp);
        QFETCH(QString, message);
        const auto step
            = expandTransformer(tiny({ { "tp", tp }, { "pp", pp }, { "dp", dp }, { "layers", 2 } }), false, 8);
        QVERIFY2(step.error.find(message.toStdString()) != std::string::npos, step.error.c_str());
        QVERIFY(step.kernels.empty());
        const ServingStep s = evaluateServing(
            tiny({ { "tp", tp }, { "pp", pp }, { "dp", dp }, { "layers", 2 } }), hardwareOnChips(chip(1e6), 8), {});
        QVERIFY(s.error.find(message.toStdString()) != std::string::npos);
    }

    // dp multiplies throughput, never latency: 2 replicas of batch 2 on 2 chips.
    void dataParallelReplicas()
    {
        const ServingStep one = evaluateServing(tiny(), chip(1e6), {});
        const ServingStep two = evaluateServing(tiny({ { "dp", 2 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(two.error.empty(), two.error.c_str());
        ROOFSCOPE_COMPARE_REL(two.tMin, one.tMin, 1e-12);
        ROOFSCOPE_COMPARE_REL(two.tokensPerSecond, 2.0 * one.tokensPerSecond, 1e-12);
        QCOMPARE(two.tokensPerStep, 4.0);
    }

    // mfu = F / (T_step x pi), mbu = B / (T_step x beta) over the compute and memory kernels, T_step =
    // T_min / (layers / ceil(layers / pp)), on the roofs the step was evaluated on. tiny's FLOPs by hand
    // (T = 2 tokens, h 8, q 8, w 4, ffn 16, vocab 32): norms 3 x 10 T h = 480; q, k, v 2 T h (8 + 4 + 4)
    // = 512; attention (16 scores of 4 wide) 2 x 16 x 4 + 5 x 16 softmax = 208 and 128; o 2 T 8 x 8 = 256;
    // gate, up, down 3 x 2 T 8 x 16 = 1536, the activation 5 T ffn = 160; logits 2 T 8 x 32 = 1024:
    // 4304 FLOPs. At 1 FLOP/B or so every kernel lies far below the 1000 FLOP/B ridge of the ad-hoc chip.
    void utilizationOfTheRoofs()
    {
        const auto sums = [](const ServingStep& step) {
            std::pair<double, double> flopsBytes;
            for (const auto& k : step.kernels) {
                if (!k.info.collective) {
                    flopsBytes.first += k.kernel.count * k.kernel.flops;
                    flopsBytes.second += k.kernel.count * k.kernel.bytesOn("default");
                }
            }
            return flopsBytes;
        };
        // One chip, memory-bound: T_min = B / 1 GB/s, so mbu = 1 and mfu = 4304 / (B / 1e9 x 1e12).
        const ServingStep s = evaluateServing(tiny(), chip(1e6), {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        const auto [flops, bytes] = sums(s);
        QCOMPARE(flops, 4304.0);
        ROOFSCOPE_COMPARE_REL(*s.mbu, 1.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(*s.mfu, 4304.0 / (bytes / 1e9 * 1e12), 1e-12);
        // Sustained roofs of half the compute and a quarter of the bandwidth: still memory-bound, so mbu is 1
        // of the sustained bandwidth, and mfu = 4304 / (B / 0.25e9 x 0.5e12), half of the peak figure.
        Hardware derated = chip(1e6);
        derated.sustained = SustainedFactors { 0.5, 0.25 };
        ServingOptions sustained;
        sustained.eval.sustained = true;
        const ServingStep slow = evaluateServing(tiny(), derated, sustained);
        ROOFSCOPE_COMPARE_REL(*slow.mbu, 1.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(*slow.mfu, 4304.0 / (bytes / 0.25e9 * 0.5e12), 1e-12);
        // pp 2 on 2 chips: each kernel takes 2 x B_k / 2 GB/s, T_min = B / 1 GB/s (above the pp_send's
        // 1.032 us), two steps in flight: T_step = T_min / 2 against 2 GB/s, mbu 1. With 3 layers on 2
        // stages, 3/2 steps in flight: T_step = 2/3 T_min, mbu = 1e9 / (2/3 x 2e9) = 3/4, the smaller
        // stage idle a quarter of the time.
        const ServingStep even
            = evaluateServing(tiny({ { "pp", 2 }, { "layers", 2 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY2(even.error.empty(), even.error.c_str());
        QVERIFY(even.computeMemorySeconds > even.collectiveSeconds);
        ROOFSCOPE_COMPARE_REL(*even.mbu, 1.0, 1e-12);
        const ServingStep uneven
            = evaluateServing(tiny({ { "pp", 2 }, { "layers", 3 } }), hardwareOnChips(chip(1e6), 2), {});
        QVERIFY(uneven.computeMemorySeconds > uneven.collectiveSeconds);
        ROOFSCOPE_COMPARE_REL(*uneven.mbu, 0.75, 1e-12);
        // tp 2: the collectives (3 all-reduces of 2.032 us and the logits' gather of 1.064 us, see
        // stepTimesOnTwoChips) outlast the kernels' B / 2 GB/s and set T_min; their FLOPs and bytes stay out.
        const ServingStep tp = evaluateServing(tiny({ { "tp", 2 } }), hardwareOnChips(chip(1e6), 2), {});
        const double collectives = 3 * (32.0 / 1e9 + 2 * 1e-6) + 64.0 / 1e9 + 1e-6;
        const auto [tpFlops, tpBytes] = sums(tp);
        QVERIFY(tpBytes / 2e9 < collectives);
        ROOFSCOPE_COMPARE_REL(*tp.mbu, tpBytes / (collectives * 2e9), 1e-12);
        ROOFSCOPE_COMPARE_REL(*tp.mfu, tpFlops / (collectives * 2e12), 1e-12);
        // The main memory switched off: no main-memory roof, so no mbu, and the assumptions say so.
        ServingOptions off;
        off.eval.disabledLevels = { "hbm" };
        const ServingStep noMemory = evaluateServing(tiny(), chip(1e6), off);
        QVERIFY2(noMemory.error.empty(), noMemory.error.c_str());
        QVERIFY(!noMemory.mbu);
        ROOFSCOPE_COMPARE_REL(*noMemory.mfu, 1.0, 1e-12); // only the math is left: T_min = F / pi
        QVERIFY(std::find(noMemory.assumptions.begin(), noMemory.assumptions.end(),
                    "no bytes on an enabled main-memory level: mbu not given")
            != noMemory.assumptions.end());
    }

    // Tied embeddings are one matrix at lm_head_dtype; untied: embeddings at weight_dtype, head at
    // lm_head_dtype. tiny, int8 weights, bf16 head: untied 1112 - 512 = 600 params x 1 B + 256 x 1
    // + 256 x 2 = 1368 B; tied: 600 + 256 x 2 = 1112 B.
    void embeddingsAndHeadDtypes()
    {
        const auto untied = expandTransformer(tiny({}, { { "weight_dtype", "int8" }, { "lm_head_dtype", "bf16" } }));
        QVERIFY2(untied.error.empty(), untied.error.c_str());
        QCOMPARE(bytesPerChip(untied).weights, 1368.0);
        const auto tied = expandTransformer(
            tiny({}, { { "weight_dtype", "int8" }, { "lm_head_dtype", "bf16" }, { "tied_embeddings", "true" } }));
        QCOMPARE(bytesPerChip(tied).weights, 1112.0);
        // The head is read at its own dtype: logits [2,8] x [8,32] at 2 B per weight.
        ROOFSCOPE_COMPARE_REL(
            find(untied.kernels, "logits")->bytesOn("default"), 2.0 * 8 * 2 + 8 * 32 * 2 + 2 * 32 * 2, 1e-15);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestServing)
#include "test_serving.moc"
