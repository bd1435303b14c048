#pragma once

#include "document/ChartModel.h"
#include "io/SessionEvaluator.h"
#include "model/Comparison.h"
#include "model/Evaluation.h"

#include <QStringList>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class HardwareDatabase;
struct Hardware;
struct Session;
struct ViewSettings;
class SceneCache;
struct SceneBuildResult;
struct SceneOptions;

// What a kernel is evaluated against: one entry per device of the scene, in scene order.
struct SceneDevice {
    const Hardware* hardware = nullptr; // with the session entry's overrides, used `chips` wide
    EvalOptions options;
    size_t sessionIndex = 0; // into Session::devices
    int chips = 1;
};

// One device of a session (one id, precision, set of disabled levels and view options): its roofs
// and its evaluation of every kernel, kept between refreshes so that switching a device off and on,
// or dragging one kernel, re-evaluates only what changed.
struct DeviceResults {
    const Hardware* hardware = nullptr; // the database's device
    std::shared_ptr<const Hardware> device; // it with the entry's overrides and chips (sessionHardware)
    std::vector<std::optional<Evaluation>> evaluations; // per kernel; empty when it cannot be evaluated
    // Per kernel, its count on this device: a kernel group's part as the device's own step counts it
    // (0: the step has no such part there, e.g. no all-reduce on one chip); any other, its own.
    std::vector<double> counts;
    std::vector<QStringList> problems; // per kernel
    std::vector<char> stale; // per kernel: evaluate again before use
    unsigned long revision = 0; // counts changes of `evaluations` (views compare it to skip refreshes)
    std::optional<ChartDevice> roofs; // without colour and other precisions' roofs
    QStringList roofProblems;
    bool roofsValid = false;

    // Derived from the evaluations and the roofs, so that a scene that only shows or hides devices
    // is assembled without looking at an evaluation again. Valid until an evaluation changes
    // (invalidateDerived()).
    struct Derived {
        std::vector<ChartKernelPoint> points; // per kernel (device -1: not drawn)
        // Per kernel, what assembling a scene reads beside the point, kept here so that it does not
        // touch every evaluation again: T_min (+inf when not evaluated) and the measured figures.
        std::vector<double> tMin;
        struct Measured {
            std::optional<double> achieved;
            std::optional<double> fractionOfRoof;
            bool aboveRoof = false;
        };
        std::vector<Measured> measured; // empty when no kernel is measured
        bool hasProblems = false; // some kernel has a problem on this device
        ChartPointBounds bounds; // of the points drawn (device >= 0)
        std::vector<ChartComputeRoof> otherComputeRoofs; // precisions the kernels need beside the roof's
        WorkloadTotals totals; // the session's workload
        ComparisonBasis basis; // what the totals rest on (comparisonBasis)
        std::string xLevel; // the x-axis level the points were placed on (view.x_level)
        std::uint64_t generation = 0; // unique to each derivation (ChartDevice::pointsKey)
        bool valid = false;
    } derived;
    void invalidateDerived() { derived.valid = false; }
};

class SceneCache {
public:
    void clear();
    // A kernel changed: evaluate it again everywhere; an edit (not a move) may change the roofs too
    // (the precision the roofs are drawn at follows the kernels).
    void invalidateKernel(size_t kernel, bool moved);
    // After a move was applied to `current` in place: every other entry evaluates the kernel again.
    void markStaleExcept(size_t kernel, const std::vector<std::shared_ptr<DeviceResults>>& current);
    size_t size() const { return m_entries.size(); }

private:
    friend SceneBuildResult buildChartScene(const Session&, const HardwareDatabase&, SceneCache*, const SceneOptions&);
    std::map<std::string, std::shared_ptr<DeviceResults>> m_entries;
    // Each kernel's name as the scene shows it, by position, with the name it was made from: a
    // scene built again for the same kernels shares the text instead of decoding it again.
    std::vector<std::pair<std::string, QString>> m_names;
};

struct SceneBuildResult {
    ChartScene scene;
    std::vector<SceneDevice> devices; // per scene device: lets one kernel be re-evaluated alone
    std::vector<std::shared_ptr<DeviceResults>> results; // per scene device: every kernel's evaluation
    QStringList problems; // devices missing from the database, kernels a device cannot evaluate, ...
    Comparison comparison; // the session's workload on every scene device (buildComparison)
};

struct SceneKernelBuild {
    ChartKernel kernel;
    std::vector<SessionRow> rows; // one per device it could be evaluated on
    // Compute roofs of precisions the scene does not draw yet (scene device index, roof).
    std::vector<std::pair<int, ChartComputeRoof>> newRoofs;
    QStringList problems;
};

// Turns a session into what the chart draws, through the core's evaluate(): per visible device its
// roofs at one precision (the device selection's, else the precision most kernels use, else the
// device's main one), per kernel its attainable point on every device. Never throws; anything that
// cannot be drawn is reported in `problems` and left out.
// How kernels are shown (window state, not part of the session).
struct SceneOptions {
    int topKernels = 0; // show only the N kernels that take the most time (0: all)
    bool sizeByRuntime = false; // marker size follows each kernel's share of the total time
    bool review = false; // large fonts, thick lines and the workload comparison beside the plot
    // Why the workload's totals are not ranked (mixedPhaseReason() of the session before its kernel
    // groups were expanded); empty when they are.
    std::string rankingRefused;
};

// `cache` (optional) keeps evaluations between calls; see SceneCache for what invalidates them.
SceneBuildResult buildChartScene(const Session& session, const HardwareDatabase& hardware, SceneCache* cache = nullptr,
    const SceneOptions& options = {});

// One kernel evaluated on every device of a scene built before (buildChartScene's `devices`); the
// fast path while a kernel is dragged. `scene` is that scene (its devices' drawn compute roofs).
// The session's workload (kernels with counts) on every device of a scene, from the evaluations the
// scene was built from (no evaluation is repeated): one entry per scene device, in scene order.
Comparison buildComparison(const Session& session, const std::vector<SceneDevice>& devices,
    const std::vector<std::shared_ptr<DeviceResults>>& results);

// What review mode draws beside the plot: the comparison's devices, fastest first, in scene colours.
ChartSummary buildChartSummary(const Session& session, const Comparison& comparison, const ChartScene& scene);

SceneKernelBuild buildSceneKernel(
    const Kernel& kernel, size_t kernelIndex, const std::vector<SceneDevice>& devices, const ChartScene& scene);

// The device's one short label (Hardware::shortLabel(): "H100 SXM", "TPU v6e").
QString shortDeviceLabel(const Hardware& hardware);

// The colour of each of the session's devices (hidden ones included), by its id: deviceColors().
std::vector<QColor> sessionDeviceColors(const Session& session);

} // namespace roofscope
