#pragma once

namespace roofscope {

// The text of `roofscope help`: every sub-command with its options.
const char* cliUsage();

} // namespace roofscope
