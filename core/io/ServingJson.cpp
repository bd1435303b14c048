#include "io/ServingJson.h"

#include "io/JsonValues.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

namespace roofscope {

std::string servingSummaryText(const ServingStep& s)
{
    return formatNumber(s.tokensPerSecond, 4) + " tokens/s on " + s.roofs + " roofs ("
        + formatNumber(s.tokensPerSecond / s.chips, 4) + " per chip), "
        + (s.cost.usdPerMillionTokens ? formatNumber(*s.cost.usdPerMillionTokens, 3) + " $/Mtok" : "no price") + ", "
        + (s.cost.joulesPerToken ? formatNumber(*s.cost.joulesPerToken, 3) + " J/token" : "no TDP") + ", collectives "
        + formatNumber(100.0 * s.collectiveShare, 3) + " % of T_max, "
        + formatQuantity(s.memory.perChipBytes, Dimension::Bytes) + " per chip"
        + (s.memory.maxBatch ? ", max batch " + formatNumber(*s.memory.maxBatch, 12) : "")
        + (s.fitText().empty() ? (s.memory.fits ? ", fits" : "") : "; " + s.fitText());
}

std::string servingBoundText(const ServingStep& step)
{
    return "a bound on " + step.roofs + " roofs at " + step.config.dtype
        + ": T_min overlaps the collectives with compute and memory, no launch overhead";
}

nlohmann::json servingStepToJson(const ServingStep& s, bool withKernels)
{
    nlohmann::json j;
    j["hardware"] = s.hardwareId;
    j["hardware_name"] = s.hardwareLabel;
    j["chips"] = s.chips;
    j["roofs"] = s.roofs;
    j["bound"] = servingBoundText(s);
    j["tokens_per_step"] = s.tokensPerStep;
    j["t_min_s"] = s.tMin;
    j["t_max_s"] = s.tMax;
    j["t_min_with_launch_s"] = s.tMinWithLaunch;
    j["tokens_per_s"] = s.tMin > 0.0 ? nlohmann::json(s.tokensPerSecond) : nlohmann::json(nullptr);
    j["tokens_per_s_t_max"] = s.tMax > 0.0 ? nlohmann::json(s.tokensPerSecondTMax) : nlohmann::json(nullptr);
    j["tokens_per_s_per_chip"] = jsonOrNull(s.cost.tokensPerSecondPerChip);
    j["collective_share"] = s.collectiveShare;
    j["collective_s"] = s.collectiveSeconds;
    j["usd_per_million_tokens"] = jsonOrNull(s.cost.usdPerMillionTokens);
    j["joules_per_token"] = jsonOrNull(s.cost.joulesPerToken);
    nlohmann::json memory;
    memory["weights_bytes"] = s.memory.weightsBytes;
    memory["kv_cache_bytes"] = s.memory.kvCacheBytes;
    memory["activations_bytes"] = s.memory.activationsBytes;
    memory["per_chip_bytes"] = s.memory.perChipBytes;
    memory["capacity_per_chip_bytes"] = jsonOrNull(s.memory.capacityPerChipBytes);
    memory["device_capacity_per_chip_bytes"] = jsonOrNull(s.memory.deviceCapacityPerChipBytes);
    memory["memory_utilization"] = s.memory.memoryUtilization;
    memory["fits"] = s.memory.fits ? nlohmann::json(*s.memory.fits) : nlohmann::json(nullptr);
    memory["max_batch"] = jsonOrNull(s.memory.maxBatch);
    j["memory"] = std::move(memory);
    j["parallel"] = { { "tp", s.config.tp }, { "pp", s.config.pp }, { "dp", s.config.dp }, { "ep", s.config.ep } };
    j["link"] = s.link.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.link);
    const std::string fit = s.fitText();
    j["fit"] = fit.empty() ? nlohmann::json(nullptr) : nlohmann::json(fit);
    j["assumptions"] = s.assumptions;
    if (!withKernels) {
        return j;
    }
    const double sum = s.computeMemorySeconds + s.collectiveSeconds;
    nlohmann::json kernels = nlohmann::json::array();
    for (const auto& k : s.kernels) {
        const double stepSeconds = k.kernel.count * k.seconds;
        nlohmann::json row { { "name", k.kernel.name }, { "count", k.kernel.count }, { "flops", k.kernel.flops },
            { "bytes", k.kernel.totalBytes() }, { "precision", k.evaluation.precision },
            { "regime", regimeName(k.evaluation.regime) }, { "binding", k.evaluation.binding },
            { "t_min_s", k.seconds }, { "t_max_s", k.maxSeconds }, { "t_min_step_s", stepSeconds },
            { "share", sum > 0.0 ? stepSeconds / sum : 0.0 }, { "collective", k.info.collective } };
        if (k.info.collective) {
            row["bytes_per_chip"] = k.info.bytesPerChip;
            row["binding"] = s.link;
        }
        kernels.push_back(std::move(row));
    }
    j["kernels"] = std::move(kernels);
    return j;
}

} // namespace roofscope
