#include "model/Comparison.h"

#include "model/TransformerWorkload.h"

#include <algorithm>

namespace roofscope {

namespace {
double share(double part, double total)
{
    return total > 0.0 ? part / total : 0.0;
}
} // namespace

double ComparisonEntry::computeShare() const
{
    return share(totals.computeBoundSeconds, totals.tMin);
}

double ComparisonEntry::memoryShare() const
{
    return share(totals.memoryBoundSeconds, totals.tMin);
}

double ComparisonEntry::networkShare() const
{
    return share(totals.networkBoundSeconds, totals.tMin);
}

double ComparisonEntry::flopsPerSecond() const
{
    return totals.tMin > 0.0 ? totals.flops / totals.tMin : 0.0;
}

std::optional<double> ComparisonEntry::workloadCostUsd() const
{
    if (!priceUsdPerHour || !(totals.tMin > 0.0)) {
        return std::nullopt;
    }
    return totals.tMin * *priceUsdPerHour / 3600.0;
}

void setEntryPrices(ComparisonEntry& entry, const DeviceSelection& selection, const Hardware& device)
{
    entry.chips = selection.chips;
    entry.priceUsd = device.priceDollars;
    entry.priceUsdPerHour.reset();
    if (selection.pricePerHourDollars) {
        entry.priceUsdPerHour = *selection.pricePerHourDollars * selection.chips;
    }
}

void applyBaseline(Comparison& comparison, const std::string& baseline)
{
    comparison.baseline = comparison.entries.empty() ? -1 : 0;
    if (!baseline.empty()) {
        int found = -1;
        for (size_t i = 0; i < comparison.entries.size() && found < 0; ++i) {
            if (comparison.entries[i].id == baseline || comparison.entries[i].totals.hardwareId == baseline) {
                found = static_cast<int>(i);
            }
        }
        if (found >= 0) {
            comparison.baseline = found;
        } else if (!comparison.entries.empty()) {
            const std::string warning = "the baseline '" + baseline
                + "' is not one of the devices shown; speedups are against " + comparison.entries.front().id;
            if (std::find(comparison.warnings.begin(), comparison.warnings.end(), warning)
                == comparison.warnings.end()) {
                comparison.warnings.push_back(warning); // once, however often the baseline is applied
            }
        }
    }
    for (size_t i = 0; i < comparison.entries.size(); ++i) {
        ComparisonEntry& entry = comparison.entries[i];
        entry.isBaseline = static_cast<int>(i) == comparison.baseline;
        const WorkloadTotals& base = comparison.entries[static_cast<size_t>(comparison.baseline)].totals;
        entry.speedup = base.tMin > 0.0 ? speedup(base, entry.totals) : 0.0;
    }
}

int Comparison::rankOf(size_t entry) const
{
    for (size_t i = 0; i < ranking.size(); ++i) {
        if (ranking[i] == entry) {
            return static_cast<int>(i) + 1;
        }
    }
    return 0;
}

std::vector<size_t> Comparison::displayOrder() const
{
    std::vector<size_t> order = ranking;
    std::vector<size_t> rest;
    for (size_t i = 0; i < entries.size(); ++i) {
        if (std::find(ranking.begin(), ranking.end(), i) == ranking.end()) {
            rest.push_back(i);
        }
    }
    // Unranked: like-for-like rows before the others (an unlike row never leads, even when nothing is
    // ranked), then by time.
    std::stable_sort(rest.begin(), rest.end(), [&](size_t a, size_t b) {
        const bool aLike = entries[a].basis.comparable;
        const bool bLike = entries[b].basis.comparable;
        const bool aTimed = entries[a].totals.tMin > 0.0;
        const bool bTimed = entries[b].totals.tMin > 0.0;
        if (aLike != bLike) {
            return aLike;
        }
        return aTimed != bTimed ? aTimed : entries[a].totals.tMin < entries[b].totals.tMin;
    });
    order.insert(order.end(), rest.begin(), rest.end());
    return order;
}

std::string mixedPhaseReason(const std::vector<Kernel>& kernels)
{
    std::string first;
    std::vector<std::string> groups;
    size_t others = 0;
    for (const Kernel& kernel : kernels) {
        if (!isKernelGroup(kernel) || !kernel.templ) {
            others += kernel.groupPart ? 0 : 1;
            continue;
        }
        groups.push_back(kernel.name);
        const auto option = kernel.templ->options.find("phase");
        const std::string phase = option == kernel.templ->options.end() ? "decode" : option->second;
        if (first.empty()) {
            first = phase;
        } else if (phase != first) {
            return "the workload sums a " + first + " step and a " + phase
                + " step, which are different work: its totals are not ranked; each group is compared on its own";
        }
    }
    if (groups.size() > 1 || (!groups.empty() && others > 0)) {
        std::string names;
        for (const std::string& name : groups) {
            names += (names.empty() ? "" : ", ") + name;
        }
        return "the totals sum " + std::to_string(groups.size())
            + (groups.size() == 1 ? " model's step (" : " models' steps (") + names + ")"
            + (others > 0 ? " and " + std::to_string(others) + " other kernels" : "")
            + ": they are not ranked; each group is ranked in its own verdict";
    }
    return {};
}

void assessComparison(Comparison& comparison)
{
    for (ComparisonEntry& entry : comparison.entries) {
        ComparisonBasis& basis = entry.basis;
        assessBasis(basis);
        basis.notes.clear();
        if (!(entry.totals.tMin > 0.0)) {
            basis.notes.push_back("no speedup, shares, throughput, per watt or per dollar: "
                + blankReason(entry, ComparisonColumn::Throughput));
        } else {
            for (const auto column : { ComparisonColumn::Speedup, ComparisonColumn::PerWatt,
                     ComparisonColumn::PerDollar, ComparisonColumn::WorkloadCost }) {
                const std::string reason = blankReason(entry, column);
                if (!reason.empty()) {
                    std::string title = comparisonColumns()[static_cast<size_t>(column)].title;
                    title[0] = static_cast<char>(title[0] - 'A' + 'a');
                    basis.notes.push_back(title + ": " + reason);
                }
            }
        }
        if (!basis.comparable) {
            std::string warning = entry.name + " is not comparable like-for-like (never ranked first): ";
            for (size_t i = 0; i < basis.caveats.size(); ++i) {
                warning += (i ? "; " : "") + basis.caveats[i];
            }
            if (std::find(comparison.warnings.begin(), comparison.warnings.end(), warning)
                == comparison.warnings.end()) {
                comparison.warnings.push_back(std::move(warning));
            }
        }
    }
    rankComparison(comparison);
}

void rankComparison(Comparison& comparison)
{
    comparison.ranking.clear();
    if (!comparison.rankingRefused.empty()) {
        if (std::find(comparison.warnings.begin(), comparison.warnings.end(), comparison.rankingRefused)
            == comparison.warnings.end()) {
            comparison.warnings.push_back(comparison.rankingRefused);
        }
        return;
    }
    for (size_t i = 0; i < comparison.entries.size(); ++i) {
        if (comparison.entries[i].basis.comparable && comparison.entries[i].totals.tMin > 0.0) {
            comparison.ranking.push_back(i);
        }
    }
    std::stable_sort(comparison.ranking.begin(), comparison.ranking.end(),
        [&](size_t a, size_t b) { return comparison.entries[a].totals.tMin < comparison.entries[b].totals.tMin; });
}

const std::vector<ComparisonColumnInfo>& comparisonColumns()
{
    static const std::vector<ComparisonColumnInfo> columns {
        { ComparisonColumn::Device, "Device", "device" },
        { ComparisonColumn::TMin, "T_min total", "t_min_s" },
        { ComparisonColumn::TMax, "T_max total", "t_max_s" },
        { ComparisonColumn::Speedup, "Speedup", "speedup" },
        { ComparisonColumn::ComputeShare, "Compute-bound", "compute_share" },
        { ComparisonColumn::MemoryShare, "Memory-bound", "memory_share" },
        { ComparisonColumn::NetworkShare, "Network-bound", "network_share" },
        { ComparisonColumn::Throughput, "Throughput", "flops_per_s" },
        { ComparisonColumn::PerWatt, "Per watt", "flops_per_s_per_w" },
        { ComparisonColumn::PerDollar, "Per dollar", "flops_per_s_per_usd" },
        { ComparisonColumn::WorkloadCost, "Workload cost", "workload_cost_usd" },
        { ComparisonColumn::Roofs, "Roofs", "roofs" },
    };
    return columns;
}

std::optional<double> comparisonNumber(const ComparisonEntry& entry, ComparisonColumn column)
{
    const bool timed = entry.totals.tMin > 0.0;
    switch (column) {
    case ComparisonColumn::Device:
    case ComparisonColumn::Roofs:
        return std::nullopt;
    case ComparisonColumn::TMin: // no kernel evaluated: no time, never "0 s"
        return entry.totals.tMin > 0.0 || entry.totals.flops > 0.0 ? std::optional<double>(entry.totals.tMin)
                                                                   : std::nullopt;
    case ComparisonColumn::TMax:
        return entry.totals.tMax > 0.0 || entry.totals.flops > 0.0 ? std::optional<double>(entry.totals.tMax)
                                                                   : std::nullopt;
    case ComparisonColumn::Speedup:
        return entry.speedup > 0.0 ? std::optional<double>(entry.speedup) : std::nullopt;
    case ComparisonColumn::ComputeShare:
        return timed ? std::optional<double>(entry.computeShare()) : std::nullopt;
    case ComparisonColumn::MemoryShare:
        return timed ? std::optional<double>(entry.memoryShare()) : std::nullopt;
    case ComparisonColumn::NetworkShare:
        return timed ? std::optional<double>(entry.networkShare()) : std::nullopt;
    case ComparisonColumn::Throughput:
        return timed ? std::optional<double>(entry.flopsPerSecond()) : std::nullopt;
    case ComparisonColumn::PerWatt:
        return entry.totals.flopsPerSecondPerWatt;
    case ComparisonColumn::PerDollar:
        return entry.totals.flopsPerSecondPerDollar;
    case ComparisonColumn::WorkloadCost:
        return entry.workloadCostUsd();
    }
    return std::nullopt;
}

std::string blankReason(const ComparisonEntry& entry, ComparisonColumn column)
{
    if (column == ComparisonColumn::Device || column == ComparisonColumn::Roofs || comparisonNumber(entry, column)) {
        return {};
    }
    if (!(entry.totals.tMin > 0.0)) {
        return entry.basis.leftOut.empty() ? "the workload takes no time on it"
                                           : "no kernel of the workload could be evaluated on it";
    }
    switch (column) {
    case ComparisonColumn::Speedup:
        return "the baseline's workload takes no time";
    case ComparisonColumn::PerWatt:
        return "no TDP in the device file or the session's device entry";
    case ComparisonColumn::PerDollar:
        return entry.priceUsdPerHour
            ? "no purchase price in the device file or the session's device entry (its hourly price gives the "
              "workload cost instead)"
            : "no price in the device file or the session's device entry";
    case ComparisonColumn::WorkloadCost:
        return entry.priceUsd ? "no price_per_hour in the session's device entry (its purchase price gives per dollar "
                                "instead)"
                              : "the session's device entry gives no price_per_hour";
    default:
        return "no figure";
    }
}

} // namespace roofscope
