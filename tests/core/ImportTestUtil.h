#pragma once

// What the importer suites ask of an import's result: the bytes a kernel has on a level, and the
// diagnostics as text.

#include "io/Importers.h"

#include <string>

namespace roofscope::test {

// The kernel's bytes on `level`, or -1 when it has none there.
inline double bytesOn(const Kernel& k, const std::string& level)
{
    for (const auto& b : k.bytes) {
        if (b.level == level) {
            return b.bytes;
        }
    }
    return -1.0;
}

// Every diagnostic of the import, one a line.
inline std::string messages(const ImportResult& r)
{
    std::string out;
    for (const auto& d : r.diagnostics) {
        out += d.toString() + "\n";
    }
    return out;
}

inline bool mentions(const ImportResult& r, const std::string& text)
{
    return messages(r).find(text) != std::string::npos;
}

} // namespace roofscope::test
