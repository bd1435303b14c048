// Intel Advisor's survey (and roofline) report as CSV: `advisor --report=survey --format=csv`. A few
// lines about the tool come first, then a header that names the columns, then one row per loop or
// function with its "Self" figures: GFLOP, GB moved (per memory level when the cache simulation ran)
// and seconds. The delimiter is the one --csv-delimiter chose (comma, tab, semicolon, ...).
#include "io/CsvReader.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "model/Text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <optional>

namespace roofscope {

namespace {
// In a namespace of their own: a unity build compiles this file with others, whose file-local names
// would otherwise meet these.
namespace advisor {

// The lines looked through for the header: the preamble is a handful.
constexpr int kMaxPreambleLines = 100;
// Advisor's GFLOP and GB: 10^9 of each.
constexpr double kGiga = 1e9;
const char* const kNameTitle = "function call sites and loops";

enum Col { Id, Name, Gflop, MemoryGb, L1Gb, L2Gb, L3Gb, DramGb, ElapsedTime, SelfTime, DataTypes, ColCount };

struct ColumnTitle {
    const char* title; // lower case, single spaces
    Col column;
};

constexpr std::array<ColumnTitle, 12> kTitles { { { "id", Id }, { kNameTitle, Name }, { "self gflop", Gflop },
    { "self memory gb", MemoryGb }, { "self l1 gb", L1Gb }, { "self l2 gb", L2Gb }, { "self l3 gb", L3Gb },
    { "self llc gb", L3Gb }, { "self dram gb", DramGb }, { "self elapsed time", ElapsedTime },
    { "self time", SelfTime }, { "data types", DataTypes } } };

// A column title as compared: lower case, surrounding quotes and spaces gone, inner runs of white
// space one space ("Self  Memory GB" is "self memory gb").
std::string normalTitle(std::string_view text)
{
    std::string t = trimmed(text);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"') {
        t = trimmed(std::string_view(t).substr(1, t.size() - 2));
    }
    std::string out;
    for (char c : toLower(t)) {
        const bool space = c == ' ' || c == '\t';
        if (space && (out.empty() || out.back() == ' ')) {
            continue;
        }
        out += space ? ' ' : c;
    }
    return out;
}

// The delimiter of a raw header line: the one that makes "Function Call Sites and Loops" a field of
// its own. Empty when the line is not the header.
std::optional<char> headerDelimiter(std::string_view line)
{
    if (toLower(line).find(kNameTitle) == std::string::npos) {
        return std::nullopt;
    }
    for (char delimiter : { '\t', ',', ';', '|', ':' }) {
        for (const std::string& field : split(line, delimiter)) {
            if (normalTitle(field) == kNameTitle) {
                return delimiter;
            }
        }
    }
    return std::nullopt;
}

enum class Cell { Value, Empty, Below, Bad };

struct Number {
    Cell kind = Cell::Empty;
    double value = 0.0;
};

// One figure as Advisor prints it: "2.120", "46.951s" (seconds), "<0.001s" (less than the smallest
// value it prints: Below); "", "n/a" and "-" are Empty. Negative, non-finite or anything else: Bad.
Number parseFigure(std::string_view text, bool seconds)
{
    std::string t = trimmed(text);
    if (t.empty() || t == "n/a" || t == "N/A" || t == "-") {
        return { Cell::Empty, 0.0 };
    }
    const bool below = t.front() == '<';
    if (below) {
        t = trimmed(std::string_view(t).substr(1));
    }
    if (seconds && !t.empty() && t.back() == 's') {
        t = trimmed(std::string_view(t).substr(0, t.size() - 1));
    }
    double value = 0.0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value) || value < 0.0
        || t.front() == '-') {
        return { Cell::Bad, 0.0 };
    }
    return { below ? Cell::Below : Cell::Value, value };
}

// "Float64; UInt64" -> "fp64": the floating-point type the loop works on; of several, the narrowest
// (`several` set), whose roof is the highest of those it uses, so the roof stays a bound. Empty when
// it names none (the device's main precision is used then).
std::string precisionOfDataTypes(std::string_view text, bool& several)
{
    struct TypeName {
        const char* advisor;
        const char* precision;
    };
    // Widest first.
    static constexpr std::array<TypeName, 4> kTypes { { { "float64", "fp64" }, { "float32", "fp32" },
        { "bfloat16", "bf16" }, { "float16", "fp16" } } };
    std::array<bool, kTypes.size()> seen {};
    for (const std::string& part : split(toLower(text), ';')) {
        const std::string type = trimmed(part);
        for (std::size_t i = 0; i < kTypes.size(); ++i) {
            seen[i] = seen[i] || type == kTypes[i].advisor;
        }
    }
    several = std::count(seen.begin(), seen.end(), true) > 1;
    for (std::size_t i = kTypes.size(); i-- > 0;) {
        if (seen[i]) {
            return kTypes[i].precision;
        }
    }
    return {};
}

