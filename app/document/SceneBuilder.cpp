#include "document/SceneBuilder.h"

#include "document/ChartPalette.h"
#include "document/QtText.h"
#include "document/SceneDecorations.h"
#include "document/SceneEvaluation.h"
#include "io/HardwareLoader.h"
#include "io/SessionEvaluator.h"
#include "model/ChipScaling.h"
#include "model/Session.h"
#include "model/Text.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"

#include <QObject>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {
std::string kernelPrecision(const Kernel& kernel, const Hardware& hardware)
{
    if (!kernel.precision.empty()) {
        return kernel.precision;
    }
    return !kernel.templatePrecision.empty() ? kernel.templatePrecision : hardware.mainPrecision();
}

// The precision of the roofs drawn for a device.
std::string roofPrecision(const DeviceSelection& selection, const Hardware& hardware, const Session& session)
{
    if (!selection.precision.empty()) {
        return selection.precision;
    }
    // The precision most kernels run at; on a tie the device's main precision, else the first seen.
    std::vector<std::pair<std::string, int>> votes;
    for (const Kernel& kernel : session.kernels) {
        const std::string precision = kernelPrecision(kernel, hardware);
        if (!hardware.peak(precision)) {
            continue;
        }
        auto it = std::find_if(votes.begin(), votes.end(), [&](const auto& vote) { return vote.first == precision; });
        if (it == votes.end()) {
            votes.emplace_back(precision, 1);
        } else {
            ++it->second;
        }
    }
    const std::string main = hardware.mainPrecision();
    std::string best;
    int bestVotes = 0;
    for (const auto& [precision, count] : votes) {
        if (count > bestVotes || (count == bestVotes && precision == main)) {
            best = precision;
            bestVotes = count;
        }
    }
    return best.empty() ? hardware.mainPrecision() : best;
}

bool kernelUsesLevel(const Session& session, const Hardware& hardware, const BandwidthLevel& level)
{
    // A kernel group's collectives run on the device's scale-up link (groupPartOnDevice()).
    const bool scaleUp = scaleUpLevelName(hardware) == level.name;
    return std::any_of(session.kernels.begin(), session.kernels.end(), [&](const Kernel& kernel) {
        return std::any_of(kernel.bytes.begin(), kernel.bytes.end(), [&](const LevelBytes& entry) {
            return entry.bytes > 0.0
                && (hardware.findLevel(entry.level) == &level
                    || (scaleUp && kernel.groupPart && entry.level == kScaleUpLevel));
        });
    });
}

