#pragma once

#include "io/HardwareLoader.h"
#include "model/Comparison.h"
#include "model/Evaluation.h"
#include "model/Session.h"

#include <string>
#include <vector>

namespace roofscope {

struct SessionRow {
    size_t kernelIndex = 0;
    size_t deviceIndex = 0;
    Evaluation evaluation;
};

struct SessionEvaluation {
    std::vector<SessionRow> rows; // kernel-major: every device for kernel 0, then kernel 1, ...
    std::vector<std::string> errors; // unknown devices, precisions a device lacks, ...
};

// The evaluation options of one device of a session (its precision, levels switched off, view settings).
EvalOptions sessionOptions(const Session& session, const DeviceSelection& device);

// Evaluates every kernel on every visible device of the session.
SessionEvaluation evaluateSession(const Session& session, const HardwareDatabase& database);

// A device's name for people: the database's name, with the selection's precision when it sets one.
std::string deviceDisplayName(const Hardware& hardware, const DeviceSelection& selection);

// The session's workload (its kernels with their counts) on every visible device, against the view's
// baseline. Devices missing from the database are left out with a warning.
Comparison compareSession(const Session& session, const HardwareDatabase& database);

} // namespace roofscope
