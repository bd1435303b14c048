// rocprof-compute (Omniperf) workload files: roofline.csv, pmc_perf.csv, sysinfo.csv.
#include "io/CsvReader.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>

namespace roofscope {

namespace {

using importutil::NumberStatus;

// A small CSV table: the header and the rows with their line numbers. The rows of pmc_perf.csv (one
// per dispatch, any number of them) are not kept: readPmcPerf() streams them.
struct Table {
    std::string file;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<int> lines;
    bool rowsStreamed = false;

    int column(std::string_view name) const
    {
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (equalsIgnoreCase(header[i], name)) {
                return static_cast<int>(i);
            }
        }
        return -1;
    }
    bool has(std::string_view name) const { return column(name) >= 0; }
};

enum class FileKind { Roofline, PmcPerf, SysInfo, Unknown };
FileKind kindOf(const Table& t);

bool readTable(const std::string& path, const ImportOptions& options, Table& table, Diagnostics& diagnostics)
{
    std::ifstream in;
    if (!importutil::openImportFile(path, options.maxFileBytes, in, diagnostics)) {
        return false;
    }
    table.file = path;
    CsvReader reader(in, path, options.maxRecordBytes);
    if (!reader.next()) {
        diagnostics.push_back(reader.failed() ? reader.error() : importutil::errorAt(path, 1, 0, "the file is empty"));
        return false;
    }
    for (const auto& f : reader.fields()) {
        table.header.emplace_back(trimmed(f));
    }
    if (kindOf(table) == FileKind::PmcPerf) {
        table.rowsStreamed = true;
        return true;
    }
    while (reader.next()) {
        if (reader.size() < table.header.size()) {
            diagnostics.push_back(importutil::errorAt(path, reader.line(), 0,
                std::to_string(reader.size()) + " fields where the header has " + std::to_string(table.header.size())
                    + " (a truncated file, or rows that do not match the header)"));
            return false;
        }
        std::vector<std::string> row;
        row.reserve(reader.size());
        for (const auto& f : reader.fields()) {
            row.emplace_back(f);
        }
        table.rows.push_back(std::move(row));
        table.lines.push_back(reader.line());
    }
    if (reader.failed()) {
        diagnostics.push_back(reader.error());
        return false;
    }
    return true;
}

FileKind kindOf(const Table& t)
{
    if (t.has("HBMBw")) {
        return FileKind::Roofline;
    }
    if (t.has("Kernel_Name") && (t.has("Dispatch_ID") || t.has("Start_Timestamp"))) {
        return FileKind::PmcPerf;
    }
    if (t.has("gpu_model") || t.has("gpu_arch")) {
        return FileKind::SysInfo;
    }
    return FileKind::Unknown;
}

struct SysInfo {
    std::string model; // MI200
    std::string arch; // gfx90a
    std::string hostname;
    std::string rocm;
    std::string timestamp;
    std::string cus;
    std::string sclk;
    std::string hbmSpec; // GB/s
    std::string file;
};

SysInfo readSysInfo(const Table& t)
{
    SysInfo s;
    s.file = t.file;
    if (t.rows.empty()) {
        return s;
    }
    auto get = [&](std::string_view name) {
        const int c = t.column(name);
        return c >= 0 ? trimmed(t.rows.front()[static_cast<std::size_t>(c)]) : std::string();
    };
    s.model = get("gpu_model");
    s.arch = get("gpu_arch");
    s.hostname = get("hostname");
    s.rocm = get("rocm_version");
    s.timestamp = get("timestamp");
    s.cus = get("cu_per_gpu");
    s.sclk = get("max_sclk");
    s.hbmSpec = get("hbm_bw");
    return s;
}

// The year in a date such as "Thu 21 Mar 2024 04:49:51 PM (CDT)".
int yearIn(const std::string& text)
{
    for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
        if ((i == 0 || !std::isdigit(static_cast<unsigned char>(text[i - 1])))
            && (text.compare(i, 2, "19") == 0 || text.compare(i, 2, "20") == 0)
            && std::isdigit(static_cast<unsigned char>(text[i + 2]))
            && std::isdigit(static_cast<unsigned char>(text[i + 3]))
            && (i + 4 == text.size() || !std::isdigit(static_cast<unsigned char>(text[i + 4])))) {
            return std::stoi(text.substr(i, 4));
        }
    }
    return importutil::currentYear();
}

