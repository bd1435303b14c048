#include "io/SessionEvaluator.h"

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
    std::vector<const Hardware*> devices;
    for (const auto& selection : session.devices) {
        const Hardware* hw = database.find(selection.id);
        if (!hw) {
            out.errors.push_back("unknown device '" + selection.id + "'");
        }
        devices.push_back(hw);
    }
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        for (size_t d = 0; d < session.devices.size(); ++d) {
            if (!devices[d] || !session.devices[d].visible) {
                continue;
            }
            auto result = evaluate(session.kernels[k], *devices[d], sessionOptions(session, session.devices[d]));
            if (!result.evaluation) {
                out.errors.push_back(
                    session.kernels[k].name + " on " + session.devices[d].label() + ": " + result.error);
                continue;
            }
            out.rows.push_back({ k, d, std::move(*result.evaluation) });
        }
    }
    return out;
}

std::string deviceDisplayName(const Hardware& hardware, const DeviceSelection& selection)
{
    const std::string name = hardware.name.empty() ? hardware.id : hardware.name;
    return selection.precision.empty() ? name : name + " (" + selection.precision + ")";
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
        const EvalOptions options = sessionOptions(session, selection);
        std::vector<bool> evaluated(session.kernels.size(), false);
        for (size_t k = 0; k < session.kernels.size(); ++k) {
            auto result = evaluate(session.kernels[k], *hw, options);
            if (result.evaluation) {
                addToTotals(entry.totals, session.kernels[k], *result.evaluation, *hw);
                evaluated[k] = true;
            } else {
                entry.totals.errors.push_back(result.error);
            }
        }
        finishTotals(entry.totals, *hw);
        entry.basis = comparisonBasis(session.kernels, *hw, options, evaluated);
        comparison.entries.push_back(std::move(entry));
    }
    applyBaseline(comparison, session.view.baseline);
    assessComparison(comparison);
    return comparison;
}

} // namespace roofscope
