#pragma once

#include "io/SessionEvaluator.h"
#include "model/Session.h"

#include <ostream>

namespace roofscope {

// `table --format json`: one array of every row's evaluation object (evaluationToJson's keys), or,
// for a session with no device, of each kernel alone (kernelOnlyToJson). Then, for each transformer
// group on each device, one serving row (SPEC 6.6): servingStepToJson's keys (io/ServingJson.h) with
// "kernel" (the group's name), "group": "transformer", "rank", or {"kernel", "hardware", "error"}.
// `groups[d][g]` is group g on the d-th device (serveSessionGroups()).
void writeTableJson(std::ostream& out, const SessionEvaluation& evaluation, const Session& session,
    const std::vector<std::vector<GroupServing>>& groups);
// The same in parts, for evaluations made a block of kernels at a time: each block's rows
// (`first`: nothing printed yet; it stays true while no row has been), then the end.
void writeTableJsonRows(std::ostream& out, const SessionEvaluation& evaluation, bool& first);
void writeTableJsonEnd(
    std::ostream& out, const Session& session, bool first, const std::vector<std::vector<GroupServing>>& groups);

} // namespace roofscope
