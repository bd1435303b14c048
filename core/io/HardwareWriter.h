#pragma once

#include "model/Hardware.h"

#include <string>

namespace roofscope {

// A device as a hardware file (schema roofscope-hardware/1, hardware/README.md) that
// loadHardwareFile() reads back with the same numbers: every quantity written exactly with its unit.
std::string hardwareToYaml(const Hardware& hardware);

// Writes hardwareToYaml() atomically; returns an error message, empty on success.
std::string saveHardwareFile(const Hardware& hardware, const std::string& path);

} // namespace roofscope
