#include "model/serving/StepKernels.h"

#include "model/Precision.h"
#include "model/serving/Experts.h"
#include "model/serving/Parallelism.h"

namespace roofscope {

StepBuilder::StepBuilder(
    const TransformerConfig& config, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info)
    : m_config(config)
    , m_kernels(&kernels)
    , m_info(&info)
{
}

StepBuilder::StepBuilder(const TransformerConfig& config, StepTotals& totals)
    : m_config(config)
    , m_totals(&totals)
{
}

void StepBuilder::add(std::string_view name, double count, double flops, double bytes, double activationBytes)
{
    m_lastAdded = false;
    if (!(count > 0.0)) {
        return;
    }
    m_lastAdded = true;
    const double dp = m_config.dp;
    if (m_totals) {
        m_totals->flops += count * dp * flops;
        m_totals->bytes += count * dp * bytes;
        m_last = { count, dp * bytes, dp * activationBytes };
        return;
    }
    Kernel k;
    k.name = std::string(name);
    k.count = count;
    k.flops = dp * flops;
    k.bytes = { { "default", dp * bytes } };
    k.templatePrecision = m_config.dtype;
    m_kernels->push_back(std::move(k));
    StepKernelInfo info;
    info.activationBytes = dp * activationBytes;
    m_info->push_back(info);
}

void StepBuilder::matmul(std::string_view name, double count, const MatmulShape& s)
{
    const double in = s.inCopies * s.tokens * s.k * s.inSize;
    const double out = s.outCopies * s.tokens * s.n * s.outSize;
    const double weights = s.weightCopies * s.k * s.n * s.weightSize;
    add(name, count, s.flopCopies * 2.0 * s.tokens * s.k * s.n, in + weights + out, in + out);
}

void StepBuilder::scaleLastWeights(double factor)
{
    // Only the weights: the last matmul's inputs and outputs stay as counted.
    if (!m_lastAdded) {
        return; // the matmul before had no launch (count 0): nothing of it to scale
    }
    if (m_totals) {
        m_totals->bytes += m_last.count * (factor - 1.0) * (m_last.bytes - m_last.activationBytes);
        return;
    }
    Kernel& k = m_kernels->back();
    const double activations = m_info->back().activationBytes;
    const double weights = k.bytes.front().bytes - activations;
    k.bytes.front().bytes = activations + factor * weights;
}

void StepBuilder::gatedActivation(std::string_view name, double count, double elements)
{
    const double bytes = 3.0 * elements * *bytesPerElement(m_config.dtype);
    add(name, count, 5.0 * elements, bytes, bytes);
}

void StepBuilder::collective(std::string_view name, double count, CollectiveKind kind, double messageBytes,
    double participants, double flopsPerChip)
{
    if (!(count > 0.0)) {
        return;
    }
    const TransformerConfig& c = m_config;
    m_lastAdded = false;
    if (m_totals) {
        m_totals->flops += count * c.tp * c.dp * flopsPerChip; // its bytes are on the link, not in memory
        return;
    }
    StepKernelInfo info;
    info.collective = true;
    info.kind = kind;
    info.messageBytes = messageBytes;
    info.participants = participants;
    // A ring until a device's link is known (chooseCollectiveAlgorithm()).
    ScaleUpLink ring;
    chooseCollectiveAlgorithm(info, ring, "ring");
    Kernel k;
    k.name = std::string(name);
    k.count = count;
    // Every chip of a stage (tp x dp of them) sends its share and does its share of the arithmetic.
    k.flops = c.tp * c.dp * flopsPerChip;
    k.bytes = { { kScaleUpLevel, c.tp * c.dp * info.bytesPerChip } };
    k.templatePrecision = c.dtype;
    m_kernels->push_back(std::move(k));
    m_info->push_back(info);
}

namespace {

// q, k and v of multi-head (or grouped-query) attention: one kernel reading the layer's input once
// (fused, the default) or three.
void addQkvProjections(StepBuilder& b, const AttentionShape& a)
{
    const TransformerConfig& c = b.config();
    const double T = c.tokensPerStep();
    const double h = c.hidden;
    const double sa = a.sa;
    if (c.fusedProjections) {
        const double in = c.tp * T * h * sa;
        const double out = T * a.qWidth * sa + a.cacheCopies * 2.0 * T * a.kvWidth * a.skv;
        const double weights = h * a.qWidth * a.sw + a.kvCopies * 2.0 * h * a.kvWidth * a.sw;
        const double flops = 2.0 * T * h * (a.qWidth + a.cacheCopies * 2.0 * a.kvWidth);
        b.add("qkv_proj", c.layers, flops, in + weights + out, in + out);
        return;
    }
    b.matmul("q_proj", c.layers, MatmulShape { T, h, a.qWidth, sa, a.sw, sa, c.tp, 1.0, 1.0, 1.0 });
    MatmulShape kv { T, h, a.kvWidth, sa, a.sw, a.skv, c.tp, 1.0, 1.0, 1.0 };
    kv.weightCopies = a.kvCopies; // written into the KV cache
    kv.outCopies = a.cacheCopies;
    kv.flopCopies = a.cacheCopies;
    b.matmul("k_proj", c.layers, kv);
    b.matmul("v_proj", c.layers, kv);
}

// Multi-head attention over the cache: Q K^T reads Q and the cached K, P V the cached V. 5 FLOPs per
// score for the softmax (max, subtract, exp, sum, divide), on chip when fused.
void addHeadAttention(StepBuilder& b, const AttentionShape& a)
{
    const TransformerConfig& c = b.config();
    const double T = c.tokensPerStep();
    const double sa = a.sa;
    const double qkFlops = 2.0 * a.scores * c.headDim();
    const double qBytes = T * a.qWidth * sa;
    const double outBytes = T * a.qWidth * sa;
    // K (or V) of every sequence and every prompt.
    const double cacheBytes = a.cacheCopies * a.cachedTokens * a.kvWidth * a.skv;
    if (c.fusedAttention) {
        b.add("attn_scores", c.layers, qkFlops + 5.0 * a.scores, qBytes + cacheBytes, qBytes);
        b.add("attn_values", c.layers, qkFlops, cacheBytes + outBytes, outBytes);
    } else {
        const double scoreBytes = a.scores * sa;
        b.add("attn_scores", c.layers, qkFlops, qBytes + cacheBytes + scoreBytes, qBytes + scoreBytes);
        b.add("softmax", c.layers, 5.0 * a.scores, 2.0 * scoreBytes, 2.0 * scoreBytes);
        b.add("attn_values", c.layers, qkFlops, scoreBytes + cacheBytes + outBytes, scoreBytes + outBytes);
    }
}

// Multi-head latent attention (docs/model.md#latent-attention). The down-projections of the query and of
// the latent are small and held whole on every tp chip; the up-projections and o_proj split their
// heads over tp. Decode runs in the latent space (the up-projections absorbed into the query and the
// output, as FlashMLA does): every head reads the one latent cache once. Prefill expands the latent
// into per-head keys and values and attends over them.
void addLatentAttention(StepBuilder& b, const AttentionShape& a)
{
    const TransformerConfig& c = b.config();
    const double T = c.tokensPerStep();
    const double h = c.hidden;
    const double L = c.layers;
    const double sa = a.sa;
    const double heads = c.heads;
    const double latent = c.kvLoraRank + c.qkRopeHeadDim; // cached per token
    const double qHead = c.qkNopeHeadDim + c.qkRopeHeadDim;
    const double tp = c.tp;
    // Replicated down-projections: every tp chip reads the input and the weights and computes them.
    auto replicated = [&](std::string_view name, double width, double outBytes) {
        const double in = tp * T * h * sa;
        const double out = tp * outBytes;
        b.add(name, L, tp * 2.0 * T * h * width, in + tp * h * width * a.sw + out, in + out);
    };
    const double latentOut = T * latent * a.skv;
    if (c.qLoraRank > 0.0 && c.fusedProjections) {
        replicated("qkv_a_proj", c.qLoraRank + latent, T * c.qLoraRank * sa + latentOut);
    } else if (c.qLoraRank > 0.0) {
        replicated("q_a_proj", c.qLoraRank, T * c.qLoraRank * sa);
        replicated("kv_a_proj", latent, latentOut);
    } else {
        replicated("kv_a_proj", latent, latentOut);
    }
    const double qIn = c.qLoraRank > 0.0 ? c.qLoraRank : h;
    b.matmul(c.qLoraRank > 0.0 ? "q_b_proj" : "q_proj", L,
        MatmulShape { T, qIn, heads * qHead, sa, a.sw, sa, tp, 1.0, 1.0, 1.0 });
    if (c.prefill) {
        // Keys (no-rope part) and values of every context token from the latent; the rotary key is shared.
        const double tokens = a.cachedTokens;
        b.matmul("kv_b_proj", L,
            MatmulShape {
                tokens, c.kvLoraRank, heads * (c.qkNopeHeadDim + c.vHeadDim), a.skv, a.sw, sa, tp, 1.0, 1.0, 1.0 });
        const double qBytes = T * heads * qHead * sa;
        const double kBytes = tokens * (heads * c.qkNopeHeadDim + tp * c.qkRopeHeadDim) * sa;
        const double vBytes = tokens * heads * c.vHeadDim * sa;
        const double outBytes = T * heads * c.vHeadDim * sa;
        b.add("attn_scores", L, 2.0 * a.scores * qHead + 5.0 * a.scores, qBytes + kBytes, qBytes);
        b.add("attn_values", L, 2.0 * a.scores * c.vHeadDim, vBytes + outBytes, outBytes);
    } else {
        // Each head's no-rope query into the latent space, attention over the latent, values out of it.
        b.matmul(
            "q_absorb", L, MatmulShape { T * heads, c.qkNopeHeadDim, c.kvLoraRank, sa, a.sw, sa, 1.0, 1.0, 1.0, 1.0 });
        // The weights are per head: heads matrices of nope x latent, not one; the shape above counts one.
        b.scaleLastWeights(heads);
        const double qBytes = T * heads * latent * sa;
        const double cacheBytes = a.cacheCopies * a.cachedTokens * latent * a.skv; // read once for both
        const double outBytes = T * heads * c.kvLoraRank * sa;
        b.add("attn_scores", L, 2.0 * a.scores * latent + 5.0 * a.scores, qBytes + cacheBytes, qBytes);
        b.add("attn_values", L, 2.0 * a.scores * c.kvLoraRank, outBytes, outBytes);
        b.matmul("v_absorb", L, MatmulShape { T * heads, c.kvLoraRank, c.vHeadDim, sa, a.sw, sa, 1.0, 1.0, 1.0, 1.0 });
        b.scaleLastWeights(heads);
    }
}

// The dense FFN of the layers that keep one: gate and up (one kernel when fused), the gated activation,
// down.
void addDenseFfn(StepBuilder& b, double layers)
{
    const TransformerConfig& c = b.config();
    const double T = c.tokensPerStep();
    const double sa = *bytesPerElement(c.dtype);
    const double sw = *bytesPerElement(c.weightDtype);
    auto column = [&](double n) { return MatmulShape { T, c.hidden, n, sa, sw, sa, c.tp, 1.0, 1.0, 1.0 }; };
    if (c.gatedFfn && c.fusedProjections) {
        b.matmul("ffn_gate_up", layers, column(2.0 * c.ffn));
    } else {
        if (c.gatedFfn) {
            b.matmul("ffn_gate", layers, column(c.ffn));
        }
        b.matmul("ffn_up", layers, column(c.ffn));
    }
    if (c.gatedFfn) {
        b.gatedActivation("ffn_act", layers, T * c.ffn);
    }
    b.matmul("ffn_down", layers, MatmulShape { T, c.ffn, c.hidden, sa, sw, sa, 1.0, c.tp, 1.0, 1.0 });
}

} // namespace

AttentionShape attentionShape(const TransformerConfig& c)
{
    AttentionShape a;
    a.sa = *bytesPerElement(c.dtype);
    a.sw = *bytesPerElement(c.weightDtype);
    a.skv = *bytesPerElement(c.kvDtype);
    a.qWidth = c.heads * c.headDim();
    a.kvWidth = c.kvHeads * c.headDim();
    // Past its KV heads (one latent for MLA), each is held by tp / heads chips: replicated (each copy
    // computed and read by its chip) or, kv_shard=batch, its cache split by sequence.
    const double groups = c.kvGroups();
    a.kvCopies = c.tp > groups ? c.tp / groups : 1.0;
    a.cacheCopies = c.kvShardBatch ? 1.0 : a.kvCopies;
    // Prompts a decode step carries (chunked prefill) add each prompt's causal prefill over isl tokens.
    const double queries = c.prefill ? c.seq : 1.0; // query tokens per sequence
    const double causalShare = c.causal ? 0.5 : 1.0;
    a.scores = c.batch * c.heads * queries * c.seq * (c.prefill ? causalShare : 1.0)
        + c.prompts * c.heads * c.isl * c.isl * causalShare;
    a.cachedTokens = c.batch * c.seq + c.prompts * c.isl;
    return a;
}

void buildStepKernels(const TransformerConfig& c, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info)
{
    kernels.clear();
    info.clear();
    constexpr size_t kMostKernels = 40; // a dense or MoE step with every collective has fewer
    kernels.reserve(kMostKernels);
    info.reserve(kMostKernels);
    StepBuilder b(c, kernels, info);
    buildStep(b);
}

StepTotals stepTotals(const TransformerConfig& c)
{
    StepTotals totals;
    StepBuilder b(c, totals);
    buildStep(b);
    return totals;
}

void buildStep(StepBuilder& b)
{
    const TransformerConfig& c = b.config();
    const AttentionShape a = attentionShape(c);
    const double T = c.tokensPerStep();
    const double h = c.hidden;
    const double L = c.layers;
    const double tp = c.tp;
    const double sa = a.sa;

    addEmbedding(b);
    // RMS/layer norms: two per layer and the final one, repeated on every tp chip.
    b.add("norm", 2.0 * L + 1.0, tp * 10.0 * T * h, tp * (3.0 * T * h + 2.0 * h) * sa, tp * 3.0 * T * h * sa);
    if (c.mla()) {
        addLatentAttention(b, a);
    } else {
        addQkvProjections(b, a);
        addHeadAttention(b, a);
    }
    const double oWidth = c.mla() ? c.heads * c.vHeadDim : a.qWidth;
    b.matmul("o_proj", L, MatmulShape { T, oWidth, h, sa, a.sw, sa, 1.0, tp, 1.0, 1.0 });
    addAllReduce(b, "allreduce_attn", L);

    addDenseFfn(b, c.moe() ? c.denseLayers : L);
    if (c.moe()) {
        addExpertLayers(b);
    }
    // Every layer's FFN (dense or experts) ends with partial sums on the tp chips.
    addAllReduce(b, "allreduce_ffn", L);

    // The head: logits of the last token of each sequence (serving), of every token with
    // logits=all; decode has one token per sequence anyway, and a carried prompt gives one (its
    // request's first output token). Split over tp by vocabulary; the shards are gathered.
    MatmulShape head { T, h, c.vocab, sa, a.sw, sa, tp, 1.0, 1.0, 1.0 };
    head.tokens = c.allLogits ? T : (c.prefill ? c.batch : c.batch + c.prompts);
    head.weightSize = *bytesPerElement(c.lmHeadDtype);
    b.matmul("logits", 1.0, head);
    addLogitsGather(b, head.tokens);
    addPipelineSends(b);
}

} // namespace roofscope
