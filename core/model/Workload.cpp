#include "model/Workload.h"

namespace roofscope {

BoundKind boundKind(const Evaluation& ev, const Hardware& hardware)
{
    if (ev.binding == "compute") {
        return BoundKind::Compute;
    }
    const BandwidthLevel* level = hardware.findLevel(ev.binding);
    return level && level->kind == LevelKind::Interconnect ? BoundKind::Network : BoundKind::Memory;
}

void addToTotals(WorkloadTotals& totals, double count, const Evaluation& ev, BoundKind bound)
{
    totals.flops += count * ev.flops;
    totals.tMin += count * ev.tMin;
    totals.tMax += count * ev.tMax;
    switch (bound) {
    case BoundKind::Compute:
        totals.computeBoundSeconds += count * ev.tMin;
        break;
    case BoundKind::Memory:
        totals.memoryBoundSeconds += count * ev.tMin;
        break;
    case BoundKind::Network:
        totals.networkBoundSeconds += count * ev.tMin;
        break;
    }
}

void addToTotals(WorkloadTotals& totals, const Kernel& kernel, const Evaluation& ev, const Hardware& hardware)
{
    addToTotals(totals, kernel.count, ev, boundKind(ev, hardware));
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
