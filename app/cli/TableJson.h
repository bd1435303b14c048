#pragma once

#include "io/SessionEvaluator.h"
#include "model/Session.h"

#include <ostream>

namespace roofscope {

// `table --format json`: one array of every row's evaluation object (evaluationToJson's keys), or,
// for a session with no device, of each kernel alone (kernelOnlyToJson).
void writeTableJson(std::ostream& out, const SessionEvaluation& evaluation, const Session& session);

} // namespace roofscope
