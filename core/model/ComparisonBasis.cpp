#include "model/ComparisonBasis.h"

#include "model/Text.h"

#include <algorithm>

namespace roofscope {

namespace {
bool carriesWorkloadBytes(const std::vector<Kernel>& kernels, const Hardware& hardware, const BandwidthLevel* level)
{
    return std::any_of(kernels.begin(), kernels.end(), [&](const Kernel& kernel) {
        return std::any_of(kernel.bytes.begin(), kernel.bytes.end(),
            [&](const LevelBytes& entry) { return entry.bytes > 0.0 && hardware.findLevel(entry.level) == level; });
    });
}

} // namespace

std::vector<std::string> ComparisonBasis::levelNotes() const
{
    std::vector<std::string> out;
    out.reserve(levelMappings.size());
    for (const LevelMapping& mapping : levelMappings) {
        out.push_back(mapping.note());
    }
    return out;
}

std::string ComparisonBasis::brief() const
{
    std::vector<std::string> parts;
    if (sustainedMissing) {
        parts.emplace_back("peak roofs");
    }
    if (!leftOut.empty()) {
        parts.push_back(std::to_string(leftOut.size()) + (leftOut.size() == 1 ? " kernel" : " kernels") + " left out");
    }
    for (const std::string& level : levelsOff) {
        parts.push_back(toUpper(level) + " off");
    }
    for (const LevelMapping& mapping : levelMappings) {
        if (!mapping.likeForLike()) {
            parts.push_back(toUpper(mapping.from) + (mapping.to.empty() ? " dropped" : " on " + toUpper(mapping.to)));
        }
    }
    if (!precision.empty()) {
        std::string kernelsAt;
        for (const std::string& p : kernelPrecisions) {
            kernelsAt += (kernelsAt.empty() ? "" : "/") + p;
        }
        parts.push_back(precision + " vs " + kernelsAt + " kernels");
    }
    std::string out;
    for (const std::string& part : parts) {
        out += (out.empty() ? "" : ", ") + part;
    }
    return out;
}

ComparisonBasis comparisonBasis(const std::vector<Kernel>& kernels, const Hardware& hardware,
    const EvalOptions& options, const std::vector<bool>& evaluated)
{
    ComparisonBasis basis;
    basis.sustainedMissing = options.sustained && !hardware.sustained;
    basis.roofs = options.sustained && hardware.sustained ? "sustained" : "peak";
    for (size_t k = 0; k < kernels.size(); ++k) {
        if (k < evaluated.size() && evaluated[k]) {
            continue;
        }
        const EvaluationResult result = evaluate(kernels[k], hardware, options);
        basis.leftOut.push_back({ kernels[k].name, result.evaluation ? std::string("not evaluated") : result.error });
    }
    // The levels the workload's bytes are on, each placed once on this device.
    std::vector<std::string> named;
    const std::string* last = nullptr; // kernels of a profile repeat the same few names: check the last first
    for (const Kernel& kernel : kernels) {
        for (const LevelBytes& entry : kernel.bytes) {
            if (!(entry.bytes > 0.0) || (last && *last == entry.level)) {
                continue;
            }
            const auto found
                = std::find_if(named.begin(), named.end(), [&](const std::string& n) { return n == entry.level; });
            if (found == named.end()) {
                named.push_back(entry.level);
                last = nullptr; // the vector may have moved
            } else {
                last = &*found;
            }
        }
    }
    for (const std::string& name : named) {
        LevelMapping mapping = mapLevel(name, hardware);
        if (mapping.placement != LevelPlacement::Direct) {
            basis.levelMappings.push_back(std::move(mapping));
        }
    }
    // A device set to another precision than the kernels' own.
    if (!options.precision.empty()) {
        for (const Kernel& kernel : kernels) {
            const std::string& own = !kernel.precision.empty() ? kernel.precision : kernel.templatePrecision;
            if (!own.empty() && !equalsIgnoreCase(own, options.precision)
                && std::find(basis.kernelPrecisions.begin(), basis.kernelPrecisions.end(), own)
                    == basis.kernelPrecisions.end()) {
                basis.kernelPrecisions.push_back(own);
            }
        }
        if (!basis.kernelPrecisions.empty()) {
            basis.precision = options.precision;
        }
    }
    for (const std::string& name : options.disabledLevels) {
        const BandwidthLevel* level = hardware.findLevel(name);
        if (level && carriesWorkloadBytes(kernels, hardware, level)
            && std::find(basis.levelsOff.begin(), basis.levelsOff.end(), level->name) == basis.levelsOff.end()) {
            basis.levelsOff.push_back(level->name);
        }
    }
    return basis;
}

ComparisonBasis comparisonBasis(const std::vector<Kernel>& kernels, const Hardware& hardware,
    const EvalOptions& options, const std::vector<std::optional<Evaluation>>& evaluations)
{
    const bool all = evaluations.size() >= kernels.size()
        && std::all_of(evaluations.begin(), evaluations.begin() + static_cast<std::ptrdiff_t>(kernels.size()),
            [](const std::optional<Evaluation>& ev) { return ev.has_value(); });
    if (all) { // the usual case: no kernel to look at again (filled at once, not bit by bit)
        return comparisonBasis(kernels, hardware, options, std::vector<bool>(kernels.size(), true));
    }
    std::vector<bool> evaluated(kernels.size(), false);
    for (size_t k = 0; k < evaluated.size() && k < evaluations.size(); ++k) {
        evaluated[k] = evaluations[k].has_value();
    }
    return comparisonBasis(kernels, hardware, options, evaluated);
}

void assessBasis(ComparisonBasis& basis)
{
    basis.caveats.clear();
    if (basis.sustainedMissing) {
        basis.caveats.emplace_back("no sustained factors: its datasheet peaks are used while sustained roofs are on");
    }
    // Each left-out kernel by name while there are few; then a count, so that a profile of thousands of
    // kernels the device cannot run makes one readable line (left_out keeps every one).
    constexpr size_t kNamed = 3;
    for (size_t i = 0; i < basis.leftOut.size() && i < kNamed; ++i) {
        const LeftOutKernel& left = basis.leftOut[i];
        basis.caveats.push_back("'" + left.kernel + "' is left out of its totals: " + left.reason);
    }
    if (basis.leftOut.size() > kNamed) {
        basis.caveats.push_back(
            std::to_string(basis.leftOut.size() - kNamed) + " more kernels are left out of its totals");
    }
    for (const std::string& level : basis.levelsOff) {
        basis.caveats.push_back(toUpper(level) + " is switched off: the workload's bytes there are not counted");
    }
    for (const LevelMapping& mapping : basis.levelMappings) {
        if (mapping.likeForLike()) {
            continue;
        }
        if (mapping.placement == LevelPlacement::Dropped) {
            basis.caveats.push_back(mapping.note());
        } else if (mapping.crossesKind) {
            basis.caveats.push_back(mapping.note() + ": another kind of memory");
        } else {
            basis.caveats.push_back(mapping.note());
        }
    }
    if (!basis.precision.empty()) {
        std::string kernelsAt;
        for (size_t i = 0; i < basis.kernelPrecisions.size(); ++i) {
            kernelsAt += (i ? ", " : "") + basis.kernelPrecisions[i];
        }
        basis.caveats.push_back("evaluated at " + basis.precision + " while its kernels are " + kernelsAt);
    }
    basis.caveats.insert(basis.caveats.end(), basis.notFitting.begin(), basis.notFitting.end());
    basis.comparable = basis.caveats.empty();
}

} // namespace roofscope
