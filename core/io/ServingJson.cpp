#include "io/ServingJson.h"

#include "io/JsonValues.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

namespace roofscope {

std::string utilizationText(const ServingStep& s)
{
    const auto percent
        = [](const std::optional<double>& v) { return v ? formatNumber(100.0 * *v, 3) + " %" : std::string("-"); };
    return "MFU " + percent(s.mfu) + ", MBU " + percent(s.mbu);
}

std::string servingBoundText(const ServingStep& step)
{
    return "a bound on " + step.roofs + " roofs at " + step.config.dtype
        + ": T_min overlaps the collectives with compute and memory, no launch overhead";
}

namespace {

// What each request figure is, by its JSON key: the same words in the text and in the JSON.
std::vector<std::pair<std::string, std::string>> requestFigureMeanings(const RequestFigures& r)
{
    return {
        { "ttft_s", "time to first token: the prefill of one request of " + formatNumber(r.isl, 12) + " tokens alone" },
        { "tpot_s",
            "time per output token: the decode step with all " + formatNumber(r.concurrency, 12)
                + " requests in flight, at the mean context of " + formatNumber(r.meanContext, 12) + " tokens" },
        { "tokens_per_s_per_user", "1 / tpot_s" },
        { "run_tokens_per_s",
            "output tokens/s of the whole run, prefill included: concurrency x osl / T_cycle, a cycle being the "
            "osl - 1 steps that carry the decode and the prompt tokens (osl 1: one prefill of every request)" },
        { "run_tokens_per_s_lower", "concurrency x osl / ((osl - 1) x tpot_s + concurrency x ttft_s): no overlap" },
        { "run_tokens_per_s_upper", "concurrency x osl / ((osl - 1) x tpot_s): prefill for free" },
    };
}

nlohmann::json requestsToJson(const ServingStep& s)
{
    const RequestFigures& r = *s.requests;
    nlohmann::json figures = nlohmann::json::object();
    for (const auto& [key, meaning] : requestFigureMeanings(r)) {
        figures[key] = meaning;
    }
    return { { "isl", r.isl }, { "osl", r.osl }, { "concurrency", r.concurrency },
        { "requests_per_replica", r.requestsPerReplica }, { "mean_context", r.meanContext },
        { "fit_context", r.isl + r.osl }, { "run_step_s", r.runStepSeconds }, { "run_step_tokens", r.runStepTokens },
        { "cycle_s", r.cycleSeconds }, { "max_concurrency", jsonOrNull(r.maxConcurrency) },
        { "figures", std::move(figures) }, { "assumptions", r.assumptions } };
}

} // namespace

std::vector<std::string> requestLines(const ServingStep& s)
{
    if (!s.requests) {
        return {};
    }
    const RequestFigures& r = *s.requests;
    const auto seconds = [](const std::optional<double>& value) {
        return value ? formatQuantity(*value, Dimension::Seconds) : std::string("-");
    };
    const auto rate = [](const std::optional<double>& value) {
        return value ? formatNumber(*value, 4) + " tokens/s" : std::string("-");
    };
    std::vector<std::string> lines;
    lines.push_back("requests: isl " + formatNumber(r.isl, 12) + ", osl " + formatNumber(r.osl, 12) + ", concurrency "
        + formatNumber(r.concurrency, 12) + " (" + formatNumber(r.requestsPerReplica, 12)
        + " per replica); each figure a bound on " + s.roofs + " roofs");
    const std::vector<std::string> values { seconds(r.ttftSeconds), seconds(r.tpotSeconds),
        rate(r.tokensPerSecondPerUser), rate(r.runTokensPerSecond), rate(r.runLowerLimit), rate(r.runUpperLimit) };
    const auto meanings = requestFigureMeanings(r);
    for (size_t i = 0; i < meanings.size(); ++i) {
        lines.push_back(meanings[i].first + " " + values[i] + ": " + meanings[i].second);
    }
    lines.push_back("memory at context isl + osl = " + formatNumber(r.isl + r.osl, 12)
        + " tokens; most requests in flight that fit: "
        + (r.maxConcurrency ? formatNumber(*r.maxConcurrency, 12) : "-"));
    for (const std::string& assumption : r.assumptions) {
        lines.push_back("assumed: " + assumption);
    }
    return lines;
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
    j["mfu"] = jsonOrNull(s.mfu);
    j["mbu"] = jsonOrNull(s.mbu);
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
    j["parallel"] = { { "tp", s.config.tp }, { "pp", s.config.pp }, { "dp", s.config.dp }, { "ep", s.config.ep },
        { "expert_layout", s.config.expertLayout } };
    j["precision"] = { { "compute", s.config.dtype }, { "weights", s.config.weightDtype },
        { "experts", s.config.expertDtype }, { "kv_cache", s.config.kvDtype }, { "lm_head", s.config.lmHeadDtype } };
    j["link"] = s.link.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.link);
    const std::string fit = s.fitText();
    j["fit"] = fit.empty() ? nlohmann::json(nullptr) : nlohmann::json(fit);
    j["assumptions"] = s.assumptions;
    if (s.requests) {
        const RequestFigures& r = *s.requests;
        j["ttft_s"] = r.ttftSeconds;
        j["tpot_s"] = jsonOrNull(r.tpotSeconds);
        j["tokens_per_s_per_user"] = jsonOrNull(r.tokensPerSecondPerUser);
        j["run_tokens_per_s"] = r.runTokensPerSecond;
        j["run_tokens_per_s_lower"] = r.runLowerLimit;
        j["run_tokens_per_s_upper"] = jsonOrNull(r.runUpperLimit);
        j["requests"] = requestsToJson(s);
    }
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
            row["hops"] = k.info.hops;
            row["algorithm"] = k.info.algorithm;
            row["binding"] = s.link;
        }
        kernels.push_back(std::move(row));
    }
    j["kernels"] = std::move(kernels);
    return j;
}

} // namespace roofscope
