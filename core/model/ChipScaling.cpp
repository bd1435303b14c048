#include "model/ChipScaling.h"

#include "model/Templates.h"
#include "model/Units.h"

#include <cmath>

namespace roofscope {

Hardware hardwareOnChips(const Hardware& hardware, double chips)
{
    if (!(chips > 1.0) || !std::isfinite(chips)) {
        return hardware;
    }
    Hardware out = hardware;
    out.chips = hardware.chips * chips;
    out.name = formatNumber(chips, 6) + " x " + (hardware.name.empty() ? hardware.id : hardware.name);
    out.label = hardware.shortLabel() + " x" + formatNumber(chips, 6); // "TPU v5e x8"
    for (auto& peak : out.compute) {
        peak.flopsPerSecond *= chips;
        if (peak.sparseFlopsPerSecond) {
            *peak.sparseFlopsPerSecond *= chips;
        }
    }
    for (auto& level : out.levels) {
        // Memory: each chip has its own; links: each chip brings its own, so the group's aggregate
        // link bandwidth also grows N-fold.
        level.bytesPerSecond *= chips;
        if (level.capacityBytes) {
            *level.capacityBytes *= chips;
        }
    }
    for (auto& ceiling : out.ceilings) {
        ceiling.value *= chips;
    }
    if (out.tdpWatts) {
        *out.tdpWatts *= chips;
    }
    if (out.priceDollars) {
        *out.priceDollars *= chips;
    }
    return out;
}

bool isShardedKernel(const Kernel& kernel)
{
    if (!kernel.templ) {
        return false;
    }
    const TemplateDefinition* def = findTemplate(kernel.templ->name);
    return def && def->parameter("chips");
}

std::string kernelOnChips(Kernel& kernel, double chips)
{
    if (!(chips >= 2.0) || !isShardedKernel(kernel)) {
        return {};
    }
    kernel.templ->params.try_emplace("chips", chips);
    const std::string error = applyTemplate(kernel, true);
    if (!error.empty()) {
        return error;
    }
    // The template gives one chip's share; the group does `chips` of them.
    const double shards = kernel.templ->params.at("chips");
    kernel.flops *= shards;
    for (auto& b : kernel.bytes) {
        b.bytes *= shards;
    }
    if (kernel.workingSetBytes) {
        *kernel.workingSetBytes *= shards;
    }
    return {};
}

std::string collectiveLevel(const Kernel& kernel, const Hardware& hardware, const std::string& level)
{
    if (level != "ici" || !isShardedKernel(kernel) || kernel.templ->options.contains("link")
        || hardware.findLevel(level)) {
        return level;
    }
    for (const auto& l : hardware.levels) {
        if (l.kind == LevelKind::Interconnect) {
            return l.name;
        }
    }
    return level;
}

void placeCollectiveBytes(Kernel& kernel, const Hardware& hardware)
{
    for (auto& b : kernel.bytes) {
        b.level = collectiveLevel(kernel, hardware, b.level);
    }
}

Hardware sessionHardware(const Hardware& hardware, const DeviceSelection& selection)
{
    Hardware out = hardware;
    if (selection.tdpWatts) {
        out.tdpWatts = *selection.tdpWatts;
    }
    if (selection.priceDollars) {
        out.priceDollars = *selection.priceDollars;
    }
    return hardwareOnChips(out, selection.chips);
}

} // namespace roofscope
