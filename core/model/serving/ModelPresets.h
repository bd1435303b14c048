#pragma once

#include "model/Kernel.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// One model of the catalogue (models/*.yaml, docs/models.md): the published dimensions of the model's
// own configuration, with its source. A transformer group names one with its `model` option
// (`--model ID` on the command line); its own parameters override the model's. Batch, seq, phase
// and the request mix are the group's own.
struct TransformerPreset {
    std::string id; // "llama-3-70b": what groups, serving runs, imports and `models show` name
    std::string name; // "Llama-3-70B"
    std::vector<std::pair<std::string, double>> params; // layers, hidden, heads, ...
    std::vector<std::pair<std::string, std::string>> options; // weight_dtype, lm_head_dtype, expert_dtype
    std::string source; // URL of the configuration the numbers come from
    std::string note; // what the shape leaves out, when anything
    std::string family; // "Llama 3.1"
    std::vector<std::string> aliases; // other names of the same shape ("DeepSeek-R1")
    std::optional<double> publishedParameters; // the total the model's authors give
    std::string parametersSource;
    std::string file; // the catalogue file it was read from (empty: built in code)
};

// The catalogue the program runs with: empty until a front end installs one (io/ModelCatalogue.h reads
// the folders). Install before any thread reads it.
const std::vector<TransformerPreset>& transformerPresets();
void installTransformerPresets(std::vector<TransformerPreset> presets);
// Counts the installs: a value kept from an earlier catalogue (a resolved model) is stale once it moved.
unsigned transformerPresetGeneration();
// Puts a preset's shape (its params and options) on a transformer instance; batch, seq, phase and the
// request mix stay as the instance has them.
void applyTransformerPreset(const TransformerPreset& preset, TemplateInstance& instance);
// Whether a transformer parameter describes the model (layers, hidden, experts, ...) rather than the step
// or its parallelism (batch, seq, tp, ...).
bool isShapeParameter(const std::string& name);
// The preset whose id, name or alias is `idOrName` (case-insensitive); null when none.
const TransformerPreset* findTransformerPreset(const std::string& idOrName);
// The parameters the preset's shape counts (every weight once; 0 when the shape does not expand).
double presetParameterCount(const TransformerPreset& preset);
// "llama-3-8b, llama-3-70b, ..." for error messages.
std::string transformerPresetIds();

// The instance with the shape of the model its `model` option names filled in wherever the instance
// gives no value of its own. Returns an error naming the known models when the id is unknown.
std::string resolveTransformerModel(const TemplateInstance& instance, TemplateInstance& resolved);

} // namespace roofscope
