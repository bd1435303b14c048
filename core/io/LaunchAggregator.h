#pragma once

#include "io/Importers.h"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace roofscope {

// Merges the launches of each kernel name as an importer reads them, keeping one accumulator per
// distinct name (so memory grows with the names, not with the launches): count = the launches'
// counts summed, FLOPs, bytes per level and FLOPs per precision are means per launch, and the
// runtime is the mean over the launches that have one. An already merged kernel (launches > 1)
// weighs as many launches, so results of several files merge correctly.
class LaunchAggregator {
public:
    void add(const ImportedKernel& kernel); // copied only when its name is new
    std::size_t size() const { return m_entries.size(); }
    // The merged kernels in the order their names first appeared; the aggregator is empty after.
    std::vector<ImportedKernel> take();

private:
    struct Entry {
        ImportedKernel kernel; // FLOPs, bytes and FLOPs per precision as totals over the launches
        double seconds = 0.0; // total runtime of the timed launches
        long long timed = 0; // launches with a runtime
        long long launches = 0;
    };
    std::vector<Entry> m_entries;
    std::unordered_map<std::string, std::size_t> m_index;
};

} // namespace roofscope
