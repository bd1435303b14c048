#include "model/serving/ModelPresets.h"

#include "model/Text.h"

namespace roofscope {

const std::vector<TransformerPreset>& transformerPresets()
{
    // Dimensions from each model's config.json on Hugging Face (the source given). The MoE parameters
    // of the dense models are reset to dense (experts 0), so a preset replaces a shape whole.
    static const std::vector<TransformerPreset> presets {
        { "llama-3-8b", "Llama-3-8B",
            { { "layers", 32 }, { "hidden", 4096 }, { "heads", 32 }, { "kv_heads", 8 }, { "ffn", 14336 },
                { "vocab", 128256 }, { "experts", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/meta-llama/Meta-Llama-3-8B", {} },
        { "llama-3-70b", "Llama-3-70B",
            { { "layers", 80 }, { "hidden", 8192 }, { "heads", 64 }, { "kv_heads", 8 }, { "ffn", 28672 },
                { "vocab", 128256 }, { "experts", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/meta-llama/Meta-Llama-3-70B", {} },
        { "llama-2-70b", "Llama-2-70B",
            { { "layers", 80 }, { "hidden", 8192 }, { "heads", 64 }, { "kv_heads", 8 }, { "ffn", 28672 },
                { "vocab", 32000 }, { "experts", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/meta-llama/Llama-2-70b-hf", {} },
        { "llama-3.1-405b", "Llama-3.1-405B",
            { { "layers", 126 }, { "hidden", 16384 }, { "heads", 128 }, { "kv_heads", 8 }, { "ffn", 53248 },
                { "vocab", 128256 }, { "experts", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/meta-llama/Llama-3.1-405B", {} },
        { "mixtral-8x7b", "Mixtral-8x7B",
            { { "layers", 32 }, { "hidden", 4096 }, { "heads", 32 }, { "kv_heads", 8 }, { "ffn", 14336 },
                { "vocab", 32000 }, { "experts", 8 }, { "top_k", 2 }, { "shared_experts", 0 }, { "expert_ffn", 14336 },
                { "dense_layers", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1", {} },
        { "mixtral-8x22b", "Mixtral-8x22B",
            { { "layers", 56 }, { "hidden", 6144 }, { "heads", 48 }, { "kv_heads", 8 }, { "ffn", 16384 },
                { "vocab", 32768 }, { "experts", 8 }, { "top_k", 2 }, { "shared_experts", 0 }, { "expert_ffn", 16384 },
                { "dense_layers", 0 }, { "head_dim", 128 } },
            {}, "https://huggingface.co/mistralai/Mixtral-8x22B-v0.1", {} },
        { "deepseek-v3", "DeepSeek-V3-shaped",
            { { "layers", 61 }, { "hidden", 7168 }, { "heads", 128 }, { "kv_heads", 1 }, { "head_dim", 288 },
                { "ffn", 18432 }, { "vocab", 129280 }, { "experts", 256 }, { "top_k", 8 }, { "shared_experts", 1 },
                { "expert_ffn", 2048 }, { "dense_layers", 3 } },
            { { "weight_dtype", "fp8" }, { "lm_head_dtype", "bf16" } },
            "https://huggingface.co/deepseek-ai/DeepSeek-V3",
            "multi-head latent attention is modelled as one K/V head of width 288 (the cache per token "
            "is right; q/o projections are larger than MLA's)" },
    };
    return presets;
}

void applyTransformerPreset(const TransformerPreset& preset, TemplateInstance& instance)
{
    for (const auto& [name, value] : preset.params) {
        instance.params[name] = value;
    }
    for (const auto& [name, value] : preset.options) {
        instance.options[name] = value;
    }
}

const TransformerPreset* findTransformerPreset(const std::string& idOrName)
{
    for (const TransformerPreset& p : transformerPresets()) {
        if (equalsIgnoreCase(p.id, idOrName) || equalsIgnoreCase(p.name, idOrName)) {
            return &p;
        }
    }
    return nullptr;
}

} // namespace roofscope
