#pragma once

#include "model/serving/ServingRuns.h"

#include <string>
#include <vector>

namespace roofscope {

// The shipped published serving runs (resources/published-runs), read once on first use; a file that
// cannot be read is left out and its error kept for the status bar.
struct ShippedPublishedRuns {
    std::vector<ServingRun> runs;
    std::string error; // the first problem reading the folder; empty when every file loaded
};
const ShippedPublishedRuns& shippedPublishedRuns();

} // namespace roofscope
