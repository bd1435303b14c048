#include "model/TransformerWorkload.h"

#include "model/Precision.h"
#include "model/Units.h"
#include "model/serving/ModelPresets.h"
#include "model/serving/StepKernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string_view>
#include <tuple>

namespace roofscope {

namespace {

constexpr std::array<const char*, 27> kNumeric { "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "batch",
    "seq", "head_dim", "tp", "pp", "dp", "ep", "experts", "top_k", "shared_experts", "expert_ffn", "dense_layers",
    "q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim", "memory_utilization", "isl",
    "osl", "concurrency" };
constexpr std::array<const char*, 16> kOptions { "model", "phase", "attention", "ffn_gated", "fused", "dtype",
    "kv_dtype", "weight_dtype", "expert_dtype", "lm_head_dtype", "kv_shard", "causal", "logits", "tied_embeddings",
    "allreduce", "expert_layout" };

// Whether `name` is one of kNumeric (a sorted copy, searched: the expansion runs per regime-map cell).
bool isNumericParameter(std::string_view name)
{
    static const std::vector<std::string_view> sorted = [] {
        std::vector<std::string_view> names(kNumeric.begin(), kNumeric.end());
        std::sort(names.begin(), names.end());
        return names;
    }();
    return std::binary_search(sorted.begin(), sorted.end(), name);
}

// Parameters that may be 0 (off).
bool mayBeZero(const std::string& name)
{
    return name == "experts" || name == "shared_experts" || name == "dense_layers" || name == "q_lora_rank"
        || name == "kv_lora_rank" || name == "qk_nope_head_dim" || name == "qk_rope_head_dim" || name == "v_head_dim";
}

std::string numberText(double v)
{
    return formatNumber(v, 12);
}

// A true/false option; returns an error, empty on success.
std::string readFlag(const TemplateInstance& t, const char* name, bool fallback, bool& value)
{
    auto it = t.options.find(name);
    if (it == t.options.end()) {
        value = fallback;
        return {};
    }
    if (it->second != "true" && it->second != "false") {
        return std::string("transformer: ") + name + " must be true or false, not '" + it->second + "'";
    }
    value = it->second == "true";
    return {};
}

std::string readShape(const TemplateInstance& t, TransformerConfig& c)
{
    auto get = [&](const char* name, double fallback) {
        auto it = t.params.find(name);
        return it != t.params.end() ? it->second : fallback;
    };
    // A request mix (isl and osl) sets the context itself: seq is then not asked for.
    const bool requests = t.params.contains("isl") || t.params.contains("osl");
    for (const char* required : { "layers", "hidden", "heads", "ffn", "vocab", "seq" }) {
        if (!t.params.contains(required) && !(requests && std::string_view(required) == "seq")) {
            return std::string("transformer needs the parameter '") + required + "'";
        }
    }
    c.layers = get("layers", 0.0);
    c.hidden = get("hidden", 0.0);
    c.heads = get("heads", 0.0);
    c.kvHeads = get("kv_heads", c.heads);
    c.ffn = get("ffn", 0.0);
    c.vocab = get("vocab", 0.0);
    c.batch = get("batch", 1.0);
    c.seq = get("seq", 0.0);
    c.headDimension = get("head_dim", 0.0);
    c.memoryUtilization = get("memory_utilization", 1.0);
    if (c.headDimension <= 0.0 && std::fmod(c.hidden, c.heads) != 0.0) {
        return "transformer: hidden (" + numberText(c.hidden) + ") must be a multiple of heads (" + numberText(c.heads)
            + ") unless head_dim is given";
    }
    if (c.kvHeads > c.heads || std::fmod(c.heads, c.kvHeads) != 0.0) {
        return "transformer: heads (" + numberText(c.heads) + ") must be a multiple of kv_heads ("
            + numberText(c.kvHeads) + ")";
    }
    c.qLoraRank = get("q_lora_rank", 0.0);
    c.kvLoraRank = get("kv_lora_rank", 0.0);
    c.qkNopeHeadDim = get("qk_nope_head_dim", 0.0);
    c.qkRopeHeadDim = get("qk_rope_head_dim", 0.0);
    c.vHeadDim = get("v_head_dim", 0.0);
    const bool mlaGiven = t.params.contains("q_lora_rank") || t.params.contains("qk_nope_head_dim")
        || t.params.contains("qk_rope_head_dim") || t.params.contains("v_head_dim");
    if (c.mla() && !(c.qkNopeHeadDim > 0.0 && c.qkRopeHeadDim > 0.0 && c.vHeadDim > 0.0)) {
        return "transformer: latent attention (kv_lora_rank) needs qk_nope_head_dim, qk_rope_head_dim and v_head_dim";
    }
    if (!c.mla() && mlaGiven) {
        return "transformer: q_lora_rank, qk_nope_head_dim, qk_rope_head_dim and v_head_dim belong to latent "
               "attention: "
               "give kv_lora_rank too";
    }
    c.experts = get("experts", 0.0);
    c.topK = get("top_k", 0.0);
    c.sharedExperts = get("shared_experts", 0.0);
    c.expertFfn = get("expert_ffn", c.ffn);
    c.denseLayers = get("dense_layers", 0.0);
    if (c.moe() && !(c.topK >= 1.0 && c.topK <= c.experts)) {
        return "transformer: top_k must be between 1 and experts (" + numberText(c.experts) + ") with experts, got "
            + numberText(c.topK);
    }
    if (!c.moe() && (t.params.contains("top_k") || c.sharedExperts > 0.0 || c.denseLayers > 0.0)) {
        return "transformer: top_k, shared_experts and dense_layers need experts >= 1";
    }
    if (c.denseLayers > c.layers) {
        return "transformer: dense_layers (" + numberText(c.denseLayers) + ") must not exceed layers ("
            + numberText(c.layers) + ")";
    }
    return {};
}

// Where the experts live (model/serving/Experts.h): expert_layout tp (the default), ep or both, and ep.
// Without expert_layout an ep > 1 means ep (ep >= tp) or both (ep < tp).
// `chips` <= 0 (no device yet) with tp not given: tp is 1 only until a device gives its chips, so an ep
// above it is kept within the chips there are (the device's expansion checks it).
std::string readExpertLayout(const TemplateInstance& t, TransformerConfig& c, double chips)
{
    const auto epParam = t.params.find("ep");
    const auto layoutOption = t.options.find("expert_layout");
    if (!c.moe()) {
        if ((epParam != t.params.end() && epParam->second > 1.0) || layoutOption != t.options.end()) {
            return "transformer: ep and expert_layout need experts >= 1";
        }
        c.ep = 1.0;
        c.expertLayout = "tp";
        return {};
    }
    const bool epGiven = epParam != t.params.end();
    std::string layout = layoutOption != t.options.end() ? layoutOption->second : std::string();
    if (layout.empty()) {
        layout = !epGiven || epParam->second <= 1.0 ? "tp" : (epParam->second >= c.tp ? "ep" : "both");
    }
    c.expertLayout = layout;
    if (layout == "tp") {
        if (epGiven && epParam->second != 1.0) {
            return "transformer: expert_layout=tp splits every expert over the tp chips, so ep is 1, not "
                + numberText(epParam->second) + " (expert_layout=ep or both spreads whole experts)";
        }
        c.ep = 1.0;
        return {};
    }
    if (layout != "ep" && layout != "both") {
        return "transformer: expert_layout must be tp, ep or both, not '" + layout + "'";
    }
    c.ep = epGiven ? epParam->second : c.tp;
    if (chips <= 0.0 && !t.params.contains("tp")) {
        c.ep = std::min(c.ep, c.tp * c.dp);
        c.expertLayout = c.ep > 1.0 ? "ep" : "tp";
        return {};
    }
    if (layout == "both") {
        if (!epGiven || !(c.ep > 1.0 && c.ep < c.tp) || std::fmod(c.tp, c.ep) != 0.0) {
            return "transformer: expert_layout=both needs ep between 1 and tp (" + numberText(c.tp)
                + ") that divides tp: ep groups of tp / ep chips";
        }
    } else if (c.ep < c.tp) {
        return "transformer: expert_layout=ep holds whole experts on at least the tp chips of a replica, so ep >= tp ("
            + numberText(c.tp) + "), not " + numberText(c.ep) + "; expert_layout=both groups tp / ep chips per expert";
    }
    if (c.ep > c.tp * c.dp || (c.ep > c.tp && std::fmod(c.ep, c.tp) != 0.0)) {
        return "transformer: ep (" + numberText(c.ep) + ") must not exceed the chips of a stage, tp x dp = "
            + numberText(c.tp * c.dp) + ", and past tp must be a multiple of it: whole replicas per expert group";
    }
    if (c.ep > c.experts) {
        return "transformer: ep (" + numberText(c.ep) + ") must not exceed experts (" + numberText(c.experts)
            + "): each expert group holds at least one whole expert";
    }
    return {};
}

std::string readParallelism(const TemplateInstance& t, TransformerConfig& c, double chips)
{
    auto get = [&](const char* name, double fallback) {
        auto it = t.params.find(name);
        return it != t.params.end() ? it->second : fallback;
    };
    c.pp = get("pp", 1.0);
    c.dp = get("dp", 1.0);
    const double tpDefault = chips > 0.0 ? chips / (c.pp * c.dp) : 1.0;
    c.tp = get("tp", tpDefault >= 1.0 && std::floor(tpDefault) == tpDefault ? tpDefault : 1.0);
    if (chips > 0.0 && c.tp * c.pp * c.dp != chips) {
        return "transformer: tp x pp x dp = " + numberText(c.tp) + " x " + numberText(c.pp) + " x " + numberText(c.dp)
            + " = " + numberText(c.tp * c.pp * c.dp) + ", but the device has " + numberText(chips) + " chips";
    }
    if (c.pp > c.layers) {
        return "transformer: pp (" + numberText(c.pp) + ") must not exceed layers (" + numberText(c.layers)
            + "): each stage holds at least one layer";
    }
    if (auto error = readExpertLayout(t, c, chips); !error.empty()) {
        return error;
    }
    // The shapes serving engines accept: whole heads per chip, and whole KV heads per chip (or whole
    // copies of them once tp passes kv_heads).
    if (std::floor(c.tp) == c.tp && c.tp > 1.0) {
        if (std::fmod(c.heads, c.tp) != 0.0) {
            return "transformer: tp (" + numberText(c.tp) + ") must divide heads (" + numberText(c.heads)
                + "): each chip holds whole attention heads";
        }
        if (c.tp <= c.kvHeads && std::fmod(c.kvHeads, c.tp) != 0.0) {
            return "transformer: tp (" + numberText(c.tp) + ") must divide kv_heads (" + numberText(c.kvHeads)
                + ") when it is at most kv_heads: each chip holds whole KV heads";
        }
        if (c.tp > c.kvHeads && std::fmod(c.tp, c.kvHeads) != 0.0) {
            return "transformer: tp (" + numberText(c.tp) + ") must be a multiple of kv_heads (" + numberText(c.kvHeads)
                + ") when it exceeds them: each KV head is copied to a whole number of chips";
        }
    }
    return {};
}

// A request mix (docs/serving.md#requests): each request's input (isl) and output (osl) tokens and the
// requests in flight over the whole device. The step becomes the decode step at full occupancy: batch
// concurrency / (dp x pp) per replica and pipeline micro-batch, at the mean context isl + osl/2.
std::string readRequests(const TemplateInstance& t, TransformerConfig& c, bool allowFractional)
{
    const bool isl = t.params.contains("isl");
    const bool osl = t.params.contains("osl");
    const bool concurrency = t.params.contains("concurrency");
    if (!isl && !osl) {
        return concurrency ? "transformer: concurrency needs isl and osl (each request's input and output tokens)"
                           : std::string();
    }
    if (isl != osl) {
        return "transformer: isl and osl go together: give both (each request's input and output tokens)";
    }
    if (t.params.contains("seq")) {
        return "transformer: give seq or isl and osl, not both (with isl and osl the step's context is isl + osl/2)";
    }
    if (t.options.contains("phase")) {
        return "transformer: give phase or isl and osl, not both (with isl and osl the step is the decode step and "
               "the prefill is counted per request)";
    }
    if (concurrency && t.params.contains("batch")) {
        return "transformer: give batch or concurrency, not both (batch: sequences per replica; concurrency: "
               "requests in flight over the whole device)";
    }
    c.isl = t.params.at("isl");
    c.osl = t.params.at("osl");
    const double microBatches = c.dp * c.pp;
    c.concurrency = concurrency ? t.params.at("concurrency") : c.batch * microBatches;
    if (!allowFractional && std::fmod(c.concurrency, microBatches) != 0.0) {
        return "transformer: concurrency (" + numberText(c.concurrency) + ") must be a multiple of dp x pp ("
            + numberText(microBatches) + "): each replica serves concurrency / dp requests in pp equal micro-batches";
    }
    c.batch = c.concurrency / microBatches;
    c.seq = c.isl + c.osl / 2.0;
    c.prefill = false;
    return {};
}

std::string readOptions(const TemplateInstance& t, TransformerConfig& c)
{
    auto option = [&](const char* name, const std::string& fallback) {
        auto it = t.options.find(name);
        return it != t.options.end() ? it->second : fallback;
    };
    const std::string phase = option("phase", "decode");
    if (phase != "prefill" && phase != "decode") {
        return "transformer: phase must be prefill or decode, not '" + phase + "'";
    }
    c.prefill = phase == "prefill";
    const std::string attention = option("attention", "fused");
    if (attention != "fused" && attention != "unfused") {
        return "transformer: attention must be fused or unfused, not '" + attention + "'";
    }
    c.fusedAttention = attention == "fused";
    const std::string logits = option("logits", "last");
    if (logits != "last" && logits != "all") {
        return "transformer: logits must be last or all, not '" + logits + "'";
    }
    c.allLogits = logits == "all";
    const std::string shard = option("kv_shard", "replicate");
    if (shard != "replicate" && shard != "batch") {
        return "transformer: kv_shard must be replicate or batch, not '" + shard + "'";
    }
    c.kvShardBatch = shard == "batch";
    for (const auto& [name, fallback, value] :
        { std::tuple<const char*, bool, bool*> { "ffn_gated", true, &c.gatedFfn }, { "causal", true, &c.causal },
            { "fused", true, &c.fusedProjections }, { "tied_embeddings", false, &c.tiedEmbeddings } }) {
        if (auto error = readFlag(t, name, fallback, *value); !error.empty()) {
            return error;
        }
    }
    const std::string allreduce = option("allreduce", "auto");
    if (allreduce != "auto" && allreduce != "ring" && allreduce != "one_shot" && allreduce != "two_shot"
        && allreduce != "in_switch") {
        return "transformer: allreduce must be auto, ring, one_shot, two_shot or in_switch, not '" + allreduce + "'";
    }
    c.allReduce = allreduce;
    c.dtype = option("dtype", "bf16");
    c.kvDtype = option("kv_dtype", c.dtype);
    c.weightDtype = option("weight_dtype", c.dtype);
    c.expertDtype = option("expert_dtype", c.weightDtype);
    c.lmHeadDtype = option("lm_head_dtype", c.dtype);
    for (const auto& [name, value] : { std::pair<const char*, const std::string&> { "dtype", c.dtype },
             { "kv_dtype", c.kvDtype }, { "weight_dtype", c.weightDtype }, { "expert_dtype", c.expertDtype },
             { "lm_head_dtype", c.lmHeadDtype } }) {
        if (!bytesPerElement(value)) {
            return std::string("transformer: unknown data type ") + name + "=" + value
                + " (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4)";
        }
    }
    return {};
}

std::string readConfig(const TemplateInstance& t, TransformerConfig& c, bool allowFractional, double chips)
{
    for (const auto& [name, value] : t.params) {
        if (!isNumericParameter(name)) {
            std::string names;
            for (const char* n : kNumeric) {
                names += std::string(names.empty() ? "" : " ") + n;
            }
            for (const char* n : kOptions) {
                names += std::string(" ") + n;
            }
            return "transformer has no parameter '" + name + "' (it has " + names + ")";
        }
        if (name == "memory_utilization") {
            // The share of each chip's memory an engine may fill (vLLM's gpu_memory_utilization): a
            // fraction, never above the whole.
            if (!std::isfinite(value) || value <= 0.0 || value > 1.0) {
                return "transformer parameter memory_utilization must be above 0 and at most 1 (the share of each "
                       "chip's memory the engine may use), got "
                    + formatNumber(value, 8);
            }
            continue;
        }
        const double lowest = mayBeZero(name) ? 0.0 : 1.0;
        if (!std::isfinite(value) || value < lowest || value > 1e12
            || (!allowFractional && std::floor(value) != value)) {
            return "transformer parameter " + name + " must be a whole number >= " + numberText(lowest) + ", got "
                + formatNumber(value, 8);
        }
    }
    for (const auto& [name, value] : t.options) {
        if (!isTransformerOption(name)) {
            return "transformer has no option '" + name + "'";
        }
    }
    if (auto error = readShape(t, c); !error.empty()) {
        return error;
    }
    if (auto error = readOptions(t, c); !error.empty()) {
        return error;
    }
    if (auto error = readParallelism(t, c, chips); !error.empty()) {
        return error;
    }
    return readRequests(t, c, allowFractional);
}

} // namespace

bool isTransformerOption(const std::string& name)
{
    static const std::vector<std::string_view> sorted = [] {
        std::vector<std::string_view> names(kOptions.begin(), kOptions.end());
        std::sort(names.begin(), names.end());
        return names;
    }();
    return std::binary_search(sorted.begin(), sorted.end(), std::string_view(name));
}

const std::vector<std::string>& transformerParameters()
{
    static const std::vector<std::string> names(kNumeric.begin(), kNumeric.end());
    return names;
}

const std::vector<std::string>& transformerOptions()
{
    static const std::vector<std::string> names(kOptions.begin(), kOptions.end());
    return names;
}

double transformerParameter(const TemplateInstance& instance, const std::string& name)
{
    if (auto it = instance.params.find(name); it != instance.params.end()) {
        return it->second;
    }
    if (auto model = instance.options.find("model"); model != instance.options.end()) {
        if (const TransformerPreset* preset = findTransformerPreset(model->second)) {
            for (const auto& [param, value] : preset->params) {
                if (param == name) {
                    return value;
                }
            }
        }
    }
    if (name == "kv_heads") {
        return transformerParameter(instance, "heads");
    }
    if (name == "head_dim") {
        const double heads = transformerParameter(instance, "heads");
        return heads > 0.0 ? transformerParameter(instance, "hidden") / heads : 0.0;
    }
    if (name == "ep") {
        const auto layout = instance.options.find("expert_layout");
        return layout != instance.options.end() && layout->second == "ep" ? transformerParameter(instance, "tp") : 1.0;
    }
    if (name == "expert_ffn") {
        return transformerParameter(instance, "ffn");
    }
    if ((name == "batch" && instance.params.contains("concurrency")) || name == "concurrency") {
        // Requests in flight over the device = batch per replica and micro-batch x dp x pp.
        const double microBatches = transformerParameter(instance, "dp") * transformerParameter(instance, "pp");
        return name == "batch" ? instance.params.at("concurrency") / microBatches
                               : transformerParameter(instance, "batch") * microBatches;
    }
    return name == "batch" || name == "tp" || name == "pp" || name == "dp" || name == "memory_utilization" ? 1.0 : 0.0;
}

void setTransformerParameter(TemplateInstance& instance, const std::string& name, double value)
{
    if (name == "batch" && instance.params.contains("concurrency")) {
        instance.params["concurrency"]
            = value * transformerParameter(instance, "dp") * transformerParameter(instance, "pp");
        return;
    }
    instance.params[name] = value;
}

namespace {
// The instance's step (its model's shape under its own values) read and checked; an error, empty on success.
// The model's shape put under an instance, kept per thread: a regime map's cells, a serving curve's
// batches and the verdict's searches resolve the same group over and over with other values only.
struct ResolvedModel {
    bool valid = false;
    unsigned generation = 0; // transformerPresetGeneration() when it was resolved
    TemplateInstance input; // the instance it was resolved for: its options and its parameters' names count
    TemplateInstance resolved;
};

bool sameParameterNames(const std::map<std::string, double>& a, const std::map<std::string, double>& b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) { return x.first == y.first; });
}