// The device's roofs, through evaluate() so that sustained and communication factors and the
// disabled levels are applied exactly as for the kernels: a probe moving one byte on every level.
std::optional<ChartDevice> buildDevice(const DeviceSelection& selection, const Hardware& hardware,
    const Session& session, const EvalOptions& base, QStringList& problems)
{
    Kernel probe;
    probe.name = "roofs";
    probe.flops = 1.0;
    for (const BandwidthLevel& level : hardware.levels) {
        probe.bytes.push_back({ level.name, 1.0 });
    }
    EvalOptions options = base;
    options.precision = roofPrecision(selection, hardware, session);
    options.disabledLevels = selection.disabledLevels;
    const EvaluationResult result = evaluate(probe, hardware, options);
    if (!result.evaluation) {
        problems << QObject::tr("Device %1: %2").arg(qs(selection.label()), qs(result.error));
        return std::nullopt;
    }
    const Evaluation& ev = *result.evaluation;
    ChartDevice device;
    device.id = qs(hardware.id);
    device.label = qs(deviceLabel(hardware, selection)); // the one label of every view ("TPU v5e x8")
    device.fullName = qs(hardware.name);
    device.precision = qs(ev.precision);
    device.precisionStd = ev.precision;
    device.computeRoof = ev.computeRoof;
    device.computeEstimate = std::any_of(hardware.compute.begin(), hardware.compute.end(),
        [&](const ComputePeak& c) { return c.estimate && c.unit == ev.unit && c.precision == ev.precision; });
    const double computeFactor = ev.peakFlopsPerSecond > 0.0 ? ev.computeRoof / ev.peakFlopsPerSecond : 1.0;
    double bandwidthFactor = 1.0;
    for (const LevelEvaluation& le : ev.levels) {
        const BandwidthLevel* level = hardware.findLevel(le.name);
        ChartLevel chartLevel;
        chartLevel.name = qs(le.name);
        chartLevel.bytesPerSecond = le.bytesPerSecond;
        chartLevel.isDefault = equalsIgnoreCase(le.name, ev.defaultLevel);
        chartLevel.estimate = level && level->estimate;
        // Memory levels are drawn; links only when a kernel moves bytes across them.
        chartLevel.visible = le.kind == LevelKind::Memory || (level && kernelUsesLevel(session, hardware, *level));
        if (level && level->bytesPerSecond > 0.0) {
            bandwidthFactor = le.bytesPerSecond / level->bytesPerSecond;
        }
        device.levels.push_back(chartLevel);
    }
    if (!device.defaultLevel()) {
        problems << QObject::tr("Device %1: its default level '%2' is switched off; only its compute roof is drawn")
                        .arg(qs(selection.label()), qs(ev.defaultLevel));
    }
    for (const Ceiling& ceiling : hardware.ceilings) {
        ChartCeiling chartCeiling;
        chartCeiling.name = qs(ceiling.name);
        if (!ceiling.precision.empty()) {
            if (!equalsIgnoreCase(ceiling.precision, ev.precision)) {
                continue; // a ceiling under another precision's roof
            }
            chartCeiling.kind = ChartCeiling::Kind::Compute;
            chartCeiling.value = ceiling.value * computeFactor;
        } else {
            const BandwidthLevel* level = hardware.findLevel(ceiling.level);
            const auto shown = std::find_if(device.levels.begin(), device.levels.end(), [&](const ChartLevel& l) {
                return level && equalsIgnoreCase(l.name.toStdString(), level->name) && (l.isDefault || l.visible);
            });
            if (shown == device.levels.end()) {
                continue;
            }
            chartCeiling.kind = ChartCeiling::Kind::Bandwidth;
            chartCeiling.value = ceiling.value * bandwidthFactor;
        }
        device.ceilings.push_back(chartCeiling);
    }
    return device;
}
} // namespace

