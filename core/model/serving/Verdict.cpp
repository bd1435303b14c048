#include "model/serving/Verdict.h"

#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

constexpr double kBatchWithoutCapacity = 1048576.0; // the largest batch tried when the memory has no capacity
constexpr double kFlat = 1e-9; // tokens/s per chip this close to the best count as the best
constexpr double kMostChips = 1024.0;

std::string batchText(double batch)
{
    return formatNumber(batch, 12);
}

} // namespace

const char* criterionKey(VerdictCriterion criterion)
{
    switch (criterion) {
    case VerdictCriterion::UsdPerMillionTokens:
        return "usd_per_million_tokens";
    case VerdictCriterion::JoulesPerToken:
        return "joules_per_token";
    case VerdictCriterion::TokensPerSecondPerChip:
        break;
    }
    return "tokens_per_s_per_chip";
}

const char* criterionTitle(VerdictCriterion criterion)
{
    switch (criterion) {
    case VerdictCriterion::UsdPerMillionTokens:
        return "$/Mtok";
    case VerdictCriterion::JoulesPerToken:
        return "J/token";
    case VerdictCriterion::TokensPerSecondPerChip:
        break;
    }
    return "tokens/s per chip";
}

std::optional<double> VerdictDevice::figure(VerdictCriterion c) const
{
    if (!error.empty()) {
        return std::nullopt;
    }
    // A request mix is ranked on its run figure (prefill included): the step's cost figures scale with
    // 1 / tokens/s.
    const double served = servedTokensPerSecond();
    const double scale = served > 0.0 ? step.tokensPerSecond / served : 1.0;
    const auto scaled = [&](const std::optional<double>& v) { return v ? std::optional<double>(*v * scale) : v; };
    switch (c) {
    case VerdictCriterion::UsdPerMillionTokens:
        return scaled(step.cost.usdPerMillionTokens);
    case VerdictCriterion::JoulesPerToken:
        return scaled(step.cost.joulesPerToken);
    case VerdictCriterion::TokensPerSecondPerChip:
        break;
    }
    return step.cost.tokensPerSecondPerChip && scale > 0.0
        ? std::optional<double>(*step.cost.tokensPerSecondPerChip / scale)
        : step.cost.tokensPerSecondPerChip;
}

double VerdictDevice::servedTokensPerSecond() const
{
    return step.requests && step.requests->runTokensPerSecond > 0.0 ? step.requests->runTokensPerSecond
                                                                    : step.tokensPerSecond;
}

VerdictCriterion GroupVerdict::primary() const
{
    const bool anyCost = std::any_of(devices.begin(), devices.end(),
        [](const VerdictDevice& d) { return d.rank(VerdictCriterion::UsdPerMillionTokens) > 0; });
    return anyCost ? VerdictCriterion::UsdPerMillionTokens : VerdictCriterion::TokensPerSecondPerChip;
}

std::vector<size_t> GroupVerdict::order() const
{
    const VerdictCriterion c = primary();
    std::vector<size_t> out(devices.size());
    for (size_t i = 0; i < out.size(); ++i) {
        out[i] = i;
    }
    std::stable_sort(out.begin(), out.end(), [&](size_t a, size_t b) {
        const int ra = devices[a].rank(c);
        const int rb = devices[b].rank(c);
        return ra > 0 && (rb == 0 || ra < rb);
    });
    return out;
}

std::string GroupVerdict::pointText() const
{
    const std::string ttft = ttftTargetMs ? ", TTFT <= " + formatNumber(*ttftTargetMs, 4) + " ms" : std::string();
    if (targetMs) {
        return "at <= " + formatNumber(*targetMs, 4) + " ms/token" + ttft;
    }
    std::optional<double> batch;
    const RequestFigures* mix = nullptr;
    for (const VerdictDevice& d : devices) {
        if (!d.error.empty()) {
            continue;
        }
        if (batch && *batch != d.batch) {
            return "at each device's batch";
        }
        batch = d.batch;
        mix = d.step.requests ? &*d.step.requests : mix;
    }
    if (mix) {
        // A request mix: its lengths and the requests in flight, the run figure ranked.
        return "at " + batchText(mix->isl) + " in / " + batchText(mix->osl) + " out, concurrency "
            + batchText(mix->concurrency) + ttft;
    }
    return batch ? "at batch " + batchText(*batch) : std::string();
}

