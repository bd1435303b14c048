#pragma once

#include "model/Kernel.h"
#include "model/TransformerWorkload.h"

#include <string>
#include <vector>

namespace roofscope {

// The kernels of one transformer step on tp x pp x dp chips (docs/model.md#kernels-of-one-step). Every
// figure is a total of the whole device: each replica's work times dp, and work a chip repeats (the input
// every tp chip reads, the partial sums every tp chip writes, replicated K/V heads) counted once per chip.
//
// Kernels, in order (count per step):
//   norm (2 layers + 1), q_proj, k_proj, v_proj, attn_scores, softmax (unfused only), attn_values,
//   o_proj, allreduce_attn (tp > 1), then for the dense layers ffn_gate, ffn_up, ffn_act (gated),
//   ffn_down, and for the MoE layers router, expert_gate, expert_up, expert_act, expert_down,
//   shared_expert_* (model/serving/Experts.h), alltoall_dispatch/combine (ep > 1), then
//   allreduce_ffn (tp > 1), logits (1), pp_send (pp - 1). Kernels with count 0 are left out.
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

// Appends kernels of one step, each figure per replica (multiplied by dp here).
class StepBuilder {
public:
    StepBuilder(const TransformerConfig& config, std::vector<Kernel>& kernels, std::vector<StepKernelInfo>& info);

    const TransformerConfig& config() const { return m_config; }
    // A memory/compute kernel: FLOPs, bytes (weights, cache and activations) and the activation
    // bytes alone (inputs and outputs other than weights and cache), all per replica.
    void add(const std::string& name, double count, double flops, double bytes, double activationBytes);
    // 2 tokens k n FLOPs; tokens k in, k n weights, tokens n out (times their copies).
    void matmul(const std::string& name, double count, const MatmulShape& shape);
    // The gated FFN's activation, SiLU(gate) x up, over `elements` outputs: 5 FLOPs per element;
    // reads gate and up, writes the product: 3 x elements x s_a bytes.
    void gatedActivation(const std::string& name, double count, double elements);
    // A collective: `bytesPerChip` sent by each chip of a stage per launch, `hops` latency terms,
    // `flopsPerChip` the arithmetic each chip does on the way (an all-reduce's additions; 0 for a
    // plain transfer).
    void collective(const std::string& name, double count, double bytesPerChip, double hops, double flopsPerChip = 0.0);

private:
    const TransformerConfig& m_config;
    std::vector<Kernel>& m_kernels;
    std::vector<StepKernelInfo>& m_info;
};

} // namespace roofscope
