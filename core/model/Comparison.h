#pragma once

#include "model/ComparisonBasis.h"
#include "model/Session.h"
#include "model/Workload.h"
#include "model/serving/ServingStep.h"
#include "model/serving/Verdict.h"

#include <string>
#include <vector>

namespace roofscope {

// A transformer group of the session served on one device at the verdict's operating point
// (Comparison::verdicts); step.error when refused.
struct GroupServing {
    std::string name; // the group's kernel name
    ServingStep step;
    double batch = 0.0; // the operating point the step is at
    int rank = 0; // the verdict's rank on its primary criterion (1 = first; 0: not ranked)
};

// One device of a workload comparison.
struct ComparisonEntry {
    std::string id; // the device selection's label: "google-tpu-v7x (fp8)"
    std::string name; // the short label for people: "TPU v7x (fp8)" (deviceDisplayName())
    std::string fullName; // the database's name: "Google Cloud TPU7x (Ironwood)", for tooltips
    WorkloadTotals totals;
    double speedup = 0.0; // baseline T_min / this T_min (0 when either is unknown)
    bool isBaseline = false;
    ComparisonBasis basis; // what the figures rest on; comparisonBasis() and assessComparison() fill it
    int chips = 1; // the device used this many chips wide
    std::optional<double> priceUsd; // purchase price of the device (all its chips), USD
    std::optional<double> priceUsdPerHour; // rental price of the device (all its chips), USD per hour
    std::vector<GroupServing> groups; // the session's transformer groups on this device, in kernel order

    // Shares of the total T_min spent in kernels bound by compute, by a memory level and by an
    // interconnect; each in [0, 1], 0 when the workload takes no time.
    double computeShare() const;
    double memoryShare() const;
    double networkShare() const;
    // The workload's FLOPs over its T_min total (0 when the workload takes no time).
    double flopsPerSecond() const;
    // T_min total x the hourly price / 3600 (empty without a rental price or a time).
    std::optional<double> workloadCostUsd() const;
};

// A workload (kernels with counts) laid over several devices: which finishes first, by how much, and
// what binds it on each.
struct Comparison {
    std::vector<ComparisonEntry> entries; // in the session's device order
    int baseline = -1; // index into entries; -1 when there are none
    std::vector<std::string> warnings; // e.g. a baseline that is not among the devices
    // Why the totals are not ranked at all (a decode step and a prefill step summed into one total);
    // set before assessComparison().
    std::string rankingRefused;
    // The entries that can be ranked (like-for-like, timed), fastest first; assessComparison() fills it.
    // A device that is not like-for-like is never in it, so never first.
    std::vector<size_t> ranking;
    // The answer per transformer group (model/serving/Verdict.h): operating points, fits, ranks per
    // criterion and the headline, for the devices of `entries` in the same order.
    std::vector<GroupVerdict> verdicts;

    // 1-based place of an entry in the ranking; 0 when it is not ranked.
    int rankOf(size_t entry) const;
    // Every entry in the order a view lists them: the ranking, then the unranked like-for-like ones,
    // then the others, each part with a time first (fastest first).
    std::vector<size_t> displayOrder() const;
};

// Why a workload of these kernels cannot be ranked as one total: it sums several models' steps (two
// kernel groups, or a group and other kernels), or steps of different phases (a decode step and a
// prefill step are different work); each group is ranked in its own verdict instead. Empty when it can.
std::string mixedPhaseReason(const std::vector<Kernel>& kernels);

// Picks the baseline (an entry whose id or hardware id is `baseline`; the first entry when empty or
// not found, with a warning in the latter case) and fills every entry's speedup.
void applyBaseline(Comparison& comparison, const std::string& baseline);

// The entry's chips and prices from its session entry and the device as evaluated (overrides applied,
// `chips` wide): the purchase price is the device's, the hourly price the entry's times its chips.
void setEntryPrices(ComparisonEntry& entry, const DeviceSelection& selection, const Hardware& device);

// After the bases and the baseline are set: each entry's caveats, comparable flag and notes (why a
// figure is missing), one warning per device that cannot be compared like-for-like, and the ranking.
void assessComparison(Comparison& comparison);
// The ranking alone, after the totals changed (a drag): like-for-like timed entries, fastest first;
// none when rankingRefused says why.
void rankComparison(Comparison& comparison);

// The columns of the comparison table, shared by the window and the exporters.
enum class ComparisonColumn {
    Device,
    TMin,
    TMax,
    Speedup,
    ComputeShare,
    MemoryShare,
    NetworkShare,
    Throughput,
    PerWatt,
    PerDollar, // from the purchase price
    WorkloadCost, // from the hourly price: the workload's T_min total at that rate
    Roofs, // "peak" or "sustained": what the row's numbers rest on
};
struct ComparisonColumnInfo {
    ComparisonColumn column;
    const char* title; // "T_min total"
    const char* csvKey; // "t_min_s"
};
const std::vector<ComparisonColumnInfo>& comparisonColumns();
// The number behind a column in SI base units (shares as fractions); empty for the device column and
// for figures the device file cannot give (no TDP, no price, no time).
std::optional<double> comparisonNumber(const ComparisonEntry& entry, ComparisonColumn column);
// Why a column's figure is missing for an entry ("the device file gives no TDP"); empty when it is there.
std::string blankReason(const ComparisonEntry& entry, ComparisonColumn column);

} // namespace roofscope
