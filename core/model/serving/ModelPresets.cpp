#include "model/serving/ModelPresets.h"

#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/serving/ServingMemory.h"

#include <atomic>

namespace roofscope {

namespace {
std::vector<TransformerPreset>& catalogue()
{
    static std::vector<TransformerPreset> presets;
    return presets;
}

std::atomic<unsigned> g_catalogueGeneration { 0 };
} // namespace

const std::vector<TransformerPreset>& transformerPresets()
{
    return catalogue();
}

void installTransformerPresets(std::vector<TransformerPreset> presets)
{
    catalogue() = std::move(presets);
    g_catalogueGeneration.fetch_add(1);
}

unsigned transformerPresetGeneration()
{
    return g_catalogueGeneration.load();
}

void applyTransformerPreset(const TransformerPreset& preset, TemplateInstance& instance)
{
    // The shape is replaced whole: a dense model leaves no experts of the one before, a model without
    // latent attention no latent ranks. The step (batch, seq, the request mix) and the parallelism stay.
    for (const std::string& name : transformerParameters()) {
        if (isShapeParameter(name)) {
            instance.params.erase(name);
        }
    }
    // What a model's checkpoint and experts decide: the previous model's precisions and expert placement
    // do not carry over (DeepSeek-V3's fp8 onto Llama, an expert layout onto a dense model).
    for (const char* option : { "weight_dtype", "expert_dtype", "lm_head_dtype", "expert_layout" }) {
        instance.options.erase(option);
    }
    instance.params.erase("ep");
    for (const auto& [name, value] : preset.params) {
        instance.params[name] = value;
    }
    for (const auto& [name, value] : preset.options) {
        instance.options[name] = value;
    }
    instance.options["model"] = preset.id;
}

bool isShapeParameter(const std::string& name)
{
    for (const char* step :
        { "batch", "seq", "tp", "pp", "dp", "ep", "memory_utilization", "isl", "osl", "concurrency" }) {
        if (name == step) {
            return false;
        }
    }
    return true;
}

const TransformerPreset* findTransformerPreset(const std::string& idOrName)
{
    for (const TransformerPreset& p : transformerPresets()) {
        if (equalsIgnoreCase(p.id, idOrName) || equalsIgnoreCase(p.name, idOrName)) {
            return &p;
        }
        for (const auto& alias : p.aliases) {
            if (equalsIgnoreCase(alias, idOrName)) {
                return &p;
            }
        }
    }
    return nullptr;
}

double presetParameterCount(const TransformerPreset& preset)
{
    TemplateInstance probe;
    probe.name = kTransformerTemplate;
    applyTransformerPreset(preset, probe);
    probe.options.erase("model");
    probe.params["seq"] = 1.0;
    const TransformerExpansion step = expandTransformer(probe);
    return step.error.empty() ? weightCounts(step.config).total() : 0.0;
}

std::string transformerPresetIds()
{
    std::string ids;
    for (const TransformerPreset& p : transformerPresets()) {
        ids += (ids.empty() ? "" : ", ") + p.id;
    }
    return ids.empty() ? std::string("none: no model catalogue is installed") : ids;
}

std::string resolveTransformerModel(const TemplateInstance& instance, TemplateInstance& resolved)
{
    resolved = instance;
    const auto it = instance.options.find("model");
    if (it == instance.options.end()) {
        return {};
    }
    const TransformerPreset* preset = findTransformerPreset(it->second);
    if (!preset) {
        return "transformer: unknown model '" + it->second + "' (known: " + transformerPresetIds() + ")";
    }
    for (const auto& [name, value] : preset->params) {
        resolved.params.try_emplace(name, value);
    }
    for (const auto& [name, value] : preset->options) {
        resolved.options.try_emplace(name, value);
    }
    return {};
}

} // namespace roofscope
