#pragma once

// Small helpers for the JSON the CLI and the exports write.

#include <nlohmann/json.hpp>

#include <optional>

namespace roofscope {

// A figure that may be missing: its number, or JSON null (never 0, never NaN).
inline nlohmann::json jsonOrNull(const std::optional<double>& value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

} // namespace roofscope
