#pragma once

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct SourceRef {
    std::string id;
    std::string title;
    std::string url;
    std::string document;
};

// One dense compute peak of one execution unit at one precision.
struct ComputePeak {
    std::string unit; // "tensor", "vector", "mxu", "vpu", ...
    std::string precision; // "bf16", "fp32", ...
    double flopsPerSecond = 0.0; // dense peak
    std::optional<double> sparseFlopsPerSecond;
    std::string source;
    bool estimate = false; // derived or third-party figure, not a vendor specification
};

enum class LevelKind { Memory, Interconnect };

// One bandwidth roof: a memory level (l1, l2, vmem, hbm, dram) or a link (nvlink, ici, pcie, dcn).
struct BandwidthLevel {
    std::string name;
    LevelKind kind = LevelKind::Memory;
    double bytesPerSecond = 0.0;
    std::optional<double> capacityBytes;
    // The capacity's own source (empty: the level's source) and estimate flag: a capacity is what the
    // vendor's tools report (nvidia-smi, rocm-smi), which is not the datasheet that gives the bandwidth.
    std::string capacitySource;
    bool capacityEstimate = false;
    std::vector<std::string> aliases;
    std::string source;
    bool estimate = false; // measured by a third party, derived or illustrative; drawn dashed
    // Interconnect levels only (docs/model.md#collectives): what ONE chip injects into a ring collective on this
    // level, one direction, in B/s (not scaled by hardwareOnChips: it stays a per-chip figure), and
    // the time per hop of a collective in seconds. Absent: the serving model falls back to the
    // level's bandwidth per chip and a latency of 0, and says so in its assumptions.
    std::optional<double> collectiveBytesPerSecond;
    std::optional<double> latencySeconds;
    std::string collectiveSource; // source id of the two figures (empty: the level's source)
    bool collectiveEstimate = false; // derived or third-party figures
    // How the chips of the scale-up domain are wired (docs/model.md#collective-algorithms): "switch" (every
    // chip one hop from every other through switches: NVSwitch), "mesh" (a direct link between every
    // pair: MI300X's xGMI), "ring" or "torus" (neighbours only: TPU ICI); empty: not said, and
    // collectives run as rings. switch_reduction: the switch adds what passes through it (NVLink
    // SHARP), with its source.
    std::string topology;
    bool switchReduction = false;
    std::string switchReductionSource;
};

// A named ceiling below a roof: compute (precision set) or bandwidth (level set).
struct Ceiling {
    std::string name;
    std::string precision; // compute ceiling
    std::string level; // bandwidth ceiling
    double value = 0.0; // FLOP/s or B/s, already resolved from a factor
    std::string source;
};

struct SustainedFactors {
    double compute = 1.0;
    double bandwidth = 1.0;
};

struct Hardware {
    std::string id;
    std::string name;
    std::string vendor;
    std::string family;
    std::string generation;
    std::string label; // the short label a file may give ("H100 SXM"); empty: derived, see shortLabel()
    int year = 0;
    std::string kind;
    std::optional<double> tdpWatts;
    std::optional<double> priceDollars;
    std::optional<double> launchOverheadSeconds;
    std::string launchOverheadSource; // source id of the launch overhead (empty: cited in the notes only)
    bool launchOverheadEstimate = false; // a typical figure, not a device specification
    std::string notes;
    std::vector<SourceRef> sources;
    std::vector<ComputePeak> compute;
    std::vector<BandwidthLevel> levels; // fastest first
    std::string defaultLevel;
    std::optional<SustainedFactors> sustained;
    std::string sustainedSource; // the source id cited by the sustained factors
    std::vector<Ceiling> ceilings;
    std::string origin; // the file it came from, or "ad hoc"
    // How many chips this device stands for (hardwareOnChips sets it; 1 for one chip). Figures above
    // (peaks, bandwidths, capacities, TDP, price) are already the totals of all of them.
    double chips = 1.0;

    // The one short label every view and export names the device by: the file's `label`, else the
    // generation ("MI300X"), with the family in front when the generation alone says little
    // ("TPU v7x"), else the name or the id. The full name is for tooltips and datasheets.
    std::string shortLabel() const;
    // Dense peak for a precision: the named unit's, or the fastest unit's when unit is empty.
    std::optional<double> peak(const std::string& precision, const std::string& unit = {}) const;
    // The unit that gives peak(precision) when no unit is named.
    std::string fastestUnit(const std::string& precision) const;
    // Precisions that have a peak, in the order of knownPrecisions().
    std::vector<std::string> precisions() const;
    // A level by name or alias (case-insensitive); nullptr when absent. "default" names the default level.
    const BandwidthLevel* findLevel(const std::string& name) const;
    const BandwidthLevel* defaultLevelPtr() const;
    // Precision used when a kernel names none: bf16 if present, else the first with a peak.
    std::string mainPrecision() const;
};

} // namespace roofscope
