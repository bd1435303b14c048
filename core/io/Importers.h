#pragma once

#include "model/Diagnostic.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// One kernel launch (or dispatch) read from a profiler's output.
struct ImportedKernel {
    Kernel kernel; // FLOPs summed over precisions, bytes per level, measured runtime
    std::map<std::string, double> flopsByPrecision; // "fp64" -> FLOPs, ...; tensor-pipe work under "tensor"
    std::string launchId; // the profiler's ID of the launch ("ID" in ncu, "Dispatch_ID" in rocprof)
    std::string baseName; // the kernel's name as the profiler wrote it (kernel.name may carry " #ID")
    std::string file;
    int line = 0; // where its first row is
    int launches = 1; // more than one after aggregateLaunches()
    int timedLaunches = 1; // of those, the launches with a measured runtime (when it has one)
};

// What an import yields: measured kernels, devices with empirical roofs, or both. Warnings name
// file:line and the kernel they concern; an error means the input could not be read at all.
struct ImportResult {
    std::vector<ImportedKernel> kernels;
    std::vector<Hardware> devices;
    Diagnostics diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
    void append(ImportResult other);
};

struct ImportOptions {
    std::size_t maxFileBytes = std::size_t { 128 } * 1024 * 1024; // checked before reading
    std::size_t maxRecordBytes = std::size_t { 1024 } * 1024; // one CSV line (with quoted line breaks)
    int rocprofDevice = 0; // the row of rocprof-compute's roofline.csv that becomes the device
    // Merge launches of the same name while reading (see aggregateLaunches()): memory then grows
    // with the distinct names, not with the launches. The CSV importers read files as a stream.
    bool aggregate = false;
};

// Nsight Compute `ncu --csv` output: the long layout (one row per metric, "Metric Name" and
// "Metric Value" columns) or the wide `--page raw` layout (one row per launch, metrics as columns,
// optionally a units row). Application output before the header is skipped; `==ERROR==` lines and
// launches with `nan` or missing metrics are reported as warnings and those launches left out.
ImportResult importNcuCsv(const std::string& path, const ImportOptions& options = {});
ImportResult importNcuCsvText(std::string_view text, const std::string& fileLabel, const ImportOptions& options = {});

// Several ncu files in one import. Files that each hold every metric group are imported one by one
// (as importNcuCsv() does). Files that lack FLOP or byte counters are passes of one split run (time,
// FLOP counters and byte counters profiled separately): their launches are merged by kernel name
// and launch order, and a warning says what merged and what could not. `split` (optional) is set
// when such a merge took place: those kernels then carry the first pass's file.
ImportResult importNcuFiles(
    const std::vector<std::string>& paths, const ImportOptions& options = {}, bool* split = nullptr);

// rocprof-compute (Omniperf) workload files: roofline.csv (a device with empirical roofs),
// pmc_perf.csv (measured dispatches), sysinfo.csv (names the device). `paths` may name the files or
// a workload folder holding them; a sysinfo.csv beside roofline.csv is read when not given.
ImportResult importRocprof(const std::vector<std::string>& paths, const ImportOptions& options = {});
// The same files given as text ("" for one that is absent), named roofline.csv, pmc_perf.csv and
// sysinfo.csv in the diagnostics.
ImportResult importRocprofTexts(
    std::string_view roofline, std::string_view pmcPerf, std::string_view sysinfo, const ImportOptions& options = {});

// The Empirical Roofline Toolkit's roofline.json: its empirical levels and compute peaks as a device.
ImportResult importErtJson(const std::string& path, const ImportOptions& options = {});
ImportResult importErtJsonText(std::string_view text, const std::string& fileLabel);

// JAX's compiled.cost_analysis() dumped as JSON: one dict ("flops", "bytes accessed", ...), a list
// of per-device dicts (the first is read), or a dict mapping names to either. Modelled kernels:
// FLOPs and bytes on the device's default level, no time. FLOPs of -1 leave a program out, 0 warns.
ImportResult importJaxJson(const std::string& path, const ImportOptions& options = {});
ImportResult importJaxJsonText(std::string_view text, const std::string& fileLabel);

// XProf's Roofline Model table (roofline_model.json): measured kernels, one per HLO op of the
// "Total" step (time per occurrence, FLOPs and HBM/VMEM/CMEM bytes from its rates, count =
// occurrences), and a device from the table's peaks.
ImportResult importXprofJson(const std::string& path, const ImportOptions& options = {});
ImportResult importXprofJsonText(std::string_view text, const std::string& fileLabel);

// rocprof-compute's analysis database (`rocprof-compute analyze --output-format db`, SQLite), opened
// read-only: one kernel per compute_kernel row (count = its dispatches, time = their mean duration,
// FLOPs from compute_kernel_roofline_data.total_flops x the summed duration, bytes per level = FLOPs /
// that level's arithmetic intensity) and one device per workload from its roofline_bench_extdata.
ImportResult importRocprofDb(const std::string& path, const ImportOptions& options = {});
// True when the file starts with SQLite's header and holds compute_workload, compute_kernel and
// compute_dispatch tables.
bool isRocprofAnalysisDb(const std::string& path);

// Intel Advisor's survey or roofline report as CSV (`advisor --report=survey --format=csv
// --show-all-columns`, any --csv-delimiter): the preamble is skipped, the header found by its
// "Function Call Sites and Loops" column. One kernel per row: FLOPs = Self GFLOP x 1e9, bytes =
// Self Memory GB (level l1) and the cache simulation's Self L2/L3/DRAM GB (l2, l3, dram) x 1e9,
// time = Self Elapsed Time (else Self Time). Rows without FLOPs or bytes, or with a figure that is
// not a number, are left out with a warning naming their line.
ImportResult importAdvisorCsv(const std::string& path, const ImportOptions& options = {});
ImportResult importAdvisorCsvText(
    std::string_view text, const std::string& fileLabel, const ImportOptions& options = {});

// A plain CSV: a header `name,flops,bytes,seconds` plus optional `precision` and level columns
// (each extra column is bytes on the level it names), or headerless rows name,flops,bytes[,seconds].
ImportResult importPlainCsv(const std::string& path, const ImportOptions& options = {});
ImportResult importPlainCsvText(std::string_view text, const std::string& fileLabel, const ImportOptions& options = {});

// Merges launches that share a kernel name into one kernel: count = launches, and FLOPs, bytes per
// level are the means per launch (so count x kernel gives the totals); the runtime is the mean over
// the launches that have one. Kernels merged before weigh as many launches as they hold.
void aggregateLaunches(ImportResult& result);

// Gives kernels with the same name a " #ID" suffix (their launch id) so every name is unique.
void disambiguateNames(std::vector<ImportedKernel>& kernels);

// Reads a whole file for an importer: refuses folders, unreadable files and files over the limit
// (checked before reading) with a diagnostic. Returns false on failure.
bool readImportFile(const std::string& path, std::size_t maxBytes, std::string& text, Diagnostics& diagnostics);

} // namespace roofscope
