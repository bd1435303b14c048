// XProf's Roofline Model tool (roofline_model.json): a list of DataTables ({"cols": [{"id": ...}],
// "rows": [{"c": [{"v": ...}]}], "p": {...}}), one row per program or HLO op and step, with the
// device's peaks in "p". Field names and units from openxla/xprof op_stats_to_roofline_model.cc and
// roofline_model.proto: rates in GFLOP/s, bandwidths in GiB/s, times in microseconds.
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/JsonText.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <unordered_map>

namespace roofscope {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxXprofBytes = std::size_t { 64 } * 1024 * 1024;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

// A cell's or a property's number: XProf writes properties as strings ("1525.5").
std::optional<double> numberOf(const json& value)
{
    if (value.is_number()) {
        const double v = value.get<double>();
        return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
    }
    if (value.is_string()) {
        const auto parsed = importutil::parseCounter(value.get<std::string>());
        if (parsed.status == importutil::NumberStatus::Ok) {
            return parsed.value;
        }
    }
    return std::nullopt;
}

const json* findTable(const json& root)
{
    auto isTable = [](const json& t) { return t.is_object() && t.contains("cols") && t.contains("rows"); };
    if (isTable(root)) {
        return &root;
    }
    if (root.is_array()) {
        for (const auto& t : root) {
            if (isTable(t)) {
                return &t;
            }
        }
    }
    return nullptr;
}

class XprofReader {
public:
    XprofReader(const json& table, std::string file, ImportResult& out)
        : m_table(table)
        , m_file(std::move(file))
        , m_out(out)
    {
        const json& cols = table.at("cols");
        if (cols.is_array()) {
            for (std::size_t i = 0; i < cols.size(); ++i) {
                if (cols[i].is_object() && cols[i].contains("id") && cols[i].at("id").is_string()) {
                    m_columns.emplace(cols[i].at("id").get<std::string>(), i);
                }
            }
        }
    }

    bool readKernels();
    void readDevice();

private:
    const json* cell(const json& row, const char* column) const
    {
        const auto it = m_columns.find(column);
        if (it == m_columns.end() || !row.is_object() || !row.contains("c") || !row.at("c").is_array()) {
            return nullptr;
        }
        const json& c = row.at("c");
        if (it->second >= c.size() || !c[it->second].is_object() || !c[it->second].contains("v")) {
            return nullptr;
        }
        return &c[it->second].at("v");
    }
    std::optional<double> number(const json& row, const char* column) const
    {
        const json* v = cell(row, column);
        return v ? numberOf(*v) : std::nullopt;
    }
    std::string text(const json& row, const char* column) const
    {
        const json* v = cell(row, column);
        if (!v) {
            return {};
        }
        return v->is_string() ? v->get<std::string>() : v->dump();
    }
    void warn(int row, const std::string& message)
    {
        m_out.diagnostics.push_back(importutil::warningAt(m_file, 0, "row " + std::to_string(row) + ": " + message));
    }

