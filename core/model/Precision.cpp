#include "model/Precision.h"

#include <algorithm>
#include <array>
#include <utility>

namespace roofscope {

namespace {
constexpr std::array<std::pair<std::string_view, double>, 10> kSizes { {
    { "fp64", 8.0 },
    { "fp32", 4.0 },
    { "tf32", 4.0 },
    { "bf16", 2.0 },
    { "fp16", 2.0 },
    { "fp8", 1.0 },
    { "int8", 1.0 },
    { "fp6", 0.75 },
    { "int4", 0.5 },
    { "fp4", 0.5 },
} };
} // namespace

const std::vector<std::string>& knownPrecisions()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        out.reserve(kSizes.size());
        for (const auto& [name, size] : kSizes) {
            out.emplace_back(name);
        }
        return out;
    }();
    return names;
}

bool isKnownPrecision(std::string_view precision)
{
    return std::any_of(kSizes.begin(), kSizes.end(), [&](const auto& entry) { return entry.first == precision; });
}

std::optional<double> bytesPerElement(std::string_view dtype)
{
    for (const auto& [name, size] : kSizes) {
        if (name == dtype) {
            return size;
        }
    }
    return std::nullopt;
}

} // namespace roofscope
