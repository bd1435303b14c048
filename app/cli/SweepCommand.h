#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope sweep ... --vary NAME=FROM:TO[:STEPS] [--chips N] [--json]` (docs/cli.md#sweep): the kernel at
// each value on each device and the exact crossings. Throws CliError for bad input.
int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
