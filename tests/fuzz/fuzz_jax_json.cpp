#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <string_view>

namespace roofscope::fuzz {

int jaxJson(const std::uint8_t* data, std::size_t size)
{
    checkImport(importJaxJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "cost_analysis.json"));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(jaxJson)
