#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct SolveResult {
    std::optional<double> value; // the free parameter's value (continuous)
    double intensity = 0.0; // the kernel's intensity on `level` at that value
    double ridge = 0.0; // that level's ridge
    std::string level; // the level whose roof the kernel crosses
    bool computeBoundAbove = true; // compute-bound for values above `value` (else below)
    std::string error;
    // solveForIntensity: why the kernel could not follow the target all the way (it does not depend
    // on the free parameter, or its intensity saturates); empty when it reaches the target.
    std::string limit;
};

// Free parameters: one name, or several tied together ("m,k,n": a square matmul).
std::vector<std::string> parseFreeParameters(const std::string& free);

// The value of the free parameter(s) at which the template kernel reaches the ridge on `hardware`:
// T_math equals the largest level time (or, when `level` is given, that level's time).
SolveResult solveCrossover(const Kernel& kernel, const Hardware& hardware, const EvalOptions& options,
    const std::string& free, const std::string& level = {});

// The first value of the free parameter at which the kernel is compute-bound: for whole-number
// parameters the first whole value past the crossing (above or below it, by computeBoundAbove), for
// continuous ones the crossing itself. `result` must have a value.
double firstComputeBoundValue(const SolveResult& result, bool integer);

// The inverse map: the value of the free parameter(s) that gives `targetIntensity` FLOP/B on the
// kernel's default bytes (what dragging a template kernel along the x-axis edits). Snaps to whole
// numbers for integer parameters and clamps to the parameter's range. A target out of reach leaves the
// value where the intensity stops changing (within 1 %), never further than the kernel's current
// value from it, and says why in `limit`.
SolveResult solveForIntensity(const Kernel& kernel, const std::string& free, double targetIntensity);

} // namespace roofscope
