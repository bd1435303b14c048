#include "model/serving/StepKernels.h"

#include "model/Precision.h"
#include "model/serving/Experts.h"
#include "model/serving/Parallelism.h"

namespace roofscope {

StepBuilder::StepBuilder(
    const TransformerConfig& config, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info)
    : m_config(config)
    , m_kernels(kernels)
    , m_info(info)
{
}

void StepBuilder::add(const std::string& name, double count, double flops, double bytes, double activationBytes)
{
    if (!(count > 0.0)) {
        return;
    }
    const double dp = m_config.dp;
    Kernel k;
    k.name = name;
    k.count = count;
    k.flops = dp * flops;
    k.bytes = { { "default", dp * bytes } };
    k.templatePrecision = m_config.dtype;
    m_kernels.push_back(std::move(k));
    StepKernelInfo info;
    info.activationBytes = dp * activationBytes;
    m_info.push_back(info);
}

void StepBuilder::matmul(const std::string& name, double count, const MatmulShape& s)
{
    const double in = s.inCopies * s.tokens * s.k * s.inSize;
    const double out = s.outCopies * s.tokens * s.n * s.outSize;
    const double weights = s.weightCopies * s.k * s.n * s.weightSize;
    add(name, count, s.flopCopies * 2.0 * s.tokens * s.k * s.n, in + weights + out, in + out);
}

void StepBuilder::gatedActivation(const std::string& name, double count, double elements)
{
    const double bytes = 3.0 * elements * *bytesPerElement(m_config.dtype);
    add(name, count, 5.0 * elements, bytes, bytes);
}

void StepBuilder::collective(
    const std::string& name, double count, double bytesPerChip, double hops, double flopsPerChip)
{
    if (!(count > 0.0)) {
        return;
    }
    const TransformerConfig& c = m_config;
    Kernel k;
    k.name = name;
    k.count = count;
    // Every chip of a stage (tp x dp of them) sends its share and does its share of the arithmetic.
    k.flops = c.tp * c.dp * flopsPerChip;
    k.bytes = { { kScaleUpLevel, c.tp * c.dp * bytesPerChip } };
    k.templatePrecision = c.dtype;
    m_kernels.push_back(std::move(k));
    StepKernelInfo info;
    info.collective = true;
    info.bytesPerChip = bytesPerChip;
    info.hops = hops;
    m_info.push_back(info);
}

void buildStepKernels(const TransformerConfig& c, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info)
{
    kernels.clear();
    info.clear();
    constexpr size_t kMostKernels = 32; // a dense or MoE step with every collective has fewer
    kernels.reserve(kMostKernels);
    info.reserve(kMostKernels);
    StepBuilder b(c, kernels, info);
    const double sa = *bytesPerElement(c.dtype); // activations
    const double sw = *bytesPerElement(c.weightDtype);
    const double skv = *bytesPerElement(c.kvDtype);
    const double sh = *bytesPerElement(c.lmHeadDtype);
    const double T = c.tokensPerStep();
    const double h = c.hidden;
    const double L = c.layers;
    const double tp = c.tp;
    const double qWidth = c.heads * c.headDim();
    const double kvWidth = c.kvHeads * c.headDim(); // width of K and of V
    // Past kv_heads chips, each K/V head is held by tp / kv_heads chips: replicated (each copy
    // computed and read by its chip) or, kv_shard=batch, its cache split by sequence.
    const double kvCopies = tp > c.kvHeads ? tp / c.kvHeads : 1.0;
    const double cacheCopies = c.kvShardBatch ? 1.0 : kvCopies;

    // Column-parallel (every tp chip reads the input) and row-parallel (every tp chip writes a
    // partial sum, reduced by the all-reduce) matmuls of T tokens.
    auto column = [&](double k, double n) { return MatmulShape { T, k, n, sa, sw, sa, tp, 1.0, 1.0, 1.0 }; };
    auto row = [&](double k, double n) { return MatmulShape { T, k, n, sa, sw, sa, 1.0, tp, 1.0, 1.0 }; };

    // RMS/layer norms: two per layer and the final one, repeated on every tp chip.
    b.add("norm", 2.0 * L + 1.0, tp * 10.0 * T * h, tp * (3.0 * T * h + 2.0 * h) * sa, tp * 3.0 * T * h * sa);
    b.matmul("q_proj", L, column(h, qWidth));
    MatmulShape kv = column(h, kvWidth);
    kv.outSize = skv; // written into the KV cache
    kv.weightCopies = kvCopies;
    kv.outCopies = cacheCopies;
    kv.flopCopies = cacheCopies;
    b.matmul("k_proj", L, kv);
    b.matmul("v_proj", L, kv);

    // Attention: Q K^T reads Q and the cached K, P V the cached V. 5 FLOPs per score for the
    // softmax (max, subtract, exp, sum, divide), on chip when fused. A causal prefill skips half.
    // Prompts a decode step carries (chunked prefill) add each prompt's causal prefill over isl tokens.
    const double queries = c.prefill ? c.seq : 1.0; // query tokens per sequence
    const double context = c.seq; // keys and values each query attends to
    const double causalShare = c.causal ? 0.5 : 1.0;
    const double scores = c.batch * c.heads * queries * context * (c.prefill ? causalShare : 1.0)
        + c.prompts * c.heads * c.isl * c.isl * causalShare;
    const double qkFlops = 2.0 * scores * c.headDim();
    const double qBytes = T * qWidth * sa;
    const double outBytes = T * qWidth * sa;
    // K (or V) of every sequence and every prompt.
    const double cacheBytes = cacheCopies * (c.batch * context + c.prompts * c.isl) * kvWidth * skv;
    if (c.fusedAttention) {
        b.add("attn_scores", L, qkFlops + 5.0 * scores, qBytes + cacheBytes, qBytes);
        b.add("attn_values", L, qkFlops, cacheBytes + outBytes, outBytes);
    } else {
        b.add("attn_scores", L, qkFlops, qBytes + cacheBytes + scores * sa, qBytes + scores * sa);
        b.add("softmax", L, 5.0 * scores, 2.0 * scores * sa, 2.0 * scores * sa);
        b.add("attn_values", L, qkFlops, scores * sa + cacheBytes + outBytes, scores * sa + outBytes);
    }
    b.matmul("o_proj", L, row(qWidth, h));
    addAllReduce(b, "allreduce_attn");

    const double denseLayers = c.moe() ? c.denseLayers : L;
    if (c.gatedFfn) {
        b.matmul("ffn_gate", denseLayers, column(h, c.ffn));
    }
    b.matmul("ffn_up", denseLayers, column(h, c.ffn));
    if (c.gatedFfn) {
        b.gatedActivation("ffn_act", denseLayers, T * c.ffn);
    }
    b.matmul("ffn_down", denseLayers, row(c.ffn, h));
    if (c.moe()) {
        addExpertLayers(b);
    }
    addAllReduce(b, "allreduce_ffn");

    // The head: logits of the last token of each sequence (serving), of every token with
    // logits=all; decode has one token per sequence anyway, and a carried prompt gives one (its
    // request's first output token). Split over tp by vocabulary.
    MatmulShape head = column(h, c.vocab);
    head.tokens = c.allLogits ? T : (c.prefill ? c.batch : c.batch + c.prompts);
    head.weightSize = sh;
    b.matmul("logits", 1.0, head);
    addPipelineSends(b);
}

} // namespace roofscope
