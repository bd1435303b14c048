#pragma once

#include "chart/ChartModel.h"
#include "io/SessionEvaluator.h"
#include "model/Evaluation.h"

#include <QStringList>

namespace roofscope {

class HardwareDatabase;
struct Hardware;
struct Session;
struct ViewSettings;

// What a kernel is evaluated against: one entry per device of the scene, in scene order.
struct SceneDevice {
    const Hardware* hardware = nullptr;
    EvalOptions options;
    size_t sessionIndex = 0; // into Session::devices
};

struct SceneBuildResult {
    ChartScene scene;
    // The results table rows (kernel-major, scene devices in order): the same evaluations the chart
    // draws, so each (kernel, device) is evaluated once.
    SessionEvaluation evaluation;
    std::vector<SceneDevice> devices; // lets one kernel be re-evaluated alone (buildSceneKernel)
    QStringList problems; // devices missing from the database, kernels a device cannot evaluate, ...
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
SceneBuildResult buildChartScene(const Session& session, const HardwareDatabase& hardware);

// One kernel evaluated on every device of a scene built before (buildChartScene's `devices`); the
// fast path while a kernel is dragged. `scene` is that scene (its devices' drawn compute roofs).
SceneKernelBuild buildSceneKernel(
    const Kernel& kernel, size_t kernelIndex, const std::vector<SceneDevice>& devices, const ChartScene& scene);

// A short device name for the legend: the generation ("H100", "MI300X"), with the family in front
// when the generation alone says little ("TPU v6e").
QString shortDeviceLabel(const Hardware& hardware);

} // namespace roofscope
