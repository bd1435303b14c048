#include "analysis/SessionEvaluator.h"

#include "analysis/Analysis.h"
#include "analysis/KernelOnDevice.h"
#include "model/Units.h"

#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/serving/DeviceExpansion.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <system_error>
#include <thread>

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

namespace {
// The session's analysis (without verdicts) as rows; with `movable` (the session's own kernels) the
// shown kernels are moved into the result instead of copied when the session has no group.
SessionEvaluation evaluateAll(const Session& session, const HardwareDatabase& database, std::vector<Kernel>* movable)
{
    SessionEvaluation out;
    AnalysisOptions options;
    options.verdicts = false;
    options.comparison = false;
    Analysis analysis = analyseSession(session, database, nullptr, options);
    const Session& shown = analysis.shown();
    // Every unknown device, shown or not, is said.
    for (const DeviceSelection& selection : session.devices) {
        if (!database.find(selection.id)) {
            out.errors.push_back("unknown device '" + selection.id + "'");
        }
    }
    out.errors.insert(out.errors.end(), analysis.deviceErrors.begin(), analysis.deviceErrors.end());
    const size_t devices = analysis.devices.size();
    std::vector<std::string> labels;
    for (const AnalysisDevice& device : analysis.devices) {
        labels.push_back(session.devices[device.sessionIndex].label());
    }
    out.rows.reserve(shown.kernels.size() * devices);
    // Per session kernel: a group's expansion errors, then what failed on each device (said once per
    // kernel: a group refused on a device fails alike for each of its parts), then its rows.
    size_t e = 0;
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        const bool group = isKernelGroup(session.kernels[k]);
        std::vector<std::string>& errors = group ? out.groupErrors : out.errors;
        for (size_t i = 0; i < analysis.expansionErrors.size(); ++i) {
            if (analysis.expansionErrorKernels[i] == k) {
                errors.push_back(analysis.expansionErrors[i]);
            }
        }
        const size_t errorsBefore = errors.size();
        for (; e < shown.kernels.size() && analysis.sessionKernelOf(static_cast<int>(e)) == static_cast<int>(k); ++e) {
            for (size_t d = 0; d < devices; ++d) {
                DeviceEvaluations& entry = *analysis.results[d];
                const std::string& label = labels[d];
                std::string failed;
                switch (entry.failures[e]) {
                case KernelOnDevice::Failure::None:
                    break;
                case KernelOnDevice::Failure::Group:
                    failed = "kernel '" + kernelGroupName(shown.kernels[e]) + "' on " + label + ": " + entry.errors[e];
                    break;
                case KernelOnDevice::Failure::Chips:
                case KernelOnDevice::Failure::Evaluation:
                    failed = shown.kernels[e].name + " on " + label + ": " + entry.errors[e];
                    break;
                }
                if (!failed.empty()) {
                    if (std::find(errors.begin() + static_cast<std::ptrdiff_t>(errorsBefore), errors.end(), failed)
                        == errors.end()) {
                        errors.push_back(std::move(failed));
                    }
                    continue;
                }
                if (entry.evaluations[e]) { // none: a group's part the device's step does not have
                    SessionRow& row = out.rows.emplace_back();
                    row.kernelIndex = k;
                    row.deviceIndex = analysis.devices[d].sessionIndex;
                    row.evaluation = std::move(*entry.evaluations[e]);
                    row.expandedIndex = e;
                }
            }
        }
    }
    if (analysis.hasGroups() || !movable) {
        out.kernels = shown.kernels;
    } else {
        out.kernels = std::move(*movable);
    }
    return out;
}
} // namespace

SessionEvaluation evaluateSession(const Session& session, const HardwareDatabase& database)
{
    return evaluateAll(session, database, nullptr);
}

SessionEvaluation evaluateSessionTakingKernels(Session& session, const HardwareDatabase& database)
{
    return evaluateAll(session, database, &session.kernels);
}

void evaluateSessionInBlocks(const Session& session, const HardwareDatabase& database, std::size_t kernelsPerBlock,
    const std::function<bool(SessionEvaluation&)>& visit)
{
    Session block; // what evaluateAll() reads: the devices, the view and a slice of the kernels
    block.devices = session.devices;
    block.view = session.view;
    const std::size_t step = std::max<std::size_t>(1, kernelsPerBlock);
    for (std::size_t from = 0; from == 0 || from < session.kernels.size(); from += step) {
        const std::size_t to = std::min(session.kernels.size(), from + step);
        block.kernels.assign(session.kernels.begin() + static_cast<std::ptrdiff_t>(from),
            session.kernels.begin() + static_cast<std::ptrdiff_t>(to));
        SessionEvaluation part = evaluateAll(block, database, &block.kernels);
        for (SessionRow& row : part.rows) {
            row.kernelIndex += from;
        }
        if (!visit(part) || to == session.kernels.size()) {
            return;
        }
    }
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
    return analyseSession(session, database).comparison;
}

} // namespace roofscope
