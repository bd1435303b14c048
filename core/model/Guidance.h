#pragma once

#include "model/Evaluation.h"
#include "model/Kernel.h"

#include <string>

namespace roofscope {

// A kernel's measured throughput counts as close to its roof from this fraction of the roof up.
inline constexpr double kCloseToRoof = 0.7;
// Below this fraction of the roof, the roofline cannot explain the gap.
inline constexpr double kFarBelowRoof = 0.1;

// One line of advice for a kernel on a device, after the decision table of seed 001 ("What to do
// based on your bottleneck"): memory-bound far from the roof: tiling, data layout, fewer reads;
// memory-bound near it: fusion, lower precision, a bigger batch; compute-bound far from it: unit
// utilisation, vectorisation, stalls; compute-bound near it: well optimised, look at the algorithm
// or scale out; far below both: launch overhead, synchronisation, cache thrashing. A point above
// its roof points at the likely cause (the wrong precision or uncounted bytes). Without a measured
// runtime the advice follows the regime alone.
//
// Network-bound (an interconnect level binds): the bytes on the link, not the intensity on memory,
// set the time. For a sharded template (`kernel`, when given, tells) the collective's bytes grow
// with the tokens as fast as its FLOPs, so a bigger batch does not help: fewer chips, overlapping
// the collective with compute, or another sharding do (seed 000, "distributed" example).
std::string guidance(const Evaluation& evaluation, const Kernel* kernel = nullptr);

} // namespace roofscope
