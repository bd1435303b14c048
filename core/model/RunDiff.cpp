#include "model/RunDiff.h"

#include "model/Text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

namespace roofscope {

namespace {

struct Merged {
    std::string name;
    double launches = 0.0;
    double timedLaunches = 0.0;
    double seconds = 0.0; // summed over the timed launches
    double flops = 0.0; // summed
    std::vector<LevelBytes> bytes; // summed
    std::string precision;
    std::string unit;
};

// The kernels of one run, one entry per name in order of first appearance.
std::vector<Merged> mergeByName(const std::vector<Kernel>& kernels)
{
    std::vector<Merged> out;
    std::unordered_map<std::string, std::size_t> index;
    for (const auto& k : kernels) {
        auto [it, inserted] = index.try_emplace(k.name, out.size());
        if (inserted) {
            out.push_back({});
            out.back().name = k.name;
            out.back().precision = k.precision;
            out.back().unit = k.unit;
        }
        Merged& m = out[it->second];
        const double n = k.count > 0.0 ? k.count : 1.0;
        m.launches += n;
        m.flops += k.flops * n;
        for (const auto& b : k.bytes) {
            auto level
                = std::find_if(m.bytes.begin(), m.bytes.end(), [&](const LevelBytes& e) { return e.level == b.level; });
            if (level == m.bytes.end()) {
                m.bytes.push_back({ b.level, b.bytes * n });
            } else {
                level->bytes += b.bytes * n;
            }
        }
        if (k.measuredSeconds) {
            m.timedLaunches += n;
            m.seconds += *k.measuredSeconds * n;
        }
    }
    return out;
}

RunDiffSide sideOf(const Merged& m, const RunDiffOptions& options, std::vector<std::string>& warnings)
{
    RunDiffSide side;
    side.launches = m.launches;
    side.flops = m.flops / m.launches;
    for (const auto& b : m.bytes) {
        side.bytes.push_back({ b.level, b.bytes / m.launches });
    }
    if (m.timedLaunches > 0.0) {
        side.seconds = m.seconds / m.timedLaunches;
        if (*side.seconds > 0.0) {
            side.achieved = side.flops / *side.seconds;
        }
    }
    if (!side.bytes.empty() && side.bytes.front().bytes > 0.0) {
        side.intensity = side.flops / side.bytes.front().bytes;
        side.intensityLevel = side.bytes.front().level;
    }
    if (options.hardware && !side.bytes.empty()) {
        Kernel k;
        k.name = m.name;
        k.flops = side.flops;
        k.bytes = side.bytes;
        k.precision = m.precision;
        k.unit = m.unit;
        k.measuredSeconds = side.seconds;
        auto result = evaluate(k, *options.hardware, options.evalOptions);
        if (!result.evaluation) {
            warnings.push_back(m.name + " on " + options.hardware->id + ": " + result.error);
            return side;
        }
        const Evaluation& ev = *result.evaluation;
        if (const LevelEvaluation* level = ev.level(ev.defaultLevel); level && std::isfinite(ev.intensity)) {
            side.intensity = ev.intensity;
            side.intensityLevel = level->name;
        }
        side.fractionOfRoof = ev.fractionOfRoof;
    }
    return side;
}

} // namespace

RunDiff diffRuns(const std::vector<Kernel>& before, const std::vector<Kernel>& after, const RunDiffOptions& options)
{
    RunDiff diff;
    diff.threshold = options.threshold;
    const auto a = mergeByName(before);
    const auto b = mergeByName(after);
    std::unordered_map<std::string, std::size_t> inAfter;
    for (std::size_t i = 0; i < b.size(); ++i) {
        inAfter.emplace(b[i].name, i);
    }
    std::vector<bool> matched(b.size(), false);
    // Names left unmatched, paired by their stem where the stem is unique on both sides.
    std::unordered_map<std::string, std::size_t> stemAfter; // stem -> index in b, or npos when taken twice
    std::unordered_map<std::string, int> stemBefore;
    if (options.pairNumberedSuffixes) {
        std::unordered_map<std::string, bool> inBefore;
        for (const auto& m : a) {
            inBefore.emplace(m.name, true);
        }
        for (std::size_t i = 0; i < b.size(); ++i) {
            if (inBefore.count(b[i].name) == 0) {
                if (const std::string stem = withoutNumericSuffix(b[i].name); !stem.empty()) {
                    auto [it, inserted] = stemAfter.try_emplace(stem, i);
                    if (!inserted) {
                        it->second = std::string::npos;
                    }
                }
            }
        }
        for (const auto& m : a) {
            if (inAfter.count(m.name) == 0) {
                if (const std::string stem = withoutNumericSuffix(m.name); !stem.empty()) {
                    ++stemBefore[stem];
                }
            }
        }
    }
    for (const auto& m : a) {
        auto found = inAfter.find(m.name);
        std::size_t index = found == inAfter.end() ? std::string::npos : found->second;
        if (index == std::string::npos && options.pairNumberedSuffixes) {
            const std::string stem = withoutNumericSuffix(m.name);
            const auto s = stem.empty() ? stemAfter.end() : stemAfter.find(stem);
            if (s != stemAfter.end() && s->second != std::string::npos && stemBefore[stem] == 1) {
                index = s->second;
                diff.pairs.emplace_back(m.name, b[index].name);
            }
        }
        if (index == std::string::npos) {
            diff.onlyBefore.push_back(m.name);
            continue;
        }
        matched[index] = true;
        KernelChange change;
        change.beforeName = m.name;
        change.afterName = b[index].name;
        change.name = m.name == b[index].name ? m.name : m.name + " -> " + b[index].name;
        change.before = sideOf(m, options, diff.warnings);
        change.after = sideOf(b[index], options, diff.warnings);
        if (change.before.seconds && change.after.seconds && *change.before.seconds > 0.0) {
            change.change = *change.after.seconds / *change.before.seconds - 1.0;
            change.regression = *change.change > options.threshold;
            diff.regressions += change.regression ? 1 : 0;
        }
        diff.kernels.push_back(std::move(change));
    }
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (!matched[i]) {
            diff.onlyAfter.push_back(b[i].name);
        }
    }
    std::stable_sort(diff.kernels.begin(), diff.kernels.end(), [](const KernelChange& x, const KernelChange& y) {
        if (x.change.has_value() != y.change.has_value()) {
            return x.change.has_value();
        }
        return x.change && *x.change > *y.change;
    });
    return diff;
}

std::string withoutNumericSuffix(std::string_view name)
{
    std::size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9') {
        --end;
    }
    if (end == name.size() || end < 2 || (name[end - 1] != '_' && name[end - 1] != '.' && name[end - 1] != '-')) {
        return {};
    }
    return std::string(name.substr(0, end - 1));
}

std::optional<double> parseThreshold(std::string_view text)
{
    std::string t = trimmed(text);
    const bool percent = !t.empty() && t.back() == '%';
    if (percent) {
        t.pop_back();
        t = trimmed(t);
    }
    double value = 0.0;
    const char* end = t.data() + t.size();
    auto [ptr, ec] = std::from_chars(t.data(), end, value);
    if (t.empty() || ec != std::errc() || ptr != end || !std::isfinite(value) || value < 0.0) {
        return std::nullopt;
    }
    if (percent) {
        return value / 100.0;
    }
    if (value > 1.0) {
        return std::nullopt; // "5" is ambiguous: 5 % or 500 %?
    }
    return value;
}

} // namespace roofscope
