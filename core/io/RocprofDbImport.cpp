// rocprof-compute's analysis database (`rocprof-compute analyze --output-format db`, the SQLite file
// ROCm Optiq opens). Tables and columns from its SQLAlchemy models (ROCm/rocm-systems,
// projects/rocprofiler-compute/src/utils/analysis_orm.py, schema 2.0.0; the 3.0.0 documentation keeps
// these columns): compute_workload (roofline_bench_extdata: roofline.csv's device-0 columns as JSON,
// GB/s and GFLOP/s), compute_kernel, compute_dispatch (start/end timestamps, ns) and
// compute_kernel_roofline_data, whose total_flops is SUM(FLOPs) / SUM(duration) in GFLOP/s and whose
// *_cache_data columns are arithmetic intensities, SUM(FLOPs) / SUM(bytes) per level (db_analysis.py,
// analysis_configs/*/0400_roofline.yaml).
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/RocprofTable.h"
#include "io/SqliteDatabase.h"
#include "model/Text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace roofscope {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxNameBytes = 64 * 1024;
constexpr std::size_t kMaxJsonBytes = 1024 * 1024;
constexpr std::size_t kMaxKernels = 1'000'000;
constexpr std::size_t kMaxWorkloads = 10'000;

struct Workload {
    std::string label; // name/sub_name
    std::optional<std::string> sysInfo;
    std::optional<std::string> roofs;
};

struct Dispatches {
    std::size_t count = 0;
    std::size_t untimed = 0;
    double nanoseconds = 0.0;
};

struct Roofline {
    std::optional<double> gflops;
    std::map<std::string, std::optional<double>> intensity; // level -> FLOP/byte
};

// The level names of compute_kernel_roofline_data's columns, fastest first.
const std::vector<std::pair<const char*, const char*>> kLevelColumns { { "lds", "lds_cache_data" },
    { "l1", "l1_cache_data" }, { "l2", "l2_cache_data" }, { "hbm", "hbm_cache_data" } };

class DbReader {
public:
    DbReader(SqliteDatabase& db, std::string file, const ImportOptions& options, ImportResult& out)
        : m_db(db)
        , m_file(std::move(file))
        , m_options(options)
        , m_out(out)
    {
    }

    bool checkSchema();
    bool readWorkloads();
    bool readKernels();
    void readDevices();

private:
    void error(const std::string& where, const std::string& message)
    {
        m_out.diagnostics.push_back(importutil::errorAt(m_file, 0, 0, where + ": " + message));
    }
    void warn(const std::string& message) { m_out.diagnostics.push_back(importutil::warningAt(m_file, 0, message)); }
    bool run(const std::string& table, const std::string& sql, const std::function<bool(const SqliteRow&)>& row)
    {
        if (!m_db.query(sql, row)) {
            error(table, "cannot be read: " + m_db.error());
            return false;
        }
        return true;
    }
    bool readDispatches(std::unordered_map<std::int64_t, Dispatches>& dispatches);
    bool readRoofline(std::unordered_map<std::int64_t, Roofline>& roofline);
    void addDevice(const Workload& workload);

    SqliteDatabase& m_db;
    std::string m_file;
    const ImportOptions& m_options;
    ImportResult& m_out;
    std::map<std::int64_t, Workload> m_workloads;
    bool m_hasLds = false;
};

