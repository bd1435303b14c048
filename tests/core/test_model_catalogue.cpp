// The model catalogue (models/*.yaml, docs/models.md) and the serving model's engine-like counting
// (docs/model.md): latent attention, fused projections, expert layouts and collective algorithms, each
// by hand arithmetic written here.
#include "TestMain.h"
#include "TestUtil.h"

#include "io/ModelCatalogue.h"
#include "io/SessionFile.h"
#include "model/TransformerWorkload.h"
#include "model/serving/ModelPresets.h"
#include "model/serving/Parallelism.h"
#include "model/serving/ServingMemory.h"
#include "model/serving/ServingStep.h"
#include "model/serving/StepKernels.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

TemplateInstance modelStep(const std::string& model, const std::map<std::string, double>& params,
    const std::map<std::string, std::string>& options = {})
{
    TemplateInstance t;
    t.name = kTransformerTemplate;
    t.options = options;
    t.options["model"] = model;
    t.params = params;
    return t;
}

const Kernel* findKernel(const TransformerExpansion& step, const std::string& name)
{
    for (const Kernel& k : step.kernels) {
        if (k.name == name) {
            return &k;
        }
    }
    return nullptr;
}

const StepKernelInfo* findInfo(const TransformerExpansion& step, const std::string& name)
{
    for (size_t i = 0; i < step.kernels.size(); ++i) {
        if (step.kernels[i].name == name) {
            return &step.info[i];
        }
    }
    return nullptr;
}

// An ad-hoc scale-up link: 450 GB/s per chip, 0.47 us per hop (H100's NVLink figures).
ScaleUpLink link(bool oneHop, bool switchReduces)
{
    ScaleUpLink l;
    l.found = true;
    l.level = "link";
    l.bytesPerSecond = 450e9;
    l.latencySeconds = 0.47e-6;
    l.oneHop = oneHop;
    l.switchReduces = switchReduces;
    return l;
}

StepKernelInfo allReduce(double messageBytes, double chips)
{
    StepKernelInfo info;
    info.collective = true;
    info.kind = CollectiveKind::AllReduce;
    info.messageBytes = messageBytes;
    info.participants = chips;
    return info;
}

} // namespace

