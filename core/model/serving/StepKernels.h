#pragma once

#include "model/Kernel.h"
#include "model/TransformerWorkload.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The kernels of one transformer step on tp x pp x dp chips (docs/model.md#kernels-of-one-step). Every
// figure is a total of the whole device: each replica's work times dp, and work a chip repeats (the input
// every tp chip reads, the partial sums every tp chip writes, replicated K/V heads) counted once per chip.
//
// Kernels, in order (count per step):
//   allreduce_embed (1, tp > 1: the vocabulary-parallel embedding's), norm (2 layers + 1), then attention: qkv_proj
//   (fused; q_proj, k_proj, v_proj with fused=false), attn_scores, softmax (unfused only), attn_values, or with latent
//   attention qkv_a_proj (q_a_proj and kv_a_proj unfused), q_b_proj, q_absorb (decode) or kv_b_proj (prefill),
//   attn_scores, attn_values, v_absorb (decode); o_proj, allreduce_attn (tp > 1); for the dense layers ffn_gate_up
//   (ffn_gate and ffn_up unfused), ffn_act (gated), ffn_down; for the MoE layers (model/serving/Experts.h) router, the
//   routed experts and shared experts with their all-to-alls; allreduce_ffn (layers, tp > 1); logits (1), gather_logits
//   (1, tp > 1), pp_send (pp - 1). Kernels with count 0 are left out.
// Memory kernels put their bytes on the "default" level, collectives on kScaleUpLevel.
void buildStepKernels(const TransformerConfig& config, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info);

// A matmul [tokens, k] x [k, n] per replica; the copies count what tp chips repeat.
struct MatmulShape {
    double tokens = 0.0;
    double k = 0.0;
    double n = 0.0;
    double inSize = 0.0; // bytes per element of the input, the weights and the output
    double weightSize = 0.0;
    double outSize = 0.0;
    double inCopies = 1.0; // column-parallel over tp: every chip reads the whole input (tp)
    double outCopies = 1.0; // row-parallel over tp: every chip writes a whole partial sum (tp)
    double weightCopies = 1.0; // matrices read: replicated K/V heads past kv_heads, distinct experts
    double flopCopies = 1.0; // work repeated on replicas
};

// The attention figures of a step per replica: sizes per element, widths, copies over tp and the
// scores and cached tokens the attention kernels go through.
struct AttentionShape {
    double sa = 0.0; // bytes per element: activations, weights, KV cache
    double sw = 0.0;
    double skv = 0.0;
    double qWidth = 0.0; // heads x head_dim
    double kvWidth = 0.0; // kv_heads x head_dim (each of K and V)
    double kvCopies = 1.0; // K/V heads (the latent) held by this many chips each
    double cacheCopies = 1.0; // copies of the cache read (kv_shard=batch: 1)
    double scores = 0.0; // query-key pairs over all heads, the causal mask applied
    double cachedTokens = 0.0; // tokens whose K/V (latent) the step attends over
};
AttentionShape attentionShape(const TransformerConfig& config);

// The step's totals without its kernels (what a group shows where its kernels are not drawn, and the regime
// map's cells): FLOPs of every kernel, collectives' additions included, and memory bytes.
struct StepTotals {
    double flops = 0.0;
    double bytes = 0.0; // on the default level
};
StepTotals stepTotals(const TransformerConfig& config);

// Appends kernels of one step, each figure per replica (multiplied by dp here); or, built on StepTotals,
// only adds them up (the same figures, no kernel made).
class StepBuilder {
public:
    StepBuilder(const TransformerConfig& config, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info);
    StepBuilder(const TransformerConfig& config, StepTotals& totals);

    const TransformerConfig& config() const { return m_config; }
    // A memory/compute kernel: FLOPs, bytes (weights, cache and activations) and the activation
    // bytes alone (inputs and outputs other than weights and cache), all per replica.
    void add(std::string_view name, double count, double flops, double bytes, double activationBytes);
    // 2 tokens k n FLOPs; tokens k in, k n weights, tokens n out (times their copies).
    void matmul(std::string_view name, double count, const MatmulShape& shape);
    // The gated FFN's activation, SiLU(gate) x up, over `elements` outputs: 5 FLOPs per element;
    // reads gate and up, writes the product: 3 x elements x s_a bytes.
    void gatedActivation(std::string_view name, double count, double elements);
    // A collective of a `messageBytes` message per replica among `participants` chips (its bytes per
    // chip and hops: a ring's until a device chooses, model/serving/Parallelism.h); `flopsPerChip` the
    // arithmetic each chip does on the way (an all-reduce's additions; 0 for a plain transfer).
    void collective(std::string_view name, double count, CollectiveKind kind, double messageBytes, double participants,
        double flopsPerChip = 0.0);
    // Multiplies the weight bytes of the kernel added last (per-head matrices counted once by its shape).
    void scaleLastWeights(double factor);

private:
    struct LastKernel {
        double count = 0.0;
        double bytes = 0.0;
        double activationBytes = 0.0;
    };
    const TransformerConfig& m_config;
    std::vector<Kernel>* m_kernels = nullptr;
    std::vector<StepKernelInfo>* m_info = nullptr;
    StepTotals* m_totals = nullptr;
    LastKernel m_last; // totals only: the kernel added last, for scaleLastWeights()
    bool m_lastAdded = false; // the last call added a memory/compute kernel (scaleLastWeights() applies to it)
};

// The kernels of a step, added to the builder in step order (buildStepKernels() and stepTotals()).
void buildStep(StepBuilder& builder);

} // namespace roofscope
