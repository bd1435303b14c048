// A plain CSV of measured kernels: name,flops,bytes,seconds[,level...].
#include "io/CsvReader.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "model/Precision.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>

namespace roofscope {

namespace {

using importutil::NumberStatus;

enum class Role { Name, Flops, Bytes, Seconds, Precision, Count, Level };

struct Column {
    Role role = Role::Level;
    std::string level; // Role::Level: the level's name
    std::string title;
};

Column columnFor(const std::string& title)
{
    const std::string t = toLower(trimmed(title));
    if (t == "name" || t == "kernel") {
        return { Role::Name, {}, t };
    }
    if (t == "flops" || t == "flop") {
        return { Role::Flops, {}, t };
    }
    if (t == "bytes") {
        return { Role::Bytes, {}, t };
    }
    if (t == "seconds" || t == "time" || t == "time_s" || t == "measured" || t == "measured_s") {
        return { Role::Seconds, {}, t };
    }
    if (t == "precision") {
        return { Role::Precision, {}, t };
    }
    if (t == "count") {
        return { Role::Count, {}, t };
    }
    std::string level = t.rfind("bytes_", 0) == 0 ? t.substr(6) : t;
    return { Role::Level, level, t };
}

// A header row's columns: what each holds, each named once. Returns an error, empty when it is good.
std::string readPlainHeader(const CsvReader& reader, std::vector<Column>& columns)
{
    for (const auto& f : reader.fields()) {
        columns.push_back(columnFor(std::string(f)));
    }
    auto count = [&](Role role) {
        return std::count_if(columns.begin(), columns.end(), [&](const Column& c) { return c.role == role; });
    };
    for (Role role : { Role::Name, Role::Flops, Role::Bytes, Role::Seconds, Role::Precision, Role::Count }) {
        if (count(role) > 1) {
            return "a column named twice in the header";
        }
    }
    std::vector<std::string> levels;
    for (const auto& c : columns) {
        if (c.role != Role::Level) {
            continue;
        }
        if (c.level.empty()) {
            return "an empty column name in the header";
        }
        if (std::find(levels.begin(), levels.end(), c.level) != levels.end()) {
            return "level '" + c.level + "' named twice in the header";
        }
        levels.push_back(c.level);
    }
    if (count(Role::Name) == 0 || count(Role::Flops) == 0 || (count(Role::Bytes) == 0 && levels.empty())) {
        return "the header needs name, flops and bytes (or level columns): "
               "name,flops,bytes,seconds[,level...]";
    }
    return {};
}

// One cell of a row put on the kernel (`skip` set when the row is to be left out with a warning).
// Returns an error, empty when the cell is good.
std::string readPlainCell(const Column& c, const std::string& cell, ImportedKernel& k, std::string& skip)
{
    if (c.role == Role::Name) {
        if (cell.empty()) {
            return "a kernel without a name";
        }
        k.baseName = cell;
        k.kernel.name = cell;
        return {};
    }
    if (c.role == Role::Precision) {
        const std::string p = toLower(cell);
        if (!p.empty() && !isKnownPrecision(p)) {
            return "unknown precision '" + cell + "' (known: fp64 fp32 tf32 bf16 fp16 fp8 int8 int4 fp4)";
        }
        k.kernel.precision = p;
        return {};
    }
    if (cell.empty()) {
        if (c.role == Role::Flops) {
            return "flops is empty";
        }
        return {}; // no runtime, or no bytes on this level
    }
    const Dimension dimension = c.role == Role::Flops ? Dimension::Flops
        : c.role == Role::Seconds                     ? Dimension::Seconds
        : c.role == Role::Count                       ? Dimension::Dimensionless
                                                      : Dimension::Bytes;
    std::optional<double> value;
    const auto counter = importutil::parseCounter(cell);
    if (counter.status == NumberStatus::NotANumber) {
        skip = c.title + " is nan";
        return {};
    }
    if (counter.status == NumberStatus::Ok) {
        value = counter.value;
    } else {
        auto q = parseQuantity(cell, dimension, false);
        if (!q.value || !std::isfinite(*q.value)) {
            return c.title + ": '" + cell.substr(0, 40) + "' is not a number";
        }
        value = q.value;
    }
    if (*value < 0.0 || (c.role == Role::Seconds && *value == 0.0)) {
        return c.title + " must be " + (c.role == Role::Seconds ? "> 0" : ">= 0");
    }
    switch (c.role) {
    case Role::Flops:
        k.kernel.flops = *value;
        break;
    case Role::Seconds:
        k.kernel.measuredSeconds = *value;
        break;
    case Role::Count:
        k.kernel.count = *value;
        break;
    case Role::Bytes:
        k.kernel.bytes.push_back({ "default", *value });
        break;
    default:
        k.kernel.bytes.push_back({ c.level, *value });
        break;
    }
    return {};
}

ImportResult readPlainCsv(CsvReader& reader, const std::string& fileLabel, const ImportOptions& options)
{
    ImportResult out;
    std::optional<LaunchAggregator> aggregator;
    if (options.aggregate) {
        aggregator.emplace();
    }
    std::size_t rows = 0;
    ImportedKernel k;
    k.file = fileLabel;
    auto fail = [&](int line, int column, const std::string& message) {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, line, column, message));
        out.kernels.clear();
        return out;
    };
    std::vector<Column> columns;
    bool haveHeader = false;
    bool headerless = false;
    while (reader.next()) {
        if (reader.field(0).rfind('#', 0) == 0) {
            continue; // a comment
        }
        if (!haveHeader) {
            haveHeader = true;
            const auto second
                = reader.size() > 1 ? importutil::parseCounter(reader.field(1)) : importutil::ParsedCounter {};
            const bool numeric = second.status == NumberStatus::Ok || parseNumber(trimmed(reader.field(1))).has_value();
            if (!numeric) {
                if (const std::string error = readPlainHeader(reader, columns); !error.empty()) {
                    return fail(reader.line(), 0, error);
                }
                continue;
            }
            if (reader.size() < 3 || reader.size() > 4) {
                return fail(reader.line(), 0,
                    "rows without a header have 3 or 4 fields (name,flops,bytes[,seconds]); this one has "
                        + std::to_string(reader.size()));
            }
            headerless = true;
            columns = { { Role::Name, {}, "name" }, { Role::Flops, {}, "flops" }, { Role::Bytes, {}, "bytes" },
                { Role::Seconds, {}, "seconds" } };
        }
        if (reader.size() < columns.size() && !(headerless && reader.size() == 3)) {
            return fail(reader.line(), 0,
                std::to_string(reader.size()) + " fields where the header has " + std::to_string(columns.size())
                    + " (a truncated file?)");
        }
        if (reader.size() > columns.size()) {
            bool extra = false;
            for (std::size_t i = columns.size(); i < reader.size(); ++i) {
                extra = extra || !trimmed(reader.field(i)).empty();
            }
            if (extra) {
                return fail(reader.line(), reader.column(columns.size()),
                    std::to_string(reader.size()) + " fields where the header has " + std::to_string(columns.size()));
            }
        }
        // One kernel object for every row: its strings keep their memory from row to row.
        k.kernel.name.clear();
        k.baseName.clear();
        k.kernel.precision.clear();
        k.kernel.flops = 0.0;
        k.kernel.count = 1.0;
        k.kernel.bytes.clear();
        k.kernel.measuredSeconds.reset();
        k.line = reader.line();
        k.launchId = std::to_string(++rows);
        std::string skip;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const Column& c = columns[i];
            const std::string cell = trimmed(reader.field(i));
            const int col = reader.column(i);
            if (const std::string error = readPlainCell(c, cell, k, skip); !error.empty()) {
                return fail(k.line, col, error);
            }
        }
        if (!skip.empty()) {
            out.diagnostics.push_back(importutil::warningAt(
                fileLabel, k.line, "kernel '" + k.baseName + "' cannot be measured: " + skip + "; it is left out"));
            continue;
        }
        if (k.kernel.bytes.empty()) {
            return fail(k.line, 0, "kernel '" + k.baseName + "' has no bytes on any level");
        }
        if (!importutil::dropZeroByteLevels(k, "kernel '" + k.baseName + "'", out.diagnostics)) {
            continue;
        }
        importutil::collectKernelCopy(out, aggregator, k);
    }
    if (reader.failed()) {
        out.diagnostics.push_back(reader.error());
        out.kernels.clear();
        return out;
    }
    importutil::finishKernels(out, aggregator);
    if (!haveHeader) {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, 1, 0, "the file is empty"));
    } else if (out.kernels.empty() && out.ok()) {
        out.diagnostics.push_back(importutil::warningAt(fileLabel, 0, "no kernel rows"));
    }
    return out;
}

} // namespace

ImportResult importPlainCsvText(std::string_view text, const std::string& fileLabel, const ImportOptions& options)
{
    CsvReader reader(text, fileLabel, options.maxRecordBytes);
    return readPlainCsv(reader, fileLabel, options);
}

ImportResult importPlainCsv(const std::string& path, const ImportOptions& options)
{
    ImportResult result;
    std::ifstream in;
    if (!importutil::openImportFile(path, options.maxFileBytes, in, result.diagnostics)) {
        return result;
    }
    CsvReader reader(in, path, options.maxRecordBytes);
    return readPlainCsv(reader, path, options);
}

} // namespace roofscope