bool DbReader::checkSchema()
{
    const std::vector<std::pair<std::string, std::vector<std::string>>> required {
        { "compute_workload", { "workload_id", "name", "sub_name", "sys_info_extdata", "roofline_bench_extdata" } },
        { "compute_kernel", { "kernel_uuid", "workload_id", "kernel_name" } },
        { "compute_dispatch", { "kernel_uuid", "start_timestamp", "end_timestamp" } },
        { "compute_kernel_roofline_data",
            { "kernel_uuid", "total_flops", "l1_cache_data", "l2_cache_data", "hbm_cache_data" } },
    };
    for (const auto& [table, columns] : required) {
        if (!m_db.hasTable(table)) {
            error(table,
                "no such table: not a rocprof-compute analysis database (rocprof-compute analyze --output-format "
                "db)");
            return false;
        }
        const auto have = m_db.columns(table);
        for (const auto& column : columns) {
            if (std::find(have.begin(), have.end(), column) == have.end()) {
                error(table + "." + column, "no such column (an analysis database of another schema version?)");
                return false;
            }
        }
        if (table == "compute_kernel_roofline_data") {
            m_hasLds = std::find(have.begin(), have.end(), "lds_cache_data") != have.end();
        }
    }
    if (m_db.hasTable("compute_metadata")) {
        const auto have = m_db.columns("compute_metadata");
        if (std::find(have.begin(), have.end(), "schema_version") != have.end()) {
            std::string version;
            m_db.query("SELECT schema_version FROM compute_metadata LIMIT 1", [&](const SqliteRow& row) {
                version = row.text(0, 64).value_or("");
                return false;
            });
            if (!version.empty() && version.rfind("2.", 0) != 0 && version.rfind("3.", 0) != 0) {
                warn("compute_metadata.schema_version is '" + version
                    + "', not 2.x or 3.x: its tables are read by the column names of schema 2.0.0");
            }
        }
    }
    return true;
}

bool DbReader::readWorkloads()
{
    bool tooMany = false;
    const bool ok = run("compute_workload",
        "SELECT workload_id, name, sub_name, sys_info_extdata, roofline_bench_extdata FROM compute_workload",
        [&](const SqliteRow& row) {
            const auto id = row.integer(0);
            if (!id) {
                return true;
            }
            if (m_workloads.size() >= kMaxWorkloads) {
                tooMany = true;
                return false;
            }
            Workload w;
            w.label = row.text(1, 256).value_or("?") + "/" + row.text(2, 256).value_or("?");
            w.sysInfo = row.text(3, kMaxJsonBytes);
            w.roofs = row.text(4, kMaxJsonBytes);
            m_workloads.emplace(*id, std::move(w));
            return true;
        });
    if (ok && tooMany) {
        error("compute_workload", "more than " + std::to_string(kMaxWorkloads) + " workloads");
        return false;
    }
    return ok;
}

bool DbReader::readDispatches(std::unordered_map<std::int64_t, Dispatches>& dispatches)
{
    return run("compute_dispatch", "SELECT kernel_uuid, start_timestamp, end_timestamp FROM compute_dispatch",
        [&](const SqliteRow& row) {
            const auto kernel = row.integer(0);
            if (!kernel || (dispatches.size() >= kMaxKernels && dispatches.count(*kernel) == 0)) {
                return true;
            }
            Dispatches& d = dispatches[*kernel];
            ++d.count;
            const auto start = row.integer(1);
            const auto end = row.integer(2);
            if (!start || !end || *end <= *start) {
                ++d.untimed;
                return true;
            }
            // Both are integers: the difference is exact for durations below 2^53 ns.
            d.nanoseconds += static_cast<double>(static_cast<std::uint64_t>(*end) - static_cast<std::uint64_t>(*start));
            return true;
        });
}

bool DbReader::readRoofline(std::unordered_map<std::int64_t, Roofline>& roofline)
{
    std::string sql = "SELECT kernel_uuid, total_flops";
    for (const auto& [level, column] : kLevelColumns) {
        sql += std::string(", ") + (std::string(level) == "lds" && !m_hasLds ? "NULL" : column);
    }
    sql += " FROM compute_kernel_roofline_data";
    return run("compute_kernel_roofline_data", sql, [&](const SqliteRow& row) {
        const auto kernel = row.integer(0);
        if (!kernel || (roofline.size() >= kMaxKernels && roofline.count(*kernel) == 0)) {
            return true;
        }
        Roofline& r = roofline[*kernel];
        r.gflops = row.number(1);
        for (std::size_t i = 0; i < kLevelColumns.size(); ++i) {
            r.intensity[kLevelColumns[i].first] = row.number(static_cast<int>(i) + 2);
        }
        return true;
    });
}

