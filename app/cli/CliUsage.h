#pragma once

#include <string>

namespace roofscope {

// The text of `roofscope help`: every sub-command with its options.
const char* cliUsage();
// The usage lines of one sub-command (`roofscope eval --help`) and the notes every command shares.
std::string commandUsage(const std::string& command);

} // namespace roofscope
