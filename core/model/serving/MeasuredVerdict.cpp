#include "model/serving/MeasuredVerdict.h"

#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roofscope {

namespace {

std::string lengthsText(const ServingRun& run)
{
    return formatNumber(run.isl.value_or(0.0), 4) + " in / " + formatNumber(run.osl.value_or(0.0), 4) + " out";
}

// The device entry's id is "nvidia-h100-sxm x8" or "nvidia-h100-sxm (fp8)": the database id comes first.
std::string hardwareIdOf(const VerdictDeviceInput& input)
{
    if (input.chip) {
        return input.chip->id;
    }
    const auto space = input.id.find(' ');
    return space == std::string::npos ? input.id : input.id.substr(0, space);
}

bool rankable(const ServingRunGap& gap)
{
    return gap.error.empty() && gap.run.outputTokensPerSecond && gap.tokensPerSecond
        && !gap.run.hasFlag("speculative_decoding");
}

double perChip(const ServingRunGap& gap, double value)
{
    return value / std::max(1.0, gap.run.chips);
}

// For each ranked device, the index of its best rankable run in the scenario of `reference`; empty
// when one of them has none.
std::optional<std::vector<std::optional<size_t>>> picksFor(
    const GroupVerdict& verdict, const ServingRun& reference, std::optional<double> concurrency)
{
    std::vector<std::optional<size_t>> picks(verdict.devices.size());
    for (size_t d = 0; d < verdict.devices.size(); ++d) {
        const VerdictDevice& device = verdict.devices[d];
        if (device.rank(VerdictCriterion::TokensPerSecondPerChip) == 0) {
            continue;
        }
        double best = -1.0;
        for (size_t r = 0; r < device.measured.size(); ++r) {
            const ServingRunGap& gap = device.measured[r];
            const bool atConcurrency = !concurrency
                || (gap.run.concurrency && std::abs(*gap.run.concurrency - *concurrency) <= 0.1 * *concurrency);
            if (!rankable(gap) || !sameScenario(gap.run, reference) || !atConcurrency
                || (!reference.weightDtype.empty() && !gap.run.weightDtype.empty()
                    && gap.run.weightDtype != reference.weightDtype)) {
                continue;
            }
            const double value = perChip(gap, *gap.run.outputTokensPerSecond);
            if (value > best) {
                best = value;
                picks[d] = r;
            }
        }
        if (!picks[d]) {
            return std::nullopt;
        }
    }
    return picks;
}

// 1-based ranks of the picked runs by a figure, best (largest) first.
std::vector<int> ranksBy(const GroupVerdict& verdict, const std::vector<std::optional<size_t>>& picks, bool bound)
{
    std::vector<size_t> order;
    for (size_t d = 0; d < picks.size(); ++d) {
        if (picks[d]) {
            order.push_back(d);
        }
    }
    const auto value = [&](size_t d) {
        const ServingRunGap& gap = verdict.devices[d].measured[*picks[d]];
        return perChip(gap, bound ? gap.tokensPerSecond->bound : gap.tokensPerSecond->measured);
    };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return value(a) > value(b); });
    std::vector<int> ranks(picks.size(), 0);
    for (size_t i = 0; i < order.size(); ++i) {
        ranks[order[i]] = static_cast<int>(i) + 1;
    }
    return ranks;
}

const VerdictDevice* firstBy(const GroupVerdict& verdict, const std::vector<int>& ranks)
{
    for (size_t d = 0; d < ranks.size(); ++d) {
        if (ranks[d] == 1) {
            return &verdict.devices[d];
        }
    }
    return nullptr;
}

