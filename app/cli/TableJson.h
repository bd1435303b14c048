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

} // namespace roofscope
