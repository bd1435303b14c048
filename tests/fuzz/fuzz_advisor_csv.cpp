#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <string_view>

namespace roofscope::fuzz {

int advisorCsv(const std::uint8_t* data, std::size_t size)
{
    checkImport(importAdvisorCsvText(std::string_view(reinterpret_cast<const char*>(data), size), "survey.csv"));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(advisorCsv)
