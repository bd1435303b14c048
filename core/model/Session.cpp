#include "model/Session.h"

namespace roofscope {

std::string DeviceSelection::label() const
{
    return precision.empty() ? id : id + " (" + precision + ")";
}

} // namespace roofscope
