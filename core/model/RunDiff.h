#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

struct RunDiffOptions {
    double threshold = 0.05; // a kernel whose time per launch grew by more than this is a regression
    const Hardware* hardware = nullptr; // gives the fraction of roof, and the intensity on its default level
    EvalOptions evalOptions;
    // Pair names left unmatched that differ only in a numeric suffix a compiler appends
    // ("sigma_gpp_gpu_29" before, "sigma_gpp_gpu_34" after): only where exactly one name on each
    // side has that stem. RunDiff::pairs lists the pairs made.
    bool pairNumberedSuffixes = true;
};

// One kernel name in one run: its launches merged.
struct RunDiffSide {
    double launches = 0.0; // the kernels' counts summed
    std::optional<double> seconds; // mean measured time per launch (over the launches measured)
    double flops = 0.0; // mean per launch
    std::vector<LevelBytes> bytes; // mean per launch
    std::optional<double> achieved; // flops / seconds (FLOP/s)
    std::optional<double> intensity; // FLOP/B on the device's default level; without a device, on the first level
    std::string intensityLevel;
    std::optional<double> fractionOfRoof; // achieved / attainable on the device (with a device)
};

struct KernelChange {
    std::string name; // "before -> after" for a pair made by its numeric suffix
    std::string beforeName; // the names in each run (differ only in a pair)
    std::string afterName;
    RunDiffSide before;
    RunDiffSide after;
    std::optional<double> change; // after.seconds / before.seconds - 1, when both are measured
    bool regression = false; // change > threshold
};

// Two runs of the same program compared kernel by kernel (docs/cli.md#diff). Kernels are matched by name;
// the launches of a name are merged and compared by their mean time per launch, so a run with more
// launches of a kernel is not a slower one.
struct RunDiff {
    double threshold = 0.05;
    int regressions = 0;
    std::vector<KernelChange> kernels; // matched names, the largest change first, unmeasured last
    std::vector<std::string> onlyBefore; // names in the before run only, in its order
    std::vector<std::string> onlyAfter;
    std::vector<std::string> warnings; // kernels that could not be evaluated on the device
    std::vector<std::pair<std::string, std::string>> pairs; // (before, after) paired by numeric suffix
};

// A name without the numeric suffix a compiler appends ("sigma_gpp_gpu_29" -> "sigma_gpp_gpu",
// "fusion.12" -> "fusion"); empty when it has none.
std::string withoutNumericSuffix(std::string_view name);

RunDiff diffRuns(const std::vector<Kernel>& before, const std::vector<Kernel>& after, const RunDiffOptions& options);

// A threshold: "5%" (or "5 %") is 0.05; a plain number is a fraction in [0, 1] ("0.05").
// Empty for anything else.
std::optional<double> parseThreshold(std::string_view text);

} // namespace roofscope