class TestModelCatalogue : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Every shipped model loads, expands, and counts its published total within 0.5 %.
    void shippedModelsCountTheirParameters()
    {
        const ModelCatalogueResult catalogue = loadModelCatalogue({ ROOFSCOPE_MODELS_DIR });
        QVERIFY2(!hasErrors(catalogue.diagnostics), firstError(catalogue.diagnostics).c_str());
        QVERIFY(catalogue.models.size() >= 11);
        for (const char* id : { "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b", "mixtral-8x7b", "mixtral-8x22b",
                 "qwen3-235b-a22b", "deepseek-v3", "gpt-oss-120b" }) {
            QVERIFY2(findTransformerPreset(id), id);
        }
        for (const TransformerPreset& model : catalogue.models) {
            QVERIFY2(model.publishedParameters, model.id.c_str());
            QVERIFY2(model.source.rfind("https://", 0) == 0, model.id.c_str());
            const double counted = presetParameterCount(model);
            QVERIFY2(std::abs(counted / *model.publishedParameters - 1.0) < 0.005,
                qPrintable(QStringLiteral("%1: %2 counted, %3 published")
                               .arg(QString::fromStdString(model.id))
                               .arg(counted)
                               .arg(*model.publishedParameters)));
        }
        QVERIFY(findTransformerPreset("DeepSeek-R1")); // an alias
        QCOMPARE(findTransformerPreset("DeepSeek-R1")->id, std::string("deepseek-v3"));
    }

    // DeepSeek-V3 by hand. Per layer, latent attention: the down-projections held whole on every tp chip,
    // 7168 x (1536 + 512 + 64) = 15,138,816 and their norms 1536 + 512; q_b 1536 x 128 x 192 = 37,748,736;
    // kv_b 512 x 128 x (128 + 128) = 16,777,216; o 128 x 128 x 7168 = 117,440,512: 187,107,328, x 61 layers.
    // Norms 61 x 2 x 7168 + 7168; 3 dense FFNs 3 x 3 x 7168 x 18432; 58 MoE layers of 256 routed experts
    // 3 x 7168 x 2048 each, one shared, a router 7168 x 256; embeddings and head 2 x 129280 x 7168.
    // 671,026,404,352 parameters: 671B (the model card) within 0.01 %, the multi-token-prediction module
    // left out.
    void deepSeekV3ByHand()
    {
        const auto step = expandTransformer(modelStep("deepseek-v3", { { "seq", 1 } }));
        QVERIFY2(step.error.empty(), step.error.c_str());
        const WeightCounts w = weightCounts(step.config);
        const double attention = 15138816.0 + 2048.0 + 37748736.0 + 16777216.0 + 117440512.0;
        QCOMPARE(attention, 187107328.0);
        const double total = 61 * attention + 61 * 2 * 7168.0 + 7168.0 + 3 * 3 * 7168.0 * 18432
            + 58 * (256 * 3 * 7168.0 * 2048 + 3 * 7168.0 * 2048 + 7168.0 * 256) + 2 * 129280.0 * 7168;
        QCOMPARE(w.total(), total);
        QCOMPARE(total, 671026404352.0);
        QVERIFY(std::abs(total / 671e9 - 1.0) < 0.005);
    }

    // The latent cache: kv_lora_rank + qk_rope_head_dim = 576 values per token per layer, 1,152 B in bf16,
    // 70,272 B per token over 61 layers (a 128-head cache of 128-wide K and V would be 61 x 2 x 128 x 128
    // x 2 = 3,997,696 B). Every tp chip holds the whole latent (it is one head): on 8 chips each holds all
    // of it, unless kv_shard=batch splits it by sequence.
    void latentCacheBytesPerToken()
    {
        const auto one = expandTransformer(modelStep("deepseek-v3", { { "seq", 1000 }, { "batch", 4 } }));
        QVERIFY2(one.error.empty(), one.error.c_str());
        QCOMPARE(one.config.kvCacheWidth(), 576.0);
        QCOMPARE(bytesPerChip(one).kvCache, 4 * 1000 * 70272.0);
        const auto eight = expandTransformer(modelStep("deepseek-v3", { { "seq", 1000 }, { "batch", 4 } }), false, 8);
        QVERIFY2(eight.error.empty(), eight.error.c_str());
        QCOMPARE(bytesPerChip(eight).kvCache, 4 * 1000 * 70272.0);
        const auto split = expandTransformer(
            modelStep("deepseek-v3", { { "seq", 1000 }, { "batch", 4 } }, { { "kv_shard", "batch" } }), false, 8);
        QCOMPARE(bytesPerChip(split).kvCache, 4 * 1000 * 70272.0 / 8);
        // Decode reads the latent once per step for every head (absorbed projections): attn_scores reads
        // 4 x 1000 x 576 x 2 B of cache besides the query 4 x 128 x 576 x 2 B.
        const Kernel* scores = findKernel(one, "attn_scores");
        QVERIFY(scores);
        QCOMPARE(scores->bytesOn("default"), 4 * 1000 * 576 * 2.0 + 4 * 128 * 576 * 2.0);
        QVERIFY(findKernel(one, "q_absorb") && findKernel(one, "v_absorb") && findKernel(one, "qkv_a_proj"));
    }

    // Fused projections read the layer's input once: the tiny model (hidden 8, heads 2 of width 4, one KV
    // head, ffn 16, batch 2, decode, bf16). q, k, v split: 32 B of input each; fused: 32 B once, the same
    // weights and outputs: 416 - 2 x 32 = 352 B. gate and up: 2 x 352 = 704 split, 704 - 32 = 672 fused.
    // The FLOPs are the same.
    void fusedAgainstSplitProjections()
    {
        TemplateInstance t;
        t.name = kTransformerTemplate;
        t.params = { { "layers", 1 }, { "hidden", 8 }, { "heads", 2 }, { "kv_heads", 1 }, { "ffn", 16 },
            { "vocab", 32 }, { "batch", 2 }, { "seq", 4 } };
        const auto fused = expandTransformer(t);
        t.options["fused"] = "false";
        const auto split = expandTransformer(t);
        QVERIFY(fused.error.empty() && split.error.empty());
        const Kernel* qkv = findKernel(fused, "qkv_proj");
        QVERIFY(qkv);
        double splitBytes = 0.0;
        double splitFlops = 0.0;
        for (const char* name : { "q_proj", "k_proj", "v_proj" }) {
            const Kernel* k = findKernel(split, name);
            QVERIFY2(k, name);
            splitBytes += k->bytesOn("default");
            splitFlops += k->flops;
        }
        QCOMPARE(splitBytes, 416.0);
        QCOMPARE(qkv->bytesOn("default"), 352.0);
        QCOMPARE(qkv->flops, splitFlops);
        const Kernel* gateUp = findKernel(fused, "ffn_gate_up");
        QVERIFY(gateUp && findKernel(split, "ffn_gate") && findKernel(split, "ffn_up"));
        QCOMPARE(
            findKernel(split, "ffn_gate")->bytesOn("default") + findKernel(split, "ffn_up")->bytesOn("default"), 704.0);
        QCOMPARE(gateUp->bytesOn("default"), 672.0);
        QVERIFY(!findKernel(fused, "q_proj") && !findKernel(split, "qkv_proj"));
    }

    // Mixtral-8x7B on 8 chips at batch 1 (decode): 2 of the 8 experts are touched. gate/up of one expert is
    // 4096 x 2 x 14336 x 2 B = 234,881,024 B (W). The busiest chip's reads, on every chip:
    //   tp    each chip 1/8 of the 2 touched experts: 8 x 2/8 = 2 W in all;
    //   ep 8  each chip holds one expert and the busiest reads a whole one: 8 x max(2/8, 1) = 8 W;
    //   both  4 groups of 2 chips, 2 experts per group: the busiest group reads one, split over its
    //         2 chips: 8 x 1/2 = 4 W.
    // Memory per chip is the same in all three (8 experts over 8 chips): 32 layers x 8 x 3 x 4096 x
    // 14336 x 2 B / 8 = 11,274,289,152 B of routed experts. No all-to-all: attention is tensor-parallel,
    // so every chip holds every token; one all-reduce per layer joins the partial outputs.
    void expertLayoutsOfMixtralOnEightChips_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<double>("ep");
        QTest::addColumn<double>("experts");
        QTest::newRow("tp") << "tp" << 1.0 << 2.0;
        QTest::newRow("ep 8") << "ep" << 8.0 << 8.0;
        QTest::newRow("both, ep 4") << "both" << 4.0 << 4.0;
    }
    void expertLayoutsOfMixtralOnEightChips()
    {
        QFETCH(QString, layout);
        QFETCH(double, ep);
        QFETCH(double, experts);
        std::map<std::string, double> params { { "batch", 1 }, { "seq", 2048 } };
        if (layout != QStringLiteral("tp")) {
            params["ep"] = ep;
        }
        const auto step = expandTransformer(
            modelStep("mixtral-8x7b", params, { { "expert_layout", layout.toStdString() } }), false, 8);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.ep, ep);
        const Kernel* gateUp = findKernel(step, "expert_gate_up");
        QVERIFY(gateUp);
        const double w = 4096.0 * 2 * 14336 * 2;
        QCOMPARE(w, 234881024.0);
        // Inputs (the tokens' rows, read by each chip sharing an expert) and outputs besides the weights.
        const double sharing = std::max(8.0 / ep, 1.0);
        const double activations = sharing * 2 * 4096 * 2.0 + 2 * 2 * 14336 * 2.0;
        ROOFSCOPE_COMPARE_REL(gateUp->bytesOn("default"), experts * w + activations, 1e-12);
        const WeightCounts counts = weightCounts(step.config);
        QCOMPARE(counts.routed * 2.0 / 8, 11274289152.0);
        QVERIFY(!findKernel(step, "alltoall_dispatch") && !findKernel(step, "alltoall_combine"));
        const Kernel* allReduce = findKernel(step, "allreduce_ffn");
        QVERIFY(allReduce);
        QCOMPARE(allReduce->count, 32.0);
    }

    // Experts past a replica (tp 1, dp 8, ep 8, as with data-parallel attention): each chip's 64 tokens
    // send their 2 pairs to the chips of their experts, 7/8 of them elsewhere: 64 x 2 x 4096 x 2 B x 7/8 =
    // 917,504 B per chip for dispatch and for combine; no all-reduce (tp 1).
    void expertsPastTheReplicaTravelByAllToAll()
    {
        const auto step = expandTransformer(
            modelStep("mixtral-8x7b", { { "batch", 64 }, { "seq", 2048 }, { "tp", 1 }, { "dp", 8 }, { "ep", 8 } }),
            false, 8);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.expertLayout, std::string("ep"));
        for (const char* name : { "alltoall_dispatch", "alltoall_combine" }) {
            const StepKernelInfo* info = findInfo(step, name);
            QVERIFY2(info, name);
            QCOMPARE(info->bytesPerChip, 917504.0);
        }
        QVERIFY(!findKernel(step, "allreduce_ffn"));
    }

    // The layouts' rules, each refusal naming itself.
    void expertLayoutRefusals()
    {
        const auto tpWithEp = expandTransformer(
            modelStep("mixtral-8x7b", { { "seq", 1 }, { "ep", 4 } }, { { "expert_layout", "tp" } }), false, 8);
        QVERIFY2(tpWithEp.error.find("expert_layout=tp") != std::string::npos, tpWithEp.error.c_str());
        const auto epUnderTp = expandTransformer(
            modelStep("mixtral-8x7b", { { "seq", 1 }, { "ep", 4 } }, { { "expert_layout", "ep" } }), false, 8);
        QVERIFY2(epUnderTp.error.find("expert_layout=both") != std::string::npos, epUnderTp.error.c_str());
        const auto bothUneven = expandTransformer(
            modelStep("mixtral-8x7b", { { "seq", 1 }, { "ep", 3 } }, { { "expert_layout", "both" } }), false, 8);
        QVERIFY2(bothUneven.error.find("divides tp") != std::string::npos, bothUneven.error.c_str());
        const auto dense
            = expandTransformer(modelStep("llama-3.1-70b", { { "seq", 1 } }, { { "expert_layout", "ep" } }), false, 8);
        QVERIFY2(dense.error.find("need experts") != std::string::npos, dense.error.c_str());
        // Without expert_layout an ep below tp means groups (both), at or above it whole experts (ep).
        const auto inferred = expandTransformer(modelStep("mixtral-8x7b", { { "seq", 1 }, { "ep", 4 } }), false, 8);
        QVERIFY2(inferred.error.empty(), inferred.error.c_str());
        QCOMPARE(inferred.config.expertLayout, std::string("both"));
    }

    // An all-reduce of M bytes over 8 chips on a link of 450 GB/s and 0.47 us per hop:
    //   decode, batch 1 of hidden 8192 in bf16, M = 16,384 B:
    //     ring     2 x 7/8 x M = 28,672 B, 14 hops: 0.0637 + 6.58 = 6.64 us
    //     two_shot 28,672 B, 2 hops: 0.0637 + 0.94 = 1.00 us
    //     one_shot 7 x M = 114,688 B, 1 hop: 0.255 + 0.47 = 0.725 us   <- the least
    //   prefill, 8192 tokens, M = 134,217,728 B:
    //     ring     234,881,024 B: 521.96 + 6.58 us
    //     two_shot the same bytes, 2 hops: 521.96 + 0.94 us               <- the least
    //     one_shot 939,524,096 B: 2087.8 + 0.47 us
    // On a ring or torus only the ring runs; a switch that reduces adds in_switch, 9/8 x M in 2 hops.
    void oneShotAgainstRingAtDecodeAndPrefill()
    {
        StepKernelInfo decode = allReduce(16384.0, 8.0);
        QVERIFY(chooseCollectiveAlgorithm(decode, link(true, false), "auto").empty());
        QCOMPARE(std::string(decode.algorithm), std::string("one_shot"));
        QCOMPARE(decode.bytesPerChip, 114688.0);
        QCOMPARE(decode.hops, 1.0);
        ROOFSCOPE_COMPARE_REL(
            collectiveSeconds(decode.bytesPerChip, decode.hops, link(true, false)), 114688.0 / 450e9 + 0.47e-6, 1e-15);

        StepKernelInfo prefill = allReduce(134217728.0, 8.0);
        QVERIFY(chooseCollectiveAlgorithm(prefill, link(true, false), "auto").empty());
        QCOMPARE(std::string(prefill.algorithm), std::string("two_shot"));
        QCOMPARE(prefill.bytesPerChip, 234881024.0);
        QCOMPARE(prefill.hops, 2.0);

        StepKernelInfo ring = allReduce(16384.0, 8.0);
        QVERIFY(chooseCollectiveAlgorithm(ring, link(false, false), "auto").empty());
        QCOMPARE(std::string(ring.algorithm), std::string("ring"));
        QCOMPARE(ring.bytesPerChip, 28672.0);
        QCOMPARE(ring.hops, 14.0);

        StepKernelInfo sharp = allReduce(134217728.0, 8.0);
        QVERIFY(chooseCollectiveAlgorithm(sharp, link(true, true), "auto").empty());
        QCOMPARE(std::string(sharp.algorithm), std::string("in_switch"));
        QCOMPARE(sharp.bytesPerChip, 134217728.0 * 9 / 8);

        // Pinned: the algorithm asked for, or an error when the link lacks what it needs.
        StepKernelInfo pinned = allReduce(16384.0, 8.0);
        QVERIFY(chooseCollectiveAlgorithm(pinned, link(true, true), "ring").empty());
        QCOMPARE(std::string(pinned.algorithm), std::string("ring"));
        const std::string refused = chooseCollectiveAlgorithm(pinned, link(true, false), "in_switch");
        QVERIFY2(refused.find("switch_reduction") != std::string::npos, refused.c_str());
        QVERIFY(!chooseCollectiveAlgorithm(pinned, link(false, false), "one_shot").empty());
    }

    // A session names a model: as the kernel's `model:` key or under params; the group's own parameters
    // override the model's; an unknown id is an error at the line naming the known ones.
    void sessionsNameTheirModel()
    {
        const auto loaded = loadSessionText(R"(schema: roofscope-session/1
devices: [nvidia-h100-sxm]
kernels:
  - name: served
    template: transformer
    model: llama-3.1-70b
    params: {batch: 8, seq: 1024, layers: 40}
)",
            "model.yaml");
        QVERIFY2(loaded.session, firstError(loaded.diagnostics).c_str());
        const TemplateInstance& t = *loaded.session->kernels[0].templ;
        QCOMPARE(t.options.at("model"), std::string("llama-3.1-70b"));
        QCOMPARE(transformerParameter(t, "hidden"), 8192.0);
        QCOMPARE(transformerParameter(t, "layers"), 40.0);
        const auto step = expandTransformer(t);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.layers, 40.0);
        QCOMPARE(step.config.vocab, 128256.0);

        const auto unknown = loadSessionText(R"(schema: roofscope-session/1
devices: [nvidia-h100-sxm]
kernels:
  - name: served
    template: transformer
    params: {model: llama-9, batch: 8, seq: 1024}
)",
            "unknown.yaml");
        QVERIFY(!unknown.session);
        const std::string error = firstError(unknown.diagnostics);
        QVERIFY2(error.find("unknown model 'llama-9'") != std::string::npos, error.c_str());
        QVERIFY2(error.find("deepseek-v3") != std::string::npos, error.c_str());
        QVERIFY2(error.find(":6:") != std::string::npos, error.c_str());
    }

    // A model file's mistakes are errors at their line; a later folder's model replaces a shipped one.
    void catalogueFilesAreCheckedAndOverridden()
    {
        const auto badKey = loadModelText(R"(schema: roofscope-model/1
id: tiny
name: Tiny
source: https://example.org/config.json
shape:
  layers: 2
  hiden: 64
)",
            "tiny.yaml");
        QVERIFY(badKey.models.empty());
        QVERIFY2(firstError(badKey.diagnostics).find("tiny.yaml:7:") != std::string::npos,
            firstError(badKey.diagnostics).c_str());
        const auto noStep = loadModelText(R"(schema: roofscope-model/1
id: tiny
name: Tiny
source: https://example.org/config.json
shape: {layers: 2, hidden: 64, heads: 3, ffn: 128, vocab: 100}
)",
            "tiny.yaml");
        QVERIFY(noStep.models.empty());
        QVERIFY2(firstError(noStep.diagnostics).find("multiple of heads") != std::string::npos,
            firstError(noStep.diagnostics).c_str());

        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("mine.yaml")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("schema: roofscope-model/1\nid: llama-3.1-8b\nname: My 8B\nsource: https://example.org/c.json\n"
                   "shape: {layers: 16, hidden: 4096, heads: 32, kv_heads: 8, ffn: 14336, vocab: 128256}\n");
        file.close();
        const auto both = loadModelCatalogue({ ROOFSCOPE_MODELS_DIR, dir.path().toStdString() });
        QVERIFY2(!hasErrors(both.diagnostics), firstError(both.diagnostics).c_str());
        const auto mine = std::find_if(
            both.models.begin(), both.models.end(), [](const TransformerPreset& m) { return m.id == "llama-3.1-8b"; });
        QVERIFY(mine != both.models.end());
        QCOMPARE(mine->name, std::string("My 8B"));
        QCOMPARE(std::count_if(both.models.begin(), both.models.end(),
                     [](const TransformerPreset& m) { return m.id == "llama-3.1-8b"; }),
            std::ptrdiff_t { 1 });
    }

    // A group's totals (what the regime map's cells and a group's row use) are the sums of its kernels:
    // every kernel's FLOPs (collectives' additions included) and memory bytes, without making the kernels.
    void totalsAreTheKernelsSums_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("phase");
        QTest::addColumn<double>("chips");
        QTest::addColumn<QString>("fused");
        QTest::newRow("Llama decode, 8 chips") << "llama-3.1-70b"
                                               << "decode" << 8.0 << "true";
        QTest::newRow("Mixtral prefill, split projections") << "mixtral-8x7b"
                                                            << "prefill" << 4.0 << "false";
        QTest::newRow("DeepSeek-V3 decode (latent, absorbed)") << "deepseek-v3"
                                                               << "decode" << 8.0 << "true";
        QTest::newRow("DeepSeek-V3 prefill, one chip") << "deepseek-v3"
                                                       << "prefill" << 1.0 << "false";
        QTest::newRow("gpt-oss-120b decode") << "gpt-oss-120b"
                                             << "decode" << 2.0 << "true";
    }
    void totalsAreTheKernelsSums()
    {
        QFETCH(QString, model);
        QFETCH(QString, phase);
        QFETCH(double, chips);
        QFETCH(QString, fused);
        const auto step = expandTransformer(modelStep(model.toStdString(), { { "batch", 16 }, { "seq", 512 } },
                                                { { "phase", phase.toStdString() }, { "fused", fused.toStdString() } }),
            false, chips);
        QVERIFY2(step.error.empty(), step.error.c_str());
        double flops = 0.0;
        double bytes = 0.0;
        for (const Kernel& k : step.kernels) {
            flops += k.count * k.flops;
            bytes += k.count * k.bytesOn("default");
        }
        const StepTotals totals = stepTotals(step.config);
        ROOFSCOPE_COMPARE_REL(totals.flops, flops, 1e-12);
        ROOFSCOPE_COMPARE_REL(totals.bytes, bytes, 1e-12);
    }

    // Choosing another model replaces the shape whole: DeepSeek-V3's fp8 weights, its experts and its
    // expert layout do not carry over to Llama; the step and the parallelism stay.
    void anotherModelReplacesTheShape()
    {
        TemplateInstance t = modelStep("deepseek-v3", { { "batch", 8 }, { "seq", 1024 }, { "tp", 8 } });
        applyTransformerPreset(*findTransformerPreset("deepseek-v3"), t);
        t.params["ep"] = 8;
        t.options["expert_layout"] = "ep";
        applyTransformerPreset(*findTransformerPreset("llama-3.1-70b"), t);
        QCOMPARE(t.options.at("model"), std::string("llama-3.1-70b"));
        QVERIFY(!t.options.contains("weight_dtype") && !t.options.contains("expert_layout"));
        QVERIFY(!t.params.contains("experts") && !t.params.contains("kv_lora_rank") && !t.params.contains("ep"));
        QCOMPARE(t.params.at("batch"), 8.0);
        QCOMPARE(t.params.at("tp"), 8.0);
        const auto step = expandTransformer(t, false, 8);
        QVERIFY2(step.error.empty(), step.error.c_str());
        QCOMPARE(step.config.weightDtype, std::string("bf16"));
        QVERIFY(!step.config.moe() && !step.config.mla());
    }

    // Every serving figure says the precisions it stands on; a weight-only narrow format says what
    // computing or caching in it would allow.
    void stepsSayTheirPrecision()
    {
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        const Hardware* h200 = db.find("nvidia-h200-sxm");
        QVERIFY(h200);
        const ServingStep s = evaluateServing(
            modelStep("llama-3.1-70b", { { "batch", 8 }, { "seq", 1024 } }, { { "weight_dtype", "fp8" } }), *h200, {});
        QVERIFY2(s.error.empty(), s.error.c_str());
        const auto said = std::find_if(s.assumptions.begin(), s.assumptions.end(),
            [](const std::string& a) { return a.rfind("compute bf16, weights fp8, KV cache bf16", 0) == 0; });
        QVERIFY(said != s.assumptions.end());
        QVERIFY2(said->find("dtype=fp8") != std::string::npos && said->find("kv_dtype=fp8") != std::string::npos,
            said->c_str());
    }
};

ROOFSCOPE_TEST_MAIN(TestModelCatalogue)
#include "test_model_catalogue.moc"
