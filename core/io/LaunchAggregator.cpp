#include "io/LaunchAggregator.h"

#include "io/ImportUtil.h"

#include <algorithm>

namespace roofscope {

void LaunchAggregator::add(const ImportedKernel& kernel)
{
    const long long launches = std::max(kernel.launches, 1);
    const double weight = static_cast<double>(launches);
    const long long timed = kernel.kernel.measuredSeconds ? std::max(kernel.timedLaunches, 1) : 0;
    const double seconds = kernel.kernel.measuredSeconds.value_or(0.0) * static_cast<double>(timed);
    auto [it, inserted] = m_index.try_emplace(kernel.baseName, m_entries.size());
    if (inserted) {
        Entry entry;
        entry.kernel = kernel;
        entry.kernel.kernel.name = entry.kernel.baseName;
        entry.kernel.kernel.flops *= weight;
        for (auto& b : entry.kernel.kernel.bytes) {
            b.bytes *= weight;
        }
        for (auto& [precision, flops] : entry.kernel.flopsByPrecision) {
            flops *= weight;
        }
        entry.seconds = seconds;
        entry.timed = timed;
        entry.launches = launches;
        m_entries.push_back(std::move(entry));
        return;
    }
    Entry& into = m_entries[it->second];
    Kernel& k = into.kernel.kernel;
    k.flops += kernel.kernel.flops * weight;
    for (const auto& [precision, flops] : kernel.flopsByPrecision) {
        into.kernel.flopsByPrecision[precision] += flops * weight;
    }
    for (const auto& b : kernel.kernel.bytes) {
        auto level
            = std::find_if(k.bytes.begin(), k.bytes.end(), [&](const LevelBytes& e) { return e.level == b.level; });
        if (level == k.bytes.end()) {
            k.bytes.push_back({ b.level, b.bytes * weight });
        } else {
            level->bytes += b.bytes * weight;
        }
    }
    k.count += kernel.kernel.count;
    into.seconds += seconds;
    into.timed += timed;
    into.launches += launches;
}

std::vector<ImportedKernel> LaunchAggregator::take()
{
    std::vector<ImportedKernel> out;
    out.reserve(m_entries.size());
    for (auto& entry : m_entries) {
        ImportedKernel& k = entry.kernel;
        const double n = static_cast<double>(entry.launches);
        k.kernel.flops /= n;
        for (auto& b : k.kernel.bytes) {
            b.bytes /= n;
        }
        for (auto& [precision, flops] : k.flopsByPrecision) {
            flops /= n;
        }
        if (entry.timed > 0) {
            k.kernel.measuredSeconds = entry.seconds / static_cast<double>(entry.timed);
        } else {
            k.kernel.measuredSeconds.reset();
        }
        k.launches = static_cast<int>(std::min<long long>(entry.launches, 2147483647LL));
        k.timedLaunches = static_cast<int>(std::min<long long>(entry.timed, 2147483647LL));
        if (entry.launches > 1) {
            if (auto precision = importutil::dominantPrecision(k.flopsByPrecision, "fp16"); !precision.empty()) {
                k.kernel.precision = precision;
            }
            k.launchId.clear();
        }
        out.push_back(std::move(k));
    }
    m_entries.clear();
    m_index.clear();
    return out;
}

} // namespace roofscope
