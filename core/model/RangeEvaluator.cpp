#include "model/RangeEvaluator.h"

#include "model/ChipScaling.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

bool RangeEvaluator::prepare(
    const Kernel& kernel, const Hardware& hardware, const EvalOptions& options, std::string& error)
{
    Kernel placed = kernel;
    placeCollectiveBytes(placed, hardware);
    auto probe = evaluate(placed, hardware, options);
    if (!probe.evaluation) {
        error = probe.error;
        return false;
    }
    m_computeRoof = probe.evaluation->computeRoof;
    m_tolerance = options.tolerance;
    double bandwidthFactor = 1.0 - options.commFraction;
    if (options.sustained && hardware.sustained) {
        bandwidthFactor *= hardware.sustained->bandwidth;
    }
    const size_t n = hardware.levels.size();
    m_bandwidth.assign(n, 0.0);
    m_network.assign(n, false);
    m_enabled.assign(n, true);
    m_names.assign(n, {});
    for (size_t i = 0; i < n; ++i) {
        const BandwidthLevel& level = hardware.levels[i];
        m_bandwidth[i] = level.bytesPerSecond * bandwidthFactor;
        m_network[i] = level.kind == LevelKind::Interconnect;
        m_names[i] = level.name;
        for (const auto& name : options.disabledLevels) {
            if (hardware.findLevel(name) == &level) {
                m_enabled[i] = false;
            }
        }
    }
    const BandwidthLevel* def = hardware.defaultLevelPtr();
    m_defaultLevel = def ? static_cast<int>(def - hardware.levels.data()) : -1;
    m_entryLevel.clear();
    for (const auto& entry : placed.bytes) {
        const BandwidthLevel* level = hardware.findLevel(entry.level);
        m_entryLevel.push_back(level ? static_cast<int>(level - hardware.levels.data()) : -1);
    }
    return true;
}

RangePoint RangeEvaluator::at(const Kernel& kernel, double chips) const
{
    constexpr double kInf = std::numeric_limits<double>::infinity();
    // Bytes per device level, in the device's order (as evaluate() walks them). Kernels of a
    // template touch one or two levels, so a small fixed buffer does.
    constexpr size_t kMax = 16;
    double bytes[kMax] = {};
    bool touched[kMax] = {};
    const size_t levels = std::min(m_bandwidth.size(), kMax);
    const size_t entries = std::min(kernel.bytes.size(), m_entryLevel.size());
    for (size_t e = 0; e < entries; ++e) {
        const int index = m_entryLevel[e];
        if (index >= 0 && static_cast<size_t>(index) < levels) {
            bytes[index] += kernel.bytes[e].bytes;
            touched[index] = true;
        }
    }
    RangePoint p;
    const double tMath = kernel.flops / (m_computeRoof * chips);
    double slowest = 0.0;
    int nearest = -1;
    double intensity = kInf;
    for (size_t i = 0; i < levels; ++i) {
        if (!touched[i] || !m_enabled[i]) {
            continue;
        }
        const double seconds = bytes[i] / (m_bandwidth[i] * chips);
        if (static_cast<int>(i) == m_defaultLevel) {
            intensity = bytes[i] > 0.0 ? kernel.flops / bytes[i] : kInf;
        }
        if (nearest < 0 || seconds > slowest) {
            slowest = seconds;
            nearest = static_cast<int>(i);
        }
    }
    if (intensity == kInf && nearest >= 0) {
        const double b = bytes[nearest];
        intensity = b > 0.0 ? kernel.flops / b : kInf;
    }
    p.intensity = intensity;
    p.tMin = std::max(tMath, slowest);
    p.attainable = p.tMin > 0.0 ? kernel.flops / p.tMin : (kernel.flops > 0.0 ? m_computeRoof * chips : 0.0);
    if (slowest <= 0.0) {
        p.regime = Regime::ComputeBound;
        p.binding = -1;
        return p;
    }
    const double ratio = tMath / slowest;
    p.binding = tMath >= slowest ? -1 : nearest;
    if (std::fabs(ratio - 1.0) <= m_tolerance) {
        p.regime = Regime::Balanced;
    } else {
        p.regime = ratio > 1.0   ? Regime::ComputeBound
            : isNetwork(nearest) ? Regime::NetworkBound
                                 : Regime::MemoryBound; // as evaluate(): a binding link is network-bound
    }
    return p;
}

const std::string& RangeEvaluator::bindingName(int binding) const
{
    return binding >= 0 && static_cast<size_t>(binding) < m_names.size() ? m_names[static_cast<size_t>(binding)]
                                                                         : m_compute;
}

bool RangeEvaluator::isNetwork(int binding) const
{
    return binding >= 0 && static_cast<size_t>(binding) < m_network.size() && m_network[static_cast<size_t>(binding)];
}

} // namespace roofscope
