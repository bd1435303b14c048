#include "model/RegimeMap.h"

#include "model/RangeEvaluator.h"

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
    size_t index = 0;
    for (double yv : map.yValues) {
        probe.set(y.name, yv);
        for (double xv : map.xValues) {
            probe.set(x.name, xv);
            const Kernel& k = probe.derive();
            for (size_t d = 0; d < devices.size(); ++d) {
                if (!ready[d]) {
                    continue;
                }
                const RangePoint p = evaluators[d].at(k, probe.chips());
                map.devices[d].cells[index] = { p.regime, p.binding, p.tMin, p.attainable };
            }
            ++index;
        }
    }
    return map;
}

} // namespace roofscope
