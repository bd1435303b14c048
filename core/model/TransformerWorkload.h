#pragma once

#include "model/Kernel.h"

#include <string>
#include <vector>

namespace roofscope {

// One transformer step (docs/model.md#serving-a-transformer, `workload transformer`), read from a template
// instance named "transformer": numeric parameters in `params`, the rest (phase, attention, ffn_gated, the
// dtypes, kv_shard, causal, logits, tied_embeddings) in `options`. The serving model built on it
// (model/serving/) expands the step on N chips: tensor (tp), pipeline (pp), data (dp) and expert (ep)
// parallelism, mixture-of-experts layers, collectives on the scale-up link.
struct TransformerConfig {
    double layers = 0.0;
    double hidden = 0.0;
    double heads = 0.0;
    double kvHeads = 0.0; // grouped KV heads (GQA); default: heads
    double ffn = 0.0;
    double vocab = 0.0;
    double batch = 1.0; // sequences per data-parallel replica
    double seq = 0.0; // prefill: tokens per sequence; decode: tokens in the KV cache
    double headDimension = 0.0; // head_dim; default: hidden / heads
    // Multi-head latent attention (DeepSeek-V2/V3, docs/model.md#latent-attention): queries through a
    // rank q_lora_rank bottleneck (0: one full projection), keys and values from a rank kv_lora_rank
    // latent that the cache holds with a qk_rope_head_dim rotary key shared by the heads.
    double qLoraRank = 0.0;
    double kvLoraRank = 0.0; // > 0: latent attention
    double qkNopeHeadDim = 0.0;
    double qkRopeHeadDim = 0.0;
    double vHeadDim = 0.0;
    bool prefill = false;
    bool fusedAttention = true; // scores stay on chip (FlashAttention); unfused: through HBM
    bool gatedFfn = true; // three hidden x ffn matrices (Llama); false: two
    bool fusedProjections = true; // q/k/v one kernel and gate/up one kernel, as engines run them
    bool causal = true; // prefill attention scores halved (the causal mask skips them)
    bool allLogits = false; // prefill: logits of every token (training); default: the last one only
    bool tiedEmbeddings = false; // embedding table and head are one matrix (at lm_head_dtype)
    bool kvShardBatch = false; // tp > kv_heads: split the cache by sequence; false: replicate heads
    std::string dtype = "bf16"; // activations and compute
    std::string kvDtype; // the KV cache; default: dtype
    std::string weightDtype; // the weights; default: dtype
    std::string expertDtype; // the routed experts' weights; default: weight_dtype
    std::string allReduce = "auto"; // the all-reduce algorithm: auto (the least time), ring, one_shot, ...
    std::string lmHeadDtype; // the head (and tied embeddings); default: dtype
    // Parallelism (whole numbers; tp x pp x dp = the device's chips) and mixture of experts.
    double tp = 1.0;
    double pp = 1.0;
    double dp = 1.0;
    double ep = 1.0; // expert-parallel degree: 1 with expert_layout tp, default tp with ep
    std::string expertLayout = "tp"; // tp, ep or both (model/serving/Experts.h)
    double experts = 0.0; // E routed experts per MoE layer; 0: dense
    double topK = 0.0; // k experts per token
    double sharedExperts = 0.0; // experts every token goes through
    double expertFfn = 0.0; // width of one expert; default ffn
    double denseLayers = 0.0; // leading layers that keep the dense FFN
    // The share of each chip's memory the serving engine may fill (weights, cache, activations); the
    // rest is the engine's reserve. 1 (the default) is the bound: the whole capacity the driver reports.
    double memoryUtilization = 1.0;
    // A request mix (docs/serving.md#requests, model/serving/Requests.h): each request's input and output
    // tokens and the requests in flight over the whole device; isl 0: a single step. With them, batch is
    // concurrency / (dp x pp) and seq the mean context isl + osl/2 of the decode step.
    double isl = 0.0;
    double osl = 0.0;
    double concurrency = 0.0;
    // Prompt work a decode step carries besides its batch's tokens (chunked prefill), per replica: the
    // prompt tokens, and how many prompts' causal attention over isl tokens the step counts.
    double promptTokens = 0.0;
    double prompts = 0.0;