void readRoofline(const Table& t, const std::optional<SysInfo>& sys, const ImportOptions& options, ImportResult& out)
{
    const int deviceColumn = t.column("device");
    std::size_t rowIndex = t.rows.size();
    std::string have;
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const std::string id
            = deviceColumn >= 0 ? trimmed(t.rows[r][static_cast<std::size_t>(deviceColumn)]) : std::to_string(r);
        have += (have.empty() ? "" : " ") + id;
        if (id == std::to_string(options.rocprofDevice)) {
            rowIndex = r;
        }
    }
    if (rowIndex == t.rows.size()) {
        out.diagnostics.push_back(importutil::errorAt(t.file, 0, 0,
            "no row for device " + std::to_string(options.rocprofDevice)
                + (have.empty() ? std::string(" (the file has no rows)") : " (devices in the file: " + have + ")")));
        return;
    }
    const auto& row = t.rows[rowIndex];
    const int line = t.lines[rowIndex];
    bool failed = false;
    // A value in G-units (GB/s, GFLOP/s) by column name; `alt` is a known misspelling of it.
    auto value = [&](const std::string& name, const std::string& alt = {}) -> std::optional<double> {
        int c = t.column(name);
        if (c < 0 && !alt.empty()) {
            c = t.column(alt);
        }
        if (c < 0) {
            return std::nullopt;
        }
        const auto parsed = importutil::parseCounter(row[static_cast<std::size_t>(c)]);
        if (parsed.status != NumberStatus::Ok || !(parsed.value > 0.0)) {
            out.diagnostics.push_back(importutil::errorAt(t.file, line, 0,
                "device " + std::to_string(options.rocprofDevice) + ": " + name + " is '"
                    + row[static_cast<std::size_t>(c)].substr(0, 40) + "', not a positive number"));
            failed = true;
            return std::nullopt;
        }
        return parsed.value * 1e9;
    };
    auto range = [&](const std::string& name, const std::string& lowAlt, const std::string& unit) {
        auto low = value(name + "Low", lowAlt);
        auto high = value(name + "High");
        if (!low || !high) {
            return std::string();
        }
        return name + " " + formatNumber(*low / 1e9, 6) + "-" + formatNumber(*high / 1e9, 6) + " " + unit;
    };

    Hardware hw;
    const std::string model = sys && !sys->model.empty() ? sys->model : "AMD GPU";
    const std::string arch = sys ? sys->arch : std::string();
    const std::string device = std::to_string(options.rocprofDevice);
    hw.id = importutil::makeDeviceId("rocprof-" + model + (arch.empty() ? "" : "-" + arch) + "-gpu" + device);
    hw.name = "AMD " + model + (arch.empty() ? "" : " (" + arch + ")") + ", GPU " + device + ", measured";
    hw.vendor = "AMD";
    hw.family = arch.empty() ? "Instinct" : arch;
    hw.generation = model;
    hw.year = sys ? yearIn(sys->timestamp) : importutil::currentYear();
    hw.kind = "gpu";
    hw.origin = t.file;
    SourceRef source;
    source.id = "rocprof-roofline";
    source.title = "rocprof-compute empirical roofline, device " + device;
    source.document = t.file;
    hw.sources.push_back(source);
    if (sys) {
        SourceRef info;
        info.id = "rocprof-sysinfo";
        info.title = "rocprof-compute system information";
        info.document = sys->file;
        hw.sources.push_back(info);
    }
    struct LevelColumn {
        const char* column;
        const char* name;
    };
    for (const auto& l : { LevelColumn { "LDSBw", "lds" }, LevelColumn { "L1Bw", "l1" }, LevelColumn { "L2Bw", "l2" },
             LevelColumn { "HBMBw", "hbm" } }) {
        if (auto bw = value(l.column)) {
            BandwidthLevel level;
            level.name = l.name;
            level.bytesPerSecond = *bw;
            level.source = source.id;
            if (level.name == "hbm") {
                level.aliases = { "dram" };
            }
            hw.levels.push_back(level);
        }
    }
    struct PeakColumn {
        const char* column;
        const char* alt;
        const char* unit;
        const char* precision;
    };
    for (const auto& p :
        { PeakColumn { "FP32Flops", "", "valu", "fp32" }, PeakColumn { "FP64Flops", "", "valu", "fp64" },
            PeakColumn { "MFMABF16Flops", "", "mfma", "bf16" }, PeakColumn { "MFMAF16Flops", "", "mfma", "fp16" },
            PeakColumn { "MFMAF32Flops", "", "mfma", "fp32" }, PeakColumn { "MFMAF64Flops", "", "mfma", "fp64" },
            PeakColumn { "MFMAI8Ops", "MFMAFI8Ops", "mfma", "int8" } }) {
        if (auto peak = value(p.column, p.alt)) {
            hw.compute.push_back({ p.unit, p.precision, *peak, std::nullopt, source.id });
        }
    }
    if (failed) {
        return;
    }
    if (!hw.findLevel("hbm")) {
        out.diagnostics.push_back(
            importutil::errorAt(t.file, 1, 0, "no HBMBw column: not a rocprof-compute roofline.csv"));
        return;
    }
    if (hw.compute.empty()) {
        out.diagnostics.push_back(
            importutil::errorAt(t.file, 1, 0, "no compute peak columns (FP32Flops, FP64Flops, MFMA...Flops)"));
        return;
    }
    hw.defaultLevel = "hbm";
    std::string notes = "Empirical roofs measured by rocprof-compute (its roofline.csv, device " + device
        + "). Confidence ranges (GB/s, GFLOP/s, GOP/s):";
    for (const auto& [name, lowAlt, unit] : { std::tuple<const char*, const char*, const char*> { "HBMBw", "", "GB/s" },
             { "L2Bw", "", "GB/s" }, { "L1Bw", "", "GB/s" }, { "LDSBw", "", "GB/s" }, { "FP32Flops", "", "GFLOP/s" },
             { "FP64Flops", "", "GFLOP/s" }, { "MFMABF16Flops", "", "GFLOP/s" }, { "MFMAF16Flops", "", "GFLOP/s" },
             { "MFMAF32Flops", "", "GFLOP/s" }, { "MFMAF64Flops", "", "GFLOP/s" },
             { "MFMAI8Ops", "MFMAFI8OpsLow", "GOP/s" } }) {
        const std::string r = range(name, lowAlt, unit);
        if (!r.empty()) {
            notes += " " + r + ";";
        }
    }
    if (sys) {
        notes += " System: " + model + (arch.empty() ? "" : " " + arch);
        if (!sys->cus.empty()) {
            notes += ", " + sys->cus + " CUs";
        }
        if (!sys->sclk.empty()) {
            notes += ", max sclk " + sys->sclk + " MHz";
        }
        if (!sys->hbmSpec.empty()) {
            notes += ", specified HBM bandwidth " + sys->hbmSpec + " GB/s";
        }
        if (!sys->rocm.empty()) {
            notes += ", ROCm " + sys->rocm;
        }
        if (!sys->hostname.empty()) {
            notes += ", host " + sys->hostname;
        }
        if (!sys->timestamp.empty()) {
            notes += ", " + trimmed(sys->timestamp);
        }
        notes += ".";
    }
    hw.notes = notes;
    out.devices.push_back(std::move(hw));
}

