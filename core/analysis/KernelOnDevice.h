#pragma once

#include "model/ComparisonBasis.h"
#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// One kernel on one device of a session, the way every view and command evaluates it: a kernel
// group's part as that device's own step has it (model/serving/DeviceExpansion.h: tp on its chips,
// collective bytes on its scale-up link), a sharded kernel or any kernel on a device several chips
// wide as the work of all its chips (model/ChipScaling.h), any other kernel as it is.

// A device of the analysis: what its kernels are evaluated against.
struct AnalysisDevice {
    const Hardware* hardware = nullptr; // the database's device with the session entry's overrides, `chips` wide
    EvalOptions options; // sessionOptions() of its entry
    std::size_t sessionIndex = 0; // into Session::devices
    int chips = 1;
};

struct KernelOnDevice {
    enum class Failure {
        None,
        Group, // the kernel's group cannot be served on the device's chips (`error`, the same for every part)
        Chips, // the kernel cannot be split over the device's chips
        Evaluation, // evaluate() refused it (a precision the device lacks, ...)
    };
    std::optional<Evaluation> evaluation;
    // The kernel's count on the device: a group's part as the device's step counts it (0: the step
    // has no such part there, e.g. no all-reduce on one chip), any other kernel its own.
    double count = 1.0;
    Failure failure = Failure::None;
    std::string error; // why, when `failure` is not None; the evaluation may still be given for Group
};

// Never throws.
KernelOnDevice evaluateOnDevice(const Kernel& kernel, const AnalysisDevice& device);

// Why a device cannot be shown at all with these options (a precision the session entry asks for
// that the device lacks): a probe moving one byte on every level, through evaluate() as every kernel
// is. Empty when its roofs can be evaluated. Such a device is left out of the analysis and the
// verdicts, with this reason.
std::string deviceRoofsError(const Hardware& device, const EvalOptions& options);

// What a device's workload figures rest on (comparisonBasis()), with a kernel group's parts as the
// device's own step has them: collective bytes on its scale-up link, parts its step lacks (count 0)
// left out. `evaluations` and `counts` are per kernel.
ComparisonBasis deviceBasis(const std::vector<Kernel>& kernels,
    const std::vector<std::optional<Evaluation>>& evaluations, const std::vector<double>& counts,
    const Hardware& hardware, const EvalOptions& options);

} // namespace roofscope
