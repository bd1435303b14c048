#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope import ncu|rocprof|ert|csv|jax|xprof FILE... -o OUT.yaml`: measured kernels become a session,
// empirical roofs a hardware file. Throws CliError for bad input.
int importCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
