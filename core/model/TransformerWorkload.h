#pragma once

#include "model/Kernel.h"

#include <string>
#include <vector>

namespace roofscope {

// One transformer step (SPEC 6.4, `workload transformer`), read from a template instance named
// "transformer": numeric parameters in `params`, the rest (phase, attention, ffn_gated and the
// dtypes) in `options`.
struct TransformerConfig {
    double layers = 0.0;
    double hidden = 0.0;
    double heads = 0.0;
    double kvHeads = 0.0; // grouped KV heads (GQA); default: heads
    double ffn = 0.0;
    double vocab = 0.0;
    double batch = 1.0;
    double seq = 0.0; // prefill: tokens per sequence; decode: tokens in the KV cache
    bool prefill = false;
    bool fusedAttention = true; // scores stay on chip (FlashAttention); unfused: through HBM
    bool gatedFfn = true; // three hidden x ffn matrices (Llama); false: two
    std::string dtype = "bf16"; // activations and compute
    std::string kvDtype; // the KV cache; default: dtype
    std::string weightDtype; // the weights; default: dtype

    double headDim() const { return hidden / heads; }
    // Tokens one step processes: batch x seq in prefill, batch in decode.
    double tokensPerStep() const { return prefill ? batch * seq : batch; }
};

struct TransformerExpansion {
    TransformerConfig config;
    std::vector<Kernel> kernels; // with their counts per step
    std::string error; // set when the parameters are refused; kernels is then empty
};

constexpr const char* kTransformerTemplate = "transformer";

// Whether `name` is one of the transformer's text options (kept in TemplateInstance::options).
bool isTransformerOption(const std::string& name);
// The transformer's numeric parameters (whole numbers >= 1), and its options, in the order of the
// `workload transformer` command's description.
const std::vector<std::string>& transformerParameters();
const std::vector<std::string>& transformerOptions();
// A parameter's value in an instance, or its default (kv_heads: heads; batch: 1; 0 when required).
double transformerParameter(const TemplateInstance& instance, const std::string& name);

// Checks the parameters and expands one step into its kernels:
//   norm (count 2 layers + 1), q_proj, k_proj, v_proj, attn_scores, softmax (unfused only),
//   attn_values, o_proj, ffn_gate (gated only), ffn_up, ffn_down (count layers each), logits (1).
// Every kernel's bytes are on the default memory level; its precision is `dtype`.
// `allowFractional`: parameters need not be whole numbers (solvers probing between them).
TransformerExpansion expandTransformer(const TemplateInstance& instance, bool allowFractional = false);

// Replaces every kernel group (a kernel whose template is "transformer") by its expanded kernels,
// named "GROUP/KERNEL", each count multiplied by the group's count and carrying the group's
// precision and unit. Other kernels are copied. Groups that do not expand are left out and their
// error goes to `errors` (when given).
std::vector<Kernel> expandKernelGroups(const std::vector<Kernel>& kernels, std::vector<std::string>* errors = nullptr);

// For a kernel group: checks it and fills its flops and default bytes with the step's totals (so
// code that does not expand groups still sees the whole step). Returns an error, empty on success.
std::string applyKernelGroup(Kernel& kernel, bool allowFractional = false);

bool isKernelGroup(const Kernel& kernel);

} // namespace roofscope
