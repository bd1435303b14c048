#include "analysis/KernelOnDevice.h"

#include "model/ChipScaling.h"
#include "model/serving/DeviceExpansion.h"
#include "model/serving/Parallelism.h"

#include <algorithm>

namespace roofscope {

KernelOnDevice evaluateOnDevice(const Kernel& kernel, const AnalysisDevice& device)
{
    KernelOnDevice out;
    out.count = kernel.count;
    EvaluationResult evaluated;
    if (kernel.groupPart) {
        GroupPartOnDevice part = groupPartOnDevice(kernel, *device.hardware);
        if (!part.error.empty()) {
            out.failure = KernelOnDevice::Failure::Group;
            out.error = std::move(part.error);
        }
        if (!part.kernel) {
            out.count = 0.0;
            return out;
        }
        out.count = part.kernel->count;
        evaluated = evaluateGroupPart(part, *device.hardware, device.options);
    } else if (device.chips > 1 || isShardedKernel(kernel)) {
        // The whole work of the device's chips, collective bytes on its network.
        Kernel scaled = kernel;
        if (std::string error = kernelOnChips(scaled, device.chips); !error.empty()) {
            out.failure = KernelOnDevice::Failure::Chips;
            out.error = std::move(error);
            return out;
        }
        placeCollectiveBytes(scaled, *device.hardware);
        evaluated = evaluate(scaled, *device.hardware, device.options);
    } else {
        evaluated = evaluate(kernel, *device.hardware, device.options);
    }
    if (!evaluated.evaluation && out.failure == KernelOnDevice::Failure::None) {
        out.failure = KernelOnDevice::Failure::Evaluation;
        out.error = std::move(evaluated.error);
    }
    out.evaluation = std::move(evaluated.evaluation);
    return out;
}

std::string deviceRoofsError(const Hardware& device, const EvalOptions& options)
{
    Kernel probe;
    probe.name = "roofs";
    probe.flops = 1.0;
    for (const BandwidthLevel& level : device.levels) {
        probe.bytes.push_back({ level.name, 1.0 });
    }
    const EvaluationResult result = evaluate(probe, device, options);
    return result.evaluation ? std::string() : result.error;
}

ComparisonBasis deviceBasis(const std::vector<Kernel>& kernels,
    const std::vector<std::optional<Evaluation>>& evaluations, const std::vector<double>& counts,
    const Hardware& hardware, const EvalOptions& options)
{
    if (std::none_of(kernels.begin(), kernels.end(), [](const Kernel& k) { return k.groupPart != nullptr; })) {
        return comparisonBasis(kernels, hardware, options, evaluations);
    }
    std::vector<Kernel> placed;
    std::vector<bool> evaluated;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].groupPart && k < counts.size() && !(counts[k] > 0.0)) {
            continue;
        }
        placed.push_back(kernels[k]);
        if (kernels[k].groupPart) {
            placeScaleUpBytes(placed.back(), hardware);
        }
        evaluated.push_back(k < evaluations.size() && evaluations[k].has_value());
    }
    return comparisonBasis(placed, hardware, options, evaluated);
}

} // namespace roofscope
