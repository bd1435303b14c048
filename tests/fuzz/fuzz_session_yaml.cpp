#include "FuzzTargets.h"
#include "io/SessionFile.h"

#include <cstdlib>
#include <string>

namespace roofscope::fuzz {

int sessionYaml(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto loaded = loadSessionText(text, "fuzz.yaml");
    if (loaded.session) {
        // A session that loads saves to text that loads again.
        const auto again = loadSessionText(sessionToYaml(*loaded.session), "again.yaml");
        if (!again.session) {
            std::abort();
        }
    }
    for (const auto& d : loaded.diagnostics) {
        (void)d.toString();
    }
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(sessionYaml)
