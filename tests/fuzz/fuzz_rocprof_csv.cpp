#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <string_view>

namespace roofscope::fuzz {

int rocprofCsv(const std::uint8_t* data, std::size_t size)
{
    // The three files are read from memory: no file is written per input.
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::string_view parts[3];
    std::size_t start = 0;
    for (auto& part : parts) {
        if (start > input.size()) {
            break;
        }
        const std::size_t end = std::min(input.find('\x1E', start), input.size());
        part = input.substr(start, end - start);
        start = end + 1;
    }
    if (parts[0].empty() && parts[1].empty() && parts[2].empty()) {
        return 0;
    }
    ImportOptions options;
    options.maxRecordBytes = 4096;
    options.rocprofDevice = size > 0 ? data[0] % 3 : 0;
    checkImport(importRocprofTexts(parts[0], parts[1], parts[2], options));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(rocprofCsv)
