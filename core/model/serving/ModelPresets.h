#pragma once

#include "model/Kernel.h"

#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// Public model shapes a transformer group can start from (the window's Preset menu; plain data of the
// serving model, so any front end can name them): the
// published dimensions of each model's config.json, with its source. Batch, seq and phase are the
// group's own and stay as they are.
struct TransformerPreset {
    std::string id; // "llama-3-70b": what serving runs, imports and `models show` name
    std::string name; // "Llama-3-70B"
    std::vector<std::pair<std::string, double>> params; // layers, hidden, heads, ...
    std::vector<std::pair<std::string, std::string>> options; // weight_dtype, lm_head_dtype (DeepSeek-V3)
    std::string source; // URL of the config.json the numbers come from
    std::string note; // what the shape leaves out, when anything
};

const std::vector<TransformerPreset>& transformerPresets();
// Puts a preset's shape (its params and options) on a transformer instance; batch, seq, phase and the
// request mix stay as the instance has them.
void applyTransformerPreset(const TransformerPreset& preset, TemplateInstance& instance);
// The preset whose id or name is `idOrName` (case-insensitive); null when none.
const TransformerPreset* findTransformerPreset(const std::string& idOrName);

} // namespace roofscope
