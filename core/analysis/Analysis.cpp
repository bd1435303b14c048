#include "analysis/Analysis.h"

#include "analysis/SessionEvaluator.h"
#include "analysis/SessionVerdict.h"
#include "io/HardwareLoader.h"
#include "model/ChipScaling.h"
#include "model/Numbers.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"
#include "model/serving/MeasuredVerdict.h"

#include <algorithm>
#include <optional>
#include <system_error>
#include <thread>

namespace roofscope {

void AnalysisCache::invalidateKernel(std::size_t kernel)
{
    for (auto& [key, entry] : m_entries) {
        if (kernel < entry->stale.size()) {
            entry->stale[kernel] = 1;
        }
    }
}

const Evaluation* Analysis::evaluation(std::size_t kernel, std::size_t device) const
{
    if (device >= results.size() || kernel >= results[device]->evaluations.size()) {
        return nullptr;
    }
    const auto& ev = results[device]->evaluations[kernel];
    return ev ? &*ev : nullptr;
}

int Analysis::deviceOf(std::size_t sessionIndex) const
{
    for (std::size_t d = 0; d < devices.size(); ++d) {
        if (devices[d].sessionIndex == sessionIndex) {
            return static_cast<int>(d);
        }
    }
    return -1;
}

int Analysis::sessionKernelOf(int shownKernel) const
{
    if (!expanded) {
        return validIndex(shownKernel, source->kernels.size()) ? shownKernel : -1;
    }
    return validIndex(shownKernel, origins.size()) ? origins[static_cast<std::size_t>(shownKernel)].sessionKernel : -1;
}

int Analysis::firstShownKernel(int sessionKernel) const
{
    if (!expanded) {
        return validIndex(sessionKernel, source->kernels.size()) ? sessionKernel : -1;
    }
    return validIndex(sessionKernel, firstShown.size()) ? firstShown[static_cast<std::size_t>(sessionKernel)] : -1;
}

std::vector<double> shownChips(const Session& session, const HardwareDatabase& database)
{
    std::vector<double> chips;
    for (const DeviceSelection& device : session.devices) {
        if (device.visible && database.find(device.id)) {
            chips.push_back(device.chips);
        }
    }
    return chips;
}

// The builder's steps, each a function of its own; a friend of AnalysisCache.
struct AnalysisBuilder {
    static void expand(Analysis& analysis, const Session& session, const std::vector<double>& chips);
    static std::shared_ptr<DeviceEvaluations>& entryFor(
        AnalysisCache& cache, const DeviceSelection& selection, const EvalOptions& options);
    static void addDevices(Analysis& analysis, const HardwareDatabase& database, AnalysisCache& cache);
    static void evaluateStale(Analysis& analysis);
    static void updateTotals(DeviceEvaluations& entry, const Session& shown, const EvalOptions& options);
    static void compare(Analysis& analysis);
    static void addGroups(Analysis& analysis);
    static void markStaleExcept(AnalysisCache& cache, std::size_t kernel, const Analysis& analysis);
};

void AnalysisBuilder::expand(Analysis& analysis, const Session& session, const std::vector<double>& chips)
{
    if (std::none_of(session.kernels.begin(), session.kernels.end(), isKernelGroup)) {
        return;
    }
    auto expanded = std::make_shared<Session>();
    expanded->title = session.title;
    expanded->devices = session.devices;
    expanded->view = session.view;
    expanded->runs = session.runs;
    expanded->annotations = session.annotations;
    analysis.firstShown.assign(session.kernels.size(), -1);
    for (std::size_t k = 0; k < session.kernels.size(); ++k) {
        const bool group = isKernelGroup(session.kernels[k]);
        // A group shows the parts of every shown device's step (each device evaluates its own: a device
        // 8 chips wide has the all-reduces on its link, one chip has none).
        std::vector<Kernel> parts = group
            ? expandKernelGroupsOnChips({ session.kernels[k] }, chips, &analysis.expansionErrors)
            : std::vector<Kernel> { session.kernels[k] };
        analysis.expansionErrorKernels.resize(analysis.expansionErrors.size(), k);
        if (!parts.empty()) {
            analysis.firstShown[k] = static_cast<int>(expanded->kernels.size());
        }
        for (std::size_t p = 0; p < parts.size(); ++p) {
            analysis.origins.push_back({ static_cast<int>(k), group ? static_cast<int>(p) : -1 });
            expanded->kernels.push_back(std::move(parts[p]));
        }
    }
    analysis.expanded = std::move(expanded);
}

namespace {
std::string evaluationsKey(const DeviceSelection& selection, const EvalOptions& options)
{
    std::string key = selection.id + "|" + selection.precision + "|x" + std::to_string(selection.chips) + "|"
        + std::to_string(selection.tdpWatts.value_or(-1.0)) + "|"
        + std::to_string(selection.priceDollars.value_or(-1.0)) + "|"
        + std::to_string(selection.pricePerHourDollars.value_or(-1.0)) + "|";
    for (const std::string& level : selection.disabledLevels) {
        key += level + ",";
    }
    key += options.sustained ? "|s|" : "|p|";
    key += std::to_string(options.commFraction) + "|" + std::to_string(options.tolerance);
    return key;
}

} // namespace

std::shared_ptr<DeviceEvaluations>& AnalysisBuilder::entryFor(
    AnalysisCache& cache, const DeviceSelection& selection, const EvalOptions& options)
{
    return cache.m_entries[evaluationsKey(selection, options)];
}

void AnalysisBuilder::updateTotals(DeviceEvaluations& entry, const Session& shown, const EvalOptions& options)
{
    WorkloadTotals& totals = entry.totals;
    totals = WorkloadTotals {};
    // Kernels bound by the same level come in runs: look the level up once per run.
    const std::string* lastBinding = nullptr;
    BoundKind lastKind = BoundKind::Compute;
    for (std::size_t k = 0; k < entry.evaluations.size(); ++k) {
        const auto& ev = entry.evaluations[k];
        if (!ev) {
            // A group's part its step lacks here is no error; a group refused here is said apart.
            const bool absent = shown.kernels[k].groupPart && !(entry.counts[k] > 0.0);
            if (!absent && entry.failures[k] == KernelOnDevice::Failure::Chips) {
                totals.errors.push_back(shown.kernels[k].name + ": " + entry.errors[k]); // a template's words
            } else if (!absent && entry.failures[k] != KernelOnDevice::Failure::Group) {
                totals.errors.push_back(
                    entry.errors[k].empty() ? shown.kernels[k].name + " could not be evaluated" : entry.errors[k]);
            }
            continue;
        }
        if (!lastBinding || *lastBinding != ev->binding) {
            lastBinding = &ev->binding;
            lastKind = boundKind(*ev, *entry.device);
        }
        addToTotals(totals, entry.counts[k], *ev, lastKind);
    }
    finishTotals(totals, *entry.device);
    entry.basis = deviceBasis(shown.kernels, entry.evaluations, entry.counts, *entry.device, options);
    entry.totalsRevision = entry.revision;
}

// Every stale (kernel, device) pair evaluated in place; large sessions (a profile of 100,000
// launches) on two threads, each taking half of the kernels on every device.
void AnalysisBuilder::evaluateStale(Analysis& analysis)
{
    const Session& shown = analysis.shown();
    const std::size_t kernelCount = shown.kernels.size();
    std::size_t stale = 0;
    std::vector<char> changed(analysis.results.size(), 0);
    for (std::size_t d = 0; d < analysis.results.size(); ++d) {
        const auto& flags = analysis.results[d]->stale;
        const auto count = static_cast<std::size_t>(std::count(flags.begin(), flags.end(), 1));
        changed[d] = count > 0 ? 1 : 0;
        stale += count;
    }
    if (stale == 0) {
        return;
    }
    auto evaluateRange = [&](std::size_t from, std::size_t to) {
        for (std::size_t d = 0; d < analysis.results.size(); ++d) {
            DeviceEvaluations& entry = *analysis.results[d];
            for (std::size_t k = from; k < to; ++k) {
                if (entry.stale[k]) {
                    KernelOnDevice evaluated = evaluateOnDevice(shown.kernels[k], analysis.devices[d]);
                    entry.evaluations[k] = std::move(evaluated.evaluation);
                    entry.counts[k] = evaluated.count;
                    entry.failures[k] = evaluated.failure;
                    entry.errors[k] = std::move(evaluated.error);
                    entry.stale[k] = 0;
                }
            }
        }
    };
    constexpr std::size_t kPairsPerThread = 4096;
    std::optional<std::thread> second;
    std::size_t half = kernelCount;
    if (stale >= 2 * kPairsPerThread) {
        try {
            second.emplace(evaluateRange, kernelCount / 2, kernelCount);
            half = kernelCount / 2;
        } catch (const std::system_error&) { // no thread to be had: all of it here
        }
    }
    evaluateRange(0, half);
    if (second) {
        second->join();
    }
    for (std::size_t d = 0; d < analysis.results.size(); ++d) {
        analysis.results[d]->revision += changed[d];
    }
}

void AnalysisBuilder::addDevices(Analysis& analysis, const HardwareDatabase& database, AnalysisCache& cache)
{
    const Session& session = *analysis.source;
    const Session& shown = analysis.shown();
    const std::size_t kernelCount = shown.kernels.size();
    std::vector<std::shared_ptr<DeviceEvaluations>> used;
    for (std::size_t i = 0; i < session.devices.size(); ++i) {
        const DeviceSelection& selection = session.devices[i];
        if (!selection.visible) {
            continue;
        }
        const Hardware* hw = database.find(selection.id);
        if (!hw) {
            analysis.unknownDevices.push_back(selection.id);
            continue;
        }
        const EvalOptions options = sessionOptions(session, selection);
        std::shared_ptr<DeviceEvaluations>& entry = entryFor(cache, selection, options);
        if (!entry || entry->hardware != hw || entry->evaluations.size() != kernelCount) {
            entry = cache.makeEntry();
            entry->hardware = hw;
            entry->device = std::make_shared<const Hardware>(sessionHardware(*hw, selection));
            entry->evaluations.resize(kernelCount);
            entry->counts.assign(kernelCount, 1.0);
            entry->failures.assign(kernelCount, KernelOnDevice::Failure::None);
            entry->errors.resize(kernelCount);
            entry->stale.assign(kernelCount, 1);
            entry->deviceError = deviceRoofsError(*entry->device, options);
        }
        if (!entry->deviceError.empty()) {
            analysis.deviceErrors.push_back("Device " + selection.label() + ": " + entry->deviceError);
            continue;
        }
        analysis.devices.push_back({ entry->device.get(), options, i, std::max(selection.chips, 1) });
        analysis.results.push_back(entry);
        used.push_back(entry);
    }
    evaluateStale(analysis);
    // Keep the cache small: entries not used now go once there are many.
    auto& entries = cache.m_entries;
    if (entries.size() > 24) {
        for (auto it = entries.begin(); it != entries.end();) {
            it = std::find(used.begin(), used.end(), it->second) == used.end() ? entries.erase(it) : std::next(it);
        }
    }
}

void AnalysisBuilder::compare(Analysis& analysis)
{
    const Session& session = *analysis.source;
    Comparison& comparison = analysis.comparison;
    for (const std::string& id : analysis.unknownDevices) {
        comparison.warnings.push_back("unknown device '" + id + "'");
    }
    for (std::size_t d = 0; d < analysis.devices.size(); ++d) {
        const DeviceSelection& selection = session.devices[analysis.devices[d].sessionIndex];
        DeviceEvaluations& evaluated = *analysis.results[d];
        if (evaluated.totalsRevision != evaluated.revision) {
            updateTotals(evaluated, analysis.shown(), analysis.devices[d].options);
        }
        ComparisonEntry entry;
        entry.id = selection.label();
        entry.name = deviceDisplayName(*evaluated.hardware, selection);
        entry.fullName = evaluated.hardware->name;
        entry.totals = evaluated.totals;
        entry.basis = evaluated.basis;
        // A group that cannot be served here is left out of the totals, and said so (never "T_min 0 s").
        std::vector<std::pair<std::string, std::string>> refused; // group, why
        for (const std::string& error : analysis.expansionErrors) { // "kernel 'NAME': why"
            const std::size_t end = error.find("': ");
            const bool named = error.rfind("kernel '", 0) == 0 && end != std::string::npos;
            refused.emplace_back(named ? error.substr(8, end - 8) : error, named ? error.substr(end + 3) : error);
        }
        const Session& shown = analysis.shown();
        for (std::size_t k = 0; k < evaluated.failures.size(); ++k) {
            if (evaluated.failures[k] == KernelOnDevice::Failure::Group) {
                std::pair<std::string, std::string> why { kernelGroupName(shown.kernels[k]), evaluated.errors[k] };
                if (std::find(refused.begin(), refused.end(), why) == refused.end()) {
                    refused.push_back(std::move(why));
                }
            }
        }
        for (const auto& [group, why] : refused) {
            entry.totals.errors.push_back("kernel '" + group + "': " + why);
            entry.basis.leftOut.push_back({ group, why });
        }
        setEntryPrices(entry, selection, *evaluated.device);
        comparison.entries.push_back(std::move(entry));
    }
    addGroups(analysis);
    applyBaseline(comparison, session.view.baseline);
    comparison.rankingRefused = mixedPhaseReason(session.kernels);
    assessComparison(comparison);
    // Devices left out, and said: after the comparison's own notes, which a view may show one of.
    comparison.warnings.insert(comparison.warnings.end(), analysis.deviceErrors.begin(), analysis.deviceErrors.end());
}

// Each group at each device's operating point: the comparison's serving figures are the verdict's,
// never a second ranking; and a measured run that no group and shown device take is said.
void AnalysisBuilder::addGroups(Analysis& analysis)
{
    const Session& session = *analysis.source;
    Comparison& comparison = analysis.comparison;
    comparison.verdicts = analysis.verdicts;
    for (const GroupVerdict& verdict : analysis.verdicts) {
        const VerdictCriterion primary = verdict.primary();
        for (std::size_t d = 0; d < comparison.entries.size() && d < verdict.devices.size(); ++d) {
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
}

void AnalysisBuilder::markStaleExcept(AnalysisCache& cache, std::size_t kernel, const Analysis& analysis)
{
    for (auto& [key, entry] : cache.m_entries) {
        const bool current
            = std::find(analysis.results.begin(), analysis.results.end(), entry) != analysis.results.end();
        if (!current && kernel < entry->stale.size()) {
            entry->stale[kernel] = 1;
        }
    }
}

Analysis analyseSession(
    const Session& session, const HardwareDatabase& database, AnalysisCache* cache, const AnalysisOptions& options)
{
    AnalysisCache scratch;
    Analysis analysis;
    analysis.source = &session;
    AnalysisBuilder::expand(analysis, session, shownChips(session, database));
    AnalysisBuilder::addDevices(analysis, database, cache ? *cache : scratch);
    if (options.verdicts && analysis.hasGroups()) {
        analysis.verdicts = groupVerdicts(session, verdictInputs(analysis, database), sessionCriteria(session));
    }
    if (options.comparison) {
        AnalysisBuilder::compare(analysis);
    }
    return analysis;
}

std::vector<VerdictDeviceInput> verdictInputs(const Analysis& analysis, const HardwareDatabase& database)
{
    std::vector<VerdictDeviceInput> inputs;
    inputs.reserve(analysis.devices.size());
    for (const AnalysisDevice& device : analysis.devices) {
        if (device.sessionIndex >= analysis.source->devices.size()) { // an analysis older than its session
            inputs.emplace_back();
            continue;
        }
        const DeviceSelection& selection = analysis.source->devices[device.sessionIndex];
        inputs.push_back(verdictDeviceInput(*analysis.source, selection, database.find(selection.id)));
    }
    return inputs;
}

bool moveKernel(
    Analysis& analysis, std::size_t kernel, AnalysisCache* cache, std::vector<std::optional<Evaluation>>* before)
{
    const Session& shown = analysis.shown();
    if (kernel >= shown.kernels.size() || shown.kernels[kernel].groupPart
        || analysis.comparison.entries.size() != analysis.results.size()) {
        return false;
    }
    std::vector<KernelOnDevice> moved;
    moved.reserve(analysis.devices.size());
    for (std::size_t d = 0; d < analysis.devices.size(); ++d) {
        moved.push_back(evaluateOnDevice(shown.kernels[kernel], analysis.devices[d]));
        const KernelOnDevice& now = moved.back();
        if (now.failure != KernelOnDevice::Failure::None || !now.evaluation || !now.evaluation->warnings.empty()
            || !analysis.results[d]->evaluations[kernel]) {
            return false;
        }
    }
    if (before) {
        before->clear();
    }
    // The moved kernel's old evaluations out of the totals, the new ones in: no pass over the others.
    for (std::size_t d = 0; d < analysis.results.size(); ++d) {
        DeviceEvaluations& entry = *analysis.results[d];
        const Hardware& hw = *entry.device;
        const double count = entry.counts[kernel];
        std::optional<Evaluation>& slot = entry.evaluations[kernel];
        WorkloadTotals& totals = analysis.comparison.entries[d].totals;
        addToTotals(totals, -count, *slot, boundKind(*slot, hw));
        addToTotals(totals, moved[d].count, *moved[d].evaluation, boundKind(*moved[d].evaluation, hw));
        finishTotals(totals, hw);
        if (before) {
            before->push_back(std::move(slot));
        }
        slot = std::move(moved[d].evaluation);
        entry.counts[kernel] = moved[d].count;
        entry.stale[kernel] = 0;
        ++entry.revision; // the device's own totals and basis are summed again by the next analysis
    }
    if (cache) {
        AnalysisBuilder::markStaleExcept(*cache, kernel, analysis);
    }
    applyBaseline(analysis.comparison, shown.view.baseline);
    rankComparison(analysis.comparison);
    return true;
}

} // namespace roofscope
