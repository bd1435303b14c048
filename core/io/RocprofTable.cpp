// rocprof-compute's tables: reading them, and roofline.csv's device.
#include "io/RocprofTable.h"

#include "io/ImportUtil.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cctype>
#include <cmath>
#include <tuple>

namespace roofscope::rocprof {

using importutil::NumberStatus;

// A reader of the table's file, or of its text when it is read from memory.
std::unique_ptr<CsvReader> openTable(
    const Table& table, const ImportOptions& options, std::ifstream& in, Diagnostics& diagnostics)
{
    if (table.text) {
        return std::make_unique<CsvReader>(*table.text, table.file, options.maxRecordBytes);
    }
    if (!importutil::openImportFile(table.file, options.maxFileBytes, in, diagnostics)) {
        return nullptr;
    }
    return std::make_unique<CsvReader>(in, table.file, options.maxRecordBytes);
}

bool readTable(const std::string& path, const ImportOptions& options, Table& table, Diagnostics& diagnostics)
{
    std::ifstream in;
    table.file = path;
    const auto readerPtr = openTable(table, options, in, diagnostics);
    if (!readerPtr) {
        return false;
    }
    CsvReader& reader = *readerPtr;
    if (!reader.next()) {
        diagnostics.push_back(reader.failed() ? reader.error() : importutil::errorAt(path, 1, 0, "the file is empty"));
        return false;
    }
    for (const auto& f : reader.fields()) {
        table.header.emplace_back(trimmed(f));
    }
    table.indexHeader();
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

// The row of the device asked for (--device, 0 by default); an error naming the devices there are.
std::optional<std::size_t> rooflineRow(const Table& t, const ImportOptions& options, ImportResult& out)
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
        return std::nullopt;
    }
    return rowIndex;
}

// What sysinfo.csv says of the system, as a sentence of the device's notes.
std::string systemNote(const SysInfo& sys, const std::string& model, const std::string& arch)
{
    std::string notes = " System: " + model + (arch.empty() ? "" : " " + arch);
    if (!sys.cus.empty()) {
        notes += ", " + sys.cus + " CUs";
    }
    if (!sys.sclk.empty()) {
        notes += ", max sclk " + sys.sclk + " MHz";
    }
    if (!sys.hbmSpec.empty()) {
        notes += ", specified HBM bandwidth " + sys.hbmSpec + " GB/s";
    }
    if (!sys.rocm.empty()) {
        notes += ", ROCm " + sys.rocm;
    }
    if (!sys.hostname.empty()) {
        notes += ", host " + sys.hostname;
    }
    if (!sys.timestamp.empty()) {
        notes += ", " + trimmed(sys.timestamp);
    }
    notes += ".";
    return notes;
}

void readRoofline(const Table& t, const std::optional<SysInfo>& sys, const ImportOptions& options, ImportResult& out)
{
    const std::optional<std::size_t> found = rooflineRow(t, options, out);
    if (!found) {
        return;
    }
    const std::size_t rowIndex = *found;
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
        notes += systemNote(*sys, model, arch);
    }
    hw.notes = notes;
    out.devices.push_back(std::move(hw));
}

} // namespace roofscope::rocprof
