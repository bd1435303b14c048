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
        if (*pricePerHourPerChip > 0.0) {
            cost.tokensPerSecondPerUsdHour = tokensPerSecond / (chips * *pricePerHourPerChip);
        }
    }
    if (tdpWattsPerChip) {
        cost.joulesPerToken = chips * *tdpWattsPerChip / tokensPerSecond;
        if (*tdpWattsPerChip > 0.0) {
            cost.tokensPerJoule = 1.0 / *cost.joulesPerToken;
        }
    }
    return cost;
}

} // namespace roofscope
