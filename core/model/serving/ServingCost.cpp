#include "model/serving/ServingCost.h"

namespace roofscope {

ServingCost servingCost(double chips, double tokensPerSecond, std::optional<double> pricePerHourPerChip,
    std::optional<double> tdpWattsPerChip)
{
    ServingCost cost;
    if (!(tokensPerSecond > 0.0) || !(chips > 0.0)) {
        return cost;
    }
    cost.tokensPerSecondPerChip = tokensPerSecond / chips;
    if (pricePerHourPerChip) {
        cost.usdPerMillionTokens = chips * *pricePerHourPerChip / (tokensPerSecond * 3600.0) * 1e6;
    }
    if (tdpWattsPerChip) {
        cost.joulesPerToken = chips * *tdpWattsPerChip / tokensPerSecond;
    }
    return cost;
}

} // namespace roofscope
