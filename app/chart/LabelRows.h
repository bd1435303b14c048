#pragma once

#include <vector>

namespace roofscope {

// A label's horizontal extent in pixels.
struct LabelSpan {
    double left = 0.0;
    double width = 0.0;
};

// Stacks labels into rows so that none overlaps another in its row: each label, taken from left to
// right, goes into the lowest row whose last label ends at least `gap` pixels before it starts.
// Returns the row of each label (0 = top), in the order of `spans`.
std::vector<int> stackLabelRows(const std::vector<LabelSpan>& spans, double gap);

} // namespace roofscope
