#include "chart/LabelRows.h"

#include <algorithm>
#include <numeric>

namespace roofscope {

std::vector<int> stackLabelRows(const std::vector<LabelSpan>& spans, double gap)
{
    std::vector<size_t> order(spans.size());
    std::iota(order.begin(), order.end(), size_t { 0 });
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return spans[a].left < spans[b].left; });

    std::vector<int> rows(spans.size(), 0);
    std::vector<double> rowEnds; // right edge of the last label in each row
    for (size_t index : order) {
        const LabelSpan& span = spans[index];
        size_t row = 0;
        while (row < rowEnds.size() && rowEnds[row] + gap > span.left) {
            ++row;
        }
        if (row == rowEnds.size()) {
            rowEnds.push_back(0.0);
        }
        rowEnds[row] = span.left + span.width;
        rows[index] = static_cast<int>(row);
    }
    return rows;
}

} // namespace roofscope
