#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// The headless sub-commands of `roofscope` (docs/cli.md). They use core, and roofscope_chart only for
// the chart exports; nothing from widgets.
class CommandLine {
public:
    // The sub-commands, and the same as "hardware, eval, ..." for messages.
    static const std::vector<std::string>& commands();
    static std::string commandList();
    static bool isSubcommand(const std::vector<std::string>& args);
    // Runs a sub-command; returns the process exit code. Errors are one line on `err`.
    static int run(const std::vector<std::string>& args);
    static int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
};

} // namespace roofscope
