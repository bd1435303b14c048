#pragma once

#include <string>
#include <vector>

namespace roofscope {

enum class Severity { Warning, Error };

// One message about an input: where it is (1-based line and column, 0 when unknown) and what is wrong.
// `path` is the schema path ("levels[2].bandwidth") when there is no position in a file.
struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    Severity severity = Severity::Error;
    std::string message;
    std::string path;

    // "file:line:column: error: message" (parts that are unknown are left out).
    std::string toString(bool withSeverity = true) const;
};

using Diagnostics = std::vector<Diagnostic>;

bool hasErrors(const Diagnostics& diagnostics);
std::string firstError(const Diagnostics& diagnostics);

} // namespace roofscope
