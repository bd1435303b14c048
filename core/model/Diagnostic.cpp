#include "model/Diagnostic.h"

#include <algorithm>

namespace roofscope {

std::string Diagnostic::toString(bool withSeverity) const
{
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line > 0) {
            out += ':' + std::to_string(line);
            if (column > 0) {
                out += ':' + std::to_string(column);
            }
        }
        out += ": ";
    }
    if (withSeverity) {
        out += severity == Severity::Error ? "error: " : "warning: ";
    }
    if (line <= 0 && !path.empty()) {
        out += path + ": ";
    }
    out += message;
    return out;
}

bool hasErrors(const Diagnostics& diagnostics)
{
    return std::any_of(
        diagnostics.begin(), diagnostics.end(), [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

std::string firstError(const Diagnostics& diagnostics)
{
    for (const auto& d : diagnostics) {
        if (d.severity == Severity::Error) {
            return d.toString();
        }
    }
    return {};
}

} // namespace roofscope