namespace {
// A point the chart draws: a positive finite intensity, or an unbounded one (no bytes on any counted
// level: drawn at the right edge), under a positive finite attainable FLOP/s.
bool drawable(const Evaluation& ev)
{
    return ((std::isfinite(ev.intensity) && ev.intensity > 0.0) || unboundedIntensity(ev.intensity))
        && std::isfinite(ev.attainable) && ev.attainable > 0.0;
}

// Adds a kernel's point on scene device d (and the compute roof of its precision when new).
void addPoint(ChartKernel& chartKernel, int d, const Evaluation& ev, const ChartDevice& device,
    std::vector<std::pair<int, ChartComputeRoof>>& newRoofs, const std::string& xLevel)
{
    if (!drawable(ev)) {
        return;
    }
    if (ev.precision != device.precisionStd
        && std::none_of(device.otherComputeRoofs.begin(), device.otherComputeRoofs.end(),
            [&](const ChartComputeRoof& roof) { return roof.precisionStd == ev.precision; })
        && std::none_of(newRoofs.begin(), newRoofs.end(),
            [&](const auto& roof) { return roof.first == d && roof.second.precisionStd == ev.precision; })) {
        newRoofs.push_back({ d, { qs(ev.precision), ev.precision, ev.computeRoof } });
    }
    ChartKernelPoint point;
    point.device = d;
    placeOnXLevel(point, ev, xLevel);
    chartKernel.points.push_back(point);
    if (ev.achieved && !chartKernel.achieved) {
        chartKernel.achieved = ev.achieved;
        chartKernel.fractionOfRoof = ev.fractionOfRoof;
        chartKernel.aboveRoof = ev.aboveRoof.value_or(false);
    }
}

// The hierarchical points of a measured kernel: its intensity on every memory level it moves bytes on.
void fillLevelPoints(ChartKernel& chartKernel, const Evaluation& ev)
{
    chartKernel.levelPoints.clear();
    if (!chartKernel.achieved || ev.levels.size() < 2) {
        return;
    }
    for (const LevelEvaluation& level : ev.levels) {
        if (level.kind == LevelKind::Memory && std::isfinite(level.intensity) && level.intensity > 0.0) {
            chartKernel.levelPoints.push_back({ qs(level.name), level.intensity });
        }
    }
}

std::string cacheKey(const DeviceSelection& selection, const EvalOptions& options)
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

void SceneCache::clear()
{
    m_entries.clear();
    m_names.clear();
}

void SceneCache::invalidateKernel(size_t kernel, bool moved)
{
    for (auto& [key, entry] : m_entries) {
        entry->invalidateDerived();
        if (kernel < entry->stale.size()) {
            entry->stale[kernel] = 1;
        }
        if (!moved) {
            entry->roofsValid = false;
        }
    }
}

void SceneCache::markStaleExcept(size_t kernel, const std::vector<std::shared_ptr<DeviceResults>>& current)
{
    for (auto& [key, entry] : m_entries) {
        if (std::find(current.begin(), current.end(), entry) == current.end() && kernel < entry->stale.size()) {
            entry->stale[kernel] = 1;
        }
        entry->invalidateDerived(); // the current ones were changed in place
    }
}

SceneKernelBuild buildSceneKernel(
    const Kernel& kernel, size_t kernelIndex, const std::vector<SceneDevice>& devices, const ChartScene& scene)
{
    SceneKernelBuild out;
    out.kernel.name = qs(kernel.name);
    out.kernel.flops = kernel.flops;
    for (size_t d = 0; d < devices.size(); ++d) {
        auto ev = evaluateForScene(kernel, devices[d], scene.devices[d].label, out.problems);
        if (!ev) {
            continue;
        }
        addPoint(out.kernel, static_cast<int>(d), *ev, scene.devices[d], out.newRoofs, scene.xLevel);
        if (out.rows.empty()) {
            fillLevelPoints(out.kernel, *ev);
        }
        out.rows.push_back({ kernelIndex, devices[d].sessionIndex, std::move(*ev) });
    }
    return out;
}

Comparison buildComparison(const Session& session, const std::vector<SceneDevice>& devices,
    const std::vector<std::shared_ptr<DeviceResults>>& results)
{
    Comparison comparison;
    for (size_t d = 0; d < devices.size() && d < results.size(); ++d) {
        const Hardware& hw = *devices[d].hardware;
        const DeviceSelection& selection = session.devices[devices[d].sessionIndex];
        ComparisonEntry entry;
        entry.id = selection.label();
        entry.name = deviceDisplayName(hw, selection);
        entry.fullName = hw.name;
        const DeviceResults& evaluated = *results[d];
        // Kernels bound by the same level come in runs: look the level up once per run.
        const std::string* lastBinding = nullptr;
        BoundKind lastKind = BoundKind::Compute;
        for (size_t k = 0; k < session.kernels.size(); ++k) {
            const double count = k < evaluated.counts.size() ? evaluated.counts[k] : session.kernels[k].count;
            if (k < evaluated.evaluations.size() && evaluated.evaluations[k]) {
                const Evaluation& ev = *evaluated.evaluations[k];
                if (!lastBinding || *lastBinding != ev.binding) {
                    lastBinding = &ev.binding;
                    lastKind = boundKind(ev, hw);
                }
                addToTotals(entry.totals, count, ev, lastKind);
            } else if (count > 0.0 || !session.kernels[k].groupPart) {
                entry.totals.errors.push_back(session.kernels[k].name + " could not be evaluated");
            }
        }
        finishTotals(entry.totals, hw);
        entry.basis = deviceBasis(session.kernels, evaluated, hw, devices[d].options);
        setEntryPrices(entry, selection, hw);
        comparison.entries.push_back(std::move(entry));
    }
    applyBaseline(comparison, session.view.baseline);
    assessComparison(comparison);
    return comparison;
}

namespace {
// Everything a scene needs from one device's evaluations: each kernel's point (and the compute roofs
// of other precisions the points sit on), and the workload totals for the comparison.
void deriveDevice(DeviceResults& entry, const ChartDevice& device, const Session& session, const EvalOptions& options)
{
    DeviceResults::Derived& derived = entry.derived;
    const size_t kernelCount = entry.evaluations.size();
    derived.points.assign(kernelCount, ChartKernelPoint {});
    derived.tMin.assign(kernelCount, std::numeric_limits<double>::infinity());
    derived.measured.clear();
    derived.bounds = ChartPointBounds {};
    derived.hasProblems = std::any_of(
        entry.problems.begin(), entry.problems.end(), [](const QStringList& problems) { return !problems.isEmpty(); });
    derived.otherComputeRoofs.clear();
    derived.totals = WorkloadTotals {};
    std::vector<std::pair<int, ChartComputeRoof>> newRoofs;
    ChartKernel scratch;
    // Kernels bound by the same level come in runs: look the level up once per run.
    const std::string* lastBinding = nullptr;
    BoundKind lastKind = BoundKind::Compute;
    for (size_t k = 0; k < kernelCount; ++k) {
        const auto& ev = entry.evaluations[k];
        const double count = k < entry.counts.size() ? entry.counts[k] : session.kernels[k].count;
        if (!ev) {
            if (count > 0.0 || !session.kernels[k].groupPart) {
                derived.totals.errors.push_back(session.kernels[k].name + " could not be evaluated");
            }
            continue;
        }
        derived.tMin[k] = ev->tMin;
        if (ev->achieved) {
            derived.measured.resize(kernelCount);
            derived.measured[k] = { ev->achieved, ev->fractionOfRoof, ev->aboveRoof.value_or(false) };
        }
        scratch.points.clear();
        addPoint(scratch, 0, *ev, device, newRoofs, session.view.xLevel);
        if (!scratch.points.empty()) {
            derived.points[k] = scratch.points.front();
            if (derived.points[k].device >= 0) {
                derived.bounds.add(derived.points[k]);
            }
        }
        if (!lastBinding || *lastBinding != ev->binding) {
            lastBinding = &ev->binding;
            lastKind = boundKind(*ev, *entry.device);
        }
        addToTotals(derived.totals, count, *ev, lastKind);
    }
    finishTotals(derived.totals, *entry.device);
    for (auto& [unused, roof] : newRoofs) {
        derived.otherComputeRoofs.push_back(std::move(roof));
    }
    derived.basis = deviceBasis(session.kernels, entry, *entry.device, options);
    derived.xLevel = session.view.xLevel;
    static std::atomic<std::uint64_t> derivations { 0 };
    derived.generation = ++derivations;
    derived.valid = true;
}
} // namespace

namespace {

// Each shown device's roofs and its kernels' evaluations, from the cache where they are current.
void addSceneDevices(const Session& session, const HardwareDatabase& hardware,
    std::map<std::string, std::shared_ptr<DeviceResults>>& entries, SceneBuildResult& result)
{
    const EvalOptions base = sessionOptions(session, DeviceSelection {});
    const size_t kernelCount = session.kernels.size();
    std::vector<std::shared_ptr<DeviceResults>> used;
    const std::vector<QColor> colors = sessionDeviceColors(session);
    for (size_t i = 0; i < session.devices.size(); ++i) {
        const DeviceSelection& selection = session.devices[i];
        if (!selection.visible) {
            continue;
        }
        const Hardware* hw = hardware.find(selection.id);
        if (!hw) {
            result.problems << QObject::tr("Device '%1' is not in the hardware database").arg(qs(selection.id));
            continue;
        }
        const EvalOptions options = sessionOptions(session, selection);
        const std::string key = cacheKey(selection, options);
        std::shared_ptr<DeviceResults>& entry = entries[key];
        if (!entry || entry->hardware != hw || entry->evaluations.size() != kernelCount) {
            entry = std::make_shared<DeviceResults>();
            entry->hardware = hw;
            entry->device = std::make_shared<const Hardware>(sessionHardware(*hw, selection));
            entry->evaluations.resize(kernelCount);
            entry->counts.assign(kernelCount, 1.0);
            entry->problems.resize(kernelCount);
            entry->stale.assign(kernelCount, 1);
        }
        if (!entry->roofsValid) {
            entry->roofProblems.clear();
            entry->roofs = buildDevice(selection, *entry->device, session, base, entry->roofProblems);
            entry->roofsValid = true;
            entry->invalidateDerived(); // the points depend on the precision of the roofs
        }
        result.problems += entry->roofProblems;
        if (!entry->roofs) {
            continue;
        }
        ChartDevice device = *entry->roofs;
        device.color = colors[i]; // keyed by the device's id, stable when others hide
        const SceneDevice sceneDevice { entry->device.get(), options, i, selection.chips };
        for (size_t k = 0; k < kernelCount; ++k) {
            if (entry->stale[k]) {
                entry->problems[k].clear();
                entry->evaluations[k] = evaluateForScene(
                    session.kernels[k], sceneDevice, device.label, entry->problems[k], &entry->counts[k]);
                entry->stale[k] = 0;
                entry->invalidateDerived();
                ++entry->revision;
            }
        }
        if (!entry->derived.valid || entry->derived.xLevel != session.view.xLevel) {
            deriveDevice(*entry, device, session, options);
        }
        device.otherComputeRoofs = entry->derived.otherComputeRoofs;
        device.pointsKey = entry->derived.generation;
        result.scene.devices.push_back(std::move(device));
        result.devices.push_back(sceneDevice);
        result.results.push_back(entry);
        used.push_back(entry);
    }
    // Keep the cache small: entries not used now go once there are many.
    if (entries.size() > 24) {
        for (auto it = entries.begin(); it != entries.end();) {
            it = std::find(used.begin(), used.end(), it->second) == used.end() ? entries.erase(it) : std::next(it);
        }
    }
}

// The scene's kernels from what each device derived; returns each kernel's runtime (measured, else the
// shortest T_min over the devices, times its count).
std::vector<double> addSceneKernels(
    const Session& session, std::vector<std::pair<std::string, QString>>& names, SceneBuildResult& result)
{
    const size_t kernelCount = session.kernels.size();
    // The points each device derived, in scene order, and their runtimes. Only what the
    // devices derived is read (no evaluation is looked at again): a scene that only shows or hides a
    // device is assembled from a few compact arrays.
    const size_t shown = result.results.size();
    std::vector<const DeviceResults::Derived*> derived(shown);
    bool anyProblems = false;
    ChartPointBounds bounds; // the scene's kernels: what each device drew, and measured FLOP/s below
    for (size_t d = 0; d < shown; ++d) {
        derived[d] = &result.results[d]->derived;
        anyProblems = anyProblems || derived[d]->hasProblems;
        bounds.add(derived[d]->bounds);
    }
    if (anyProblems) { // in kernel order, as the user reads them
        for (size_t k = 0; k < kernelCount; ++k) {
            for (size_t d = 0; d < shown; ++d) {
                if (!result.results[d]->problems[k].isEmpty()) {
                    result.problems += result.results[d]->problems[k];
                }
            }
        }
    }
    // Runtime shares: measured time, else the shortest T_min over the devices, times the count.
    std::vector<double> runtimes(kernelCount, 0.0);
    result.scene.kernels.resize(kernelCount);
    names.resize(kernelCount);
    for (size_t k = 0; k < kernelCount; ++k) {
        const Kernel& kernel = session.kernels[k];
        ChartKernel& chartKernel = result.scene.kernels[k];
        auto& known = names[k];
        if (known.first != kernel.name || known.second.isNull()) {
            known = { kernel.name, qs(kernel.name) };
        }
        chartKernel.name = known.second;
        chartKernel.flops = kernel.flops;
        chartKernel.points.reserve(shown);
        double fastest = std::numeric_limits<double>::infinity();
        for (size_t d = 0; d < shown; ++d) {
            const DeviceResults::Derived& from = *derived[d];
            fastest = std::min(fastest, from.tMin[k]);
            const ChartKernelPoint& point = from.points[k];
            if (point.device < 0) {
                continue;
            }
            chartKernel.points.push_back(point);
            chartKernel.points.back().device = static_cast<int>(d);
            if (chartKernel.points.size() == 1 && !from.measured.empty() && from.measured[k].achieved) {
                const DeviceResults::Derived::Measured& measured = from.measured[k];
                chartKernel.achieved = measured.achieved;
                chartKernel.fractionOfRoof = measured.fractionOfRoof;
                chartKernel.aboveRoof = measured.aboveRoof;
                bounds.addY(*measured.achieved);
            }
        }
        double seconds = kernel.measuredSeconds.value_or(0.0);
        if (!(seconds > 0.0)) {
            seconds = std::isfinite(fastest) ? fastest : 0.0;
        }
        runtimes[k] = seconds * (kernel.count > 0.0 ? kernel.count : 1.0);
    }
    result.scene.kernelBounds = bounds;
    // Hierarchical points: a measured kernel's achieved FLOP/s at its intensity on each level it
    // moves bytes on (the first device that evaluates it decides which levels are enabled).
    for (size_t k = 0; k < kernelCount; ++k) {
        ChartKernel& chartKernel = result.scene.kernels[k];
        if (!chartKernel.achieved) {
            continue;
        }
        for (const auto& entry : result.results) {
            if (const auto& ev = entry->evaluations[k]) {
                fillLevelPoints(chartKernel, *ev);
                break;
            }
        }
    }
    return runtimes;
}

// Runtime shares, marker sizes by share and the top-N filter.
void applyRuntimeShares(SceneBuildResult& result, const std::vector<double>& runtimes, const SceneOptions& sceneOptions)
{
    const size_t kernelCount = runtimes.size();
    double total = 0.0;
    for (double seconds : runtimes) {
        total += seconds;
    }
    double largest = 0.0;
    for (size_t k = 0; k < kernelCount; ++k) {
        result.scene.kernels[k].runtimeShare = total > 0.0 ? runtimes[k] / total : 0.0;
        largest = std::max(largest, result.scene.kernels[k].runtimeShare);
    }
    if (sceneOptions.sizeByRuntime && largest > 0.0) {
        for (ChartKernel& chartKernel : result.scene.kernels) {
            // Area follows the share: from 0.6x for the smallest to 2x for the largest.
            chartKernel.markerScale = 0.6 + 1.4 * std::sqrt(chartKernel.runtimeShare / largest);
        }
    }
    if (sceneOptions.topKernels > 0 && static_cast<size_t>(sceneOptions.topKernels) < kernelCount) {
        std::vector<size_t> order(kernelCount);
        for (size_t k = 0; k < kernelCount; ++k) {
            order[k] = k;
        }
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return runtimes[a] > runtimes[b]; });
        for (size_t rank = static_cast<size_t>(sceneOptions.topKernels); rank < kernelCount; ++rank) {
            result.scene.kernels[order[rank]].hidden = true;
        }
    }
}

