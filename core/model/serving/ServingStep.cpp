#include "model/serving/ServingStep.h"

#include "model/Units.h"
#include "model/serving/Parallelism.h"
#include "model/serving/Requests.h"

#include "model/Precision.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

std::string ServingStep::fitText() const
{
    if (!memory.fits || *memory.fits || !memory.capacityPerChipBytes) {
        return {};
    }
    return "does not fit: " + formatQuantity(memory.perChipBytes, Dimension::Bytes) + " needed per chip, "
        + formatQuantity(*memory.capacityPerChipBytes, Dimension::Bytes) + " available"
        + (memory.memoryUtilization < 1.0 ? " (memory_utilization " + formatNumber(memory.memoryUtilization, 3) + ")"
                                          : std::string());
}

std::vector<int> servingRanks(const std::vector<const ServingStep*>& steps)
{
    std::vector<size_t> order;
    for (size_t i = 0; i < steps.size(); ++i) {
        if (steps[i] && steps[i]->error.empty()) {
            order.push_back(i);
        }
    }
    auto fits = [&](size_t i) { return steps[i]->memory.fits.value_or(true); };
    auto priced = [&](bool fit) {
        return std::all_of(order.begin(), order.end(),
            [&](size_t i) { return fits(i) != fit || steps[i]->cost.usdPerMillionTokens.has_value(); });
    };
    const bool byCostFit = priced(true);
    const bool byCostNoFit = priced(false);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (fits(a) != fits(b)) {
            return fits(a);
        }
        if (fits(a) ? byCostFit : byCostNoFit) {
            return *steps[a]->cost.usdPerMillionTokens < *steps[b]->cost.usdPerMillionTokens;
        }
        return steps[a]->tokensPerSecond > steps[b]->tokensPerSecond;
    });
    std::vector<int> ranks(steps.size(), 0);
    for (size_t r = 0; r < order.size(); ++r) {
        ranks[order[r]] = static_cast<int>(r + 1);
    }
    return ranks;
}

ServingStep evaluateServing(const TemplateInstance& instance, const Hardware& device, const ServingOptions& options)
{
    const double chips = device.chips >= 1.0 ? device.chips : 1.0;
    const TransformerExpansion step = expandTransformer(instance, false, chips);
    if (!step.error.empty()) {
        ServingStep refused;
        refused.error = step.error;
        return refused;
    }
    ServingStep s = evaluateExpandedStep(step, device, options);
    if (s.error.empty() && s.config.requests()) {
        if (std::string error = evaluateRequests(s, device, options); !error.empty()) {
            ServingStep refused;
            refused.error = std::move(error);
            return refused;
        }
    }
    return s;
}

std::string precisionSentence(const TransformerConfig& c)
{
    std::string text = "compute " + c.dtype + ", weights " + c.weightDtype
        + (c.moe() && c.expertDtype != c.weightDtype ? ", experts " + c.expertDtype : std::string()) + ", KV cache "
        + c.kvDtype;
    const bool narrowWeights = *bytesPerElement(c.weightDtype) < *bytesPerElement(c.dtype);
    if (narrowWeights && c.kvDtype == c.dtype) {
        text += "; weight-only " + c.weightDtype + ": computing in " + c.weightDtype + " (dtype=" + c.weightDtype
            + ") or a " + c.weightDtype + " KV cache (kv_dtype=" + c.weightDtype + ") would raise the bound";
    }
    return text;
}

namespace {

// mfu and mbu (ServingStep, docs/model.md#utilization): the compute and memory kernels' FLOPs and
// main-memory bytes over what the roofs they were evaluated on give in `stepSeconds`. Every such kernel
// computes at the step's precision, so one compute roof serves them all; the main memory's roof is
// the default level's wherever a kernel moves bytes on it (none when it is switched off).
void setUtilization(ServingStep& s, double stepSeconds)
{
    double flops = 0.0;
    double bytes = 0.0;
    std::optional<double> computeRoof;
    std::optional<double> memoryRoof;
    for (const ServingKernel& k : s.kernels) {
        if (k.info.collective) {
            continue;
        }
        flops += k.kernel.count * k.kernel.flops;
        computeRoof = k.evaluation.computeRoof;
        if (const LevelEvaluation* main = k.evaluation.level(k.evaluation.defaultLevel)) {
            bytes += k.kernel.count * main->bytes;
            memoryRoof = main->bytesPerSecond;
        }
    }
    if (!(stepSeconds > 0.0)) {
        s.assumptions.push_back("no step time: mfu and mbu not given");
        return;
    }
    // At most 1 (each kernel's T_min is at least its math and its main-memory time); a step bound by
    // one roof throughout lands on 1 up to rounding, which is kept off the figure.
    if (computeRoof && *computeRoof > 0.0) {
        s.mfu = std::min(1.0, flops / (stepSeconds * *computeRoof));
    }
    if (memoryRoof && *memoryRoof > 0.0) {
        s.mbu = std::min(1.0, bytes / (stepSeconds * *memoryRoof));
    } else {
        s.assumptions.push_back("no bytes on an enabled main-memory level: mbu not given");
    }
}

} // namespace

