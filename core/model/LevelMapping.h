#pragma once

#include "model/Hardware.h"

#include <string>

namespace roofscope {

// How the bytes a kernel names on one level are counted on a device (docs/model.md#where-bytes-are-counted).
enum class LevelPlacement {
    Direct, // the device has the level (by name or alias)
    MainMemory, // a main-memory name (hbm, dram, gddr, lpddr, ddr, main) counted on the device's default level
    NextSlower, // a level the device lacks, counted on the next slower level it has (a link: same tier first)
    Dropped, // no level can take them: link bytes on a device without links, or a name that is no level
};

struct LevelMapping {
    std::string from; // the kernel's level name, as written
    std::string to; // the device's level that counts the bytes (empty when dropped)
    LevelPlacement placement = LevelPlacement::Direct;
    bool crossesKind = false; // main-memory bytes counted on another kind of memory (HBM bytes on GDDR)

    // Whether numbers resting on this placement can be ranked against a device that has the level.
    bool likeForLike() const
    {
        return placement == LevelPlacement::Direct || (placement == LevelPlacement::MainMemory && !crossesKind);
    }
    // "HBM bytes counted on GDDR", "L2 bytes counted on HBM (no L2)", "NVLINK bytes dropped (no
    // interconnect)"; empty for a direct placement.
    std::string note() const;
};

// The memory kind a main-memory level name stands for ("hbm", "gddr", "lpddr", "ddr"), "main" for the
// generic names (dram, main), empty for a name that is not main memory. "HBM3e" is "hbm".
std::string mainMemoryKind(const std::string& levelName);

// Where a kernel's bytes on `levelName` are counted on `hardware`. Never drops silently: the mapping
// says what happened, and note() says it in words.
LevelMapping mapLevel(const std::string& levelName, const Hardware& hardware);

} // namespace roofscope
