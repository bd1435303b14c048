#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <string_view>

namespace roofscope::fuzz {

int ncuCsv(const std::uint8_t* data, std::size_t size)
{
    ImportOptions options;
    options.maxRecordBytes = 4096; // the limit's own path, reachable with small inputs
    checkImport(importNcuCsvText(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.csv", options));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(ncuCsv)
