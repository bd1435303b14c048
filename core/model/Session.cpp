#include "model/Session.h"

namespace roofscope {

std::string DeviceSelection::label() const
{
    const std::string wide = chips > 1 ? id + " x" + std::to_string(chips) : id;
    return precision.empty() ? wide : wide + " (" + precision + ")";
}

} // namespace roofscope
