#pragma once

#include <string>

namespace roofscope {

// Why `path` cannot be read as a regular file, as the end of a message after the path ("is a FIFO
// (named pipe), not a regular file", "is a folder, not a file", "no such file", "cannot be read:
// Permission denied"); empty when it is a regular file that this process may open for reading.
// Nothing is opened that could block: a FIFO or a device is named, never read. Never throws.
std::string regularFileProblem(const std::string& path);

// The system's reason for the last failed call, as a message ends: "Permission denied".
std::string systemReason(int errorNumber);

} // namespace roofscope
