#pragma once

#include "analysis/SessionEvaluator.h"
#include "model/Session.h"
#include "model/serving/Verdict.h"

#include <ostream>

namespace roofscope {

// `table --format json`: one array of every row's evaluation object (evaluationToJson's keys), or,
// for a session with no device, of each kernel alone (kernelOnlyToJson). Then, for each transformer
// group's verdict on each device, one serving row at the device's operating point: servingStepToJson's
// keys (io/ServingJson.h) with "kernel" (the group's name), "group": "transformer", "batch", "rank" (on
// the verdict's primary criterion), "why_unranked" and "headline", or {"kernel", "hardware", "error"}.
void writeTableJson(std::ostream& out, const SessionEvaluation& evaluation, const Session& session,
    const std::vector<GroupVerdict>& verdicts);
// The same in parts, for evaluations made a block of kernels at a time: each block's rows
// (`first`: nothing printed yet; it stays true while no row has been), then the end.
void writeTableJsonRows(std::ostream& out, const SessionEvaluation& evaluation, bool& first);
void writeTableJsonEnd(
    std::ostream& out, const Session& session, bool first, const std::vector<GroupVerdict>& verdicts);

} // namespace roofscope
