#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope table --session FILE [--format text|csv|markdown|json]`: every kernel on every shown
// device (docs/cli.md#table), rows made a block of kernels at a time so that a profile of many launches is
// printed in bounded memory; then, for each transformer group, its serving step on each device
// (docs/model.md#serving-a-transformer). Throws CliError for bad input.
int tableCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