    double headDim() const { return headDimension > 0.0 ? headDimension : hidden / heads; }
    // The K/V heads the cache is split by: kv_heads, or the one latent of MLA.
    double kvGroups() const { return kvLoraRank > 0.0 ? 1.0 : kvHeads; }
    bool mla() const { return kvLoraRank > 0.0; }
    // Values per token per layer in the KV cache: K and V of every KV head, or MLA's latent and rotary key.
    double kvCacheWidth() const { return mla() ? kvLoraRank + qkRopeHeadDim : 2.0 * kvHeads * headDim(); }
    double chips() const { return tp * pp * dp; }
    bool moe() const { return experts > 0.0; }
    bool requests() const { return isl > 0.0; }
    // Tokens one replica processes per step: batch x seq in prefill, batch (and any prompt tokens) in decode.
    double tokensPerStep() const { return prefill ? batch * seq : batch + promptTokens; }
    // Tokens of the whole device per step (every data-parallel replica).
    double deviceTokensPerStep() const { return dp * tokensPerStep(); }
};

// The kinds of collective a step runs on the scale-up link (model/serving/Parallelism.h gives their
// algorithms).
enum class CollectiveKind { None, AllReduce, AllToAll, Gather, Send };

// What the serving model knows about one expanded kernel beyond its FLOPs and bytes.
struct StepKernelInfo {
    bool collective = false; // an all-reduce, all-to-all, gather or pipeline send on the scale-up link
    CollectiveKind kind = CollectiveKind::None;
    double messageBytes = 0.0; // collectives: the message (an all-reduce's M) per replica
    double participants = 0.0; // collectives: the chips taking part (tp, ep)
    // Collectives: bytes one chip sends per launch and latency terms per launch, with the algorithm
    // that gives them: a ring until a device's link is known, then the least time the link allows
    // (chooseCollectiveAlgorithm()).
    double bytesPerChip = 0.0;
    double hops = 0.0;
    const char* algorithm = "";
    double activationBytes = 0.0; // inputs and outputs other than weights and KV cache (group total)
};

struct TransformerExpansion {
    TransformerConfig config;
    std::vector<Kernel> kernels; // with their counts per step
    std::vector<StepKernelInfo> info; // one per kernel
    std::string error; // set when the parameters are refused; kernels is then empty
};

// The level name the expansion puts collective bytes on; placeScaleUpBytes() (model/serving/
// Parallelism.h) renames it to a device's first interconnect level.
constexpr const char* kScaleUpLevel = "scale-up";

constexpr const char* kTransformerTemplate = "transformer";

// Whether `name` is one of the transformer's text options (kept in TemplateInstance::options).
bool isTransformerOption(const std::string& name);
// The transformer's numeric parameters (whole numbers >= 1), and its options, in the order of the
// `workload transformer` command's description.
const std::vector<std::string>& transformerParameters();
const std::vector<std::string>& transformerOptions();
// A parameter's value in an instance, or its default (kv_heads: heads; batch: concurrency / (dp x pp)
// with a concurrency, else 1; concurrency: batch x dp x pp; tp, pp, dp: 1; head_dim: hidden / heads;
// ep: tp; expert_ffn: ffn; 0 when required or off, as isl and osl).
double transformerParameter(const TemplateInstance& instance, const std::string& name);

// Sets a parameter of an instance. On a request mix that gives its concurrency, batch sets the
// concurrency instead (batch x dp x pp): a step gives batch or concurrency, never both.
void setTransformerParameter(TemplateInstance& instance, const std::string& name, double value);

// Checks the parameters and expands one step into its kernels (with isl and osl: the decode step of the
// request mix, docs/serving.md#requests) (model/serving/StepKernels.h lists
// them): norms, projections, attention, FFN (or router and experts), logits, and with tp/pp/ep > 1
// the collectives. Flops and bytes are totals of the whole device (all tp x pp x dp chips); memory
// bytes are on the default level, collective bytes on kScaleUpLevel. Precision: `dtype`.
// `chips` > 0: the device's chips (tp defaults to chips / (pp x dp); a product tp x pp x dp other
// than chips is refused, naming the three numbers). `chips` <= 0: tp, pp, dp as given (default 1).
// `allowFractional`: parameters need not be whole numbers (solvers probing between them).
TransformerExpansion expandTransformer(
    const TemplateInstance& instance, bool allowFractional = false, double chips = 0.0);

// One kernel of a group's step as the group shows it: named "group/part", counted group.count times
// as often, in the group's precision and unit, and linked to its group (for `chips`: 0, tp, pp and dp
// as given; else the chips the part was expanded for).
Kernel groupPartKernel(const Kernel& group, Kernel part, double chips = 0.0);

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
