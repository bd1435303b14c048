#pragma once

// Reading Nsight Compute files launch by launch, for runs split over several files.

#include "io/Importers.h"
#include "io/NcuLaunch.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope::ncu {

// One file read as importNcuCsv() reads it (a file of several passes merged); `present` gets the
// metrics that any launch had. With `passes`, the launches are collected there as read instead of
// being made kernels, one list per pass: ncu's header again in the file (runs appended to one file,
// as NERSC's roofline method collects them) starts the next pass.
ImportResult readNcuFile(const std::string& path, const ImportOptions& options, std::uint32_t& present,
    std::vector<std::vector<Launch>>* passes);

// The passes of one file merged as the files of a split run are, and made kernels; `diagnostics`
// (those of reading the file) come first.
ImportResult mergePasses(const std::string& file, std::vector<std::vector<Launch>>& passes,
    const ImportOptions& options, Diagnostics diagnostics);

// Launches of several files of one program merged: the k-th launch of a kernel name in each file
// is one launch, its metrics taken from whichever file has them (the first file's value where
// several do). Adds a warning saying what merged and what could not.
std::vector<Launch> mergeSplitLaunches(
    const std::vector<std::string>& files, std::vector<std::vector<Launch>>& launches, Diagnostics& diagnostics);

} // namespace roofscope::ncu