void readPmcPerf(const Table& t, const ImportOptions& options, ImportResult& out)
{
    const int nameColumn = t.column("Kernel_Name");
    const int idColumn = t.column("Dispatch_ID");
    const int start = t.column("Start_Timestamp");
    const int end = t.column("End_Timestamp");
    struct Flops {
        const char* precision;
        std::vector<std::pair<const char*, double>> counters; // counter, FLOPs per count
    };
    // rocprof-compute's roofline formulas: a VALU instruction works on a 64-wide wave (FMA counts
    // twice), an MFMA "MOPS" count is 512 operations.
    const std::vector<Flops> flops {
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
    };
    bool anyFlopColumn = false;
    for (const auto& f : flops) {
        for (const auto& [counter, factor] : f.counters) {
            anyFlopColumn = anyFlopColumn || t.has(counter);
        }
    }
    if (nameColumn < 0) {
        out.diagnostics.push_back(importutil::errorAt(t.file, 1, 0, "no Kernel_Name column"));
        return;
    }
    if (!anyFlopColumn) {
        out.diagnostics.push_back(importutil::warningAt(t.file, 1,
            "no FLOP counters (SQ_INSTS_VALU_*, SQ_INSTS_VALU_MFMA_MOPS_*): no dispatch can be placed on a roofline"));
    } else if (start < 0 || end < 0) {
        out.diagnostics.push_back(importutil::warningAt(
            t.file, 1, "no Start_Timestamp/End_Timestamp columns: dispatches are imported without a measured time"));
    }
    // One dispatch per row, read as the file streams in; merged per name with --aggregate.
    std::ifstream in;
    if (!importutil::openImportFile(t.file, options.maxFileBytes, in, out.diagnostics)) {
        return;
    }
    CsvReader reader(in, t.file, options.maxRecordBytes);
    reader.next(); // the header, read before
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
            const int c = t.column(name);
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
        for (const auto& f : flops) {
            double sum = 0.0;
            bool any = false;
            for (const auto& [name, factor] : f.counters) {
                any = any || t.has(name);
                sum += factor * counter(name);
            }
            if (any) {
                k.flopsByPrecision[f.precision] = sum;
                k.kernel.flops += sum;
            }
        }
        std::vector<LevelBytes> levels;
        if (t.has("TCC_EA_RDREQ_sum") && t.has("TCC_EA_WRREQ_sum")) {
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
                        + counter("TCP_TCC_ATOMIC_WITH_RET_REQ_sum")
                        + counter("TCP_TCC_ATOMIC_WITHOUT_RET_REQ_sum")) });
        }
        if (t.has("TCP_TOTAL_CACHE_ACCESSES_sum")) {
            levels.push_back({ "l1", 64.0 * counter("TCP_TOTAL_CACHE_ACCESSES_sum") });
        }
        if (t.has("SQ_LDS_IDX_ACTIVE")) {
            // 32 banks of 4 bytes per active cycle, bank conflicts excluded.
            levels.push_back({ "lds", 128.0 * (counter("SQ_LDS_IDX_ACTIVE") - counter("SQ_LDS_BANK_CONFLICT")) });
        }
        std::optional<double> seconds;
        if (start >= 0 && end >= 0) {
            const double t0 = counter("Start_Timestamp");
            const double t1 = counter("End_Timestamp");
            if (problem.empty() && t1 > t0) {
                seconds = (t1 - t0) * 1e-9;
            }
        }
        const std::string who = "kernel '" + k.baseName + "' (dispatch " + k.launchId + ")";
        if (!problem.empty()) {
            out.diagnostics.push_back(
                importutil::warningAt(t.file, k.line, who + " cannot be measured: " + problem + "; it is left out"));
            continue;
        }
        if (levels.empty()) {
            out.diagnostics.push_back(importutil::warningAt(
                t.file, k.line, who + " cannot be measured: no byte counters (TCC_EA_*, TCP_TCC_*); it is left out"));
            continue;
        }
        for (const auto& l : levels) {
            if (l.bytes >= 0.0) {
                k.kernel.bytes.push_back(l);
            } else {
                problem = "negative byte count on " + l.level;
            }
        }
        if (!problem.empty()) {
            out.diagnostics.push_back(
                importutil::warningAt(t.file, k.line, who + " cannot be measured: " + problem + "; it is left out"));
            continue;
        }
        if (!importutil::dropZeroByteLevels(k, who, out.diagnostics)) {
            continue;
        }
        if (seconds) {
            k.kernel.measuredSeconds = *seconds;
        } else if (start >= 0 && end >= 0) {
            out.diagnostics.push_back(importutil::warningAt(t.file, k.line,
                who + ": End_Timestamp is not after Start_Timestamp; imported without a measured time"));
        }
        k.kernel.precision = importutil::dominantPrecision(k.flopsByPrecision, "fp16");
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

