#include "scene/SceneBuilder.h"

#include "analysis/SessionEvaluator.h"
#include "io/HardwareLoader.h"
#include "model/ChipScaling.h"
#include "model/Session.h"
#include "model/Text.h"
#include "model/Units.h"
#include "model/serving/DeviceExpansion.h"
#include "scene/ChartPalette.h"
#include "scene/GroupColumns.h"
#include "scene/SceneDecorations.h"
#include "session/QtText.h"

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

} // namespace

void SceneCache::clear()
{
    AnalysisCache::clear();
    m_names.clear();
}

void SceneCache::invalidateKernel(size_t kernel, bool moved)
{
    AnalysisCache::invalidateKernel(kernel);
    for (const auto& [key, entry] : entries()) {
        auto& results = static_cast<DeviceResults&>(*entry);
        results.invalidateDerived();
        if (!moved) {
            results.roofsValid = false;
        }
    }
}

namespace {
// The problems of a kernel on a device as people read them: why it could not be evaluated, the
// evaluation's warnings, why the chart cannot place its point.
QStringList kernelProblems(const Kernel& kernel, const DeviceEvaluations& entry, size_t k, const QString& deviceLabel)
{
    QStringList problems;
    switch (entry.failures[k]) {
    case KernelOnDevice::Failure::None:
        break;
    case KernelOnDevice::Failure::Group:
        problems << QObject::tr("Kernel group '%1' on %2: %3")
                        .arg(qs(kernelGroupName(kernel)), deviceLabel, qs(entry.errors[k]));
        break;
    case KernelOnDevice::Failure::Chips:
    case KernelOnDevice::Failure::Evaluation:
        problems << QObject::tr("Kernel '%1': %2").arg(qs(kernel.name), qs(entry.errors[k]));
        break;
    }
    const auto& ev = entry.evaluations[k];
    if (!ev) {
        return problems;
    }
    for (const std::string& warning : ev->warnings) {
        problems << qs(warning); // core warnings name the kernel and the device
    }
    if (kernel.groupPart && !(ev->flops > 0.0) && ev->nearestKind == LevelKind::Interconnect) {
        // An all-to-all or a pipeline send only moves data: with no FLOPs it has no point on a FLOP/s
        // chart, which is no problem of the session (its row is in the results table).
    } else if (std::isfinite(ev->attainable) && ev->attainable > 0.0 && unboundedIntensity(ev->intensity)) {
        problems << QObject::tr("Kernel '%1' on %2 %3").arg(qs(kernel.name), deviceLabel, unboundedIntensityText());
    } else if (!(std::isfinite(ev->intensity) && ev->intensity > 0.0 && std::isfinite(ev->attainable)
                   && ev->attainable > 0.0)) {
        problems << QObject::tr("Kernel '%1' cannot be placed on the log-log chart of %2 (intensity %3, %4 FLOP/s)")
                        .arg(qs(kernel.name), deviceLabel, QString::number(ev->intensity),
                            QString::number(ev->attainable));
    }
    return problems;
}
} // namespace

SceneKernelBuild buildSceneKernel(const Analysis& analysis, size_t kernelIndex, const ChartScene& scene)
{
    SceneKernelBuild out;
    const Kernel& kernel = analysis.shown().kernels[kernelIndex];
    out.kernel.name = qs(kernel.name);
    out.kernel.flops = kernel.flops;
    bool first = true;
    for (size_t d = 0; d < analysis.results.size() && d < scene.devices.size(); ++d) {
        out.problems += kernelProblems(kernel, *analysis.results[d], kernelIndex, scene.devices[d].label);
        const Evaluation* ev = analysis.evaluation(kernelIndex, d);
        if (!ev) {
            continue;
        }
        addPoint(out.kernel, static_cast<int>(d), *ev, scene.devices[d], out.newRoofs, scene.xLevel);
        if (first) {
            fillLevelPoints(out.kernel, *ev);
            first = false;
        }
    }
    return out;
}

