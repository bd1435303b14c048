#pragma once

// Small numeric checks shared by the layers.

#include <cmath>
#include <cstddef>

namespace roofscope {

// A figure that can sit on a log axis or divide: finite and above zero (not NaN, not inf).
inline bool positiveFinite(double value)
{
    return std::isfinite(value) && value > 0.0;
}

// An index into a list of `size` entries (a negative index is "none").
inline bool validIndex(int index, std::size_t size)
{
    return index >= 0 && static_cast<std::size_t>(index) < size;
}

} // namespace roofscope
