#pragma once

#include "model/Diagnostic.h"
#include "model/Hardware.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct HardwareLoadResult {
    std::optional<Hardware> hardware;
    Diagnostics diagnostics;
};

// Loads one device file (schema: hardware/README.md). Strict: any error means no device. `shipped`: a
// file of the program's own device folder, which the test suite reads strictly: read without the
// YAML strictness pass (YamlLimits::strict); every check of the values still applies.
HardwareLoadResult loadHardwareFile(const std::string& path, bool shipped = false);
HardwareLoadResult loadHardwareText(const std::string& text, const std::string& fileLabel);

// The devices of several folders (shipped, user, --hardware-dir), in load order.
class HardwareDatabase {
public:
    // Loads every *.yaml / *.yml file of `directory` in name order. A missing folder is not an error
    // when `optional` is set (the user folder). Duplicate ids are errors naming both files.
    // `shipped`: the program's own device folder (loadHardwareFile()).
    void loadDirectory(const std::string& directory, bool optional = false, bool shipped = false);
    // Loads one file (a device opened from the GUI). Returns false on errors.
    bool loadFile(const std::string& path);
    // Adds a device built elsewhere (ad-hoc, imported); false with a diagnostic if its id is taken.
    bool add(Hardware hardware);

    const Hardware* find(const std::string& id) const;
    const std::vector<Hardware>& devices() const { return m_devices; }
    const Diagnostics& diagnostics() const { return m_diagnostics; }

private:
    std::vector<Hardware> m_devices;
    Diagnostics m_diagnostics;
};

// Builds an ad-hoc device from a compute peak and named bandwidths (the first is the default level).
// With no precision named, the peak applies to every precision.
Hardware makeAdHocHardware(double peakFlopsPerSecond, const std::vector<std::pair<std::string, double>>& bandwidths,
    const std::string& precision = {});

} // namespace roofscope
