#include "FuzzImport.h"
#include "FuzzTargets.h"

#include <string_view>

namespace roofscope::fuzz {

int xprofJson(const std::uint8_t* data, std::size_t size)
{
    checkImport(
        importXprofJsonText(std::string_view(reinterpret_cast<const char*>(data), size), "roofline_model.json"));
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(xprofJson)
