#include "FuzzTargets.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"

#include <cstdlib>
#include <string>

namespace roofscope::fuzz {

int hardwareYaml(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto loaded = loadHardwareText(text, "fuzz.yaml");
    if (loaded.hardware) {
        // A device that loads writes back to a file that loads again.
        const auto again = loadHardwareText(hardwareToYaml(*loaded.hardware), "again.yaml");
        if (!again.hardware) {
            std::abort();
        }
    }
    for (const auto& d : loaded.diagnostics) {
        (void)d.toString();
    }
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(hardwareYaml)
