#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/LevelMapping.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A kernel of the workload that a device's totals leave out, and why ("google-tpu-v7x has no fp64 peak").
struct LeftOutKernel {
    std::string kernel;
    std::string reason;
};

// What one device's comparison figures rest on, so that a reader can tell whether two rows can be set
// side by side: the roofs used, the kernels left out, the levels switched off, and why a figure is
// missing.
struct ComparisonBasis {
    std::string roofs = "peak"; // "peak" or "sustained": the roofs this device's numbers use
    bool sustainedMissing = false; // sustained roofs asked for, but the device gives no factors
    std::vector<LeftOutKernel> leftOut;
    std::vector<std::string> levelsOff; // levels switched off that carry bytes of the workload
    // Where the workload's bytes on a level the device lacks were counted ("HBM bytes counted on
    // GDDR"), once per level; those whose placement is not like-for-like also make a caveat.
    std::vector<LevelMapping> levelMappings;
    // The precision the device is evaluated at when it differs from the kernels' own (a device set to
    // fp4 against bf16 kernels), and the kernels' precisions it overrides.
    std::string precision;
    std::vector<std::string> kernelPrecisions;
    // Transformer steps that do not fit the device's memory: "step 'llama' does not fit: ...".
    std::vector<std::string> notFitting;
    std::vector<std::string> caveats; // why the row is not like-for-like with the others; empty when it is
    std::vector<std::string> notes; // why a figure is missing (null in JSON, blank in tables)
    bool comparable = true;

    bool complete() const { return leftOut.empty(); }
    // The notes of levelMappings, in order.
    std::vector<std::string> levelNotes() const;
    // The caveats in a few words, for a chart or a panel: "peak roofs, 1 kernel left out, HBM off".
    std::string brief() const;
};

// The basis of one device's totals. `evaluated[k]` says whether kernel k is in the totals; the kernels
// that are not are evaluated again to learn the reason.
ComparisonBasis comparisonBasis(const std::vector<Kernel>& kernels, const Hardware& hardware,
    const EvalOptions& options, const std::vector<bool>& evaluated);

// The same from a device's evaluations, one per kernel (empty: not evaluated).
ComparisonBasis comparisonBasis(const std::vector<Kernel>& kernels, const Hardware& hardware,
    const EvalOptions& options, const std::vector<std::optional<Evaluation>>& evaluations);

// Fills the caveats and the comparable flag from the rest of the basis.
void assessBasis(ComparisonBasis& basis);

} // namespace roofscope
