#pragma once

#include "model/Session.h"
#include "model/serving/Verdict.h"

#include <string>
#include <vector>

namespace roofscope {

class CliArgs;

// The verdict's criteria on the command line (compare, table, workload; declared in CliOptions.cpp):
// --target-ms (time per output token), --years, --utilisation and --usd-per-kwh (ownership cost). Each
// overrides the session's view key of the same meaning; a bad value is a CliError naming the option.
void applyVerdictOptions(const CliArgs& opts, ViewSettings& view);
VerdictCriteria verdictCriteria(const CliArgs& opts);

} // namespace roofscope
