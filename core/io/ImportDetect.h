#pragma once

#include "io/Importers.h"

#include <string>
#include <vector>

namespace roofscope {

// Which importer reads a file, judged from its name and its first 64 KiB: for JSON, "xprof" (a
// DataTable with "cols" and "rows"), "ert" (an "empirical" key) or "jax" ("flops", "bytes
// accessed"); "rocprof" (a folder, or rocprof-compute's roofline.csv, pmc_perf.csv or sysinfo.csv), "ncu"
// (Nsight Compute CSV, either layout), "advisor" (Intel Advisor's survey report as CSV: a
// "Function Call Sites and Loops" column), "rocprof-db" (an SQLite file with rocprof-compute's analysis
// tables; "sqlite" for another SQLite file), "csv" (anything else that is text). Empty when the file
// cannot be read or is not a regular file (a FIFO, a device: never opened, so never a hang).
std::string detectImportFormat(const std::string& path);

// Imports files of any supported kind (dropped on the window, chosen in File > Import): the
// rocprof-compute files together, each other file by its own importer; results are appended.
ImportResult importFiles(const std::vector<std::string>& paths, const ImportOptions& options = {});

} // namespace roofscope
