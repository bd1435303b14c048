#include "model/Evaluation.h"

#include "model/LevelMapping.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

std::string regimeName(Regime regime)
{
    switch (regime) {
    case Regime::MemoryBound:
        return "memory-bound";
    case Regime::ComputeBound:
        return "compute-bound";
    case Regime::Balanced:
        return "balanced";
    case Regime::NetworkBound:
        return "network-bound";
    }
    return "";
}

std::string Evaluation::bindingKind() const
{
    if (binding == "compute") {
        return "compute";
    }
    return nearestKind == LevelKind::Interconnect ? "interconnect" : "memory";
}

const LevelEvaluation* Evaluation::level(const std::string& name) const
{
    for (const auto& l : levels) {
        if (equalsIgnoreCase(l.name, name)) {
            return &l;
        }
    }
    return nullptr;
}

namespace {
bool isDisabled(const Hardware& hardware, const BandwidthLevel& level, const std::vector<std::string>& disabled)
{
    return std::any_of(
        disabled.begin(), disabled.end(), [&](const std::string& name) { return hardware.findLevel(name) == &level; });
}
} // namespace

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Why the kernel's figures or the options cannot be evaluated, empty when they can.
std::string inputError(const Kernel& kernel, const EvalOptions& options)
{
    if (!std::isfinite(kernel.flops) || kernel.flops < 0.0) {
        return "kernel '" + kernel.name + "': FLOPs must be a finite number >= 0";
    }
    if (!(options.commFraction >= 0.0 && options.commFraction < 1.0)) {
        return "communication fraction must be in [0, 1), got " + formatNumber(options.commFraction);
    }
    if (!(options.tolerance >= 0.0 && options.tolerance < 1.0)) {
        return "tolerance must be in [0, 1), got " + formatNumber(options.tolerance);
    }

    return {};
}

// The precision, its peak and the compute roof (after the communication share and sustained
// factors); `bandwidthFactor` receives the factor of every bandwidth roof. An error when the device
// has no peak for the precision.
std::string setComputeRoof(
    Evaluation& ev, const Kernel& kernel, const Hardware& hardware, const EvalOptions& options, double& bandwidthFactor)
{
    ev.precision = !options.precision.empty() ? options.precision
        : !kernel.precision.empty()           ? kernel.precision
        : !kernel.templatePrecision.empty()   ? kernel.templatePrecision
                                              : hardware.mainPrecision();
    const std::string requestedUnit = !options.unit.empty() ? options.unit : kernel.unit;
    auto peak = hardware.peak(ev.precision, requestedUnit);
    if (!peak) {
        std::string have;
        for (const auto& p : hardware.precisions()) {
            have += (have.empty() ? "" : " ") + p;
        }
        if (!requestedUnit.empty() && hardware.peak(ev.precision)) {
            return hardware.id + " has no " + ev.precision + " peak on unit '" + requestedUnit + "'";
        }
        return hardware.id + " has no " + ev.precision + " peak (it has: " + have + ")";
    }
    ev.unit = !requestedUnit.empty() ? requestedUnit : hardware.fastestUnit(ev.precision);
    ev.peakFlopsPerSecond = *peak;

    double computeFactor = 1.0 - options.commFraction;
    bandwidthFactor = 1.0 - options.commFraction;
    if (options.sustained) {
        if (hardware.sustained) {
            computeFactor *= hardware.sustained->compute;
            bandwidthFactor *= hardware.sustained->bandwidth;
        } else {
            ev.warnings.push_back(hardware.id + " gives no sustained factors; its peak roofs are used");
        }
    }
    ev.computeRoof = *peak * computeFactor;

    return {};
}

