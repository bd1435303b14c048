#pragma once

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// Public model shapes a transformer group can start from (the group editor's Preset menu): the
// published dimensions of each model's config.json, with its source. Batch, seq and phase are the
// group's own and stay as they are.
struct TransformerPreset {
    QString name; // "Llama-3-70B"
    std::vector<std::pair<std::string, double>> params; // layers, hidden, heads, ...
    std::vector<std::pair<std::string, std::string>> options; // weight_dtype, lm_head_dtype (DeepSeek-V3)
    QString source; // URL of the config.json the numbers come from
    QString note; // what the shape leaves out, when anything
};

const std::vector<TransformerPreset>& transformerPresets();

} // namespace roofscope
