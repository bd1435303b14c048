#include "model/ComparisonBasis.h"

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

std::string upper(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
        [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; });
    return text;
}
} // namespace

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
        parts.push_back(upper(level) + " off");
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
        basis.caveats.push_back(upper(level) + " is switched off: the workload's bytes there are not counted");
    }
    basis.caveats.insert(basis.caveats.end(), basis.notFitting.begin(), basis.notFitting.end());
    basis.comparable = basis.caveats.empty();
}

} // namespace roofscope
