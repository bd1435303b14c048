#include "cli/VerdictArgs.h"

#include "cli/CliArgs.h"
#include "model/Units.h"

#include <cmath>

namespace roofscope {

namespace {

// A finite number in [lowest, highest] (above 0 when `positive`), or a CliError that says what is wanted.
std::optional<double> bounded(
    const CliArgs& opts, const std::string& name, double lowest, double highest, const std::string& wanted)
{
    const auto text = opts.value(name);
    if (!text) {
        return std::nullopt;
    }
    const auto number = parseNumber(*text);
    if (!number || !std::isfinite(*number) || *number < lowest || *number > highest) {
        throw CliError("--" + name + ": '" + *text + "' is not " + wanted);
    }
    return number;
}

} // namespace

void applyVerdictOptions(const CliArgs& opts, ViewSettings& view)
{
    constexpr double kLongest = 1e9;
    if (const auto target = bounded(opts, "target-ms", 1e-6, kLongest, "a time per output token in ms above 0")) {
        view.servingTargetMs = *target;
    }
    if (const auto ttft = bounded(opts, "ttft-target-ms", 1e-6, kLongest, "a time to first token in ms above 0")) {
        view.servingTtftTargetMs = *ttft;
    }
    if (const auto years = bounded(opts, "years", 1e-3, 100.0, "a service life in years from 0.001 to 100")) {
        view.years = *years;
    }
    if (const auto share = bounded(opts, "utilisation", 1e-6, 1.0, "a share of the time in service, above 0 up to 1")) {
        view.utilisation = *share;
    }
    if (const auto power = bounded(opts, "usd-per-kwh", 0.0, 100.0, "a power price in USD per kWh from 0 to 100")) {
        view.usdPerKwh = *power;
    }
}

VerdictCriteria verdictCriteria(const CliArgs& opts)
{
    ViewSettings view;
    applyVerdictOptions(opts, view);
    VerdictCriteria criteria;
    criteria.targetMs = view.servingTargetMs;
    criteria.ttftTargetMs = view.servingTtftTargetMs;
    criteria.years = view.years;
    criteria.utilisation = view.utilisation;
    criteria.usdPerKwh = view.usdPerKwh;
    return criteria;
}

} // namespace roofscope
