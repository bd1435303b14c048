#pragma once

// Reading Nsight Compute files launch by launch, for runs split over several files.

#include "io/Importers.h"
#include "io/NcuLaunch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope::ncu {

// One file read as importNcuCsv() reads it; `present` gets the metrics that any launch had. With
// `launches`, the launches are collected there as read instead of being made kernels.
ImportResult readNcuFile(
    const std::string& path, const ImportOptions& options, std::uint32_t& present, std::vector<Launch>* launches);

// Launches of several files of one program merged: the k-th launch of a kernel name in each file
// is one launch, its metrics taken from whichever file has them (the first file's value where
// several do). Adds a warning saying what merged and what could not.
std::vector<Launch> mergeSplitLaunches(
    const std::vector<std::string>& files, std::vector<std::vector<Launch>>& launches, Diagnostics& diagnostics);

} // namespace roofscope::ncu
