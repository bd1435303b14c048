#pragma once

#include "io/SessionEvaluator.h"
#include "model/Session.h"

#include <ostream>

namespace roofscope {

// `table --format json`: one array of every row's evaluation object (evaluationToJson's keys), or,
// for a session with no device, of each kernel alone (kernelOnlyToJson).
void writeTableJson(std::ostream& out, const SessionEvaluation& evaluation, const Session& session);
// The same in parts, for evaluations made a block of kernels at a time: each block's rows
// (`first`: nothing printed yet; it stays true while no row has been), then the end.
void writeTableJsonRows(std::ostream& out, const SessionEvaluation& evaluation, bool& first);
void writeTableJsonEnd(std::ostream& out, const Session& session, bool first);

} // namespace roofscope