namespace {
// Everything a scene needs from one device's evaluations: each kernel's point (and the compute roofs
// of other precisions the points sit on), and the workload totals for the comparison.
void deriveDevice(DeviceResults& entry, const ChartDevice& device, const Session& session)
{
    DeviceResults::Derived& derived = entry.derived;
    const size_t kernelCount = entry.evaluations.size();
    derived.points.assign(kernelCount, ChartKernelPoint {});
    derived.tMin.assign(kernelCount, std::numeric_limits<double>::infinity());
    derived.measured.clear();
    derived.problems.clear();
    derived.bounds = ChartPointBounds {};
    derived.otherComputeRoofs.clear();
    std::vector<std::pair<int, ChartComputeRoof>> newRoofs;
    ChartKernel scratch;
    for (size_t k = 0; k < kernelCount; ++k) {
        const auto& ev = entry.evaluations[k];
        if (entry.failures[k] != KernelOnDevice::Failure::None || (ev && !drawable(*ev))
            || (ev && !ev->warnings.empty())) {
            if (QStringList problems = kernelProblems(session.kernels[k], entry, k, device.label);
                !problems.isEmpty()) {
                derived.problems.emplace_back(k, std::move(problems));
            }
        }
        if (!ev) {
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
    }
    for (auto& [unused, roof] : newRoofs) {
        derived.otherComputeRoofs.push_back(std::move(roof));
    }
    derived.xLevel = session.view.xLevel;
    derived.revision = entry.revision;
    static std::atomic<std::uint64_t> derivations { 0 };
    derived.generation = ++derivations;
    derived.valid = true;
}
} // namespace

namespace {

// Each shown device's roofs and the points of its kernels, from the cache where they are current.
void addSceneDevices(const Session& shown, SceneBuildResult& result)
{
    const Analysis& analysis = result.analysis;
    const Session& session = *analysis.source;
    const EvalOptions base = sessionOptions(session, DeviceSelection {});
    const std::vector<QColor> colors = sessionDeviceColors(session);
    for (size_t d = 0; d < analysis.devices.size(); ++d) {
        const size_t i = analysis.devices[d].sessionIndex;
        const DeviceSelection& selection = session.devices[i];
        auto entry = std::static_pointer_cast<DeviceResults>(analysis.results[d]);
        if (!entry->roofsValid) {
            entry->roofProblems.clear();
            entry->roofs = buildDevice(selection, *entry->device, shown, base, entry->roofProblems);
            entry->roofsValid = true;
            entry->invalidateDerived(); // the points depend on the precision of the roofs
        }
        result.problems += entry->roofProblems;
        ChartDevice device = entry->roofs ? *entry->roofs : ChartDevice {};
        if (!entry->roofs) { // evaluated, but no roof could be drawn: named, without lines
            device.id = qs(entry->hardware->id);
            device.label = qs(deviceLabel(*entry->hardware, selection));
        }
        device.color = colors[i]; // keyed by the device's id, stable when others hide
        if (!entry->derived.valid || entry->derived.revision != entry->revision
            || entry->derived.xLevel != shown.view.xLevel) {
            deriveDevice(*entry, device, shown);
        }
        device.otherComputeRoofs = entry->derived.otherComputeRoofs;
        device.pointsKey = entry->derived.generation;
        result.scene.devices.push_back(std::move(device));
        result.results.push_back(std::move(entry));
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
    std::vector<size_t> cursor(shown, 0); // into each device's problems
    bool anyProblems = false;
    ChartPointBounds bounds; // the scene's kernels: what each device drew, and measured FLOP/s below
    for (size_t d = 0; d < shown; ++d) {
        derived[d] = &result.results[d]->derived;
        anyProblems = anyProblems || !derived[d]->problems.empty();
        bounds.add(derived[d]->bounds);
    }
    if (anyProblems) { // in kernel order, as the user reads them
        for (size_t k = 0; k < kernelCount; ++k) {
            for (size_t d = 0; d < shown; ++d) {
                const auto& problems = derived[d]->problems;
                if (cursor[d] < problems.size() && problems[cursor[d]].first == k) {
                    result.problems += problems[cursor[d]++].second;
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

// What the comparison says on the chart: unlike figures, decorations, review mode's summary, the
// verdicts' captions.
void addSceneComparison(const Session& shown, const SceneOptions& sceneOptions, SceneBuildResult& result)
{
    const Comparison& comparison = result.analysis.comparison;
    for (size_t d = 0; d < comparison.entries.size() && d < result.scene.devices.size(); ++d) {
        const ComparisonBasis& basis = comparison.entries[d].basis;
        result.scene.devices[d].unlike = basis.comparable ? QString() : QString::fromStdString(basis.brief());
    }
    result.scene.decorations = buildDecorations(shown, result.scene, comparison);
    result.scene.decorations.captions = verdictCaptions(result.analysis.verdicts);
    if (sceneOptions.review) {
        result.scene.summary = buildChartSummary(shown, comparison, result.scene);
        addVerdicts(result.scene.summary, result.analysis.verdicts); // each device's answer per group
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
    result.analysis = analyseSession(session, hardware, cache);
    const Session& shown = result.analysis.shown();
    for (const std::string& error : result.analysis.expansionErrors) {
        result.problems << qs(error);
    }
    for (const std::string& id : result.analysis.unknownDevices) {
        result.problems << QObject::tr("Device '%1' is not in the hardware database").arg(qs(id));
    }
    for (const std::string& error : result.analysis.deviceErrors) {
        result.problems << qs(error);
    }
    result.scene.showFeasibleRegion = session.view.showFeasibleRegion;
    result.scene.showRegionLabels = session.view.showRegionLabels;
    result.scene.labelIntensity = session.view.labelIntensity;
    result.scene.xLevel = session.view.xLevel;
    result.scene.style = ChartStyle::make(session.view.theme == "dark", sceneOptions.review);
    addSceneDevices(shown, result);
    applyRuntimeShares(result, addSceneKernels(shown, cache->m_names, result), sceneOptions);
    addSceneComparison(shown, sceneOptions, result);
    result.problems.removeDuplicates();
    return result;
}

} // namespace roofscope