bool DbReader::readKernels()
{
    std::unordered_map<std::int64_t, Dispatches> dispatches;
    std::unordered_map<std::int64_t, Roofline> roofline;
    if (!readDispatches(dispatches) || !readRoofline(roofline)) {
        return false;
    }
    std::size_t read = 0;
    bool tooMany = false;
    auto leftOut = [&](const std::string& who, const std::string& why) { warn(who + ": " + why + "; left out"); };
    const bool ok = run("compute_kernel",
        "SELECT kernel_uuid, workload_id, kernel_name FROM compute_kernel ORDER BY kernel_uuid",
        [&](const SqliteRow& row) {
            if (++read > kMaxKernels) {
                tooMany = true;
                return false;
            }
            const auto uuid = row.integer(0);
            const auto name = row.text(2, kMaxNameBytes);
            if (!uuid || !name || trimmed(*name).empty()) {
                warn("compute_kernel row " + std::to_string(read)
                    + ": no integer kernel_uuid or no kernel_name (text of at most 64 KiB); left out");
                return true;
            }
            const std::string who
                = "kernel '" + name->substr(0, 200) + "' (compute_kernel.kernel_uuid " + std::to_string(*uuid) + ")";
            const auto d = dispatches.find(*uuid);
            if (d == dispatches.end() || d->second.count == 0) {
                leftOut(who, "no dispatch in compute_dispatch");
                return true;
            }
            if (d->second.untimed > 0) {
                leftOut(who,
                    std::to_string(d->second.untimed)
                        + " dispatch(es) in compute_dispatch without integer start_timestamp < end_timestamp");
                return true;
            }
            const auto r = roofline.find(*uuid);
            if (r == roofline.end()) {
                leftOut(who,
                    "no row in compute_kernel_roofline_data (rocprof-compute stores roofline data for its top "
                    "kernels only)");
                return true;
            }
            if (!r->second.gflops || *r->second.gflops < 0.0) {
                leftOut(who, "compute_kernel_roofline_data.total_flops is not a number >= 0 (GFLOP/s)");
                return true;
            }
            const double count = static_cast<double>(d->second.count);
            // GFLOP/s x ns = FLOPs: total_flops is the FLOPs of every dispatch over their summed duration.
            const double flops = *r->second.gflops * d->second.nanoseconds;
            if (!std::isfinite(flops) || flops / count > 1e30) {
                leftOut(who, "total_flops x the summed duration is not a plausible FLOP count");
                return true;
            }
            if (!(flops > 0.0)) {
                leftOut(who,
                    "compute_kernel_roofline_data.total_flops is 0: without FLOPs its bytes cannot be recovered "
                    "from the arithmetic intensities (FLOPs per byte) the database stores");
                return true;
            }
            ImportedKernel k;
            k.baseName = *name;
            k.kernel.name = *name;
            k.file = m_file;
            k.launchId = std::to_string(*uuid);
            k.kernel.count = std::min(count, kMaxKernelCount);
            k.kernel.flops = flops / count;
            k.kernel.measuredSeconds = d->second.nanoseconds * 1e-9 / count;
            for (const auto& [level, column] : kLevelColumns) {
                const auto ai = r->second.intensity[level];
                if (ai && *ai > 0.0) {
                    const double bytes = flops / *ai / count;
                    if (std::isfinite(bytes)) {
                        k.kernel.bytes.push_back({ level, bytes });
                    }
                }
            }
            if (k.kernel.bytes.empty()) {
                leftOut(who, "no arithmetic intensity > 0 in compute_kernel_roofline_data (*_cache_data)");
                return true;
            }
            m_out.kernels.push_back(std::move(k));
            return true;
        });
    if (ok && tooMany) {
        error("compute_kernel", "more than " + std::to_string(kMaxKernels) + " kernels");
        return false;
    }
    if (ok && !m_out.kernels.empty()) {
        warn("FLOPs are rocprof-compute's total over all precisions (VALU F16, F32, F64 and MFMA): the database "
             "does not split them, so the kernels use the device's main precision; bytes are FLOPs divided by "
             "the stored arithmetic intensity of each level");
    }
    return ok;
}

