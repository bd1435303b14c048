// rocprof-compute (Omniperf) workload files: roofline.csv, pmc_perf.csv, sysinfo.csv.
#include "io/CsvReader.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/RocprofTable.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

namespace roofscope {

namespace {

using importutil::NumberStatus;
using namespace rocprof;

// A precision's FLOP counters in pmc_perf.csv and the FLOPs each count stands for.
struct PmcFlops {
    const char* precision;
    std::vector<std::pair<const char*, double>> counters; // counter, FLOPs per count
};

// rocprof-compute's roofline formulas: a VALU instruction works on a 64-wide wave (FMA counts
// twice), an MFMA "MOPS" count is 512 operations.
const std::vector<PmcFlops>& pmcFlopCounters()
{
    static const std::vector<PmcFlops> flops {
        { "fp16",
            { { "SQ_INSTS_VALU_ADD_F16", 64 }, { "SQ_INSTS_VALU_MUL_F16", 64 }, { "SQ_INSTS_VALU_FMA_F16", 128 },
                { "SQ_INSTS_VALU_TRANS_F16", 64 }, { "SQ_INSTS_VALU_MFMA_MOPS_F16", 512 } } },
        { "bf16", { { "SQ_INSTS_VALU_MFMA_MOPS_BF16", 512 } } },
        { "fp32",
            { { "SQ_INSTS_VALU_ADD_F32", 64 }, { "SQ_INSTS_VALU_MUL_F32", 64 }, { "SQ_INSTS_VALU_FMA_F32", 128 },
                { "SQ_INSTS_VALU_TRANS_F32", 64 }, { "SQ_INSTS_VALU_MFMA_MOPS_F32", 512 } } },
        { "fp64",
            { { "SQ_INSTS_VALU_ADD_F64", 64 }, { "SQ_INSTS_VALU_MUL_F64", 64 }, { "SQ_INSTS_VALU_FMA_F64", 128 },
                { "SQ_INSTS_VALU_TRANS_F64", 64 }, { "SQ_INSTS_VALU_MFMA_MOPS_F64", 512 } } },
        { "int8", { { "SQ_INSTS_VALU_MFMA_MOPS_I8", 512 } } },
        // MI300 (gfx942) and MI350 (gfx950): FP8 MFMA, and MI350's FP6/FP4 MFMA in one counter
        // (rocprof-compute's roofline_calc.py, ROCm/rocm-systems 1b1610fc, counts both x 512).
        { "fp8", { { "SQ_INSTS_VALU_MFMA_MOPS_F8", 512 } } },
        { "fp6", { { "SQ_INSTS_VALU_MFMA_MOPS_F6F4", 512 } } },

    };
    return flops;
}

// The header's checks: an error without kernel names; warnings for what the counters cannot give.
// `anyFlopColumn`: whether any FLOP counter is there; `mi300Hbm`: HBM bytes from MI300's counters.
bool checkPmcHeader(const Table& t, ImportResult& out, bool& anyFlopColumn, bool& mi300Hbm)
{
    anyFlopColumn = false;
    for (const auto& f : pmcFlopCounters()) {
        for (const auto& [counter, factor] : f.counters) {
            anyFlopColumn = anyFlopColumn || t.has(counter);
        }
    }
    if (t.column("Kernel_Name") < 0) {
        out.diagnostics.push_back(importutil::errorAt(t.file, 1, 0, "no Kernel_Name column"));
        return false;
    }
    if (!anyFlopColumn) {
        out.diagnostics.push_back(importutil::warningAt(t.file, 1,
            "no FLOP counters (SQ_INSTS_VALU_*, SQ_INSTS_VALU_MFMA_MOPS_*): no dispatch can be placed on a roofline"));
    } else if (t.column("Start_Timestamp") < 0 || t.column("End_Timestamp") < 0) {
        out.diagnostics.push_back(importutil::warningAt(
            t.file, 1, "no Start_Timestamp/End_Timestamp columns: dispatches are imported without a measured time"));
    }
    mi300Hbm = !t.has("TCC_EA_RDREQ_sum") && t.has("TCC_EA0_RDREQ_sum") && t.has("TCC_EA0_WRREQ_sum");
    if (mi300Hbm && !t.has("TCC_BUBBLE_sum")) {
        out.diagnostics.push_back(importutil::warningAt(t.file, 1,
            "TCC_EA0_* counters without TCC_BUBBLE_sum: HBM bytes count every read request as 64 bytes or "
            "less, so reads of 128 bytes are undercounted"));
    }
    if (t.has("SQ_INSTS_VALU_MFMA_MOPS_F6F4")) {
        out.diagnostics.push_back(importutil::warningAt(t.file, 1,
            "SQ_INSTS_VALU_MFMA_MOPS_F6F4 counts FP6 and FP4 MFMA work together: its FLOPs are filed under fp6"));
    }
    return true;
}

// A dispatch's bytes per level from its counters (`counter` reads one, 0 when absent).
std::vector<LevelBytes> pmcLevelBytes(const Table& t, bool mi300Hbm, const std::function<double(const char*)>& counter)
{
    std::vector<LevelBytes> levels;
    if (mi300Hbm) {
        // gfx942 (MI300): requests of the first EA channel set, and TCC_BUBBLE (128-byte reads),
        // as rocprof-compute's roofline_calc.py computes hbm_data for every series but MI200.
        const double bubble = counter("TCC_BUBBLE_sum");
        const double rd = counter("TCC_EA0_RDREQ_sum");
        const double rd32 = counter("TCC_EA0_RDREQ_32B_sum");
        const double wr = counter("TCC_EA0_WRREQ_sum");
        const double wr64 = counter("TCC_EA0_WRREQ_64B_sum");
        levels.push_back(
            { "hbm", bubble * 128.0 + rd32 * 32.0 + (rd - bubble - rd32) * 64.0 + (wr - wr64) * 32.0 + wr64 * 64.0 });
    } else if (t.has("TCC_EA_RDREQ_sum") && t.has("TCC_EA_WRREQ_sum")) {
        const double rd = counter("TCC_EA_RDREQ_sum");
        const double rd32 = counter("TCC_EA_RDREQ_32B_sum");
        const double wr = counter("TCC_EA_WRREQ_sum");
        const double wr64 = counter("TCC_EA_WRREQ_64B_sum");
        levels.push_back({ "hbm", rd32 * 32.0 + (rd - rd32) * 64.0 + wr64 * 64.0 + (wr - wr64) * 32.0 });
    }
    if (t.has("TCP_TCC_READ_REQ_sum") && t.has("TCP_TCC_WRITE_REQ_sum")) {
        levels.push_back({ "l2",
            64.0
                * (counter("TCP_TCC_READ_REQ_sum") + counter("TCP_TCC_WRITE_REQ_sum")
                    + counter("TCP_TCC_ATOMIC_WITH_RET_REQ_sum") + counter("TCP_TCC_ATOMIC_WITHOUT_RET_REQ_sum")) });
    }
    if (t.has("TCP_TOTAL_CACHE_ACCESSES_sum")) {
        levels.push_back({ "l1", 64.0 * counter("TCP_TOTAL_CACHE_ACCESSES_sum") });
    }
    if (t.has("SQ_LDS_IDX_ACTIVE")) {
        // 32 banks of 4 bytes per active cycle, bank conflicts excluded.
        levels.push_back({ "lds", 128.0 * (counter("SQ_LDS_IDX_ACTIVE") - counter("SQ_LDS_BANK_CONFLICT")) });
    }
    return levels;
}

// A dispatch's bytes and measured time put on its kernel, or the reason it is left out (a warning);
// returns whether it is kept. `timed`: the file has both timestamps.
bool measurePmcKernel(ImportedKernel& k, const std::vector<LevelBytes>& levels, std::string problem,
    std::optional<double> seconds, bool timed, const std::string& file, std::vector<Diagnostic>& diagnostics)
{
    const std::string who = "kernel '" + k.baseName + "' (dispatch " + k.launchId + ")";
    if (!problem.empty()) {
        diagnostics.push_back(
            importutil::warningAt(file, k.line, who + " cannot be measured: " + problem + "; it is left out"));
        return false;
    }
    if (levels.empty()) {
        diagnostics.push_back(importutil::warningAt(
            file, k.line, who + " cannot be measured: no byte counters (TCC_EA_*, TCP_TCC_*); it is left out"));
        return false;
    }
    for (const auto& l : levels) {
        if (l.bytes >= 0.0) {
            k.kernel.bytes.push_back(l);
        } else {
            problem = "negative byte count on " + l.level;
        }
    }
    if (!problem.empty()) {
        diagnostics.push_back(
            importutil::warningAt(file, k.line, who + " cannot be measured: " + problem + "; it is left out"));
        return false;
    }
    if (!importutil::dropZeroByteLevels(k, who, diagnostics)) {
        return false;
    }
    if (seconds) {
        k.kernel.measuredSeconds = *seconds;
    } else if (timed) {
        diagnostics.push_back(importutil::warningAt(
            file, k.line, who + ": End_Timestamp is not after Start_Timestamp; imported without a measured time"));
    }
    k.kernel.precision = importutil::dominantPrecision(k.flopsByPrecision, "fp16");
    return true;
}

// pmc_perf.csv: one kernel per dispatch, FLOPs and bytes per level from rocprof-compute's counters.
void readPmcPerf(const Table& t, const ImportOptions& options, ImportResult& out)
{
    const int nameColumn = t.column("Kernel_Name");
    const int idColumn = t.column("Dispatch_ID");
    const int start = t.column("Start_Timestamp");
    const int end = t.column("End_Timestamp");
    bool anyFlopColumn = false;
    bool mi300Hbm = false;
    if (!checkPmcHeader(t, out, anyFlopColumn, mi300Hbm)) {
        return;
    }
    // One dispatch per row, read as the file streams in; merged per name with --aggregate.
    std::ifstream in;
    const auto readerPtr = openTable(t, options, in, out.diagnostics);
    if (!readerPtr) {
        return;
    }
    CsvReader& reader = *readerPtr;
    reader.next(); // the header, read before
    // The counters' columns, looked up once (a row has hundreds of columns).
    std::unordered_map<std::string, int> columns;
    auto columnOf = [&](const char* name) {
        auto [it, inserted] = columns.try_emplace(name, 0);
        if (inserted) {
            it->second = t.column(name);
        }
        return it->second;
    };
    std::optional<LaunchAggregator> aggregator;
    if (options.aggregate) {
        aggregator.emplace();
    }
    std::vector<std::string> row;
    std::size_t rows = 0;
    while (reader.next()) {
        if (reader.size() < t.header.size()) {
            out.diagnostics.push_back(importutil::errorAt(t.file, reader.line(), 0,
                std::to_string(reader.size()) + " fields where the header has " + std::to_string(t.header.size())
                    + " (a truncated file, or rows that do not match the header)"));
            return;
        }
        if (!anyFlopColumn) {
            continue; // the file is still read to the end, so a damaged one is refused
        }
        row.resize(reader.size());
        for (std::size_t i = 0; i < reader.size(); ++i) {
            row[i].assign(reader.field(i));
        }
        const std::size_t r = rows++;
        ImportedKernel k;
        k.baseName = row[static_cast<std::size_t>(nameColumn)];
        k.kernel.name = k.baseName;
        k.launchId = idColumn >= 0 ? trimmed(row[static_cast<std::size_t>(idColumn)]) : std::to_string(r);
        k.file = t.file;
        k.line = reader.line();
        std::string problem;
        // A counter's value; 0 when the column is absent; records the first bad value.
        auto counter = [&](const char* name) -> double {
            const int c = columnOf(name);
            if (c < 0) {
                return 0.0;
            }
            const auto parsed = importutil::parseCounter(row[static_cast<std::size_t>(c)]);
            if (parsed.status != NumberStatus::Ok) {
                if (problem.empty()) {
                    problem = std::string(name) + " is '" + row[static_cast<std::size_t>(c)].substr(0, 40)
                        + "', not a number";
                }
                return 0.0;
            }
            return parsed.value;
        };
        for (const auto& f : pmcFlopCounters()) {
            double sum = 0.0;
            bool any = false;
            for (const auto& [name, factor] : f.counters) {
                any = any || columnOf(name) >= 0;
                sum += factor * counter(name);
            }
            if (any) {
                k.flopsByPrecision[f.precision] = sum;
                k.kernel.flops += sum;
            }
        }
        const std::vector<LevelBytes> levels = pmcLevelBytes(t, mi300Hbm, counter);
        std::optional<double> seconds;
        if (start >= 0 && end >= 0) {
            const double t0 = counter("Start_Timestamp");
            const double t1 = counter("End_Timestamp");
            if (problem.empty() && t1 > t0) {
                seconds = (t1 - t0) * 1e-9;
            }
        }
        if (!measurePmcKernel(k, levels, problem, seconds, start >= 0 && end >= 0, t.file, out.diagnostics)) {
            continue;
        }
        importutil::collectKernel(out, aggregator, std::move(k));
    }
    if (reader.failed()) {
        out.diagnostics.push_back(reader.error());
        return;
    }
    if (aggregator) {
        for (auto& k : aggregator->take()) {
            out.kernels.push_back(std::move(k));
        }
    }
}

} // namespace

namespace {

struct Input {
    std::string file;
    std::optional<std::string_view> text; // read from memory instead of the file
};

ImportResult importInputs(const std::vector<Input>& inputs, const ImportOptions& options, ImportResult out)
{
    namespace fs = std::filesystem;
    std::vector<Table> tables;
    std::optional<SysInfo> sys;
    for (const auto& input : inputs) {
        const std::string& file = input.file;
        Table t;
        t.text = input.text;
        if (!readTable(file, options, t, out.diagnostics)) {
            continue;
        }
        if (kindOf(t) == FileKind::Unknown) {
            out.diagnostics.push_back(importutil::errorAt(file, 1, 0,
                "not a rocprof-compute roofline.csv (HBMBw, ...), pmc_perf.csv (Kernel_Name, counters) or "
                "sysinfo.csv (gpu_model, ...)"));
            continue;
        }
        if (kindOf(t) == FileKind::SysInfo) {
            sys = readSysInfo(t);
        }
        tables.push_back(std::move(t));
    }
    if (!out.ok()) {
        return out;
    }
    for (const auto& t : tables) {
        if (kindOf(t) != FileKind::Roofline || sys || t.text) {
            continue;
        }
        // sysinfo.csv beside roofline.csv names the device.
        const fs::path beside = fs::path(t.file).parent_path() / "sysinfo.csv";
        std::error_code ec;
        Table info;
        Diagnostics ignored;
        if (fs::is_regular_file(beside, ec) && readTable(beside.string(), options, info, ignored)
            && kindOf(info) == FileKind::SysInfo) {
            sys = readSysInfo(info);
        }
    }
    bool yields = false;
    for (const auto& t : tables) {
        if (kindOf(t) == FileKind::Roofline) {
            readRoofline(t, sys, options, out);
            yields = true;
        } else if (kindOf(t) == FileKind::PmcPerf) {
            readPmcPerf(t, options, out);
            yields = true;
        }
    }
    if (!yields && out.ok()) {
        out.diagnostics.push_back(importutil::errorAt(inputs.empty() ? std::string("rocprof") : inputs.front().file, 0,
            0, "sysinfo.csv alone yields nothing to import: give roofline.csv and/or pmc_perf.csv"));
    }
    if (!out.ok()) {
        out.kernels.clear();
        out.devices.clear();
    } else if (options.aggregate) {
        aggregateLaunches(out);
    }
    return out;
}

} // namespace

ImportResult importRocprof(const std::vector<std::string>& paths, const ImportOptions& options)
{
    namespace fs = std::filesystem;
    ImportResult out;
    std::vector<Input> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            bool any = false;
            for (const char* name : { "sysinfo.csv", "roofline.csv", "pmc_perf.csv" }) {
                const fs::path file = fs::path(path) / name;
                if (fs::is_regular_file(file, ec)) {
                    files.push_back({ file.string(), std::nullopt });
                    any = true;
                }
            }
            if (!any) {
                out.diagnostics.push_back(
                    importutil::errorAt(path, 0, 0, "a folder with none of roofline.csv, pmc_perf.csv, sysinfo.csv"));
            }
            continue;
        }
        files.push_back({ path, std::nullopt });
    }
    return importInputs(files, options, std::move(out));
}

ImportResult importRocprofTexts(
    std::string_view roofline, std::string_view pmcPerf, std::string_view sysinfo, const ImportOptions& options)
{
    std::vector<Input> inputs;
    for (const auto& [name, text] : { std::pair<const char*, std::string_view> { "sysinfo.csv", sysinfo },
             { "roofline.csv", roofline }, { "pmc_perf.csv", pmcPerf } }) {
        if (!text.empty()) {
            inputs.push_back({ name, text });
        }
    }
    if (inputs.empty()) {
        ImportResult out;
        out.diagnostics.push_back(importutil::errorAt("rocprof", 0, 0, "no rocprof-compute file given"));
        return out;
    }
    return importInputs(inputs, options, {});
}

} // namespace roofscope
