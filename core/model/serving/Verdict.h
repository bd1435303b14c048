#pragma once

#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/serving/ServingRuns.h"
#include "model/serving/ServingStep.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// The answer to a serving question (docs/serving.md, "The verdict"): for one transformer group and
// the devices shown, which system serves it, at which batch, whether it fits, and how the devices
// rank on each criterion. It is computed here once; the window, review mode, every export and the
// command line only render it, so every view reads the same figures with the same batch.
//
//   VerdictCriteria criteria;            // latency target, ownership assumptions
//   criteria.targetMs = 50.0;
//   const GroupVerdict v = groupVerdict(group, devices, criteria);
//   v.headline;                          // one sentence, the same everywhere
//   v.devices[d].batch, .step (the served step at that batch), .ranks, .whyUnranked

// The criteria a device can be ranked on, in the order views list them.
enum class VerdictCriterion { TokensPerSecondPerChip, UsdPerMillionTokens, JoulesPerToken };
inline constexpr std::array<VerdictCriterion, 3> kVerdictCriteria { VerdictCriterion::TokensPerSecondPerChip,
    VerdictCriterion::UsdPerMillionTokens, VerdictCriterion::JoulesPerToken };
// "tokens_per_s_per_chip", "usd_per_million_tokens", "joules_per_token" (the JSON keys).
const char* criterionKey(VerdictCriterion criterion);
// "tokens/s per chip", "$/Mtok", "J/token".
const char* criterionTitle(VerdictCriterion criterion);

struct VerdictCriteria {
    // Time per output token the operating point must meet (ms; T_min of a decode step). Empty: each
    // device runs the group's own batch.
    std::optional<double> targetMs;
    // Time to first token a request mix must meet (ms; its TTFT bound, one prompt's prefill alone: the
    // same at every concurrency). Empty: none. MLPerf's server limit for Llama-2-70B is 2,000 ms.
    std::optional<double> ttftTargetMs;
    // Ownership: the purchase price spread over `years` of service at `utilisation`, plus energy at
    // `usdPerKwh` (empty: capital only).
    double years = 4.0;
    double utilisation = 1.0;
    std::optional<double> usdPerKwh;
};

// One device as the verdict sees it: the device on one chip with the session's overrides (TDP,
// purchase price), the chips it is used on, and the options of its steps (roofs, precision, the
// hourly price and TDP per chip).
struct VerdictDeviceInput {
    std::string id; // the session entry's label ("nvidia-h100-sxm x8")
    std::string label; // the name every view uses ("H100 x8")
    std::optional<Hardware> chip; // one chip; empty: not in the hardware database
    double chips = 1.0;
    ServingOptions options;
    std::optional<double> purchasePricePerChip; // USD
};

struct VerdictDevice {
    std::string id;
    std::string label;
    double chips = 1.0;
    std::string error; // the step is refused on this device (nothing below is set then)
    double batch = 0.0; // the operating point: sequences per data-parallel replica
    ServingStep step; // the served step at that batch
    bool meetsTarget = true; // false: even batch 1 takes longer than the target
    bool meetsTtftTarget = true; // false: a request mix's TTFT bound is over the TTFT target
    std::optional<double> minChips; // the fewest chips on which the model fits at this batch
    std::optional<double> usdPerMillionTokensOwned;
    std::string roofs; // "peak", "sustained" or "peak (no sustained factors)"
    bool comparable = true; // false: its figures cannot be set beside the others' (caveats say why)
    std::vector<std::string> caveats;
    std::array<int, 3> ranks {}; // per VerdictCriterion, 1-based; 0: not ranked
    std::string whyUnranked; // one short reason per criterion it is not ranked on, "; "-joined
    std::vector<std::string> assumptions; // the step's, then the ownership figure's
    // Measured serving runs of this group on this device (its id and chips), each against the bound at
    // its own lengths and concurrency (model/serving/MeasuredVerdict.h).
    std::vector<ServingRunGap> measured;
    std::optional<size_t> measuredPick; // the run the measured ranking set beside the others'
    int measuredRank = 0; // 1-based by measured output tokens/s per chip; 0: measured runs do not rank
    // Published runs (the shipped database) of this group's model on this device and chip count, when a view
    // asks for them: shown for reference, never ranked.
    std::vector<ServingRunGap> published;

    bool fits() const { return step.memory.fits.value_or(true); }
    int rank(VerdictCriterion c) const { return ranks[static_cast<size_t>(c)]; }
    // Its figure on a criterion; a request mix's are its run's (prefill included), a step's its own.
    std::optional<double> figure(VerdictCriterion c) const;
    // The whole device's tokens/s the verdict ranks on: a request mix's run_tokens_per_s, else the step's.
    double servedTokensPerSecond() const;
    double tpotSeconds() const { return step.tMin; }
};

struct GroupVerdict {
    std::string group; // the group's name
    std::optional<double> targetMs;
    std::optional<double> ttftTargetMs;
    std::string roofs; // "peak" or "sustained": what the session asked for
    std::vector<VerdictDevice> devices; // in the order given
    std::string headline; // one sentence: the answer, the same text in every view
    // When every ranked device has a measured run of one scenario: "measured runs at 1024 in / 1024 out"
    // (the devices then also carry measuredRank); empty: the ranking stands on bounds alone.
    std::string measuredBasis;
    // Why measured runs do not rank, or that the two orders disagree; empty when there is nothing to say.
    std::string measuredNote;

    // The criterion a single-rank view orders by: $/Mtok when any device is ranked on it, else
    // tokens/s per chip.
    VerdictCriterion primary() const;
    // Device indices: ranked on the primary criterion first (best first), then the others in order.
    std::vector<size_t> order() const;
    // "at <= 50 ms/token" or "at batch 64" (per device when batches differ: "at each device's batch").
    std::string pointText() const;
};

// The verdict of one transformer group (a kernel whose template is "transformer") on the devices.
GroupVerdict groupVerdict(const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const VerdictCriteria& criteria, bool sustained);

// The operating point alone: the batch of the most tokens/s per chip whose step takes at most
// `targetMs` per output token and fits (the smallest such batch where the throughput is flat), found
// by bisection over whole batches; empty when batch 1 already misses the target or does not fit.
std::optional<double> operatingBatch(
    const TemplateInstance& instance, const Hardware& device, const ServingOptions& options, double targetMs);

// The fewest chips (1, 2, 4, 8, then multiples of 8) of a device on which the step fits at the
// instance's batch, tensor-parallel over the chips of each pipeline stage; empty when none up to 1024.
std::optional<double> minimumChips(
    const TemplateInstance& instance, const Hardware& chip, const ServingOptions& options);

// usd_per_million_tokens_owned = 1e6 x (chips x price / (years x 8760 x 3600 x tokens/s x utilisation)
//                                + J/token x usd_per_kwh / 3.6e6); empty without a price or tokens/s.
std::optional<double> ownedUsdPerMillionTokens(double chips, std::optional<double> pricePerChip, double tokensPerSecond,
    std::optional<double> joulesPerToken, const VerdictCriteria& criteria);

} // namespace roofscope