// The workload comparison of the shown devices, and what it says on the chart (unlike figures,
// decorations, review mode's summary).
void addSceneComparison(const Session& session, const SceneOptions& sceneOptions, SceneBuildResult& result)
{
    for (size_t d = 0; d < result.devices.size(); ++d) {
        const DeviceSelection& selection = session.devices[result.devices[d].sessionIndex];
        ComparisonEntry entry;
        entry.id = selection.label();
        entry.name = deviceDisplayName(*result.results[d]->device, selection);
        entry.fullName = result.results[d]->device->name;
        entry.totals = result.results[d]->derived.totals;
        entry.basis = result.results[d]->derived.basis;
        setEntryPrices(entry, selection, *result.devices[d].hardware);
        result.comparison.entries.push_back(std::move(entry));
    }
    applyBaseline(result.comparison, session.view.baseline);
    result.comparison.rankingRefused = sceneOptions.rankingRefused;
    assessComparison(result.comparison);
    for (size_t d = 0; d < result.comparison.entries.size() && d < result.scene.devices.size(); ++d) {
        const ComparisonBasis& basis = result.comparison.entries[d].basis;
        result.scene.devices[d].unlike = basis.comparable ? QString() : QString::fromStdString(basis.brief());
    }
    result.scene.decorations = buildDecorations(session, result.scene, result.comparison);
    if (sceneOptions.review) {
        result.scene.summary = buildChartSummary(session, result.comparison, result.scene);
    }
}

} // namespace

SceneBuildResult buildChartScene(
    const Session& session, const HardwareDatabase& hardware, SceneCache* cache, const SceneOptions& sceneOptions)
{
    SceneCache scratch;
    if (!cache) {
        cache = &scratch;
    }
    SceneBuildResult result;
    result.scene.showFeasibleRegion = session.view.showFeasibleRegion;
    result.scene.showRegionLabels = session.view.showRegionLabels;
    result.scene.labelIntensity = session.view.labelIntensity;
    result.scene.xLevel = session.view.xLevel;
    result.scene.style = ChartStyle::make(session.view.theme == "dark", sceneOptions.review);
    addSceneDevices(session, hardware, cache->m_entries, result);
    applyRuntimeShares(result, addSceneKernels(session, cache->m_names, result), sceneOptions);
    addSceneComparison(session, sceneOptions, result);
    result.problems.removeDuplicates();
    return result;
}

} // namespace roofscope