// The kernel's bytes on the device's levels (a level it lacks mapped to one it has, noted once);
// the capacity check of its working set. An error when no byte lands on a level of the device.
std::string placeBytes(Evaluation& ev, const Kernel& kernel, const Hardware& hardware,
    std::vector<double>& bytesPerLevel, std::vector<bool>& touched)
{
    // Resolve the kernel's bytes onto the device's levels.
    for (const auto& entry : kernel.bytes) {
        if (!std::isfinite(entry.bytes) || entry.bytes < 0.0) {
            return "kernel '" + kernel.name + "': bytes on " + entry.level + " must be >= 0";
        }
        // Main-memory names count on the device's main memory, other missing levels on the next
        // slower level it has; each such placement is noted once per level (docs/model.md#where-bytes-are-counted).
        const BandwidthLevel* level = hardware.findLevel(entry.level); // the usual case: the device has it
        if (!level) {
            const LevelMapping mapping = mapLevel(entry.level, hardware);
            const std::string note = mapping.note();
            if (std::find(ev.levelNotes.begin(), ev.levelNotes.end(), note) == ev.levelNotes.end()) {
                ev.levelNotes.push_back(note);
                ev.likeForLikeLevels = ev.likeForLikeLevels && mapping.likeForLike();
            }
            level = mapping.to.empty() ? nullptr : hardware.findLevel(mapping.to);
        }
        if (!level) {
            ev.warnings.push_back(
                "kernel '" + kernel.name + "' moves bytes on '" + entry.level + "', which " + hardware.id + " lacks");
            continue;
        }
        const auto index = static_cast<size_t>(level - hardware.levels.data());
        bytesPerLevel[index] += entry.bytes;
        touched[index] = true;
    }
    if (!kernel.bytes.empty() && std::none_of(touched.begin(), touched.end(), [](bool t) { return t; })) {
        std::string names;
        for (const auto& entry : kernel.bytes) {
            names += (names.empty() ? "'" : ", '") + entry.level + "'";
        }
        std::string have;
        for (const auto& level : hardware.levels) {
            have += (have.empty() ? "" : " ") + level.name;
        }
        return "kernel '" + kernel.name + "' moves bytes only on " + names + ", which " + hardware.id
            + " lacks (it has: " + have + ")";
    }
    // The capacity clock: every level with a capacity, whether or not the kernel's bytes cross it.
    if (kernel.workingSetBytes) {
        for (const auto& level : hardware.levels) {
            if (level.capacityBytes) {
                ev.fits.emplace_back(level.name, *kernel.workingSetBytes <= *level.capacityBytes);
            }
        }
    }

    return {};
}

// Each enabled level's time, T_min, T_max, the attainable FLOP/s, the regime and what binds.
void evaluateLevels(Evaluation& ev, const Kernel& kernel, const Hardware& hardware, const EvalOptions& options,
    double bandwidthFactor, const std::vector<double>& bytesPerLevel, const std::vector<bool>& touched)
{
    constexpr double kInf = kInfinity;
    const BandwidthLevel* defaultLevel = hardware.defaultLevelPtr();
    ev.defaultLevel = defaultLevel ? defaultLevel->name : std::string {};
    ev.tMath = kernel.flops / ev.computeRoof;
    // Which clock is slowest is decided on the logarithms of the times: a time past the range of a
    // double (an extreme ad-hoc roof) is infinite, and two infinite times would not compare.
    const auto logTime
        = [](double amount, double rate) { return amount > 0.0 ? std::log(amount) - std::log(rate) : -kInf; };
    const double logMath = logTime(kernel.flops, ev.computeRoof);
    // Times compare as themselves where they are ordinary numbers (exact at the ridge), else by
    // their logarithms; the same rule gives their ratio.
    const auto ordinary = [](double a, double b) { return a > 0.0 && b > 0.0 && std::isfinite(a) && std::isfinite(b); };
    const auto longer
        = [&](double a, double logA, double b, double logB) { return ordinary(a, b) ? a > b : logA > logB; };
    const auto timeRatio
        = [&](double a, double logA, double b, double logB) { return ordinary(a, b) ? a / b : std::exp(logA - logB); };
    double logSlowest = -kInf;
    double slowest = 0.0;
    double sumLevels = 0.0;
    ev.intensity = kInf;
    for (size_t i = 0; i < hardware.levels.size(); ++i) {
        const auto& level = hardware.levels[i];
        if (!touched[i] || isDisabled(hardware, level, options.disabledLevels)) {
            continue;
        }
        LevelEvaluation le;
        le.name = level.name;
        le.kind = level.kind;
        le.bytes = bytesPerLevel[i];
        le.bytesPerSecond = level.bytesPerSecond * bandwidthFactor;
        le.intensity = le.bytes > 0.0 ? kernel.flops / le.bytes : kInf;
        le.ridge = ev.computeRoof / le.bytesPerSecond;
        le.seconds = le.bytes / le.bytesPerSecond;
        if (&level == defaultLevel) {
            ev.intensity = le.intensity;
        }
        sumLevels += le.seconds;
        const double logSeconds = logTime(le.bytes, le.bytesPerSecond);
        if (ev.nearestLevel.empty() || longer(le.seconds, logSeconds, slowest, logSlowest)) {
            slowest = le.seconds;
            logSlowest = logSeconds;
            ev.nearestLevel = le.name;
            ev.nearestKind = le.kind;
        }
        ev.levels.push_back(le);
    }
    if (ev.intensity == kInf && !ev.levels.empty()) {
        // No bytes on the default level (or it is switched off): place the kernel by its slowest level.
        ev.intensity = ev.level(ev.nearestLevel)->intensity;
    }

    ev.tMin = std::max(ev.tMath, slowest);
    ev.tMax = ev.tMath + sumLevels;
    if (ev.tMin > 0.0) {
        ev.attainable = kernel.flops / ev.tMin;
    } else {
        ev.attainable = kernel.flops > 0.0 ? ev.computeRoof : 0.0;
    }
    ev.fractionOfPeak = ev.attainable / ev.peakFlopsPerSecond;

    if (logSlowest == -kInf) {
        ev.regime = Regime::ComputeBound;
        ev.binding = "compute";
    } else {
        // T_math / T_slowest = intensity / ridge on the slowest level; regime and binding both follow it.
        const double ratio = timeRatio(ev.tMath, logMath, slowest, logSlowest);
        ev.binding = longer(slowest, logSlowest, ev.tMath, logMath) ? ev.nearestLevel : std::string("compute");
        if (std::fabs(ratio - 1.0) <= options.tolerance) {
            ev.regime = Regime::Balanced;
        } else {
            // Below the ridge the binding level's class names the regime: a link makes it network-bound.
            ev.regime = ratio > 1.0                         ? Regime::ComputeBound
                : ev.nearestKind == LevelKind::Interconnect ? Regime::NetworkBound
                                                            : Regime::MemoryBound;
        }
    }
}

