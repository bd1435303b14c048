#pragma once

#include <optional>

namespace roofscope {

// Cost and energy per token of a step served on `chips` chips (docs/model.md#cost-and-energy):
//   usd_per_million_tokens = chips x price_per_hour / (tokens_per_s x 3600) x 1e6,
//   joules_per_token = chips x tdp / tokens_per_s,
//   tokens_per_s_per_chip = tokens_per_s / chips,
//   tokens_per_s_per_usd_hour = tokens_per_s / (chips x price_per_hour), tokens_per_joule = 1 / joules_per_token.
// Prices and TDPs are per chip; a figure whose input is unknown (or no tokens/s) is empty.
struct ServingCost {
    std::optional<double> usdPerMillionTokens;
    std::optional<double> joulesPerToken;
    std::optional<double> tokensPerSecondPerChip;
    std::optional<double> tokensPerSecondPerUsdHour; // tokens/s over the system's price per hour
    std::optional<double> tokensPerJoule; // 1 / joules_per_token
};

ServingCost servingCost(double chips, double tokensPerSecond, std::optional<double> pricePerHourPerChip,
    std::optional<double> tdpWattsPerChip);

} // namespace roofscope
