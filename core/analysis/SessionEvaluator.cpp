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
// evaluateSession(); with `movable` (the session's own kernels) each kernel that is not a group is
// moved into the result instead of copied.
SessionEvaluation evaluateAll(const Session& session, const HardwareDatabase& database, std::vector<Kernel>* movable)
{
    SessionEvaluation out;
    std::vector<std::optional<Hardware>> hardware;
    std::vector<AnalysisDevice> devices; // per session device (hardware null: unknown)
    std::vector<size_t> shown; // the devices evaluated on, in the session's order
    for (size_t d = 0; d < session.devices.size(); ++d) {
        const DeviceSelection& selection = session.devices[d];
        const Hardware* hw = database.find(selection.id);
        devices.push_back({ nullptr, sessionOptions(session, selection), d, std::max(selection.chips, 1) });
        if (!hw) {
            out.errors.push_back("unknown device '" + selection.id + "'");
            hardware.emplace_back();
            continue;
        }
        hardware.emplace_back(sessionHardware(*hw, selection));
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
    for (size_t d = 0; d < devices.size(); ++d) {
        devices[d].hardware = hardware[d] ? &*hardware[d] : nullptr; // after the last emplace_back
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
            KernelOnDevice result = evaluateOnDevice(original, devices[d]);
            const std::string& label = session.devices[d].label();
            switch (result.failure) {
            case KernelOnDevice::Failure::None:
                absent[i] = result.evaluation ? 0 : 1; // a group's part the device's step does not have
                break;
            case KernelOnDevice::Failure::Group:
                failed[i] = "kernel '" + kernelGroupName(original) + "' on " + label + ": " + result.error;
                result.evaluation.reset();
                break;
            case KernelOnDevice::Failure::Chips:
            case KernelOnDevice::Failure::Evaluation:
                failed[i] = original.name + " on " + label + ": " + result.error;
                break;
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
    return analyseSession(session, database).comparison;
}

} // namespace roofscope
