#pragma once

#include <string>
#include <vector>

namespace roofscope {

// Runs the GUI: loads the hardware database (the shipped folder, the user folder when it exists, then
// `extraHardwareDirs`), opens `sessionPath` (empty: the example session) and shows the main window.
// Files that fail to load never stop it: their diagnostics ("file:line:column: error: ...") are shown
// once the window is up, and a session that cannot be read is replaced by an empty one.
// Returns the application's exit code.
int runGui(int argc, char** argv, const std::string& sessionPath, const std::vector<std::string>& extraHardwareDirs);

} // namespace roofscope