// A JSON object of one row (sysinfo.csv, or roofline.csv's kept columns) as a CSV table of one row.
std::optional<rocprof::Table> jsonRow(const std::string& text, const std::string& label)
{
    const json root = json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) {
        return std::nullopt;
    }
    rocprof::Table t;
    t.file = label;
    t.rows.emplace_back();
    for (const auto& [key, value] : root.items()) {
        if (key.size() > 256) {
            continue;
        }
        std::string cell;
        if (value.is_string()) {
            cell = value.get<std::string>();
        } else if (value.is_number()) {
            cell = value.dump();
        } else {
            continue;
        }
        t.header.push_back(key);
        t.rows.back().push_back(std::move(cell));
    }
    t.lines.push_back(0);
    t.indexHeader();
    return t;
}

void DbReader::addDevice(const Workload& workload)
{
    const std::string label = m_file + ": compute_workload.roofline_bench_extdata (workload " + workload.label + ")";
    if (!workload.roofs) {
        warn("compute_workload.roofline_bench_extdata of workload " + workload.label
            + " is empty (no roofline.csv was profiled): no device");
        return;
    }
    auto roofs = jsonRow(*workload.roofs, label);
    if (!roofs) {
        warn("compute_workload.roofline_bench_extdata of workload " + workload.label
            + " is not a JSON object: no device");
        return;
    }
    if (!roofs->has("HBMBw")) {
        warn("compute_workload.roofline_bench_extdata of workload " + workload.label + " has no HBMBw: no device");
        return;
    }
    // The database keeps roofline.csv's device 0 only.
    roofs->header.insert(roofs->header.begin(), "device");
    roofs->rows.front().insert(roofs->rows.front().begin(), "0");
    roofs->index.clear();
    roofs->indexHeader();
    std::optional<rocprof::SysInfo> sys;
    if (workload.sysInfo) {
        if (auto table = jsonRow(*workload.sysInfo, m_file + ": compute_workload.sys_info_extdata")) {
            sys = rocprof::readSysInfo(*table);
        }
    }
    ImportOptions deviceZero = m_options;
    deviceZero.rocprofDevice = 0;
    const std::size_t before = m_out.devices.size();
    rocprof::readRoofline(*roofs, sys, deviceZero, m_out);
    if (m_out.devices.size() > before) {
        // The database keeps the measured roofs, not their confidence ranges.
        Hardware& hw = m_out.devices.back();
        const std::string csvNote = "Empirical roofs measured by rocprof-compute (its roofline.csv, device 0). "
                                    "Confidence ranges (GB/s, GFLOP/s, GOP/s):";
        if (hw.notes.rfind(csvNote, 0) == 0) {
            hw.notes = "Empirical roofs measured by rocprof-compute (device 0 of its roofline.csv, as its analysis "
                       "database keeps them, without confidence ranges)."
                + hw.notes.substr(csvNote.size());
        }
        hw.sources.front().title = "rocprof-compute empirical roofline, device 0, from its analysis database";
    }
}

void DbReader::readDevices()
{
    for (const auto& [id, workload] : m_workloads) {
        addDevice(workload);
    }
}

} // namespace

bool isRocprofAnalysisDb(const std::string& path)
{
    if (!SqliteDatabase::hasMagic(path)) {
        return false;
    }
    SqliteDatabase db(path, std::numeric_limits<std::size_t>::max()); // read lazily: any size is detected
    return db.isOpen() && db.hasTable("compute_workload") && db.hasTable("compute_kernel")
        && db.hasTable("compute_dispatch");
}

ImportResult importRocprofDb(const std::string& path, const ImportOptions& options)
{
    ImportResult out;
    SqliteDatabase db(path, options.maxFileBytes);
    if (!db.isOpen()) {
        out.diagnostics.push_back(importutil::errorAt(path, 0, 0, db.error()));
        return out;
    }
    DbReader reader(db, path, options, out);
    if (!reader.checkSchema() || !reader.readWorkloads() || !reader.readKernels()) {
        out.kernels.clear();
        return out;
    }
    reader.readDevices();
    if (!out.ok()) {
        out.kernels.clear();
        out.devices.clear();
    }
    return out;
}

} // namespace roofscope