class AdvisorReader {
public:
    AdvisorReader(CsvReader& reader, std::string file, const ImportOptions& options)
        : m_reader(reader)
        , m_file(std::move(file))
    {
        if (options.aggregate) {
            m_aggregator.emplace();
        }
        m_column.fill(-1);
    }

    ImportResult run()
    {
        if (findHeader() && readHeader()) {
            while (!m_failed && m_reader.next()) {
                readRow();
            }
            if (!m_failed && m_reader.failed()) {
                fatal(m_reader.error().line, m_reader.error().column, m_reader.error().message);
            }
        }
        importutil::finishKernels(m_result, m_aggregator);
        if (m_result.ok() && m_rows == 0) {
            m_result.diagnostics.push_back(importutil::warningAt(m_file, 0, "no loop rows after the header"));
        }
        return std::move(m_result);
    }

private:
    bool findHeader();
    bool readHeader();
    void readRow();
    bool readFlops(ImportedKernel& k, const std::string& who);
    bool readLevels(ImportedKernel& k, const std::string& who);
    bool readTime(ImportedKernel& k, const std::string& who);
    void readPrecision(ImportedKernel& k, const std::string& who);

    void fatal(int line, int column, const std::string& message)
    {
        m_failed = true;
        m_result.kernels.clear();
        m_aggregator.reset();
        m_result.diagnostics.push_back(importutil::errorAt(m_file, line, column, message));
    }

    void warn(int line, const std::string& message)
    {
        m_result.diagnostics.push_back(importutil::warningAt(m_file, line, message));
    }

    // A warning about one cell: file:line:column.
    void warnAtCell(Col column, const std::string& message)
    {
        Diagnostic d = importutil::warningAt(m_file, m_reader.line(), message);
        d.column = m_reader.column(static_cast<std::size_t>(m_column[column]));
        m_result.diagnostics.push_back(std::move(d));
    }

    bool has(Col column) const { return m_column[column] >= 0; }
    std::string_view cell(Col column) const { return m_reader.field(static_cast<std::size_t>(m_column[column])); }
    const std::string& title(Col column) const { return m_titles[static_cast<std::size_t>(m_column[column])]; }

    CsvReader& m_reader;
    std::string m_file;
    ImportResult m_result;
    std::optional<LaunchAggregator> m_aggregator;
    std::array<int, ColCount> m_column {};
    std::vector<std::string> m_titles; // the header's fields as written
    Col m_time = ColCount; // the time column read: Self Elapsed Time, else Self Time
    ImportedKernel m_kernel; // reused row after row: its strings keep their memory
    std::size_t m_rows = 0;
    bool m_failed = false;
};

bool AdvisorReader::findHeader()
{
    // Lines are looked at raw: the preamble is not CSV (a quoted field there may span two lines).
    std::string_view line;
    for (int n = 1; n <= kMaxPreambleLines && m_reader.peekLine(line); ++n) {
        if (std::memchr(line.data(), '\0', line.size()) != nullptr) {
            fatal(n, 0, "binary data (a NUL byte): this is not an Intel Advisor CSV report");
            return false;
        }
        if (const auto delimiter = headerDelimiter(line)) {
            m_reader.setDelimiter(*delimiter);
            return true;
        }
        m_reader.skipLine();
    }
    fatal(1, 0,
        "no Intel Advisor report header (a line with the column 'Function Call Sites and Loops') in the first "
            + std::to_string(kMaxPreambleLines)
            + " lines; is this `advisor --report=survey --format=csv --show-all-columns` output?");
    return false;
}

