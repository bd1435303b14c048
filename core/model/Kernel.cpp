#include "model/Kernel.h"

#include "model/Text.h"

namespace roofscope {

double Kernel::bytesOn(const std::string& level) const
{
    double sum = 0.0;
    for (const auto& entry : bytes) {
        if (equalsIgnoreCase(entry.level, level)) {
            sum += entry.bytes;
        }
    }
    return sum;
}

double Kernel::totalBytes() const
{
    double sum = 0.0;
    for (const auto& entry : bytes) {
        sum += entry.bytes;
    }
    return sum;
}

} // namespace roofscope