std::optional<double> operatingBatch(
    const TemplateInstance& instance, const Hardware& device, const ServingOptions& options, double targetMs)
{
    TemplateInstance at = instance;
    const auto stepAt = [&](double batch) {
        setTransformerParameter(at, "batch", batch);
        return evaluateServing(at, device, options);
    };
    const auto meets = [&](const ServingStep& s) {
        return s.error.empty() && s.tMin * 1e3 <= targetMs && s.memory.fits.value_or(true);
    };
    const ServingStep first = stepAt(1.0);
    if (!meets(first)) {
        return std::nullopt;
    }
    const double cap
        = first.memory.maxBatch ? std::max(1.0, std::floor(*first.memory.maxBatch)) : kBatchWithoutCapacity;
    // The largest whole batch that meets the target and fits: the time per step and the memory both
    // grow with the batch, so the batches that qualify are 1..b*; double until one fails, then bisect.
    double good = 1.0;
    double bad = 2.0;
    while (bad <= cap && meets(stepAt(bad))) {
        good = bad;
        bad *= 2.0;
    }
    bad = std::min(bad, cap + 1.0);
    while (bad - good > 1.0) {
        const double middle = std::floor((good + bad) / 2.0);
        (meets(stepAt(middle)) ? good : bad) = middle;
    }
    // Tokens/s per chip never falls as the batch grows (each kernel's time is a maximum of terms at
    // most linear in it), so b* gives the most; where the curve is flat, the smallest batch that
    // gives as much serves each user sooner.
    const auto perChip = [&](double batch) { return stepAt(batch).tokensPerSecond; };
    const double best = perChip(good) * (1.0 - kFlat);
    if (perChip(1.0) >= best) {
        return 1.0;
    }
    double below = 1.0;
    double atOrAbove = good;
    while (atOrAbove - below > 1.0) {
        const double middle = std::floor((below + atOrAbove) / 2.0);
        (perChip(middle) >= best ? atOrAbove : below) = middle;
    }
    return atOrAbove;
}

std::optional<double> minimumChips(
    const TemplateInstance& instance, const Hardware& chip, const ServingOptions& options)
{
    const double pp = transformerParameter(instance, "pp");
    const double dp = transformerParameter(instance, "dp");
    const auto ep = instance.params.find("ep");
    for (double n = 1.0; n <= kMostChips; n = n < 8.0 ? n * 2.0 : n + 8.0) {
        if (std::fmod(n, pp * dp) != 0.0) {
            continue;
        }
        TemplateInstance at = instance;
        at.params["tp"] = n / (pp * dp);
        if (ep != instance.params.end() && ep->second > at.params["tp"] * dp) {
            continue;
        }
        const ServingStep s = evaluateServing(at, hardwareOnChips(chip, n), options);
        if (!s.error.empty()) {
            continue;
        }
        if (!s.memory.fits) {
            return std::nullopt; // no capacity: nothing can be said
        }
        if (*s.memory.fits) {
            return n;
        }
    }
    return std::nullopt;
}