    const json& m_table;
    std::string m_file;
    ImportResult& m_out;
    std::unordered_map<std::string, std::size_t> m_columns;
};

bool XprofReader::readKernels()
{
    for (const char* needed : { "operation", "total_self_time", "occurrences" }) {
        if (m_columns.count(needed) == 0) {
            m_out.diagnostics.push_back(importutil::errorAt(m_file, 1, 0,
                std::string("the table has no '") + needed
                    + "' column: not XProf's Roofline Model table (roofline_model.json)"));
            return false;
        }
    }
    const bool modelRate = m_columns.count("model_flop_rate") != 0;
    if (!modelRate && m_columns.count("measured_flop_rate") == 0) {
        m_out.diagnostics.push_back(
            importutil::errorAt(m_file, 1, 0, "the table has neither 'model_flop_rate' nor 'measured_flop_rate'"));
        return false;
    }
    if (!modelRate) {
        m_out.diagnostics.push_back(importutil::warningAt(m_file, 0,
            "no 'model_flop_rate' column: FLOPs come from 'measured_flop_rate', which XProf normalizes to the "
            "bf16 peak (an op in another precision is scaled)"));
    }
    const json& rows = m_table.at("rows");
    if (!rows.is_array()) {
        m_out.diagnostics.push_back(importutil::errorAt(m_file, 1, 0, "'rows' is not a list"));
        return false;
    }
    // The rows repeat per step ("Total", "Average", "1", "2", ...): the "Total" rows are read (else
    // the first step's), so no op counts twice. The program rows sum their ops: left out.
    std::string step = "Total";
    bool anyTotal = false;
    for (const auto& row : rows) {
        anyTotal = anyTotal || text(row, "step") == "Total";
    }
    if (!anyTotal && !rows.empty()) {
        step = text(rows.front(), "step");
    }
    int index = 0;
    std::size_t programs = 0;
    for (const auto& row : rows) {
        ++index;
        if (m_columns.count("step") != 0 && text(row, "step") != step) {
            continue;
        }
        const std::string category = text(row, "category");
        const std::string name = text(row, "operation");
        if (category == "Program" || name == "Program") {
            ++programs;
            continue;
        }
        const auto occurrences = number(row, "occurrences");
        const auto selfTime = number(row, "total_self_time");
        const char* rateColumn = modelRate ? "model_flop_rate" : "measured_flop_rate";
        const auto rate = number(row, rateColumn);
        // The first field that cannot be read, named with what it holds.
        auto field = [&](const char* column, const char* wanted) {
            const json* v = cell(row, column);
            return std::string(column) + " is " + (v ? v->dump().substr(0, 40) : std::string("missing")) + " (" + wanted
                + ")";
        };
        std::string problem;
        if (name.empty()) {
            problem = "operation is " + (cell(row, "operation") ? std::string("empty") : std::string("missing"));
        } else if (!occurrences || !(*occurrences >= 1.0)) {
            problem = field("occurrences", "a count of at least 1");
        } else if (!selfTime || !(*selfTime > 0.0)) {
            problem = field("total_self_time", "a positive, finite number of microseconds");
        } else if (!rate || *rate < 0.0) {
            problem = field(rateColumn, "a finite GFLOP/s of at least 0");
        }
        if (!problem.empty()) {
            warn(index, "'" + name.substr(0, 80) + "': " + problem + ": left out");
            continue;
        }
        const double seconds = *selfTime * 1e-6 / *occurrences; // per occurrence
        ImportedKernel k;
        k.baseName = name;
        k.kernel.name = name;
        k.file = m_file;
        k.launchId = std::to_string(index);
        k.kernel.count = std::min(*occurrences, kMaxKernelCount);
        k.kernel.measuredSeconds = seconds;
        k.kernel.flops = *rate * 1e9 * seconds;
        if (!std::isfinite(seconds) || !std::isfinite(k.kernel.flops)) {
            warn(index,
                "'" + name.substr(0, 80) + "': " + rateColumn + " " + formatNumber(*rate, 6) + " GFLOP/s over "
                    + formatNumber(*selfTime, 6) + " us is more FLOPs than a number holds: left out");
            continue;
        }
        const char* overflow = nullptr; // the bandwidth column whose bytes are not finite
        struct Level {
            const char* name;
            std::vector<const char*> columns;
        };
        for (const Level& level :
            { Level { "hbm", { "hbm_bw" } }, Level { "vmem", { "vmem_read_bw", "vmem_write_bw" } },
                Level { "cmem", { "cmem_read_bw", "cmem_write_bw" } } }) {
            double bandwidth = 0.0;
            bool any = false;
            for (const char* column : level.columns) {
                if (auto bw = number(row, column); bw && *bw >= 0.0) {
                    bandwidth += *bw;
                    any = true;
                }
            }
            if (any && (bandwidth > 0.0 || std::string(level.name) == "hbm")) {
                k.kernel.bytes.push_back({ level.name, bandwidth * kGiB * seconds });
                if (!std::isfinite(k.kernel.bytes.back().bytes)) {
                    overflow = level.columns.front();
                }
            }
        }
        if (k.kernel.bytes.empty()) {
            if (auto bw = number(row, "measured_memory_bw"); bw && *bw >= 0.0) {
                k.kernel.bytes.push_back({ "default", *bw * kGiB * seconds });
                if (!std::isfinite(k.kernel.bytes.back().bytes)) {
                    overflow = "measured_memory_bw";
                }
            }
        }
        if (overflow) {
            warn(index,
                "'" + name.substr(0, 80) + "': " + overflow + " over " + formatNumber(*selfTime, 6)
                    + " us is more bytes than a number holds: left out");
            continue;
        }
        const std::string who = "'" + name + "' (row " + std::to_string(index) + ")";
        if (k.kernel.bytes.empty()) {
            warn(index, "'" + name + "' has no memory bandwidth (hbm_bw, measured_memory_bw): left out");
            continue;
        }
        if (!importutil::dropZeroByteLevels(k, who, m_out.diagnostics)) {
            continue;
        }
        m_out.kernels.push_back(std::move(k));
    }
    if (programs > 0) {
        m_out.diagnostics.push_back(importutil::warningAt(m_file, 0,
            std::to_string(programs)
                + " program row(s) left out: a program row sums its ops, which are imported one by one"));
    }
    return true;
}

void XprofReader::readDevice()
{
    if (!m_table.contains("p") || !m_table.at("p").is_object()) {
        return;
    }
    const json& p = m_table.at("p");
    auto property = [&](const char* key) -> std::optional<double> {
        if (!p.contains(key)) {
            return std::nullopt;
        }
        auto v = numberOf(p.at(key));
        if (v && !std::isfinite(*v * kGiB)) {
            m_out.diagnostics.push_back(importutil::warningAt(m_file, 0,
                std::string("property ") + key + " " + formatNumber(*v, 6)
                    + " is more than a number holds once scaled to per second: left out"));
            return std::nullopt;
        }
        return v && *v > 0.0 ? v : std::nullopt;
    };
    const auto peak = property("peak_flop_rate");
    const auto hbm = property("peak_hbm_bw");
    if (!peak || !hbm) {
        m_out.diagnostics.push_back(importutil::warningAt(
            m_file, 0, "no positive peak_flop_rate and peak_hbm_bw in the table's properties: no device file"));
        return;
    }
    const std::string type = p.contains("device_type") && p.at("device_type").is_string()
        ? trimmed(p.at("device_type").get<std::string>())
        : std::string();
    Hardware hw;
    hw.id = importutil::makeDeviceId("xprof-" + (type.empty() ? std::string("device") : type));
    hw.name = (type.empty() ? std::string("Device") : type) + ", peaks as XProf reports them";
    hw.vendor = type.find("TPU") != std::string::npos ? "Google" : "unknown";
    hw.family = type.empty() ? std::string("XProf device") : type;
    hw.generation = hw.family;
    hw.year = importutil::currentYear();
    hw.kind = type.find("TPU") != std::string::npos ? "tpu" : "gpu";
    hw.origin = m_file;
    SourceRef source;
    source.id = "xprof-roofline";
    source.title = "XProf Roofline Model tool, device properties";
    source.document = m_file;
    hw.sources.push_back(source);
    auto addLevel = [&](const char* name, std::optional<double> gib) {
        if (!gib) {
            return;
        }
        BandwidthLevel level;
        level.name = name;
        level.bytesPerSecond = *gib * kGiB;
        level.source = source.id;
        hw.levels.push_back(level);
    };
    // Fastest first: VMEM (on-chip), CMEM, HBM. Reads and writes: the read bandwidth is the roof.
    addLevel("vmem", property("peak_vmem_read_bw") ? property("peak_vmem_read_bw") : property("peak_vmem_write_bw"));
    addLevel("cmem", property("peak_cmem_read_bw"));
    addLevel("hbm", hbm);
    hw.levels.back().aliases = { "dram" };
    hw.defaultLevel = "hbm";
    hw.compute.push_back({ "mxu", "bf16", *peak * 1e9, std::nullopt, source.id, false });
    hw.notes = "Peaks from XProf's Roofline Model table (peak_flop_rate " + formatNumber(*peak, 6)
        + " GFLOP/s, which XProf states for bf16; peak_hbm_bw " + formatNumber(*hbm, 6)
        + " GiB/s). The time of a roof is XProf's, not a vendor specification.";
    m_out.devices.push_back(std::move(hw));
}

} // namespace

ImportResult importXprofJsonText(std::string_view text, const std::string& fileLabel)
{
    ImportResult out;
    JsonTextError error;
    const std::optional<json> parsed = parseJsonTextUnordered(text, error);
    if (!parsed) {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, error.line, error.column,
            "not valid JSON: " + error.message + (error.atNonFiniteNumber ? " (NaN and Infinity are not JSON)" : "")));
        return out;
    }
    const json& root = *parsed;
    const json* table = findTable(root);
    if (!table) {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, 1, 0,
            "no DataTable ({\"cols\": ..., \"rows\": ...}): not XProf's Roofline Model output (roofline_model.json)"));
        return out;
    }
    XprofReader reader(*table, fileLabel, out);
    if (!reader.readKernels()) {
        out.kernels.clear();
        return out;
    }
    reader.readDevice();
    return out;
}

ImportResult importXprofJson(const std::string& path, const ImportOptions& options)
{
    ImportResult out;
    std::string text;
    if (!importutil::readCappedImportFile(path, options.maxFileBytes, kMaxXprofBytes, text, out.diagnostics)) {
        return out;
    }
    return importXprofJsonText(text, path);
}

} // namespace roofscope
