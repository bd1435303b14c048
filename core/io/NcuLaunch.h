#pragma once

// One profiled Nsight Compute launch as its rows are read, and what turns launches into kernels:
// FLOPs by precision (the tensor-core rule of the launch's architecture), bytes per level, time.

#include "io/Importers.h"
#include "io/LaunchAggregator.h"
#include "io/NcuMetrics.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofscope::ncu {

struct Launch {
    std::string id;
    std::string process;
    std::string name;
    std::string computeCapability; // the "CC" column ("7.0"), empty when the file has none
    std::string file;
    int line = 0;
    std::array<double, MetricCount> values {};
    std::uint32_t present = 0;
    std::string problem; // the first metric that cannot be used, and why

    bool has(Metric m) const { return (present & (1U << m)) != 0; }
};

// The metric groups a launch needs: FLOP counters, byte counters, a runtime.
bool hasFlopCounters(std::uint32_t present);
bool hasByteCounters(std::uint32_t present);
bool hasRuntime(std::uint32_t present);

// Finishes launches into an import's kernels (or its aggregator), with a warning for each launch
// left out; summarize() adds one warning per file and tensor rule, saying which rule gave the
// tensor-core FLOPs.
class LaunchFinisher {
public:
    LaunchFinisher(ImportResult& result, std::optional<LaunchAggregator>& aggregator)
        : m_result(result)
        , m_aggregator(aggregator)
    {
    }
    void finish(const Launch& launch);
    void summarize();
    // Diagnostics of launches left out (indices into the result's diagnostics).
    const std::vector<std::size_t>& skipWarnings() const { return m_skipWarnings; }

private:
    struct RuleUse {
        int line = 0;
        std::size_t launches = 0;
    };
    ImportResult& m_result;
    std::optional<LaunchAggregator>& m_aggregator;
    std::vector<std::size_t> m_skipWarnings;
    std::map<std::pair<std::string, std::string>, RuleUse> m_rules; // (file, rule) -> first line, uses
};

} // namespace roofscope::ncu
