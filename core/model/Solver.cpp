#include "model/Solver.h"

#include "model/Templates.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace roofscope {

namespace {

struct Range {
    double lo;
    double hi;
    bool integer;
};

std::string checkFree(const Kernel& kernel, const std::vector<std::string>& names, Range& range)
{
    if (!kernel.templ) {
        return "kernel '" + kernel.name + "' has no template; only template kernels have parameters to solve for";
    }
    const TemplateDefinition* def = findTemplate(kernel.templ->name);
    if (!def) {
        return "unknown template '" + kernel.templ->name + "'";
    }
    if (names.empty()) {
        return "no free parameter given";
    }
    range = { 0.0, 1e300, false };
    for (const auto& name : names) {
        const TemplateParameter* p = def->parameter(name);
        if (!p) {
            return def->signature + " has no parameter '" + name + "'";
        }
        range.lo = std::max(range.lo, p->minimum > 0.0 ? p->minimum : 1e-9);
        range.hi = std::min(range.hi, p->maximum);
        range.integer = range.integer || p->integer;
    }
    return {};
}

Kernel withValue(const Kernel& kernel, const std::vector<std::string>& names, double value)
{
    Kernel k = kernel;
    for (const auto& name : names) {
        k.templ->params[name] = value;
    }
    applyTemplate(k, true);
    return k;
}

// Finds x in [lo, hi] (log scale) where f changes sign; f is evaluated on a coarse grid first.
std::optional<double> findRoot(const std::function<double(double)>& f, double lo, double hi, bool& risingOut)
{
    constexpr int kGrid = 240;
    const double logLo = std::log(lo);
    const double logHi = std::log(hi);
    double prevX = lo;
    double prevF = f(lo);
    for (int i = 1; i <= kGrid; ++i) {
        const double x = std::exp(logLo + (logHi - logLo) * i / kGrid);
        const double fx = f(x);
        if (std::isfinite(prevF) && std::isfinite(fx) && ((prevF <= 0.0 && fx > 0.0) || (prevF >= 0.0 && fx < 0.0))) {
            risingOut = fx > prevF;
            double a = prevX;
            double b = x;
            double fa = prevF;
            for (int it = 0; it < 200 && b - a > 1e-12 * b; ++it) {
                const double mid = std::sqrt(a * b);
                const double fm = f(mid);
                if ((fa <= 0.0) == (fm <= 0.0)) {
                    a = mid;
                    fa = fm;
                } else {
                    b = mid;
                }
            }
            return std::sqrt(a * b);
        }
        prevX = x;
        prevF = fx;
    }
    return std::nullopt;
}

} // namespace

std::vector<std::string> parseFreeParameters(const std::string& free)
{
    std::vector<std::string> names;
    for (auto& part : split(free, ',')) {
        if (!part.empty()) {
            names.push_back(part);
        }
    }
    return names;
}

SolveResult solveCrossover(const Kernel& kernel, const Hardware& hardware, const EvalOptions& options,
    const std::string& free, const std::string& level)
{
    SolveResult result;
    const auto names = parseFreeParameters(free);
    Range range {};
    result.error = checkFree(kernel, names, range);
    if (!result.error.empty()) {
        return result;
    }
    auto probe = evaluate(withValue(kernel, names, range.lo), hardware, options);
    if (!probe.evaluation) {
        result.error = probe.error;
        return result;
    }
    if (!level.empty() && !hardware.findLevel(level)) {
        result.error = hardware.id + " has no level '" + level + "'";
        return result;
    }
    // log(T_math / T_level): positive where compute-bound.
    auto f = [&](double x) {
        auto ev = evaluate(withValue(kernel, names, x), hardware, options);
        if (!ev.evaluation) {
            return std::nan("");
        }
        double levelTime = 0.0;
        for (const auto& l : ev.evaluation->levels) {
            if (level.empty() ? l.seconds > levelTime : hardware.findLevel(level) == hardware.findLevel(l.name)) {
                levelTime = l.seconds;
            }
        }
        if (levelTime <= 0.0 || ev.evaluation->tMath <= 0.0) {
            return std::nan("");
        }
        return std::log(ev.evaluation->tMath / levelTime);
    };
    bool rising = true;
    const double hi = std::min(range.hi, 1e12);
    auto root = findRoot(f, range.lo, hi, rising);
    if (!root) {
        result.error = "the kernel does not cross the ridge on " + hardware.id + " for " + free + " in ["
            + formatNumber(range.lo) + ", " + formatNumber(hi) + "]";
        return result;
    }
    result.value = *root;
    result.computeBoundAbove = rising;
    auto ev = evaluate(withValue(kernel, names, *root), hardware, options);
    if (ev.evaluation) {
        const LevelEvaluation* crossed = nullptr;
        for (const auto& l : ev.evaluation->levels) {
            if (level.empty() ? (!crossed || l.seconds > crossed->seconds)
                              : hardware.findLevel(level) == hardware.findLevel(l.name)) {
                crossed = &l;
            }
        }
        if (crossed) {
            result.level = crossed->name;
            result.intensity = crossed->intensity;
            result.ridge = crossed->ridge;
        }
    }
    return result;
}