bool AdvisorReader::readHeader()
{
    if (!m_reader.next()) {
        fatal(m_reader.failed() ? m_reader.error().line : 1, m_reader.failed() ? m_reader.error().column : 0,
            m_reader.failed() ? m_reader.error().message : std::string("no header"));
        return false;
    }
    const int line = m_reader.line();
    for (std::size_t i = 0; i < m_reader.size(); ++i) {
        m_titles.emplace_back(trimmed(m_reader.field(i)));
        const std::string t = normalTitle(m_reader.field(i));
        for (const ColumnTitle& known : kTitles) {
            if (t != known.title) {
                continue;
            }
            if (m_column[known.column] >= 0) {
                warn(line,
                    "the column '" + m_titles.back() + "' comes twice in the header: column "
                        + std::to_string(m_column[known.column] + 1) + " is read, column " + std::to_string(i + 1)
                        + " is not");
            } else {
                m_column[known.column] = static_cast<int>(i);
            }
        }
    }
    if (!has(Gflop)) {
        fatal(line, 0,
            "the header has no 'Self GFLOP' column: the report holds no FLOP counts. Collect them "
            "(`advisor --collect=tripcounts --flop`, or --collect=roofline) and export with --show-all-columns");
        return false;
    }
    if (!has(MemoryGb) && !has(L1Gb) && !has(L2Gb) && !has(L3Gb) && !has(DramGb)) {
        fatal(line, 0,
            "the header has no byte column ('Self Memory GB', or 'Self L2 GB', 'Self L3 GB', 'Self DRAM GB' "
            "of the cache simulation): export with --show-all-columns");
        return false;
    }
    m_time = has(ElapsedTime) ? ElapsedTime : has(SelfTime) ? SelfTime : ColCount;
    if (m_time == SelfTime) {
        warn(line,
            "no 'Self Elapsed Time' column: the loops' times are 'Self Time', the CPU time of all threads "
            "added up, so a loop that ran on several threads shows a lower FLOP/s than Advisor's");
    } else if (m_time == ColCount) {
        warn(line, "no 'Self Elapsed Time' or 'Self Time' column: the loops are imported without a measured time");
    }
    if (!has(DataTypes)) {
        warn(line, "no 'Data Types' column: the loops take each device's main precision");
    }
    if (has(L1Gb) && has(MemoryGb)) {
        warn(line, "both 'Self L1 GB' and 'Self Memory GB': the L1 bytes are 'Self L1 GB'");
    }
    m_kernel.file = m_file;
    return true;
}

void AdvisorReader::readRow()
{
    ++m_rows;
    const std::size_t fields = m_titles.size();
    if (m_reader.size() < fields) {
        fatal(m_reader.line(), 0,
            std::to_string(m_reader.size()) + " fields where the header has " + std::to_string(fields)
                + " (a truncated file?)");
        return;
    }
    for (std::size_t i = fields; i < m_reader.size(); ++i) {
        if (!trimmed(m_reader.field(i)).empty()) {
            warn(m_reader.line(),
                std::to_string(m_reader.size()) + " fields where the header has " + std::to_string(fields)
                    + " (a value holding the delimiter, unquoted?): the row is left out");
            return;
        }
    }
    ImportedKernel& k = m_kernel;
    k.kernel.name = trimmed(cell(Name));
    k.baseName = k.kernel.name;
    k.line = m_reader.line();
    k.launchId = has(Id) && !trimmed(cell(Id)).empty() ? trimmed(cell(Id)) : std::to_string(m_rows);
    k.kernel.flops = 0.0;
    k.kernel.bytes.clear();
    k.kernel.measuredSeconds.reset();
    k.kernel.precision.clear();
    if (k.kernel.name.empty()) {
        warn(k.line, "a row without a name in 'Function Call Sites and Loops': left out");
        return;
    }
    const std::string who = "loop '" + elide(k.kernel.name, 160) + "'";
    if (!readFlops(k, who) || !readLevels(k, who) || !readTime(k, who)) {
        return;
    }
    readPrecision(k, who);
    if (!importutil::dropZeroByteLevels(k, who, m_result.diagnostics)) {
        return;
    }
    importutil::collectKernelCopy(m_result, m_aggregator, k);
}

bool AdvisorReader::readFlops(ImportedKernel& k, const std::string& who)
{
    const Number n = parseFigure(cell(Gflop), false);
    const std::string text = elide(trimmed(cell(Gflop)), 40);
    switch (n.kind) {
    case Cell::Empty:
        warn(k.line, who + " has no 'Self GFLOP' (Advisor counted no FLOPs for it): left out");
        return false;
    case Cell::Below:
        warn(k.line, who + ": 'Self GFLOP' is " + text + ", too few FLOPs to place: left out");
        return false;
    case Cell::Bad:
        warnAtCell(Gflop, who + ": 'Self GFLOP' is '" + text + "', not a number: left out");
        return false;
    case Cell::Value:
        break;
    }
    if (n.value == 0.0) {
        warn(k.line, who + ": 'Self GFLOP' is " + text + " (no floating-point work counted): left out");
        return false;
    }
    k.kernel.flops = n.value * kGiga;
    return true;
}

