#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// `roofscope import ncu|rocprof|rocprof-db|advisor|ert|csv|jax|xprof FILE... -o OUT.yaml`: measured kernels
// become a session, empirical roofs a hardware file; a serving benchmark's result becomes measured
// serving runs. Throws CliError for bad input.
int importCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
