#include "model/LevelMapping.h"

#include "model/Text.h"

#include <array>
#include <optional>
#include <string_view>

namespace roofscope {

namespace {
bool startsWith(const std::string& text, std::string_view prefix)
{
    return text.size() >= prefix.size() && std::string_view(text).substr(0, prefix.size()) == prefix;
}

// Where a level name sits in the usual hierarchy, fastest first: on-chip memories, caches, main
// memory, then links from scale-up to data-centre network. Names outside the list have no rank.
constexpr int kMainMemoryRank = 50;
constexpr int kFirstLinkRank = 60;

std::optional<int> levelRank(const std::string& levelName)
{
    const std::string name = toLower(levelName);
    if (!mainMemoryKind(name).empty()) {
        return kMainMemoryRank;
    }
    struct Rank {
        std::string_view name;
        int rank;
    };
    static constexpr std::array<Rank, 27> kRanks { {
        { "reg", 10 },
        { "registers", 10 },
        { "l1", 20 },
        { "l1tex", 20 },
        { "smem", 20 },
        { "shared", 20 },
        { "lds", 20 },
        { "vmem", 20 },
        { "tmem", 20 },
        { "l2", 30 },
        { "sram", 30 },
        { "cmem", 30 },
        { "l3", 40 },
        { "llc", 40 },
        { "slc", 40 },
        { "mall", 40 },
        { "infinity_cache", 40 },
        { "nvlink", 60 },
        { "ici", 60 },
        { "xgmi", 60 },
        { "infinity_fabric", 60 },
        { "neuronlink", 60 },
        { "c2c", 60 },
        { "nvlink_c2c", 60 },
        { "pcie", 70 },
        { "dcn", 80 },
        { "roce", 80 },
    } };
    for (const Rank& r : kRanks) {
        if (name == r.name) {
            return r.rank;
        }
    }
    return std::nullopt;
}

// A device level's rank: its name's or an alias's; its default level is main memory whatever it is
// called; an unnamed link sits with PCIe.
std::optional<int> deviceLevelRank(const BandwidthLevel& level, const Hardware& hardware)
{
    if (level.kind == LevelKind::Memory && level.name == hardware.defaultLevel) {
        return kMainMemoryRank;
    }
    if (auto rank = levelRank(level.name)) {
        return rank;
    }
    for (const std::string& alias : level.aliases) {
        if (auto rank = levelRank(alias)) {
            return rank;
        }
    }
    return level.kind == LevelKind::Interconnect ? std::optional<int>(70) : std::nullopt;
}

// The kind of memory a device's main-memory level is: its name's, else an alias's ("dram" aliased
// "lpddr" is LPDDR), else generic.
std::string deviceMainKind(const BandwidthLevel& level)
{
    std::string kind = mainMemoryKind(level.name);
    if (kind.empty() || kind == "main") {
        for (const std::string& alias : level.aliases) {
            const std::string aliasKind = mainMemoryKind(alias);
            if (!aliasKind.empty() && aliasKind != "main") {
                return aliasKind;
            }
        }
    }
    return kind.empty() ? std::string("main") : kind;
}
} // namespace

std::string mainMemoryKind(const std::string& levelName)
{
    const std::string name = toLower(levelName);
    for (const char* kind : { "hbm", "gddr", "lpddr" }) {
        if (startsWith(name, kind)) {
            return kind;
        }
    }
    if (startsWith(name, "ddr")) {
        return "ddr";
    }
    if (name == "dram" || name == "main") {
        return "main";
    }
    return {};
}

std::string LevelMapping::note() const
{
    switch (placement) {
    case LevelPlacement::Direct:
        return {};
    case LevelPlacement::MainMemory:
        return toUpper(from) + " bytes counted on " + toUpper(to);
    case LevelPlacement::NextSlower:
        return toUpper(from) + " bytes counted on " + toUpper(to) + " (the device has no " + toUpper(from) + ")";
    case LevelPlacement::Dropped:
        return toUpper(from)
            + (levelRank(from) ? " bytes not counted (the device has no level to take them)"
                               : " bytes not counted (no level of that name)");
    }
    return {};
}

LevelMapping mapLevel(const std::string& levelName, const Hardware& hardware)
{
    LevelMapping mapping;
    mapping.from = levelName;
    if (const BandwidthLevel* level = hardware.findLevel(levelName)) {
        mapping.to = level->name;
        return mapping;
    }
    const BandwidthLevel* main = hardware.defaultLevelPtr();
    const std::string kind = mainMemoryKind(levelName);
    if (!kind.empty() && main) {
        mapping.to = main->name;
        mapping.placement = LevelPlacement::MainMemory;
        const std::string mainKind = deviceMainKind(*main);
        mapping.crossesKind = kind != "main" && mainKind != "main" && kind != mainKind;
        return mapping;
    }
    // A level the device lacks: the next slower level of the same class (memory or link) it has, for a
    // link one of the same tier first; link bytes with no such link on the slowest link the device has.
    mapping.placement = LevelPlacement::NextSlower;
    const std::optional<int> rank = levelRank(levelName);
    if (!rank) { // not a level name Roofscope knows (a typo such as "hmb"): counted nowhere, and said so
        mapping.placement = LevelPlacement::Dropped;
        return mapping;
    }
    const bool link = *rank >= kFirstLinkRank;
    const BandwidthLevel* chosen = nullptr;
    std::optional<int> chosenRank;
    const BandwidthLevel* slowestLink = nullptr;
    std::optional<int> slowestRank;
    for (const BandwidthLevel& level : hardware.levels) {
        const std::optional<int> own = deviceLevelRank(level, hardware);
        if (!own || (level.kind == LevelKind::Interconnect) != link) {
            continue;
        }
        if (link && (!slowestRank || *own >= *slowestRank)) {
            slowestLink = &level;
            slowestRank = own;
        }
        // A memory level counts on a slower one; a link on one of the same tier first (ICI bytes on
        // NVLink: both scale-up), else a slower one.
        const bool candidate = link ? *own >= *rank : *own > *rank;
        if (candidate && (!chosenRank || *own < *chosenRank)) {
            chosen = &level;
            chosenRank = own;
        }
    }
    if (!chosen) {
        chosen = link ? slowestLink : main;
    }
    if (!chosen) {
        mapping.placement = LevelPlacement::Dropped;
        return mapping;
    }
    mapping.to = chosen->name;
    return mapping;
}

} // namespace roofscope
