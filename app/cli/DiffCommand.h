#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope diff BEFORE AFTER [--hardware ID] [--threshold 5%] [--json]` (docs/cli.md#diff): two runs
// (profiler files, or sessions with one run each) compared kernel by kernel. Returns 0 when no
// matched kernel got slower by more than the threshold, 3 when one did; throws CliError (status 2)
// for bad input.
int diffCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
