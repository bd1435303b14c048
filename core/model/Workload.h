#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A workload (kernels with counts) on one device.
struct WorkloadTotals {
    std::string hardwareId;
    double flops = 0.0; // sum of count x FLOPs
    double tMin = 0.0; // sum of count x T_min
    double tMax = 0.0; // sum of count x T_max
    double computeBoundSeconds = 0.0; // share of T_min spent in kernels bound by compute
    double memoryBoundSeconds = 0.0; // ... by a memory level
    double networkBoundSeconds = 0.0; // ... by an interconnect level
    std::optional<double> flopsPerSecondPerWatt; // (flops / tMin) / TDP
    std::optional<double> flopsPerSecondPerDollar; // (flops / tMin) / price
    std::vector<std::string> errors; // kernels that could not be evaluated on the device
};

// Adds one kernel's evaluation (times its count) to the totals; finishTotals() then derives the
// per-watt and per-dollar figures. workloadTotals() is the two together over evaluate().
void addToTotals(WorkloadTotals& totals, const Kernel& kernel, const Evaluation& evaluation, const Hardware& hardware);
// What bound a kernel, for the time shares.
enum class BoundKind { Compute, Memory, Network };
BoundKind boundKind(const Evaluation& evaluation, const Hardware& hardware);
// The same as above with the bound already known (sums over many kernels look it up once per level),
// `count` launches of the evaluation's FLOPs; a negative count takes an earlier evaluation back out.
void addToTotals(WorkloadTotals& totals, double count, const Evaluation& evaluation, BoundKind bound);
void finishTotals(WorkloadTotals& totals, const Hardware& hardware);

WorkloadTotals workloadTotals(const std::vector<Kernel>& kernels, const Hardware& hardware, const EvalOptions& options);

// How many times faster `device` finishes the workload than `baseline` (ratio of T_min totals).
double speedup(const WorkloadTotals& baseline, const WorkloadTotals& device);

} // namespace roofscope
