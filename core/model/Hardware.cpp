#include "model/Hardware.h"

#include "model/Precision.h"
#include "model/Text.h"

#include <algorithm>

namespace roofscope {

std::optional<double> Hardware::peak(const std::string& precision, const std::string& unit) const
{
    std::optional<double> best;
    for (const auto& entry : compute) {
        if (entry.precision != precision) {
            continue;
        }
        if (!unit.empty() && !equalsIgnoreCase(entry.unit, unit)) {
            continue;
        }
        if (!best || entry.flopsPerSecond > *best) {
            best = entry.flopsPerSecond;
        }
    }
    return best;
}

std::string Hardware::shortLabel() const
{
    if (!label.empty()) {
        return label;
    }
    if (generation.empty()) {
        return name.empty() ? id : name;
    }
    const char first = generation.front();
    const bool saysLittle = (first >= 'a' && first <= 'z') || (first >= '0' && first <= '9');
    const bool named = generation.size() >= family.size() && generation.compare(0, family.size(), family) == 0;
    if (saysLittle && !family.empty() && !named) { // "TPU v7x"; not "ad hoc ad hoc"
        return family + " " + generation;
    }
    return generation;
}

std::string Hardware::fastestUnit(const std::string& precision) const
{
    const ComputePeak* best = nullptr;
    for (const auto& entry : compute) {
        if (entry.precision == precision && (!best || entry.flopsPerSecond > best->flopsPerSecond)) {
            best = &entry;
        }
    }
    return best ? best->unit : std::string {};
}

std::vector<std::string> Hardware::precisions() const
{
    std::vector<std::string> out;
    for (const auto& p : knownPrecisions()) {
        if (peak(p)) {
            out.push_back(p);
        }
    }
    return out;
}

const BandwidthLevel* Hardware::findLevel(const std::string& levelName) const
{
    if (equalsIgnoreCase(levelName, "default")) {
        return defaultLevelPtr();
    }
    for (const auto& level : levels) {
        if (equalsIgnoreCase(level.name, levelName)) {
            return &level;
        }
    }
    for (const auto& level : levels) {
        if (std::any_of(level.aliases.begin(), level.aliases.end(),
                [&](const std::string& alias) { return equalsIgnoreCase(alias, levelName); })) {
            return &level;
        }
    }
    return nullptr;
}

const BandwidthLevel* Hardware::defaultLevelPtr() const
{
    for (const auto& level : levels) {
        if (level.name == defaultLevel) {
            return &level;
        }
    }
    return levels.empty() ? nullptr : &levels.back();
}

std::string Hardware::mainPrecision() const
{
    if (peak("bf16")) {
        return "bf16";
    }
    auto all = precisions();
    return all.empty() ? std::string {} : all.front();
}

} // namespace roofscope
