#include "document/SceneEvaluation.h"
#include "document/ChartModel.h"

#include "document/QtText.h"
#include "model/ChipScaling.h"
#include "model/serving/DeviceExpansion.h"
#include "model/serving/Parallelism.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace roofscope {

std::optional<Evaluation> evaluateForScene(
    const Kernel& kernel, const SceneDevice& device, const QString& deviceLabel, QStringList& problems, double* count)
{
    if (count) {
        *count = kernel.count;
    }
    EvaluationResult evaluated;
    if (kernel.groupPart) {
        // A group's part as the device's own step has it: tp on its chips, collectives on its link.
        GroupPartOnDevice part = groupPartOnDevice(kernel, *device.hardware);
        if (!part.error.empty()) {
            problems << QObject::tr("Kernel group '%1' on %2: %3")
                            .arg(qs(kernelGroupName(kernel)), deviceLabel, qs(part.error));
        }
        if (!part.kernel) {
            if (count) {
                *count = 0.0;
            }
            return std::nullopt;
        }
        if (count) {
            *count = part.kernel->count;
        }
        evaluated = evaluateGroupPart(part, *device.hardware, device.options);
    } else if (device.chips > 1 || isShardedKernel(kernel)) {
        // The whole work of the device's chips, collective bytes on its network (as the CLI evaluates).
        Kernel scaled = kernel;
        const std::string error = kernelOnChips(scaled, device.chips);
        if (!error.empty()) {
            problems << QObject::tr("Kernel '%1': %2").arg(qs(kernel.name), qs(error));
            return std::nullopt;
        }
        placeCollectiveBytes(scaled, *device.hardware);
        evaluated = evaluate(scaled, *device.hardware, device.options);
    } else {
        evaluated = evaluate(kernel, *device.hardware, device.options);
    }
    if (!evaluated.evaluation) {
        problems << QObject::tr("Kernel '%1': %2").arg(qs(kernel.name), qs(evaluated.error));
        return std::nullopt;
    }
    const Evaluation& ev = *evaluated.evaluation;
    for (const std::string& warning : ev.warnings) {
        problems << qs(warning); // core warnings name the kernel and the device
    }
    if (kernel.groupPart && !(ev.flops > 0.0) && ev.nearestKind == LevelKind::Interconnect) {
        // An all-to-all or a pipeline send only moves data: with no FLOPs it has no point on a FLOP/s
        // chart, which is no problem of the session (its row is in the results table).
    } else if (std::isfinite(ev.attainable) && ev.attainable > 0.0 && unboundedIntensity(ev.intensity)) {
        problems << QObject::tr("Kernel '%1' on %2 %3").arg(qs(kernel.name), deviceLabel, unboundedIntensityText());
    } else if (!(std::isfinite(ev.intensity) && ev.intensity > 0.0 && std::isfinite(ev.attainable)
                   && ev.attainable > 0.0)) {
        problems << QObject::tr("Kernel '%1' cannot be placed on the log-log chart of %2 (intensity %3, %4 FLOP/s)")
                        .arg(qs(kernel.name), deviceLabel, QString::number(ev.intensity),
                            QString::number(ev.attainable));
    }
    return std::move(evaluated.evaluation);
}

ComparisonBasis deviceBasis(const std::vector<Kernel>& kernels, const DeviceResults& results, const Hardware& hardware,
    const EvalOptions& options)
{
    if (std::none_of(kernels.begin(), kernels.end(), [](const Kernel& k) { return k.groupPart != nullptr; })) {
        return comparisonBasis(kernels, hardware, options, results.evaluations);
    }
    std::vector<Kernel> placed;
    std::vector<bool> evaluated;
    for (size_t k = 0; k < kernels.size(); ++k) {
        if (kernels[k].groupPart && k < results.counts.size() && !(results.counts[k] > 0.0)) {
            continue;
        }
        placed.push_back(kernels[k]);
        if (kernels[k].groupPart) {
            placeScaleUpBytes(placed.back(), hardware);
        }
        evaluated.push_back(k < results.evaluations.size() && results.evaluations[k].has_value());
    }
    return comparisonBasis(placed, hardware, options, evaluated);
}

} // namespace roofscope
