#include "model/Workload.h"

namespace roofscope {

void addToTotals(WorkloadTotals& totals, const Kernel& kernel, const Evaluation& ev, const Hardware& hardware)
{
    const double count = kernel.count;
    totals.flops += count * kernel.flops;
    totals.tMin += count * ev.tMin;
    totals.tMax += count * ev.tMax;
    if (ev.binding == "compute") {
        totals.computeBoundSeconds += count * ev.tMin;
        return;
    }
    const BandwidthLevel* level = hardware.findLevel(ev.binding);
    if (level && level->kind == LevelKind::Interconnect) {
        totals.networkBoundSeconds += count * ev.tMin;
    } else {
        totals.memoryBoundSeconds += count * ev.tMin;
    }
}

void finishTotals(WorkloadTotals& totals, const Hardware& hardware)
{
    totals.hardwareId = hardware.id;
    totals.flopsPerSecondPerWatt.reset();
    totals.flopsPerSecondPerDollar.reset();
    if (totals.tMin > 0.0) {
        const double rate = totals.flops / totals.tMin;
        if (hardware.tdpWatts) {
            totals.flopsPerSecondPerWatt = rate / *hardware.tdpWatts;
        }
        if (hardware.priceDollars) {
            totals.flopsPerSecondPerDollar = rate / *hardware.priceDollars;
        }
    }
}

WorkloadTotals workloadTotals(const std::vector<Kernel>& kernels, const Hardware& hardware, const EvalOptions& options)
{
    WorkloadTotals totals;
    for (const auto& kernel : kernels) {
        auto result = evaluate(kernel, hardware, options);
        if (result.evaluation) {
            addToTotals(totals, kernel, *result.evaluation, hardware);
        } else {
            totals.errors.push_back(result.error);
        }
    }
    finishTotals(totals, hardware);
    return totals;
}

double speedup(const WorkloadTotals& baseline, const WorkloadTotals& device)
{
    return device.tMin > 0.0 ? baseline.tMin / device.tMin : 0.0;
}

} // namespace roofscope
