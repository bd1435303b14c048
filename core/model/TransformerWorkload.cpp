#include "model/TransformerWorkload.h"

#include "model/Precision.h"
#include "model/Units.h"

#include <array>
#include <cmath>

namespace roofscope {

namespace {

constexpr std::array<const char*, 8> kNumeric { "layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "batch",
    "seq" };
constexpr std::array<const char*, 6> kOptions { "phase", "attention", "ffn_gated", "dtype", "kv_dtype",
    "weight_dtype" };

Kernel makeKernel(const std::string& name, double count, double flops, double bytes, const std::string& precision)
{
    Kernel k;
    k.name = name;
    k.count = count;
    k.flops = flops;
    k.bytes = { { "default", bytes } };
    k.templatePrecision = precision;
    return k;
}

std::string readConfig(const TemplateInstance& t, TransformerConfig& c, bool allowFractional)
{
    for (const auto& [name, value] : t.params) {
        bool known = false;
        for (const char* n : kNumeric) {
            known = known || name == n;
        }
        if (!known) {
            return "transformer has no parameter '" + name
                + "' (it has layers hidden heads kv_heads ffn vocab batch seq phase attention ffn_gated dtype "
                  "kv_dtype weight_dtype)";
        }
        if (!std::isfinite(value) || value < 1.0 || value > 1e12 || (!allowFractional && std::floor(value) != value)) {
            return "transformer parameter " + name + " must be a whole number >= 1, got " + formatNumber(value, 8);
        }
    }
    for (const auto& [name, value] : t.options) {
        if (!isTransformerOption(name)) {
            return "transformer has no option '" + name + "'";
        }
    }
    auto get = [&](const char* name, double fallback) {
        auto it = t.params.find(name);
        return it != t.params.end() ? it->second : fallback;
    };
    for (const char* required : { "layers", "hidden", "heads", "ffn", "vocab", "seq" }) {
        if (!t.params.contains(required)) {
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
    if (std::fmod(c.hidden, c.heads) != 0.0) {
        return "transformer: hidden (" + formatNumber(c.hidden, 12) + ") must be a multiple of heads ("
            + formatNumber(c.heads, 12) + ")";
    }
    if (c.kvHeads > c.heads || std::fmod(c.heads, c.kvHeads) != 0.0) {
        return "transformer: heads (" + formatNumber(c.heads, 12) + ") must be a multiple of kv_heads ("
            + formatNumber(c.kvHeads, 12) + ")";
    }
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
    const std::string gated = option("ffn_gated", "true");
    if (gated != "true" && gated != "false") {
        return "transformer: ffn_gated must be true or false, not '" + gated + "'";
    }
    c.gatedFfn = gated == "true";
    c.dtype = option("dtype", "bf16");
    c.kvDtype = option("kv_dtype", c.dtype);
    c.weightDtype = option("weight_dtype", c.dtype);
    for (const auto& [name, value] : { std::pair<const char*, const std::string&> { "dtype", c.dtype },
             { "kv_dtype", c.kvDtype }, { "weight_dtype", c.weightDtype } }) {
        if (!bytesPerElement(value)) {
            return std::string("transformer: unknown data type ") + name + "=" + value
                + " (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4)";
        }
    }
    return {};
}

} // namespace

bool isTransformerOption(const std::string& name)
{
    for (const char* n : kOptions) {
        if (name == n) {
            return true;
        }
    }
    return false;
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
    if (name == "kv_heads") {
        return transformerParameter(instance, "heads");
    }
    return name == "batch" ? 1.0 : 0.0;
}

bool isKernelGroup(const Kernel& kernel)
{
    return kernel.templ && kernel.templ->name == kTransformerTemplate;
}

TransformerExpansion expandTransformer(const TemplateInstance& instance, bool allowFractional)
{
    TransformerExpansion out;
    if (instance.name != kTransformerTemplate) {
        out.error = "not a transformer: '" + instance.name + "'";
        return out;
    }
    out.error = readConfig(instance, out.config, allowFractional);
    if (!out.error.empty()) {
        return out;
    }
    const TransformerConfig& c = out.config;
    const double sa = *bytesPerElement(c.dtype); // activations
    const double sw = *bytesPerElement(c.weightDtype);
    const double skv = *bytesPerElement(c.kvDtype);
    const double tokens = c.tokensPerStep(); // T
    const double queries = c.prefill ? c.seq : 1.0; // query tokens per sequence
    const double context = c.seq; // keys and values each query attends to
    const double h = c.hidden;
    const double kvWidth = c.kvHeads * c.headDim(); // width of K and of V
    const double scores = c.batch * c.heads * queries * context; // attention score elements
    const double L = c.layers;
    const std::string& p = c.dtype;

    // A matmul of T tokens: [T, k] x [k, n], activations in, weights, `outSize` bytes per output.
    auto projection = [&](const std::string& name, double count, double k, double n, double outSize) {
        return makeKernel(name, count, 2.0 * tokens * k * n, tokens * k * sa + k * n * sw + tokens * n * outSize, p);
    };
    auto& ks = out.kernels;
    // RMS/layer norms: two per layer and the final one (the layernorm template's counts).
    ks.push_back(makeKernel("norm", 2.0 * L + 1.0, 10.0 * tokens * h, (3.0 * tokens * h + 2.0 * h) * sa, p));
    ks.push_back(projection("q_proj", L, h, h, sa));
    ks.push_back(projection("k_proj", L, h, kvWidth, skv)); // written into the KV cache
    ks.push_back(projection("v_proj", L, h, kvWidth, skv));
    // Q K^T: reads Q and the cached K (one K per KV head group); 5 FLOPs per score for the softmax
    // (max, subtract, exp, sum, divide), done on chip when fused.
    const double qkFlops = 2.0 * scores * c.headDim();
    const double qBytes = tokens * h * sa;
    const double kvBytes = c.batch * context * kvWidth * skv; // K (or V) of every sequence's cache
    if (c.fusedAttention) {
        ks.push_back(makeKernel("attn_scores", L, qkFlops + 5.0 * scores, qBytes + kvBytes, p));
        ks.push_back(makeKernel("attn_values", L, qkFlops, kvBytes + tokens * h * sa, p));
    } else {
        ks.push_back(makeKernel("attn_scores", L, qkFlops, qBytes + kvBytes + scores * sa, p));
        ks.push_back(makeKernel("softmax", L, 5.0 * scores, 2.0 * scores * sa, p));
        ks.push_back(makeKernel("attn_values", L, qkFlops, scores * sa + kvBytes + tokens * h * sa, p));
    }
    ks.push_back(projection("o_proj", L, h, h, sa));
    if (c.gatedFfn) {
        ks.push_back(projection("ffn_gate", L, h, c.ffn, sa));
    }
    ks.push_back(projection("ffn_up", L, h, c.ffn, sa));
    ks.push_back(projection("ffn_down", L, c.ffn, h, sa));
    ks.push_back(projection("logits", 1.0, h, c.vocab, sa));
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
            part.name = kernel.name + "/" + part.name;
            part.count *= kernel.count;
            part.precision = kernel.precision;
            part.unit = kernel.unit;
            out.push_back(std::move(part));
        }
    }
    return out;
}

std::string applyKernelGroup(Kernel& kernel, bool allowFractional)
{
    if (!isKernelGroup(kernel)) {
        return {};
    }
    auto expansion = expandTransformer(*kernel.templ, allowFractional);
    if (!expansion.error.empty()) {
        return expansion.error;
    }
    double flops = 0.0;
    double bytes = 0.0;
    for (const auto& part : expansion.kernels) {
        flops += part.count * part.flops;
        bytes += part.count * part.bytes.front().bytes;
    }
    kernel.flops = flops;
    kernel.bytes = { { "default", bytes } };
    kernel.templatePrecision = expansion.config.dtype;
    kernel.workingSetBytes.reset();
    return {};
}

} // namespace roofscope