// The instance with its model's shape filled in (resolveTransformerModel()). When the last instance this
// thread resolved had the same options and parameter names, only the values are copied onto it.
std::string resolveCached(const TemplateInstance& instance, const TemplateInstance*& out)
{
    thread_local ResolvedModel cache;
    const unsigned generation = transformerPresetGeneration();
    if (cache.valid && cache.generation == generation && cache.input.options == instance.options
        && sameParameterNames(cache.input.params, instance.params)) {
        auto to = cache.resolved.params.begin();
        for (const auto& [name, value] : instance.params) {
            while (to->first != name) { // every name of the instance is among the resolved ones, in order
                ++to;
            }
            to->second = value;
        }
        out = &cache.resolved;
        return {};
    }
    cache.valid = false;
    if (std::string error = resolveTransformerModel(instance, cache.resolved); !error.empty()) {
        return error;
    }
    cache.input = instance;
    cache.generation = generation;
    cache.valid = true;
    out = &cache.resolved;
    return {};
}

std::string readTransformer(const TemplateInstance& instance, bool allowFractional, double chips, TransformerConfig& c)
{
    if (!instance.options.contains("model")) {
        return readConfig(instance, c, allowFractional, chips);
    }
    const TemplateInstance* resolved = nullptr;
    if (std::string error = resolveCached(instance, resolved); !error.empty()) {
        return error;
    }
    return readConfig(*resolved, c, allowFractional, chips);
}
} // namespace

