#include "model/RegimeMap.h"

#include "model/RangeEvaluator.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

std::string RegimeMapDevice::bindingName(int binding) const
{
    return binding >= 0 && static_cast<size_t>(binding) < levels.size() ? levels[static_cast<size_t>(binding)]
                                                                        : std::string("compute");
}

RegimeMap regimeMap(const Kernel& kernel, const std::vector<Hardware>& devices, const EvalOptions& options,
    const ParameterAxis& x, const ParameterAxis& y, double chips)
{
    RegimeMap map;
    map.xName = x.name;
    map.yName = y.name;
    if (x.name == y.name) {
        map.error = "the two axes must vary different parameters (both are '" + x.name + "')";
        return map;
    }
    KernelProbe probe(kernel, chips);
    bool xInteger = false;
    bool yInteger = false;
    map.error = probe.checkAxis(x, xInteger);
    if (map.error.empty()) {
        map.error = probe.checkAxis(y, yInteger);
    }
    if (!map.error.empty()) {
        return map;
    }
    map.xValues = axisValues(x.from, x.to, x.steps, xInteger);
    map.yValues = axisValues(y.from, y.to, y.steps, yInteger);

    std::vector<RangeEvaluator> evaluators(devices.size());
    std::vector<bool> ready(devices.size(), false);
    map.devices.resize(devices.size());
    const size_t cells = map.xValues.size() * map.yValues.size();
    for (size_t d = 0; d < devices.size(); ++d) {
        RegimeMapDevice& device = map.devices[d];
        device.hardwareId = devices[d].id;
        device.hardwareName = devices[d].name;
        device.hardwareLabel = devices[d].shortLabel();
        for (const auto& level : devices[d].levels) {
            device.levels.push_back(level.name);
            device.network.push_back(level.kind == LevelKind::Interconnect);
        }
        probe.set(x.name, map.xValues.front());
        probe.set(y.name, map.yValues.front());
        ready[d] = evaluators[d].prepare(probe.derive(), devices[d], options, device.error);
        if (ready[d]) {
            device.cells.resize(cells);
        }
    }
    // Along a row (y fixed) every template's FLOPs and bytes are linear in its size parameters:
    // f(x) = a + b x, with a = f(0) and b = (f(X) - a) / X at the row's largest X (so the rounding of
    // b stays small against f). Rows are checked at two inner values and derived cell by cell when
    // the check fails (a template that is not linear, or the chips axis, whose sharded templates
    // change form below 2 chips).
    const bool tryLinear = probe.direct() && x.name != "chips";
    const double xMax = map.xValues.back();
    std::vector<double> slope;
    size_t index = 0;
    for (double yv : map.yValues) {
        probe.set(y.name, yv);
        bool linear = false;
        Kernel scratch;
        Kernel base;
        if (tryLinear) {
            probe.set(x.name, 0.0);
            base = probe.derive();
            probe.set(x.name, xMax);
            scratch = probe.derive();
            linear = scratch.bytes.size() == base.bytes.size();
            slope.assign(base.bytes.size() + 1, 0.0);
            if (linear) {
                slope[0] = (scratch.flops - base.flops) / xMax;
                for (size_t e = 0; e < base.bytes.size(); ++e) {
                    slope[e + 1] = (scratch.bytes[e].bytes - base.bytes[e].bytes) / xMax;
                }
            }
            auto close = [](double got, double want) {
                return std::fabs(got - want) <= 1e-12 * std::max(std::fabs(got), std::fabs(want));
            };
            for (double t : { map.xValues[map.xValues.size() / 3], map.xValues[2 * map.xValues.size() / 3] }) {
                if (!linear) {
                    break;
                }
                probe.set(x.name, t);
                const Kernel& k = probe.derive();
                linear = close(k.flops, base.flops + slope[0] * t);
                for (size_t e = 0; linear && e < base.bytes.size(); ++e) {
                    linear = close(k.bytes[e].bytes, base.bytes[e].bytes + slope[e + 1] * t);
                }
            }
        }
        for (double xv : map.xValues) {
            const Kernel* k = nullptr;
            if (linear) {
                scratch.flops = base.flops + slope[0] * xv;
                for (size_t e = 0; e < base.bytes.size(); ++e) {
                    scratch.bytes[e].bytes = base.bytes[e].bytes + slope[e + 1] * xv;
                }
                k = &scratch;
            } else {
                probe.set(x.name, xv);
                k = &probe.derive();
            }
            for (size_t d = 0; d < devices.size(); ++d) {
                if (!ready[d]) {
                    continue;
                }
                const RangePoint p = evaluators[d].at(*k, probe.chips());
                map.devices[d].cells[index] = { p.regime, p.binding, p.tMin, p.attainable };
            }
            ++index;
        }
    }
    return map;
}

} // namespace roofscope
