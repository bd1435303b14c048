#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// The precisions a compute peak can be keyed by, widest first.
const std::vector<std::string>& knownPrecisions();
bool isKnownPrecision(std::string_view precision);

// Bytes per element of a data type (fp32 4, bf16 2, fp8 1, fp6 0.75, int4 0.5, ...); empty if unknown.
std::optional<double> bytesPerElement(std::string_view dtype);

} // namespace roofscope