bool AdvisorReader::readLevels(ImportedKernel& k, const std::string& who)
{
    // Slowest first, as the other importers list them (the first level is the one a kernel that
    // moved 0 bytes everywhere is kept on). L1: every load and store of the loop, Advisor's
    // cache-aware roofline ('Self Memory GB'); the others come from its cache simulation.
    const std::array<std::pair<Col, const char*>, 4> levels { { { DramGb, "dram" }, { L3Gb, "l3" }, { L2Gb, "l2" },
        { has(L1Gb) ? L1Gb : MemoryGb, "l1" } } };
    std::string empty;
    std::string below;
    for (const auto& [column, level] : levels) {
        if (!has(column)) {
            continue;
        }
        const Number n = parseFigure(cell(column), false);
        if (n.kind == Cell::Bad) {
            warnAtCell(column,
                who + ": '" + title(column) + "' is '" + elide(trimmed(cell(column)), 40)
                    + "', not a number: left out");
            return false;
        }
        if (n.kind != Cell::Value) {
            std::string& missing = n.kind == Cell::Empty ? empty : below;
            missing += (missing.empty() ? "" : ", ") + title(column);
            continue;
        }
        k.kernel.bytes.push_back({ level, n.value * kGiga });
    }
    if (k.kernel.bytes.empty()) {
        warn(k.line,
            who + " has no byte count" + (empty.empty() ? "" : " (" + empty + " empty)")
                + (below.empty() ? "" : " (" + below + " below what Advisor prints)") + ": left out");
        return false;
    }
    if (!empty.empty() || !below.empty()) {
        const bool one = (empty + below).find(',') == std::string::npos && (empty.empty() || below.empty());
        warn(k.line,
            who + ": " + (empty.empty() ? "" : empty + " empty") + (empty.empty() || below.empty() ? "" : "; ")
                + (below.empty() ? "" : below + " below what Advisor prints") + ": imported without "
                + (one ? "that level" : "those levels"));
    }
    return true;
}

bool AdvisorReader::readTime(ImportedKernel& k, const std::string& who)
{
    if (m_time == ColCount) {
        return true;
    }
    const Number n = parseFigure(cell(m_time), true);
    const std::string text = elide(trimmed(cell(m_time)), 40);
    if (n.kind == Cell::Bad) {
        warnAtCell(m_time, who + ": '" + title(m_time) + "' is '" + text + "', not a time in seconds: left out");
        return false;
    }
    if (n.kind == Cell::Value && n.value > 0.0) {
        k.kernel.measuredSeconds = n.value;
        return true;
    }
    warn(k.line,
        who + ": '" + title(m_time) + "' is " + (n.kind == Cell::Empty ? std::string("empty") : text)
            + (n.kind == Cell::Below ? ", below what Advisor prints" : "") + ": imported without a measured time");
    return true;
}

void AdvisorReader::readPrecision(ImportedKernel& k, const std::string& who)
{
    if (!has(DataTypes)) {
        return;
    }
    bool several = false;
    k.kernel.precision = precisionOfDataTypes(cell(DataTypes), several);
    if (several) {
        warn(k.line,
            who + " works on several floating-point types ('" + elide(trimmed(cell(DataTypes)), 60)
                + "'): its precision is taken as " + k.kernel.precision
                + ", the narrowest, whose roof is the highest of those it uses");
    }
}

ImportResult readAdvisor(CsvReader& reader, const std::string& fileLabel, const ImportOptions& options)
{
    AdvisorReader advisorReader(reader, fileLabel, options);
    return advisorReader.run();
}

} // namespace advisor
} // namespace

ImportResult importAdvisorCsvText(std::string_view text, const std::string& fileLabel, const ImportOptions& options)
{
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    CsvReader reader(text, fileLabel, options.maxRecordBytes);
    return advisor::readAdvisor(reader, fileLabel, options);
}

ImportResult importAdvisorCsv(const std::string& path, const ImportOptions& options)
{
    ImportResult result;
    std::ifstream in;
    if (!importutil::openImportFile(path, options.maxFileBytes, in, result.diagnostics)) {
        return result;
    }
    CsvReader reader(in, path, options.maxRecordBytes);
    return advisor::readAdvisor(reader, path, options);
}

} // namespace roofscope
