#include "model/serving/DeviceExpansion.h"

#include "model/Units.h"
#include "model/serving/Parallelism.h"

#include "model/serving/Parallelism.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <memory>

namespace roofscope {

namespace {
// The chips a device stands for (1 at least).
double chipsOf(const Hardware& device)
{
    return device.chips >= 1.0 ? device.chips : 1.0;
}

// The step expanded on `chips`. A scene asks for every part of a group on every device in turn (31
// parts of a 70B step on five devices would expand the step 155 times per drag step): the last few
// expansions are kept, per thread. The reference stays valid until the next call on this thread.
const TransformerExpansion& expansionOn(const TemplateInstance& step, double chips)
{
    struct Entry {
        TemplateInstance step;
        double chips = 0.0;
        TransformerExpansion expansion;
    };
    constexpr std::size_t kKept = 4; // devices of different widths shown at once
    thread_local std::deque<Entry> recent; // newest first; a deque keeps references on push_front
    for (const Entry& e : recent) {
        if (e.chips == chips && e.step.name == step.name && e.step.params == step.params
            && e.step.options == step.options) {
            return e.expansion;
        }
    }
    if (recent.size() == kKept) {
        recent.pop_back();
    }
    recent.push_front(Entry { step, chips, expandTransformer(step, false, chips) });
    return recent.front().expansion;
}

// The group's parts on `chips` (0: tp, pp, dp as given), named as expandKernelGroups() names them.
std::vector<Kernel> partsOn(const Kernel& group, double chips, std::string* error)
{
    std::vector<Kernel> parts;
    const TransformerExpansion& expansion = expansionOn(*group.templ, chips);
    if (!expansion.error.empty()) {
        if (error) {
            *error = expansion.error;
        }
        return parts;
    }
    parts.reserve(expansion.kernels.size());
    for (const Kernel& k : expansion.kernels) {
        parts.push_back(groupPartKernel(group, k, chips));
    }
    return parts;
}
} // namespace

std::vector<Kernel> expandKernelGroupsOnChips(
    const std::vector<Kernel>& kernels, const std::vector<double>& chips, std::vector<std::string>* errors)
{
    std::vector<double> wide; // each device's chips once, in order, then the parameters as given
    for (double n : chips) {
        const double c = n >= 1.0 ? n : 1.0;
        if (std::find(wide.begin(), wide.end(), c) == wide.end()) {
            wide.push_back(c);
        }
    }
    wide.push_back(0.0);
    std::vector<Kernel> out;
    out.reserve(kernels.size());
    for (const Kernel& kernel : kernels) {
        if (!isKernelGroup(kernel)) {
            out.push_back(kernel);
            continue;
        }
        std::vector<Kernel> merged;
        std::string error;
        for (double c : wide) {
            std::vector<Kernel> parts = partsOn(kernel, c, c == 0.0 ? &error : nullptr);
            // Every expansion lists its parts in the step's order: a part new to the union goes
            // after the part that comes before it in this expansion.
            size_t at = 0;
            for (Kernel& part : parts) {
                const auto found = std::find_if(merged.begin(), merged.end(),
                    [&part](const Kernel& m) { return m.groupPart->part == part.groupPart->part; });
                if (found != merged.end()) {
                    at = static_cast<size_t>(found - merged.begin()) + 1;
                    continue;
                }
                merged.insert(merged.begin() + static_cast<std::ptrdiff_t>(at), std::move(part));
                ++at;
            }
        }
        if (merged.empty() && errors) {
            errors->push_back("kernel '" + kernel.name + "': " + error);
        }
        out.insert(out.end(), std::make_move_iterator(merged.begin()), std::make_move_iterator(merged.end()));
    }
    return out;
}

EvaluationResult evaluateGroupPart(const GroupPartOnDevice& part, const Hardware& device, const EvalOptions& options)
{
    if (!part.kernel) {
        return { std::nullopt, part.error };
    }
    EvaluationResult result = evaluate(*part.kernel, device, options);
    if (!result.evaluation || !part.info.collective) {
        return result;
    }
    Evaluation& ev = *result.evaluation;
    const ScaleUpLink link = scaleUpLink(device, options.sustained);
    const double seconds = collectiveSeconds(part.info.bytesPerChip, part.info.hops, link);
    if (!(seconds > 0.0)) {
        return result;
    }
    ev.tMin = seconds;
    ev.tMax = seconds;
    ev.tMinWithLaunch = std::max(seconds, ev.launchOverheadSeconds.value_or(0.0));
    ev.tMaxWithLaunch = seconds + ev.launchOverheadSeconds.value_or(0.0);
    ev.attainable = ev.flops / seconds;
    ev.fractionOfPeak = ev.peakFlopsPerSecond > 0.0 ? ev.attainable / ev.peakFlopsPerSecond : 0.0;
    return result;
}

std::string kernelGroupName(const Kernel& part)
{
    if (!part.groupPart) {
        return part.name;
    }
    const std::string& suffix = part.groupPart->part;
    return part.name.size() > suffix.size() + 1 ? part.name.substr(0, part.name.size() - suffix.size() - 1) : part.name;
}

std::string scaleUpLevelName(const Hardware& device)
{
    for (const auto& l : device.levels) {
        if (l.kind == LevelKind::Interconnect) {
            return l.name;
        }
    }
    return {};
}

GroupPartOnDevice groupPartOnDevice(const Kernel& part, const Hardware& device)
{
    GroupPartOnDevice out;
    if (!part.groupPart) {
        out.kernel = part;
        return out;
    }
    const KernelGroupPart& origin = *part.groupPart;
    const TransformerExpansion& expansion = expansionOn(origin.step, chipsOf(device));
    if (!expansion.error.empty()) {
        out.error = expansion.error;
        return out;
    }
    for (size_t i = 0; i < expansion.kernels.size(); ++i) {
        const Kernel& k = expansion.kernels[i];
        if (k.name != origin.part) {
            continue;
        }
        Kernel placed = k;
        placed.name = part.name;
        placed.count *= origin.groupCount;
        placed.precision = part.precision;
        placed.unit = part.unit;
        placed.groupPart = part.groupPart;
        placeScaleUpBytes(placed, device);
        out.info = expansion.info[i];
        out.config = expansion.config;
        if (out.info.collective) {
            // The algorithm the serving step chooses on this link (on its peak figures, as the step does).
            const std::string error = placeCollective(placed, out.info, scaleUpLink(device, false), expansion.config);
            if (!error.empty()) {
                out.error = "transformer: " + error;
                return out;
            }
        }
        out.kernel = std::move(placed);
        return out;
    }
    return out;
}

} // namespace roofscope