std::optional<double> ownedUsdPerMillionTokens(double chips, std::optional<double> pricePerChip, double tokensPerSecond,
    std::optional<double> joulesPerToken, const VerdictCriteria& criteria)
{
    if (!pricePerChip || !(tokensPerSecond > 0.0) || !(criteria.years > 0.0) || !(criteria.utilisation > 0.0)) {
        return std::nullopt;
    }
    const double secondsOfService = criteria.years * 8760.0 * 3600.0 * criteria.utilisation;
    double perToken = chips * *pricePerChip / (secondsOfService * tokensPerSecond);
    if (criteria.usdPerKwh && joulesPerToken) {
        perToken += *joulesPerToken * *criteria.usdPerKwh / 3.6e6;
    }
    return perToken * 1e6;
}

namespace {

// The step at the device's operating point, its memory, chips needed and ownership cost.
VerdictDevice evaluateDevice(const Kernel& group, const VerdictDeviceInput& input, const VerdictCriteria& criteria)
{
    VerdictDevice out;
    out.id = input.id;
    out.label = input.label;
    out.chips = input.chips;
    if (!input.chip) {
        out.error = "not in the hardware database";
        return out;
    }
    const Hardware device = hardwareOnChips(*input.chip, input.chips);
    TemplateInstance instance = *group.templ;
    double batch = transformerParameter(instance, "batch");
    if (criteria.targetMs) {
        const std::optional<double> found = operatingBatch(instance, device, input.options, *criteria.targetMs);
        batch = found.value_or(1.0);
    }
    setTransformerParameter(instance, "batch", batch); // a request mix: its concurrency
    out.batch = batch;
    out.step = evaluateServing(instance, device, input.options);
    if (!out.step.error.empty()) {
        out.error = out.step.error;
        return out;
    }
    if (criteria.targetMs && out.step.tMin * 1e3 > *criteria.targetMs) {
        out.meetsTarget = false;
    }
    if (criteria.ttftTargetMs && out.step.requests && out.step.requests->ttftSeconds * 1e3 > *criteria.ttftTargetMs) {
        out.meetsTtftTarget = false;
    }
    if (out.step.memory.fits) {
        out.minChips = minimumChips(instance, *input.chip, input.options);
    }
    std::optional<double> price = input.purchasePricePerChip;
    if (!price && input.chip->priceDollars) {
        price = *input.chip->priceDollars;
    }
    out.usdPerMillionTokensOwned = ownedUsdPerMillionTokens(
        out.chips, price, out.servedTokensPerSecond(), out.figure(VerdictCriterion::JoulesPerToken), criteria);
    out.assumptions = out.step.assumptions;
    if (!price) {
        out.assumptions.emplace_back("no purchase price: usd_per_million_tokens_owned not given");
    } else {
        out.assumptions.push_back("owned: " + formatNumber(criteria.years, 4) + " years of service at "
            + formatNumber(criteria.utilisation * 100.0, 4) + " % utilisation, "
            + (criteria.usdPerKwh ? "power at " + formatNumber(*criteria.usdPerKwh, 4) + " USD/kWh"
                                  : std::string("capital only (no power price)")));
    }
    return out;
}

// Roofs and precision: a device whose figures stand on other roofs or another precision than the
// others' is not set beside them.
void assessDevices(std::vector<VerdictDevice>& devices, const std::vector<VerdictDeviceInput>& inputs, bool sustained)
{
    bool anySustained = false;
    for (size_t d = 0; d < devices.size(); ++d) {
        VerdictDevice& v = devices[d];
        const bool factors = inputs[d].chip && inputs[d].chip->sustained;
        v.roofs = !sustained ? "peak" : (factors ? "sustained" : "peak (no sustained factors)");
        anySustained = anySustained || (sustained && factors && v.error.empty());
    }
    for (size_t d = 0; d < devices.size(); ++d) {
        VerdictDevice& v = devices[d];
        if (!v.error.empty()) {
            continue;
        }
        if (anySustained && v.roofs != "sustained") {
            v.caveats.emplace_back("peak roofs: the device file gives no sustained factors");
        }
        const std::string& precision = inputs[d].options.eval.precision;
        if (!precision.empty() && precision != v.step.config.dtype) {
            v.caveats.push_back("evaluated at " + precision + ", the step's kernels are " + v.step.config.dtype);
        }
        v.comparable = v.caveats.empty();
    }
}

// Why a device is not ranked at all (empty: it can be, figure by figure).
std::string generalReason(const VerdictDevice& v, const VerdictCriteria& criteria)
{
    if (!v.error.empty()) {
        return v.error;
    }
    if (!v.fits()) {
        std::string text = v.step.fitText();
        if (v.minChips) {
            text += " (fits on " + batchText(*v.minChips) + " chips)";
        }
        return text;
    }
    if (!v.meetsTarget && criteria.targetMs) {
        return "batch 1 takes " + formatNumber(v.step.tMin * 1e3, 3) + " ms per token, over the "
            + formatNumber(*criteria.targetMs, 4) + " ms target";
    }
    if (!v.meetsTtftTarget && criteria.ttftTargetMs) {
        return "its time to first token is at least " + formatNumber(v.step.requests->ttftSeconds * 1e3, 3)
            + " ms, over the " + formatNumber(*criteria.ttftTargetMs, 4) + " ms TTFT target";
    }
    if (!v.comparable) {
        std::string text = "not comparable: ";
        for (size_t i = 0; i < v.caveats.size(); ++i) {
            text += (i ? "; " : "") + v.caveats[i];
        }
        return text;
    }
    return {};
}

std::string missingFigure(VerdictCriterion c)
{
    switch (c) {
    case VerdictCriterion::UsdPerMillionTokens:
        return "no hourly price: not ranked on $/Mtok";
    case VerdictCriterion::JoulesPerToken:
        return "no TDP: not ranked on J/token";
    case VerdictCriterion::TokensPerSecondPerChip:
        break;
    }
    return "no tokens/s: not ranked";
}

void rank(std::vector<VerdictDevice>& devices, const VerdictCriteria& criteria)
{
    std::vector<std::string> general(devices.size());
    for (size_t d = 0; d < devices.size(); ++d) {
        general[d] = generalReason(devices[d], criteria);
    }
    for (const VerdictCriterion c : kVerdictCriteria) {
        std::vector<size_t> ranked;
        for (size_t d = 0; d < devices.size(); ++d) {
            if (general[d].empty() && devices[d].figure(c)) {
                ranked.push_back(d);
            }
        }
        const bool most = c == VerdictCriterion::TokensPerSecondPerChip;
        std::stable_sort(ranked.begin(), ranked.end(), [&](size_t a, size_t b) {
            const double fa = *devices[a].figure(c);
            const double fb = *devices[b].figure(c);
            return most ? fa > fb : fa < fb;
        });
        for (size_t r = 0; r < ranked.size(); ++r) {
            devices[ranked[r]].ranks[static_cast<size_t>(c)] = static_cast<int>(r + 1);
        }
    }
    for (size_t d = 0; d < devices.size(); ++d) {
        VerdictDevice& v = devices[d];
        if (!general[d].empty()) {
            v.whyUnranked = general[d];
            continue;
        }
        for (const VerdictCriterion c : kVerdictCriteria) {
            if (v.rank(c) == 0) {
                v.whyUnranked += (v.whyUnranked.empty() ? "" : "; ") + missingFigure(c);
            }
        }
    }
}

const VerdictDevice* first(const std::vector<VerdictDevice>& devices, VerdictCriterion c)
{
    for (const VerdictDevice& d : devices) {
        if (d.rank(c) == 1) {
            return &d;
        }
    }
    return nullptr;
}

// The unranked device in a few words for the headline: "H100 x8 does not fit (fits on 16 chips)".
std::string briefReason(const VerdictDevice& v, const VerdictCriteria& criteria)
{
    if (!v.error.empty()) {
        return v.label + " cannot run it (" + v.error + ")";
    }
    if (!v.fits()) {
        return v.label + " does not fit" + (v.minChips ? " (fits on " + batchText(*v.minChips) + " chips)" : "");
    }
    if (!v.meetsTarget && criteria.targetMs) {
        return v.label + " misses the target (batch 1: " + formatNumber(v.step.tMin * 1e3, 3) + " ms/token)";
    }
    if (!v.meetsTtftTarget && criteria.ttftTargetMs) {
        return v.label + " misses the TTFT target (" + formatNumber(v.step.requests->ttftSeconds * 1e3, 3)
            + " ms to the first token)";
    }
    return v.label + " is not comparable (" + v.caveats.front() + ")";
}

std::string headline(const GroupVerdict& verdict, const VerdictCriteria& criteria)
{
    const std::string point = verdict.pointText();
    std::string text = verdict.group + (point.empty() ? "" : " " + point) + ": ";
    std::vector<std::string> parts;
    // Where a device runs: its batch, or a request mix's requests in flight.
    const auto at = [](const VerdictDevice& d) {
        return d.step.requests ? " at concurrency " + batchText(d.step.requests->concurrency)
                               : " at batch " + batchText(d.batch);
    };
    if (const VerdictDevice* cheapest = first(verdict.devices, VerdictCriterion::UsdPerMillionTokens)) {
        parts.push_back("cheapest " + cheapest->label + " ($"
            + formatNumber(*cheapest->figure(VerdictCriterion::UsdPerMillionTokens), 3) + "/Mtok" + at(*cheapest)
            + ")");
    }
    if (const VerdictDevice* fastest = first(verdict.devices, VerdictCriterion::TokensPerSecondPerChip)) {
        parts.push_back("most tokens/s per chip " + fastest->label + " ("
            + formatSi(*fastest->figure(VerdictCriterion::TokensPerSecondPerChip), 3) + at(*fastest) + ")");
    }
    if (parts.empty()) {
        parts.emplace_back("no device can be ranked");
    }
    for (size_t i = 0; i < parts.size(); ++i) {
        text += (i ? ", " : "") + parts[i];
    }
    std::vector<std::string> unranked;
    std::vector<std::string> unpriced;
    for (const VerdictDevice& v : verdict.devices) {
        const bool anyRank = std::any_of(v.ranks.begin(), v.ranks.end(), [](int r) { return r > 0; });
        if (!anyRank) {
            unranked.push_back(briefReason(v, criteria));
        } else if (v.rank(VerdictCriterion::UsdPerMillionTokens) == 0) {
            unpriced.push_back(v.label);
        }
    }
    if (!unpriced.empty() && first(verdict.devices, VerdictCriterion::UsdPerMillionTokens)) {
        std::string list;
        for (size_t i = 0; i < unpriced.size(); ++i) {
            list += (i ? ", " : "") + unpriced[i];
        }
        unranked.push_back(list + (unpriced.size() == 1 ? " has" : " have") + " no price");
    }
    for (size_t i = 0; i < unranked.size(); ++i) {
        text += (i ? ", " : "; ") + unranked[i];
    }
    return text + ": bounds on " + verdict.roofs + " roofs";
}

} // namespace

GroupVerdict groupVerdict(const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const VerdictCriteria& criteria, bool sustained)
{
    GroupVerdict verdict;
    verdict.group = group.name;
    verdict.targetMs = criteria.targetMs;
    verdict.ttftTargetMs = criteria.ttftTargetMs;
    verdict.roofs = sustained ? "sustained" : "peak";
    if (!group.templ) {
        return verdict;
    }
    verdict.devices.reserve(devices.size());
    for (const VerdictDeviceInput& input : devices) {
        verdict.devices.push_back(evaluateDevice(group, input, criteria));
    }
    assessDevices(verdict.devices, devices, sustained);
    rank(verdict.devices, criteria);
    verdict.headline = headline(verdict, criteria);
    return verdict;
}

} // namespace roofscope