SolveResult solveForIntensity(const Kernel& kernel, const std::string& free, double targetIntensity)
{
    SolveResult result;
    const auto names = parseFreeParameters(free);
    Range range {};
    result.error = checkFree(kernel, names, range);
    if (!result.error.empty()) {
        return result;
    }
    if (!(targetIntensity > 0.0) || !std::isfinite(targetIntensity)) {
        result.error = "target intensity must be a positive number";
        return result;
    }
    auto intensityAt = [&](double x) {
        const Kernel k = withValue(kernel, names, x);
        const double bytes = k.bytesOn("default");
        return bytes > 0.0 ? k.flops / bytes : std::nan("");
    };
    auto f = [&](double x) { return std::log(intensityAt(x) / targetIntensity); };
    bool rising = true;
    const double hi = std::min(range.hi, 1e12);
    const std::string& firstName = names.front();
    const auto currentIt = kernel.templ->params.find(firstName);
    const TemplateParameter* firstParameter = findTemplate(kernel.templ->name)->parameter(firstName);
    const double current = std::clamp(
        currentIt != kernel.templ->params.end() ? currentIt->second : firstParameter->defaultValue, range.lo, hi);
    auto root = findRoot(f, range.lo, hi, rising);
    double value = 0.0;
    if (root) {
        value = *root;
    } else {
        // Out of reach. When the intensity hardly changes over the whole range, the parameter does not
        // move the kernel at all: keep it. Otherwise the intensity saturates towards one end of the
        // range: stop where it comes within 1 % of that end's intensity (a step invisible on a log
        // axis), never past the value the kernel has now, instead of running to the end of the range.
        const double atLo = intensityAt(range.lo);
        const double atHi = intensityAt(hi);
        const std::string label = "'" + kernel.name + "'";
        if (!(std::isfinite(atLo) && std::isfinite(atHi)) || std::fabs(std::log(atHi / atLo)) < 1e-6) {
            result.value = current;
            result.intensity = intensityAt(current);
            result.level = "default";
            result.limit = label + "'s intensity does not depend on " + free;
            return result;
        }
        const bool towardsHi = std::fabs(f(hi)) < std::fabs(f(range.lo));
        const double end = towardsHi ? hi : range.lo;
        const double atEnd = towardsHi ? atHi : atLo;
        auto gap = [&](double x) { return std::fabs(std::log(intensityAt(x) / atEnd)) - 0.01; };
        if (gap(current) <= 0.0) {
            value = current;
        } else {
            bool unused = true;
            const auto near = findRoot(gap, std::min(current, end), std::max(current, end), unused);
            value = near ? *near : end;
        }
        result.limit = label + "'s intensity cannot go " + (targetIntensity > atEnd ? "above " : "below ")
            + formatNumber(atEnd, 4) + " FLOP/B by changing " + free;
    }
    if (range.integer) {
        // The whole number whose intensity is closest to the target.
        const double down = std::max(range.lo, std::floor(value));
        const double up = std::min(hi, std::ceil(value));
        value = std::fabs(f(down)) <= std::fabs(f(up)) ? down : up;
    }
    result.value = value;
    result.intensity = intensityAt(value);
    result.computeBoundAbove = rising;
    result.level = "default";
    return result;
}

double firstComputeBoundValue(const SolveResult& result, bool integer)
{
    const double value = result.value.value_or(0.0);
    if (!integer) {
        return value;
    }
    return result.computeBoundAbove ? std::floor(value) + 1.0 : std::ceil(value) - 1.0;
}

} // namespace roofscope