ServingStep evaluateExpandedStep(
    const TransformerExpansion& step, const Hardware& device, const ServingOptions& options)
{
    ServingStep s;
    const double chips = device.chips >= 1.0 ? device.chips : 1.0;
    s.config = step.config;
    s.hardwareId = device.id;
    s.hardwareLabel = device.shortLabel();
    s.chips = chips;
    // Sustained roofs asked for but the device gives no factors: its figures stay on peak roofs, said so.
    s.roofs = !options.eval.sustained ? "peak" : (device.sustained ? "sustained" : "peak (no sustained factors)");
    const TransformerConfig& c = s.config;
    const ScaleUpLink link = scaleUpLink(device, options.eval.sustained);
    // Algorithms are chosen on the peak link, so that every view of a step names the same one.
    const ScaleUpLink peakLink = options.eval.sustained ? scaleUpLink(device, false) : link;
    const bool anyCollective
        = std::any_of(step.info.begin(), step.info.end(), [](const StepKernelInfo& i) { return i.collective; });
    if (anyCollective) {
        if (!link.found) {
            s.error = device.id + " has no interconnect level for the collectives of tp/pp/ep > 1";
            return s;
        }
        s.link = link.level;
        s.assumptions = link.assumptions;
    }
    const double overhead = device.launchOverheadSeconds.value_or(0.0);
    double launchKernels = 0.0;
    double launchCollectives = 0.0;
    for (size_t i = 0; i < step.kernels.size(); ++i) {
        ServingKernel k { step.kernels[i], step.info[i], {}, 0.0, 0.0, 0.0 };
        placeScaleUpBytes(k.kernel, device);
        if (k.info.collective) {
            if (std::string error = placeCollective(k.kernel, k.info, peakLink, c); !error.empty()) {
                s.error = "transformer: " + error;
                return s;
            }
        }
        auto result = evaluate(k.kernel, device, options.eval);
        if (!result.evaluation) {
            s.error = k.kernel.name + " on " + device.id + ": " + result.error;
            return s;
        }
        k.evaluation = std::move(*result.evaluation);
        if (k.info.collective) {
            k.seconds = collectiveSeconds(k.info.bytesPerChip, k.info.hops, link);
            k.maxSeconds = k.seconds;
        } else {
            k.seconds = c.pp * k.evaluation.tMin;
            k.maxSeconds = c.pp * k.evaluation.tMax;
        }
        k.secondsWithLaunch = std::max(k.seconds, overhead);
        (k.info.collective ? s.collectiveSeconds : s.computeMemorySeconds) += k.kernel.count * k.seconds;
        (k.info.collective ? launchCollectives : launchKernels) += k.kernel.count * k.secondsWithLaunch;
        s.tMax += k.kernel.count * k.maxSeconds;
        s.kernels.push_back(std::move(k));
    }
    s.tMin = std::max(s.computeMemorySeconds, s.collectiveSeconds);
    s.tMinWithLaunch = std::max(launchKernels, launchCollectives);
    s.tokensPerStep = c.deviceTokensPerStep();
    // A step leaves the pipeline every slowest-stage time: the stage of ceil(layers / pp) layers.
    const double stagesInFlight = c.layers / std::ceil(c.layers / c.pp);
    s.tokensPerSecond = s.tMin > 0.0 ? s.tokensPerStep * stagesInFlight / s.tMin : 0.0;
    s.tokensPerSecondTMax = s.tMax > 0.0 ? s.tokensPerStep * stagesInFlight / s.tMax : 0.0;
    s.collectiveShare = s.tMax > 0.0 ? s.collectiveSeconds / s.tMax : 0.0;
    s.memory = servingMemory(step, device);
    setUtilization(s, s.tMin / stagesInFlight);

    std::optional<double> tdp = options.tdpWattsPerChip;
    if (!tdp && device.tdpWatts) {
        tdp = *device.tdpWatts / chips;
    }
    s.cost = servingCost(chips, s.tokensPerSecond, options.pricePerHourPerChip, tdp);

    if (!device.launchOverheadSeconds) {
        s.assumptions.push_back("no launch overhead in the device file: t_min_with_launch_s equals T_min");
    }
    if (!s.memory.capacityPerChipBytes) {
        s.assumptions.push_back("no capacity on the default memory level: fits and max_batch unknown");
    } else if (c.memoryUtilization < 1.0) {
        s.assumptions.push_back("the engine may fill " + formatNumber(100.0 * c.memoryUtilization, 3)
            + " % of each chip's memory (memory_utilization): fits and max_batch count that share");
    }
    if (!options.pricePerHourPerChip) {
        s.assumptions.push_back("no hourly price: usd_per_million_tokens not given");
    }
    if (!tdp) {
        s.assumptions.push_back("no TDP: joules_per_token not given");
    }
    if (c.pp > 1.0) {
        s.assumptions.push_back(std::fmod(c.layers, c.pp) == 0.0
                ? "pipeline stages of equal layers: the head's time is spread over the stages"
                : "pipeline stages of " + formatNumber(std::floor(c.layers / c.pp), 6) + " or "
                    + formatNumber(std::ceil(c.layers / c.pp), 6)
                    + " layers: the largest sets the throughput and the memory per chip");
    }
    if (c.moe()) {
        s.assumptions.push_back("experts routed uniformly: the step reads the weights of E (1 - (1 - k/E)^tokens) "
                                "experts, the busiest chip max(E_eff / ep, 1); skewed routing touches fewer");
    }
    s.assumptions.push_back(precisionSentence(c));
    return s;
}

} // namespace roofscope