bool isKernelGroup(const Kernel& kernel)
{
    return kernel.templ && kernel.templ->name == kTransformerTemplate;
}

TransformerExpansion expandTransformer(const TemplateInstance& instance, bool allowFractional, double chips)
{
    TransformerExpansion out;
    if (instance.name != kTransformerTemplate) {
        out.error = "not a transformer: '" + instance.name + "'";
        return out;
    }
    out.error = readTransformer(instance, allowFractional, chips, out.config);
    if (!out.error.empty()) {
        return out;
    }
    buildStepKernels(out.config, out.kernels, out.info);
    return out;
}

std::vector<Kernel> expandKernelGroups(const std::vector<Kernel>& kernels, std::vector<std::string>* errors)
{
    std::vector<Kernel> out;
    out.reserve(kernels.size());
    for (const auto& kernel : kernels) {
        if (!isKernelGroup(kernel)) {
            out.push_back(kernel);
            continue;
        }
        auto expansion = expandTransformer(*kernel.templ);
        if (!expansion.error.empty()) {
            if (errors) {
                errors->push_back("kernel '" + kernel.name + "': " + expansion.error);
            }
            continue;
        }
        for (auto& part : expansion.kernels) {
            out.push_back(groupPartKernel(kernel, std::move(part)));
        }
    }
    return out;
}

Kernel groupPartKernel(const Kernel& group, Kernel part, double chips)
{
    auto origin = std::make_shared<KernelGroupPart>();
    origin->step = *group.templ;
    origin->part = part.name;
    origin->groupCount = group.count;
    origin->chips = chips;
    part.name = group.name + "/" + part.name;
    part.count *= group.count;
    part.precision = group.precision;
    part.unit = group.unit;
    part.groupPart = std::move(origin);
    return part;
}

std::string applyKernelGroup(Kernel& kernel, bool allowFractional)
{
    if (!isKernelGroup(kernel)) {
        return {};
    }
    // The step's totals without making its kernels (this runs for every cell of a group's regime map).
    TransformerConfig config;
    if (std::string error = readTransformer(*kernel.templ, allowFractional, 0.0, config); !error.empty()) {
        return error;
    }
    const StepTotals totals = stepTotals(config);
    kernel.flops = totals.flops;
    kernel.bytes = { { "default", totals.bytes } };
    kernel.templatePrecision = config.dtype;
    kernel.workingSetBytes.reset();
    return {};
}

} // namespace roofscope