void rankMeasured(GroupVerdict& verdict)
{
    const VerdictDevice* reference = nullptr;
    size_t ranked = 0;
    for (const VerdictDevice& d : verdict.devices) {
        if (d.rank(VerdictCriterion::TokensPerSecondPerChip) > 0) {
            ++ranked;
            if (!reference) {
                reference = &d;
            }
        }
    }
    const bool anyRun = std::any_of(
        verdict.devices.begin(), verdict.devices.end(), [](const VerdictDevice& d) { return !d.measured.empty(); });
    if (!anyRun) {
        return;
    }
    if (ranked < 2 || !reference) {
        verdict.measuredNote
            = "fewer than two devices are ranked: the measured runs are set against their bounds, not ranked";
        return;
    }
    // Runs at the group's own concurrency first (like for like with the verdict's point), else each
    // device's best run of the scenario.
    std::optional<std::vector<std::optional<size_t>>> picks;
    std::optional<double> concurrency;
    if (reference->step.requests) {
        concurrency = reference->step.requests->concurrency;
        for (const ServingRunGap& gap : reference->measured) {
            if (rankable(gap) && (picks = picksFor(verdict, gap.run, concurrency))) {
                break;
            }
        }
    }
    if (!picks) {
        concurrency.reset();
        for (const ServingRunGap& gap : reference->measured) {
            if (rankable(gap) && (picks = picksFor(verdict, gap.run, std::nullopt))) {
                break;
            }
        }
    }
    if (!picks) {
        verdict.measuredNote = "the ranking stands on bounds: not every ranked device has a measured run of one "
                               "scenario (isl and osl within 10 %, the same weight precision, no speculative decoding)";
        return;
    }
    const std::vector<int> measuredRanks = ranksBy(verdict, *picks, false);
    const std::vector<int> boundRanks = ranksBy(verdict, *picks, true);
    const auto referenceIndex = static_cast<size_t>(reference - verdict.devices.data());
    const ServingRun& scenario = reference->measured[*(*picks)[referenceIndex]].run;
    verdict.measuredBasis = "measured runs at " + lengthsText(scenario)
        + (concurrency ? ", concurrency " + formatNumber(*concurrency, 6) : std::string(", each device's best"));
    for (size_t d = 0; d < verdict.devices.size(); ++d) {
        verdict.devices[d].measuredPick = (*picks)[d];
        verdict.devices[d].measuredRank = measuredRanks[d];
    }
    const VerdictDevice* measuredFirst = firstBy(verdict, measuredRanks);
    const VerdictDevice* boundFirst = firstBy(verdict, boundRanks);
    const ServingRunGap& best = measuredFirst->measured[*measuredFirst->measuredPick];
    const std::string figures = " (" + formatSi(perChip(best, best.tokensPerSecond->measured), 3)
        + " tokens/s per chip, " + formatNumber(100.0 * best.tokensPerSecond->efficiency, 3) + " % of its bound)";
    std::string text;
    if (measuredRanks == boundRanks) {
        text = "; " + verdict.measuredBasis + " rank " + measuredFirst->label + " first too" + figures;
    } else if (boundFirst != measuredFirst) {
        verdict.measuredNote
            = "bounds rank " + boundFirst->label + " first; measured runs rank " + measuredFirst->label + " first";
        text = "; bounds rank " + boundFirst->label + " first; " + verdict.measuredBasis + " rank "
            + measuredFirst->label + " first" + figures;
    } else {
        verdict.measuredNote
            = "bounds and measured runs agree on " + measuredFirst->label + " first but order the others differently";
        text = "; " + verdict.measuredBasis + " rank " + measuredFirst->label + " first too" + figures
            + ", the others in another order than their bounds";
    }
    verdict.headline += text;
}

} // namespace

bool runMeasuresGroup(const ServingRun& run, const std::string& groupName)
{
    return run.group.empty() ? equalsIgnoreCase(run.model, groupName) : run.group == groupName;
}

namespace {

std::vector<std::vector<ServingRunGap>> gapsPerDevice(const GroupVerdict& verdict, const Kernel& group,
    const std::vector<VerdictDeviceInput>& devices, const std::vector<ServingRun>& runs)
{
    std::vector<std::vector<ServingRunGap>> out(verdict.devices.size());
    for (size_t d = 0; d < verdict.devices.size() && d < devices.size(); ++d) {
        const VerdictDeviceInput& input = devices[d];
        const std::string id = hardwareIdOf(input);
        for (const ServingRun& run : runs) {
            if (!runMeasuresGroup(run, group.name) || run.device != id || std::abs(run.chips - input.chips) > 0.0) {
                continue;
            }
            if (!input.chip) {
                ServingRunGap gap;
                gap.run = run;
                gap.error = "device " + id + " is not in the hardware database";
                out[d].push_back(std::move(gap));
                continue;
            }
            out[d].push_back(servingRunGap(run, *group.templ, *input.chip, input.options));
        }
    }
    return out;
}

} // namespace

void attachPublishedRuns(GroupVerdict& verdict, const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const std::vector<ServingRun>& runs)
{
    if (!group.templ) {
        return;
    }
    auto gaps = gapsPerDevice(verdict, group, devices, runs);
    for (size_t d = 0; d < gaps.size(); ++d) {
        verdict.devices[d].published = std::move(gaps[d]);
    }
}

void attachMeasuredRuns(GroupVerdict& verdict, const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const std::vector<ServingRun>& runs)
{
    if (!group.templ || runs.empty()) {
        return;
    }
    auto gaps = gapsPerDevice(verdict, group, devices, runs);
    for (size_t d = 0; d < gaps.size(); ++d) {
        verdict.devices[d].measured = std::move(gaps[d]);
    }
    rankMeasured(verdict);
}

} // namespace roofscope
