#pragma once

#include "analysis/Analysis.h"
#include "analysis/SessionEvaluator.h"
#include "model/Comparison.h"
#include "model/Evaluation.h"
#include "scene/ChartModel.h"

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

// What a kernel is evaluated against: one entry per device of the scene, in scene order (the
// analysis' devices: the scene's device d is the analysis' device d).
using SceneDevice = AnalysisDevice;

// One device's evaluations (kept by the analysis' cache) and what the chart draws of them: its roofs
// and each kernel's point, kept between refreshes so that switching a device off and on, or dragging
// one kernel, derives only what changed.
struct DeviceResults : DeviceEvaluations {
    std::optional<ChartDevice> roofs; // without colour and other precisions' roofs
    QStringList roofProblems;
    bool roofsValid = false;

    // Derived from the evaluations and the roofs, so that a scene that only shows or hides devices
    // is assembled without looking at an evaluation again. Valid while `revision` is the entry's and
    // nothing invalidated it (invalidateDerived()).
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
        // The problems of the kernels that have some on this device, in kernel order, as people read
        // them (the device named by its label).
        std::vector<std::pair<size_t, QStringList>> problems;
        ChartPointBounds bounds; // of the points drawn (device >= 0)
        std::vector<ChartComputeRoof> otherComputeRoofs; // precisions the kernels need beside the roof's
        std::string xLevel; // the x-axis level the points were placed on (view.x_level)
        unsigned long revision = 0; // the entry's revision derived from
        std::uint64_t generation = 0; // unique to each derivation (ChartDevice::pointsKey)
        bool valid = false;
    } derived;
    void invalidateDerived() { derived.valid = false; }
};

// The analysis' cache with the chart's roofs and points per device.
class SceneCache : public AnalysisCache {
public:
    void clear();
    // A shown kernel changed: evaluate it again everywhere; an edit (not a move) may change the roofs
    // too (the precision the roofs are drawn at follows the kernels).
    void invalidateKernel(size_t kernel, bool moved);

protected:
    std::shared_ptr<DeviceEvaluations> makeEntry() const override { return std::make_shared<DeviceResults>(); }

private:
    friend SceneBuildResult buildChartScene(const Session&, const HardwareDatabase&, SceneCache*, const SceneOptions&);
    // Each kernel's name as the scene shows it, by position, with the name it was made from: a
    // scene built again for the same kernels shares the text instead of decoding it again.
    std::vector<std::pair<std::string, QString>> m_names;
};

// The session's analysis (analysis/Analysis.h) and the chart drawn from it.
struct SceneBuildResult {
    Analysis analysis; // its `source` is the session given to buildChartScene()
    ChartScene scene; // its devices and kernels are the analysis' shown devices and kernels, in order
    std::vector<std::shared_ptr<DeviceResults>> results; // the analysis' results, per scene device
    // Groups refused, devices missing from the database or without roofs, kernels a device cannot
    // evaluate or the chart cannot place.
    QStringList problems;
};

struct SceneKernelBuild {
    ChartKernel kernel;
    // Compute roofs of precisions the scene does not draw yet (scene device index, roof).
    std::vector<std::pair<int, ChartComputeRoof>> newRoofs;
    QStringList problems;
};

// How kernels are shown (window state, not part of the session).
struct SceneOptions {
    int topKernels = 0; // show only the N kernels that take the most time (0: all)
    bool sizeByRuntime = false; // marker size follows each kernel's share of the total time
    bool review = false; // large fonts, thick lines and the workload comparison beside the plot
};

// The chart of a session: analyseSession() (`cache` keeps its evaluations and the chart's roofs and
// points between calls), then per shown device its roofs at one precision (the device selection's,
// else the precision most kernels use, else the device's main one) and per shown kernel its
// attainable point on every device; the comparison's texts, decorations and review mode's summary;
// the verdicts' captions. Never throws; anything that cannot be drawn is in `problems` and left out.
SceneBuildResult buildChartScene(const Session& session, const HardwareDatabase& hardware, SceneCache* cache = nullptr,
    const SceneOptions& options = {});

// What review mode draws beside the plot: the comparison's devices, fastest first, in scene colours.
ChartSummary buildChartSummary(const Session& session, const Comparison& comparison, const ChartScene& scene);

// Shown kernel `kernelIndex` of an analysis as the chart draws it (a drag step, after moveKernel()):
// its points on the scene's devices, compute roofs of precisions the scene does not draw yet, and
// what keeps it off the chart.
SceneKernelBuild buildSceneKernel(const Analysis& analysis, size_t kernelIndex, const ChartScene& scene);

// The device's one short label (Hardware::shortLabel(): "H100 SXM", "TPU v6e").
QString shortDeviceLabel(const Hardware& hardware);

// The colour of each of the session's devices (hidden ones included), by its id: deviceColors().
std::vector<QColor> sessionDeviceColors(const Session& session);

} // namespace roofscope
