#include "io/SessionEvaluator.h"

#include "model/serving/MeasuredVerdict.h"

#include "io/SessionVerdict.h"
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
// evaluateSession(); with `movable` (the session's own kernels) each kernel that is not a group is
// moved into the result instead of copied.
SessionEvaluation evaluateAll(const Session& session, const HardwareDatabase& database, std::vector<Kernel>* movable)
{
    SessionEvaluation out;
    std::vector<std::optional<Hardware>> devices;
    std::vector<EvalOptions> options;
    std::vector<size_t> shown; // the devices evaluated on, in the session's order
    for (size_t d = 0; d < session.devices.size(); ++d) {
        const DeviceSelection& selection = session.devices[d];
        const Hardware* hw = database.find(selection.id);
        options.push_back(sessionOptions(session, selection));
        if (!hw) {
            out.errors.push_back("unknown device '" + selection.id + "'");
            devices.emplace_back();
            continue;
        }
        devices.emplace_back(sessionHardware(*hw, selection));
        if (selection.visible) {
            shown.push_back(d);
        }
    }
    // The kernels, each group replaced by its parts; a group that cannot expand leaves an error in
    // its place (errors keep the order of the kernels, as the rows do).
    struct Span {
        size_t first = 0; // into out.kernels
        size_t count = 0;
        std::vector<std::string> errors;
    };
    std::vector<Span> spans(session.kernels.size());
    out.kernels.reserve(session.kernels.size());
    std::vector<double> chips; // a group's parts are those of every shown device's step
    for (size_t d : shown) {
        chips.push_back(session.devices[d].chips);
    }
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        spans[k].first = out.kernels.size();
        if (isKernelGroup(session.kernels[k])) {
            auto parts = expandKernelGroupsOnChips({ session.kernels[k] }, chips, &spans[k].errors);
            out.kernels.insert(
                out.kernels.end(), std::make_move_iterator(parts.begin()), std::make_move_iterator(parts.end()));
        } else if (movable) {
            out.kernels.push_back(std::move((*movable)[k]));
        } else {
            out.kernels.push_back(session.kernels[k]);
        }
        spans[k].count = out.kernels.size() - spans[k].first;
    }
    // Every (kernel, device) pair in row order, evaluated in place; a pair that fails keeps its error.
    // Large sessions (a profile of 100,000 launches) are split over two threads.
    const size_t pairs = out.kernels.size() * shown.size();
    out.rows.resize(pairs);
    std::vector<std::string> failed(pairs);
    std::vector<char> absent(pairs, 0); // a group's part that the device's step does not have
    auto evaluateRange = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) {
            const size_t e = i / shown.size();
            const size_t d = shown[i % shown.size()];
            const Kernel& original = out.kernels[e];
            EvaluationResult result;
            if (original.groupPart) { // the group's step on this device's chips
                GroupPartOnDevice part = groupPartOnDevice(original, *devices[d]);
                if (!part.error.empty()) {
                    failed[i] = "kernel '" + kernelGroupName(original) + "' on " + session.devices[d].label() + ": "
                        + part.error;
                } else if (!part.kernel) {
                    absent[i] = 1;
                } else {
                    result = evaluateGroupPart(part, *devices[d], options[d]);
                    failed[i] = result.evaluation
                        ? std::string()
                        : original.name + " on " + session.devices[d].label() + ": " + result.error;
                }
            } else if (isShardedKernel(original)) { // N chips and collective bytes change the kernel: a copy
                Kernel kernel = original;
                const std::string error = kernelOnChips(kernel, session.devices[d].chips);
                placeCollectiveBytes(kernel, *devices[d]);
                result = error.empty() ? evaluate(kernel, *devices[d], options[d])
                                       : EvaluationResult { std::nullopt, error };
                failed[i] = result.evaluation ? std::string()
                                              : kernel.name + " on " + session.devices[d].label() + ": " + result.error;
            } else {
                result = evaluate(original, *devices[d], options[d]);
                failed[i] = result.evaluation
                    ? std::string()
                    : original.name + " on " + session.devices[d].label() + ": " + result.error;
            }
            out.rows[i].deviceIndex = d;
            out.rows[i].expandedIndex = e;
            if (result.evaluation) {
                out.rows[i].evaluation = std::move(*result.evaluation);
            }
        }
    };
    constexpr size_t kPairsPerThread = 4096;
    std::optional<std::thread> second;
    size_t half = pairs;
    if (pairs >= 2 * kPairsPerThread) {
        try {
            second.emplace(evaluateRange, pairs / 2, pairs);
            half = pairs / 2;
        } catch (const std::system_error&) { // no thread to be had: all of it here
        }
    }
    evaluateRange(0, half);
    if (second) {
        second->join();
    }
    // The rows that failed leave, their errors in order, after their kernel's group errors.
    size_t kept = 0;
    for (size_t k = 0; k < spans.size(); ++k) {
        std::vector<std::string>& errors = isKernelGroup(session.kernels[k]) ? out.groupErrors : out.errors;
        errors.insert(errors.end(), spans[k].errors.begin(), spans[k].errors.end());
        const size_t errorsBefore = errors.size();
        for (size_t i = spans[k].first * shown.size(); i < (spans[k].first + spans[k].count) * shown.size(); ++i) {
            if (absent[i]) {
                continue;
            }
            if (!failed[i].empty()) {
                // A group refused on a device fails alike for each of its parts: said once.
                if (std::find(errors.begin() + static_cast<std::ptrdiff_t>(errorsBefore), errors.end(), failed[i])
                    == errors.end()) {
                    errors.push_back(std::move(failed[i]));
                }
                continue;
            }
            out.rows[i].kernelIndex = k;
            if (kept != i) {
                out.rows[kept] = std::move(out.rows[i]);
            }
            ++kept;
        }
    }
    out.rows.resize(kept);
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
        const Hardware device = sessionHardware(*hw, selection);
        // Each group's step on this device's chips (its collectives on the scale-up link).
        std::vector<Kernel> kernels;
        std::vector<std::optional<GroupPartOnDevice>> parts; // per kernel: the group part it is, if any
        for (auto& kernel :
            expandKernelGroupsOnChips(session.kernels, { static_cast<double>(selection.chips) }, &groupErrors)) {
            if (kernel.groupPart) {
                GroupPartOnDevice part = groupPartOnDevice(kernel, device);
                const std::string error = "kernel '" + kernelGroupName(kernel) + "': " + part.error;
                if (!part.error.empty()
                    && std::find(groupErrors.begin(), groupErrors.end(), error) == groupErrors.end()) {
                    groupErrors.push_back(error);
                }
                if (part.kernel) {
                    kernels.push_back(*part.kernel);
                    parts.emplace_back(std::move(part));
                }
                continue;
            }
            if (const std::string error = kernelOnChips(kernel, selection.chips); !error.empty()) {
                groupErrors.push_back(kernel.name + ": " + error);
            }
            placeCollectiveBytes(kernel, device);
            kernels.push_back(std::move(kernel));
            parts.emplace_back();
        }
        const EvalOptions options = sessionOptions(session, selection);
        std::vector<bool> evaluated(kernels.size(), false);
        for (size_t k = 0; k < kernels.size(); ++k) {
            auto result
                = parts[k] ? evaluateGroupPart(*parts[k], device, options) : evaluate(kernels[k], device, options);
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
        // A group that cannot be served here is left out of the totals, and said so (never "T_min 0 s").
        for (const std::string& error : groupErrors) { // "kernel 'NAME': reason"
            const std::string prefix = "kernel '";
            const size_t end = error.find("': ");
            const bool named = error.rfind(prefix, 0) == 0 && end != std::string::npos;
            entry.basis.leftOut.push_back({ named ? error.substr(prefix.size(), end - prefix.size()) : error,
                named ? error.substr(end + 3) : error });
        }
        comparison.entries.push_back(std::move(entry));
    }
    // The answer per group, at each device's operating point: the comparison's serving figures are the
    // verdict's, never a second ranking.
    comparison.verdicts = sessionVerdicts(session, database, sessionCriteria(session));
    for (const GroupVerdict& verdict : comparison.verdicts) {
        const VerdictCriterion primary = verdict.primary();
        for (size_t d = 0; d < comparison.entries.size() && d < verdict.devices.size(); ++d) {
            const VerdictDevice& v = verdict.devices[d];
            GroupServing group { verdict.group, v.step, v.batch, v.rank(primary) };
            if (!v.error.empty() && group.step.error.empty()) {
                group.step.error = v.error;
            }
            if (const std::string fit = v.step.fitText(); v.error.empty() && !fit.empty()) {
                comparison.entries[d].basis.notFitting.push_back(
                    "step '" + verdict.group + "' at batch " + formatNumber(v.batch, 12) + " " + fit);
            }
            comparison.entries[d].groups.push_back(std::move(group));
        }
    }
    // A measured run that no group and shown device take is said, never dropped in silence.
    for (const ServingRun& run : session.servingRuns) {
        const bool grouped = std::any_of(session.kernels.begin(), session.kernels.end(), [&](const Kernel& k) {
            return k.templ && k.templ->name == kTransformerTemplate && runMeasuresGroup(run, k.name);
        });
        const bool shown = std::any_of(session.devices.begin(), session.devices.end(), [&](const DeviceSelection& d) {
            return d.visible && d.id == run.device && static_cast<double>(std::max(d.chips, 1)) == run.chips;
        });
        if (!grouped) {
            comparison.warnings.push_back("serving run '" + run.name
                + "' measures no transformer group of the session ("
                + (run.group.empty() ? "model: " + run.model : "group: " + run.group) + ")");
        } else if (!shown) {
            comparison.warnings.push_back("serving run '" + run.name + "' was measured on " + formatNumber(run.chips, 6)
                + " x " + run.device + ", which the session does not show");
        }
    }
    applyBaseline(comparison, session.view.baseline);
    comparison.rankingRefused = mixedPhaseReason(session.kernels);
    assessComparison(comparison);
    return comparison;
}

} // namespace roofscope