ImportResult importRocprof(const std::vector<std::string>& paths, const ImportOptions& options)
{
    namespace fs = std::filesystem;
    ImportResult out;
    std::vector<std::string> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            bool any = false;
            for (const char* name : { "sysinfo.csv", "roofline.csv", "pmc_perf.csv" }) {
                const fs::path file = fs::path(path) / name;
                if (fs::is_regular_file(file, ec)) {
                    files.push_back(file.string());
                    any = true;
                }
            }
            if (!any) {
                out.diagnostics.push_back(
                    importutil::errorAt(path, 0, 0, "a folder with none of roofline.csv, pmc_perf.csv, sysinfo.csv"));
            }
            continue;
        }
        files.push_back(path);
    }
    std::vector<Table> tables;
    std::optional<SysInfo> sys;
    for (const auto& file : files) {
        Table t;
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
        if (kindOf(t) != FileKind::Roofline || sys) {
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
        out.diagnostics.push_back(importutil::errorAt(files.empty() ? std::string("rocprof") : files.front(), 0, 0,
            "sysinfo.csv alone yields nothing to import: give roofline.csv and/or pmc_perf.csv"));
    }
    if (!out.ok()) {
        out.kernels.clear();
        out.devices.clear();
    } else if (options.aggregate) {
        aggregateLaunches(out);
    }
    return out;
}

} // namespace roofscope
