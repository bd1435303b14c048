#pragma once

#include "model/Hardware.h"
#include "model/Kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// What bounds a kernel: compute, a memory level, or an interconnect level (network-bound), or neither
// clearly (balanced: the intensity within the tolerance of the binding level's ridge).
enum class Regime { MemoryBound, ComputeBound, Balanced, NetworkBound };

std::string regimeName(Regime regime); // "memory-bound", "compute-bound", "balanced", "network-bound"

struct EvalOptions {
    std::string precision; // overrides the kernel's precision
    std::string unit; // overrides the kernel's unit
    bool sustained = false; // roofs at the device's sustained factors
    double commFraction = 0.0; // effective roofs at (1 - f) of the others
    double tolerance = 0.05; // the balanced band around the ridge
    std::vector<std::string> disabledLevels; // level names (or aliases) left out of the evaluation
};

struct LevelEvaluation {
    std::string name;
    LevelKind kind = LevelKind::Memory;
    double bytes = 0.0;
    double bytesPerSecond = 0.0; // the roof used (after sustained and comm-fraction factors)
    double intensity = 0.0; // FLOP per byte on this level (+inf with no bytes)
    double ridge = 0.0; // compute roof / bandwidth roof
    double seconds = 0.0; // bytes / bandwidth
};

// The numbers against the datasheet peaks, kept beside sustained ones.
struct PeakBasis {
    double attainable = 0.0;
    double fractionOfPeak = 0.0;
    Regime regime = Regime::ComputeBound;
    std::string binding;
    double tMin = 0.0;
    double tMax = 0.0;
};

struct Evaluation {
    std::string hardwareId;
    std::string hardwareName;
    std::string hardwareLabel; // Hardware::shortLabel(): the name every view shows
    double chips = 1.0; // the chips the device stands for (Hardware::chips)
    std::string kernelName;
    std::string precision;
    std::string unit;
    double flops = 0.0;
    double peakFlopsPerSecond = 0.0; // datasheet peak of the precision and unit
    double computeRoof = 0.0; // the compute roof used (after sustained and comm-fraction factors)
    std::vector<LevelEvaluation> levels; // levels the kernel moves bytes on, in the device's order
    std::string defaultLevel; // the device's default level
    double intensity = 0.0; // on the default level (the chart's x), +inf with no bytes there
    double attainable = 0.0; // FLOP/s
    double fractionOfPeak = 0.0; // attainable / datasheet peak
    Regime regime = Regime::ComputeBound;
    std::string binding; // "compute" or the level whose time is largest
    std::string nearestLevel; // the level with the largest time (the one the regime compares against)
    LevelKind nearestKind = LevelKind::Memory; // its kind: an interconnect level makes a kernel network-bound
    double tMath = 0.0;
    double tMin = 0.0;
    double tMax = 0.0;
    // With a measured runtime.
    std::optional<double> measuredSeconds;
    std::optional<double> achieved; // FLOP/s
    std::optional<double> fractionOfRoof; // achieved / attainable
    std::optional<bool> aboveRoof; // achieved > attainable: miscounted bytes or the wrong precision
    std::optional<bool> withinBounds; // T_min <= measured <= T_max
    // The device the kernel's runtime was measured on when it is another than this one: the measured
    // figures above are then left empty (a runtime is compared only with the roof it ran under).
    std::string measuredOn;
    // With a device launch overhead (the plain roofline cannot see it).
    std::optional<double> launchOverheadSeconds;
    double tMinWithLaunch = 0.0; // max(T_min, launch overhead)
    double tMaxWithLaunch = 0.0; // T_max + launch overhead
    // Working set <= capacity for every level that gives a capacity (when the kernel has a working set).
    std::vector<std::pair<std::string, bool>> fits;
    bool sustained = false;
    std::optional<PeakBasis> peakBasis; // with sustained roofs: the same numbers against the peaks
    double commFraction = 0.0;
    std::vector<std::string> warnings; // bytes on levels the device lacks, missing sustained factors
    // Bytes counted on another level than the kernel names (LevelMapping::note(): "HBM bytes counted
    // on GDDR"), once per level; likeForLikeLevels is false when one of them cannot be ranked against
    // a device that has the level (another memory kind, a missing level, bytes not counted).
    std::vector<std::string> levelNotes;
    bool likeForLikeLevels = true;

    const LevelEvaluation* level(const std::string& name) const;
    // The level the regime compares against (nearestLevel): the binding level, or when compute binds
    // the level closest to binding. The results table's intensity and ridge are on it. Null when the
    // kernel moves no bytes on an enabled level.
    const LevelEvaluation* regimeLevel() const { return level(nearestLevel); }
    // "compute", "memory" or "interconnect": the kind of resource that binds.
    std::string bindingKind() const;
};

struct EvaluationResult {
    std::optional<Evaluation> evaluation;
    std::string error;
};

// Evaluates one kernel on one device (docs/model.md#one-kernel-on-one-device). Never throws; an error names
// what is missing (a precision the device has no peak for, a unit it lacks, invalid numbers).
EvaluationResult evaluate(const Kernel& kernel, const Hardware& hardware, const EvalOptions& options = {});

// The roof value at intensity x for a device's compute roof and one bandwidth roof.
inline double roofAt(double intensity, double computeRoof, double bytesPerSecond)
{
    const double memory = bytesPerSecond * intensity;
    return memory < computeRoof ? memory : computeRoof;
}

} // namespace roofscope
