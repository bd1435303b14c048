#pragma once

#include "chart/ChartModel.h"
#include "model/Evaluation.h"

#include <QStringList>

namespace roofscope {

class HardwareDatabase;
struct Hardware;
struct Session;
struct ViewSettings;

struct SceneBuildResult {
    ChartScene scene;
    QStringList problems; // devices missing from the database, kernels a device cannot evaluate, ...
};

// Turns a session into what the chart draws, through the core's evaluate(): per visible device its
// roofs at one precision (the device selection's, else the precision most kernels use, else the
// device's main one), per kernel its attainable point on every device. Never throws; anything that
// cannot be drawn is reported in `problems` and left out.
SceneBuildResult buildChartScene(const Session& session, const HardwareDatabase& hardware);

// A short device name for the legend: the generation ("H100", "MI300X"), with the family in front
// when the generation alone says little ("TPU v6e").
QString shortDeviceLabel(const Hardware& hardware);

} // namespace roofscope
