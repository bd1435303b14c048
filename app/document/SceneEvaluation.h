#pragma once

#include "document/SceneBuilder.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace roofscope {

// How the scene builder evaluates a kernel on one of its devices (SceneBuilder.cpp): a kernel
// group's part as that device's own step has it (model/serving/DeviceExpansion.h), a sharded
// template on the device's chips, any other kernel as it is.

// Evaluates one kernel on one scene device; an evaluation that cannot be drawn keeps its problem.
// `count` (when given) gets the kernel's count on the device (0: a group's part its step lacks there).
std::optional<Evaluation> evaluateForScene(const Kernel& kernel, const SceneDevice& device, const QString& deviceLabel,
    QStringList& problems, double* count = nullptr);

// What a device's workload figures rest on (comparisonBasis()), with a kernel group's parts as the
// device's own step has them: collective bytes on its scale-up link, parts its step lacks left out.
ComparisonBasis deviceBasis(const std::vector<Kernel>& kernels, const DeviceResults& results, const Hardware& hardware,
    const EvalOptions& options);

} // namespace roofscope
