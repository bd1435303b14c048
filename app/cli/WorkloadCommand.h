#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope workload transformer --param NAME=VALUE[,NAME=VALUE...] ... --hardware IDS [--chips N]
// [--json]` (SPEC 6.4): one transformer step expanded into its kernels, per device the step's
// T_min/T_max, tokens per second, each kernel's binding and share. Throws CliError for bad input.
int workloadCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
