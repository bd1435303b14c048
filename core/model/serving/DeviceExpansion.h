#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/TransformerWorkload.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// Kernel groups on the devices of a session (docs/model.md#kernel-groups-on-each-device): a transformer
// step is expanded on each device's own chips (tp defaults to them), so that a device used 8 wide shows the
// step's all-reduces, all-to-alls and pipeline sends with their bytes on its scale-up link, and a single
// chip shows none. The window, `table` and `compare` all evaluate a group's parts this way.
//
//   shown = expandKernelGroupsOnChips(session.kernels, { 8, 4 });   // the parts of every device
//   for each part and device:
//     const GroupPartOnDevice p = groupPartOnDevice(part, device);   // device: hardwareOnChips(...)
//     p.kernel: the part as that device runs it; neither kernel nor error: not in its step there.

// The kernels with every group replaced by its parts on any of `chips` (one entry per device; the
// expansion with tp, pp, dp as given is included too): the union of the steps' parts, in the step's
// order, each part as the first device that has it expands it (KernelGroupPart::chips says which).
// Parts are named and counted as expandKernelGroups() names them. A group whose parameters are
// refused whatever the chips is left out, its error in `errors`.
std::vector<Kernel> expandKernelGroupsOnChips(
    const std::vector<Kernel>& kernels, const std::vector<double>& chips, std::vector<std::string>* errors = nullptr);

struct GroupPartOnDevice {
    std::optional<Kernel> kernel; // the part on the device; collective bytes on its scale-up level
    StepKernelInfo info; // the serving model's figures of the part there (bytes per chip, hops)
    TransformerConfig config; // the step on the device (its tp, pp, ep)
    std::string error; // the step cannot be expanded on the device's chips (the same for every part)
};

// A group's part (Kernel::groupPart) as a device runs it: its group expanded on device.chips, the
// part of the same name taken, named and counted as the expansion names it, the part's precision
// and unit kept, collective bytes on the device's first interconnect level. Any other kernel is
// returned as it is.
GroupPartOnDevice groupPartOnDevice(const Kernel& part, const Hardware& device);

// The part evaluated on the device (its kernel; an error when it has none there). A collective's
// times are the serving model's, the same in every view: bytes per chip over the link's collective
// bandwidth plus hops x latency (collectiveSeconds()), so its attainable FLOP/s is its FLOPs over that
// time, under the link's roof by the latency and the collective bandwidth.
EvaluationResult evaluateGroupPart(const GroupPartOnDevice& part, const Hardware& device, const EvalOptions& options);

// The name of the group a part comes from ("GROUP" of "GROUP/PART"; the kernel's name for any
// other kernel).
std::string kernelGroupName(const Kernel& part);

// The level a device's collectives run on (its first interconnect level; empty: none).
std::string scaleUpLevelName(const Hardware& device);

} // namespace roofscope
