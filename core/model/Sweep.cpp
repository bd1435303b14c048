#include "model/Sweep.h"

#include "model/RangeEvaluator.h"

#include <cmath>

namespace roofscope {

namespace {

struct State {
    Regime regime;
    int binding;
    bool operator==(const State&) const = default;
};

State stateAt(KernelProbe& probe, const RangeEvaluator& evaluator, const std::string& name, double value)
{
    probe.set(name, value);
    const Kernel& k = probe.derive();
    const RangePoint p = evaluator.at(k, probe.chips());
    return { p.regime, p.binding };
}

// Locates every change of state between a (state sa) and b (state sb), a < b, appending crossings.
void locate(KernelProbe& probe, const RangeEvaluator& evaluator, const std::string& name, double a, State sa, double b,
    State sb, std::vector<SweepCrossing>& out, int depth = 0)
{
    if (sa == sb || depth > 8) {
        return;
    }
    // Invariant: state(lo) == sa, state(hi) != sa. Bisect in log space (the parameters are sizes).
    double lo = a;
    double hi = b;
    State shi = sb;
    for (int it = 0; it < 200 && hi - lo > 1e-13 * hi; ++it) {
        const double mid = std::sqrt(lo * hi);
        if (!(mid > lo && mid < hi)) {
            break;
        }
        const State sm = stateAt(probe, evaluator, name, mid);
        if (sm == sa) {
            lo = mid;
        } else {
            hi = mid;
            shi = sm;
        }
    }
    const double at = std::sqrt(lo * hi);
    if (sa.regime != shi.regime) {
        out.push_back({ at, "regime", regimeName(sa.regime), regimeName(shi.regime) });
    }
    if (sa.binding != shi.binding) {
        out.push_back({ at, "binding", evaluator.bindingName(sa.binding), evaluator.bindingName(shi.binding) });
    }
    locate(probe, evaluator, name, hi, shi, b, sb, out, depth + 1);
}

} // namespace

SweepResult sweep(const Kernel& kernel, const std::vector<Hardware>& devices, const EvalOptions& options,
    const ParameterAxis& axis, double chips)
{
    SweepResult result;
    result.vary = axis.name;
    KernelProbe probe(kernel, chips);
    bool integer = false;
    result.error = probe.checkAxis(axis, integer);
    if (!result.error.empty()) {
        return result;
    }
    result.values = axisValues(axis.from, axis.to, axis.steps, integer);

    // The kernels are the same on every device: derive them once.
    std::vector<Kernel> kernels;
    std::vector<double> widths;
    kernels.reserve(result.values.size());
    for (double v : result.values) {
        probe.set(axis.name, v);
        kernels.push_back(probe.derive());
        widths.push_back(probe.chips());
    }
    for (const auto& hw : devices) {
        SweepDevice device;
        device.hardwareId = hw.id;
        device.hardwareName = hw.name;
        device.hardwareLabel = hw.shortLabel();
        RangeEvaluator evaluator;
        if (!evaluator.prepare(kernels.front(), hw, options, device.error)) {
            result.devices.push_back(std::move(device));
            continue;
        }
        device.points.reserve(kernels.size());
        std::vector<State> states;
        states.reserve(kernels.size());
        for (size_t i = 0; i < kernels.size(); ++i) {
            const RangePoint p = evaluator.at(kernels[i], widths[i]);
            device.points.push_back(
                { result.values[i], p.intensity, p.attainable, p.regime, evaluator.bindingName(p.binding), p.tMin });
            states.push_back({ p.regime, p.binding });
        }
        for (size_t i = 1; i < states.size(); ++i) {
            locate(probe, evaluator, axis.name, result.values[i - 1], states[i - 1], result.values[i], states[i],
                device.crossings);
        }
        result.devices.push_back(std::move(device));
    }
    return result;
}

} // namespace roofscope