// A measured runtime against the bound (not when it was measured on another device).
std::string addMeasured(Evaluation& ev, const Kernel& kernel, const Hardware& hardware)
{
    if (kernel.measuredSeconds && !kernel.measuredOn.empty() && !equalsIgnoreCase(kernel.measuredOn, hardware.id)) {
        ev.measuredOn = kernel.measuredOn; // a runtime of another machine: no point against this roof
    } else if (kernel.measuredSeconds) {
        const double measured = *kernel.measuredSeconds;
        if (!(measured > 0.0) || !std::isfinite(measured)) {
            return "kernel '" + kernel.name + "': measured runtime must be > 0";
        }
        ev.measuredSeconds = measured;
        ev.achieved = kernel.flops / measured;
        ev.fractionOfRoof = ev.attainable > 0.0 ? *ev.achieved / ev.attainable : 0.0;
        constexpr double kSlack = 1e-9; // rounding in the inputs is not a roof violation
        ev.aboveRoof = *ev.achieved > ev.attainable * (1.0 + kSlack);
        ev.withinBounds = measured >= ev.tMin * (1.0 - kSlack) && measured <= ev.tMax * (1.0 + kSlack);
    }
    return {};
}

} // namespace

EvaluationResult evaluate(const Kernel& kernel, const Hardware& hardware, const EvalOptions& options)
{
    if (std::string error = inputError(kernel, options); !error.empty()) {
        return { std::nullopt, std::move(error) };
    }
    Evaluation ev;
    ev.hardwareId = hardware.id;
    ev.hardwareName = hardware.name;
    ev.hardwareLabel = hardware.shortLabel();
    ev.chips = hardware.chips;
    ev.kernelName = kernel.name;
    ev.flops = kernel.flops;
    ev.sustained = options.sustained;
    ev.commFraction = options.commFraction;

    double bandwidthFactor = 1.0;
    if (std::string error = setComputeRoof(ev, kernel, hardware, options, bandwidthFactor); !error.empty()) {
        return { std::nullopt, std::move(error) };
    }
    std::vector<double> bytesPerLevel(hardware.levels.size(), 0.0);
    std::vector<bool> touched(hardware.levels.size(), false);
    if (std::string error = placeBytes(ev, kernel, hardware, bytesPerLevel, touched); !error.empty()) {
        return { std::nullopt, std::move(error) };
    }
    evaluateLevels(ev, kernel, hardware, options, bandwidthFactor, bytesPerLevel, touched);
    if (std::string error = addMeasured(ev, kernel, hardware); !error.empty()) {
        return { std::nullopt, std::move(error) };
    }
    if (options.sustained) {
        EvalOptions peakOptions = options;
        peakOptions.sustained = false;
        if (auto peakResult = evaluate(kernel, hardware, peakOptions); peakResult.evaluation) {
            const Evaluation& p = *peakResult.evaluation;
            ev.peakBasis = PeakBasis { p.attainable, p.fractionOfPeak, p.regime, p.binding, p.tMin, p.tMax };
        }
    }
    ev.tMinWithLaunch = ev.tMin;
    ev.tMaxWithLaunch = ev.tMax;
    if (hardware.launchOverheadSeconds) {
        ev.launchOverheadSeconds = *hardware.launchOverheadSeconds;
        ev.tMinWithLaunch = std::max(ev.tMin, *hardware.launchOverheadSeconds);
        ev.tMaxWithLaunch = ev.tMax + *hardware.launchOverheadSeconds;
    }
    return { std::move(ev), {} };
}

} // namespace roofscope
