#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// Bytes a kernel moves across one level. The level "default" means the device's default level.
struct LevelBytes {
    std::string level;
    double bytes = 0.0;
};

// A kernel described by a template and its parameters (docs/model.md#templates).
struct TemplateInstance {
    std::string name; // "matmul", "dot", ...
    std::map<std::string, double> params; // numeric parameters: m, k, n, chips, ...
    std::map<std::string, std::string> options; // dtype, dtype_a, ..., link
};

// Where a kernel group's part comes from (expandKernelGroups()): the group's step, so that each
// device can expand the step on its own chips (model/serving/DeviceExpansion.h).
struct KernelGroupPart {
    TemplateInstance step; // the group's template instance
    std::string part; // the part's name in the step ("allreduce_attn")
    double groupCount = 1.0; // the group's count (steps)
    double chips = 0.0; // the chips the part's figures were expanded for (0: tp, pp, dp as given)
};

// The largest `count` a kernel may have (sessions, the command line and the editor agree).
constexpr double kMaxKernelCount = 1e15;

struct Kernel {
    std::string name;
    double flops = 0.0;
    std::vector<LevelBytes> bytes; // at least one entry
    std::string precision; // explicit compute precision; empty: templatePrecision, else the device's main one
    std::string templatePrecision; // the template's dtype (set by applyTemplate)
    std::string unit; // empty: the fastest unit for the precision
    double count = 1.0; // occurrences per step (workload totals)
    std::optional<double> measuredSeconds;
    // The device the runtime was measured on (a device id; empty: not said). On any other device the
    // measured point is not set against the roof: it would compare two machines.
    std::string measuredOn;
    std::optional<double> workingSetBytes;
    std::optional<TemplateInstance> templ;
    std::string freeParameter; // the template parameter that dragging edits (empty: the first size parameter)
    // The run of the session this kernel was measured in (empty: the session's own kernel). Such a
    // kernel is read from the run's file whenever the session opens: it is read-only and not saved.
    std::string fromRun;
    // A kernel group's part (set by the expansion; never saved): the group it comes from.
    std::shared_ptr<const KernelGroupPart> groupPart;

    double bytesOn(const std::string& level) const;
    double totalBytes() const;
};

} // namespace roofscope
