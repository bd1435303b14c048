#include "io/SessionEvaluator.h"

#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"

#include <optional>

namespace roofscope {

EvalOptions sessionOptions(const Session& session, const DeviceSelection& device)
{
    EvalOptions options;
    options.precision = device.precision;
    options.disabledLevels = device.disabledLevels;
    options.sustained = session.view.sustained;
    options.commFraction = session.view.commFraction;
    options.tolerance = session.view.tolerance;
    return options;
}

SessionEvaluation evaluateSession(const Session& session, const HardwareDatabase& database)
{
    SessionEvaluation out;
    std::vector<std::optional<Hardware>> devices;
    for (const auto& selection : session.devices) {
        const Hardware* hw = database.find(selection.id);
        if (!hw) {
            out.errors.push_back("unknown device '" + selection.id + "'");
            devices.emplace_back();
            continue;
        }
        devices.emplace_back(sessionHardware(*hw, selection));
    }
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        const size_t first = out.kernels.size();
        auto parts = expandKernelGroups({ session.kernels[k] }, &out.errors);
        out.kernels.insert(out.kernels.end(), parts.begin(), parts.end());
        for (size_t e = first; e < out.kernels.size(); ++e) {
            for (size_t d = 0; d < session.devices.size(); ++d) {
                if (!devices[d] || !session.devices[d].visible) {
                    continue;
                }
                Kernel kernel = out.kernels[e];
                std::string error = kernelOnChips(kernel, session.devices[d].chips);
                placeCollectiveBytes(kernel, *devices[d]);
                auto result = error.empty() ? evaluate(kernel, *devices[d], sessionOptions(session, session.devices[d]))
                                            : EvaluationResult { std::nullopt, error };
                if (!result.evaluation) {
                    out.errors.push_back(kernel.name + " on " + session.devices[d].label() + ": " + result.error);
                    continue;
                }
                out.rows.push_back({ k, d, std::move(*result.evaluation), e });
            }
        }
    }
    return out;
}

std::string deviceLabel(const Hardware& hardware, const DeviceSelection& selection)
{
    std::string label = hardware.shortLabel();
    const std::string wide = " x" + std::to_string(selection.chips);
    const bool saysWide
        = label.size() >= wide.size() && label.compare(label.size() - wide.size(), wide.size(), wide) == 0;
    if (selection.chips > 1 && !saysWide) { // the database's device; a device already on its chips says so
        label += wide;
    }
    return label;
}

std::string deviceDisplayName(const Hardware& hardware, const DeviceSelection& selection)
{
    const std::string label = deviceLabel(hardware, selection);
    return selection.precision.empty() ? label : label + " (" + selection.precision + ")";
}

Comparison compareSession(const Session& session, const HardwareDatabase& database)
{
    Comparison comparison;
    for (const auto& selection : session.devices) {
        if (!selection.visible) {
            continue;
        }
        const Hardware* hw = database.find(selection.id);
        if (!hw) {
            comparison.warnings.push_back("unknown device '" + selection.id + "'");
            continue;
        }
        ComparisonEntry entry;
        entry.id = selection.label();
        entry.name = deviceDisplayName(*hw, selection);
        entry.fullName = hw->name;
        std::vector<std::string> groupErrors;
        std::vector<Kernel> kernels = expandKernelGroups(session.kernels, &groupErrors);
        for (auto& kernel : kernels) {
            if (const std::string error = kernelOnChips(kernel, selection.chips); !error.empty()) {
                groupErrors.push_back(kernel.name + ": " + error);
            }
        }
        const Hardware device = sessionHardware(*hw, selection);
        for (auto& kernel : kernels) {
            placeCollectiveBytes(kernel, device);
        }
        const EvalOptions options = sessionOptions(session, selection);
        std::vector<bool> evaluated(kernels.size(), false);
        for (size_t k = 0; k < kernels.size(); ++k) {
            auto result = evaluate(kernels[k], device, options);
            if (result.evaluation) {
                addToTotals(entry.totals, kernels[k], *result.evaluation, device);
                evaluated[k] = true;
            } else {
                entry.totals.errors.push_back(result.error);
            }
        }
        finishTotals(entry.totals, device);
        entry.totals.errors.insert(entry.totals.errors.end(), groupErrors.begin(), groupErrors.end());
        entry.basis = comparisonBasis(kernels, device, options, evaluated);
        setEntryPrices(entry, selection, device);
        comparison.entries.push_back(std::move(entry));
    }
    applyBaseline(comparison, session.view.baseline);
    assessComparison(comparison);
    return comparison;
}

} // namespace roofscope
