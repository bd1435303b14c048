// Nsight Compute CSV (`ncu --csv`): the long layout (one row per metric) and the wide
// `--page raw` layout (one row per launch).
#include "io/CsvReader.h"
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/NcuLaunch.h"
#include "io/NcuMetrics.h"
#include "io/NcuSplit.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace roofscope {

namespace {

using importutil::NumberStatus;
using namespace ncu;

// The launches read so far, to notice rows of a launch that come back after another launch's. ncu
// numbers launches 0, 1, 2, ... per process: numeric IDs are kept as ranges (a few bytes in all for
// a whole profile), other IDs as 64-bit hashes.
class SeenLaunches {
public:
    // False when the launch was seen before.
    bool insert(std::string_view process, std::string_view id)
    {
        std::uint64_t number = 0;
        const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), number);
        if (id.empty() || ec != std::errc() || end != id.data() + id.size()) {
            std::string key;
            key.append(process).append(1, '\x1f').append(id);
            return m_hashes.insert(std::hash<std::string> {}(key)).second;
        }
        if (!m_last || m_lastProcess != process) {
            m_last = &m_ranges[std::string(process)];
            m_lastProcess = std::string(process);
        }
        auto& ranges = *m_last;
        if (ranges.empty() || number > ranges.back().second + 1) {
            ranges.emplace_back(number, number);
            return true;
        }
        if (number == ranges.back().second + 1) {
            ++ranges.back().second;
            return true;
        }
        // Out of order: find the first range that ends at or after the number.
        auto it = std::lower_bound(ranges.begin(), ranges.end(), number,
            [](const std::pair<std::uint64_t, std::uint64_t>& r, std::uint64_t n) { return r.second < n; });
        if (it != ranges.end() && it->first <= number) {
            return false;
        }
        ranges.insert(it, { number, number });
        return true;
    }

private:
    std::unordered_map<std::string, std::vector<std::pair<std::uint64_t, std::uint64_t>>> m_ranges;
    std::vector<std::pair<std::uint64_t, std::uint64_t>>* m_last = nullptr;
    std::string m_lastProcess;
    std::unordered_set<std::uint64_t> m_hashes;
};

class NcuParser {
public:
    // With `passes`, the launches are collected there as read (for a split run, or a file of several
    // passes), one list per pass, not finished.
    NcuParser(CsvReader& reader, std::string file, const ImportOptions& options,
        std::vector<std::vector<Launch>>* passes = nullptr)
        : m_file(std::move(file))
        , m_reader(reader)
        , m_passes(passes)
    {
        if (options.aggregate && !passes) {
            m_aggregator.emplace();
        }
        if (passes) {
            passes->emplace_back();
        }
    }

    ImportResult run();
    std::uint32_t presentMetrics() const { return m_presentUnion; }
    // The file holds more than one pass (ncu's header again, as several runs appended to one file
    // write it): read without `passes`, the parser stops there, and the file is read again with them.
    bool morePasses() const { return m_morePasses; }

private:
    bool findHeader();
    bool readHeader();
    void takeHeaderColumns();
    bool repeatedHeader() const
    {
        return m_id >= 0 && static_cast<std::size_t>(m_id) < m_reader.size()
            && static_cast<std::size_t>(m_name) < m_reader.size()
            && m_reader.field(static_cast<std::size_t>(m_id)) == "ID"
            && m_reader.field(static_cast<std::size_t>(m_name)) == "Kernel Name";
    }
    // At a repeated header: true when reading goes on with the next pass (its header taken), false
    // when the parser stops (morePasses(), or an error).
    bool nextPass(bool longLayout);
    void readLong();
    void readWide();
    void setValue(Launch& launch, Metric metric, std::string_view value, std::string_view unit);
    void finish(Launch& launch);
    void fatal(int line, int column, const std::string& message)
    {
        m_result.diagnostics.push_back(importutil::errorAt(m_file, line, column, message));
    }
    bool readerFailed()
    {
        if (m_reader.failed()) {
            m_result.diagnostics.push_back(m_reader.error());
            return true;
        }
        return false;
    }
    int columnOf(std::string_view name) const
    {
        for (std::size_t i = 0; i < m_header.size(); ++i) {
            if (m_header[i] == name) {
                return static_cast<int>(i);
            }
        }
        return -1;
    }
    // A record with fewer fields than the columns read from it.
    bool shortRecord()
    {
        if (m_reader.size() >= m_needed) {
            return false;
        }
        fatal(m_reader.line(), 0,
            std::to_string(m_reader.size()) + " fields where the header has " + std::to_string(m_header.size())
                + " (a truncated file, or rows that do not match the header)");
        return true;
    }
    bool profilerMessage()
    {
        if (m_reader.size() != 1 || m_reader.field(0).rfind("==", 0) != 0) {
            return false;
        }
        const std::string_view raw = m_reader.field(0);
        if (raw.rfind("==ERROR==", 0) == 0) {
            m_profilerErrors.push_back({ m_reader.line(), std::string(raw) });
        }
        return true;
    }

    std::string m_file;
    CsvReader& m_reader;
    std::vector<std::vector<Launch>>* m_passes = nullptr;
    bool m_morePasses = false;
    ImportResult m_result;
    std::optional<LaunchAggregator> m_aggregator;
    LaunchFinisher m_finisher { m_result, m_aggregator };
    std::uint32_t m_presentUnion = 0;
    std::size_t m_launchCount = 0;
    std::vector<std::string> m_header;
    std::size_t m_needed = 0;
    int m_id = -1;
    int m_process = -1;
    int m_name = -1;
    int m_cc = -1;
    std::vector<std::pair<int, std::string>> m_profilerErrors;
    std::array<std::string, MetricCount> m_unit;
    std::array<double, MetricCount> m_unitFactor {};
    std::array<bool, MetricCount> m_unitKnown {};
};

bool NcuParser::findHeader()
{
    // Application output and ==PROF== lines may come first: the header is the first line that
    // starts with the "ID" column. Lines are scanned raw so a stray quote above cannot hide it.
    int line = 1;
    std::string_view content;
    while (m_reader.peekLine(content)) {
        if (content.rfind("\"ID\",", 0) == 0 || content.rfind("ID,", 0) == 0) {
            return true;
        }
        if (content.rfind("==ERROR==", 0) == 0) {
            std::string message(content);
            while (!message.empty() && (message.back() == '\r' || message.back() == ' ')) {
                message.pop_back();
            }
            m_profilerErrors.push_back({ line, message });
        }
        if (std::memchr(content.data(), '\0', content.size()) != nullptr) {
            fatal(line, 0, "binary data (a NUL byte): this is not an Nsight Compute CSV export");
            return false;
        }
        m_reader.skipLine();
        ++line;
    }
    fatal(m_profilerErrors.empty() ? 1 : m_profilerErrors.front().first, 0,
        "no Nsight Compute CSV header (a line starting with \"ID\",...) found; is this `ncu --csv` output?"
            + (m_profilerErrors.empty() ? std::string()
                                        : " The profiler reported: " + m_profilerErrors.front().second));
    return false;
}

void NcuParser::takeHeaderColumns()
{
    m_header.clear();
    for (const auto& f : m_reader.fields()) {
        m_header.emplace_back(f);
    }
    m_id = columnOf("ID");
    m_process = columnOf("Process ID");
    m_name = columnOf("Kernel Name");
    m_cc = columnOf("CC");
    m_needed = 0;
}

bool NcuParser::nextPass(bool longLayout)
{
    if (!m_passes) {
        m_morePasses = true;
        return false;
    }
    const int line = m_reader.line();
    takeHeaderColumns();
    const bool nowLong = columnOf("Metric Name") >= 0 || columnOf("Metric Value") >= 0;
    if (nowLong != longLayout) {
        fatal(line, 0,
            std::string("ncu's header again, now in the ") + (nowLong ? "long" : "wide")
                + " layout: the passes of one file must be exported the same way (all with --page raw, or none)");
        return false;
    }
    m_passes->emplace_back();
    return true;
}

bool NcuParser::readHeader()
{
    if (!m_reader.next()) {
        readerFailed();
        return false;
    }
    takeHeaderColumns();
    if (m_name < 0) {
        fatal(m_reader.line(), 0, "the header has no \"Kernel Name\" column; is this `ncu --csv` output?");
        return false;
    }
    return true;
}

ImportResult NcuParser::run()
{
    if (!findHeader() || !readHeader()) {
        return std::move(m_result);
    }
    if (columnOf("Metric Name") >= 0 || columnOf("Metric Value") >= 0) {
        readLong();
    } else {
        readWide();
    }
    if (m_morePasses) {
        return std::move(m_result);
    }
    if (!m_result.ok()) {
        m_result.kernels.clear();
        m_aggregator.reset();
        return std::move(m_result);
    }
    importutil::finishKernels(m_result, m_aggregator);
    m_finisher.summarize();
    // ==ERROR== lines anywhere in the file explain the launches left out.
    if (!m_profilerErrors.empty()) {
        for (std::size_t i : m_finisher.skipWarnings()) {
            m_result.diagnostics[i].message += " (the profiler reported: " + m_profilerErrors.front().second
                + " at line " + std::to_string(m_profilerErrors.front().first) + ")";
        }
    }
    if (m_launchCount == 0) {
        m_result.diagnostics.push_back(importutil::warningAt(m_file, 0, "no kernel rows after the header"));
    }
    return std::move(m_result);
}

void NcuParser::setValue(Launch& launch, Metric metric, std::string_view value, std::string_view unit)
{
    const auto parsed = importutil::parseCounter(value);
    const char* name = kMetricNames[metric];
    if (parsed.status == NumberStatus::Missing) {
        return;
    }
    const bool given = launch.has(metric);
    launch.present |= 1U << metric;
    if (!launch.problem.empty()) {
        return;
    }
    if (parsed.status == NumberStatus::NotANumber) {
        launch.problem = std::string(name) + " is nan";
        return;
    }
    if (parsed.status == NumberStatus::Invalid) {
        launch.problem = std::string(name) + " is '" + std::string(value.substr(0, 40)) + "', not a number";
        return;
    }
    // One unit per metric in practice: remember the last one's factor.
    if (!m_unitKnown[metric] || m_unit[metric] != unit) {
        m_unit[metric] = std::string(unit);
        m_unitFactor[metric] = unitFactor(unit, quantityOf(metric));
        m_unitKnown[metric] = true;
    }
    const double factor = m_unitFactor[metric];
    if (factor == 0.0) {
        launch.problem = std::string(name) + " has an unknown unit '" + std::string(unit.substr(0, 40)) + "'";
        return;
    }
    if (parsed.value < 0.0) {
        launch.problem = std::string(name) + " is negative";
        return;
    }
    const double converted = parsed.value * factor;
    if (given && std::abs(converted - launch.values[metric]) > 1e-9 * std::max(converted, launch.values[metric])) {
        launch.problem = std::string(name) + " is given twice for this launch, with different values ("
            + formatNumber(launch.values[metric], 6) + " and " + formatNumber(converted, 6) + ")";
        return;
    }
    launch.values[metric] = converted;
}

void NcuParser::readLong()
{
    int metricName = columnOf("Metric Name");
    int metricValue = columnOf("Metric Value");
    int metricUnit = columnOf("Metric Unit");
    if (metricName < 0 || metricValue < 0 || m_id < 0) {
        fatal(m_reader.line(), 0, "the header needs \"ID\", \"Metric Name\" and \"Metric Value\" columns");
        return;
    }
    for (int c : { m_id, m_process, m_name, metricName, metricValue, metricUnit }) {
        m_needed = std::max(m_needed, static_cast<std::size_t>(c + 1));
    }
    const auto& index = metricIndex();
    // ncu writes the rows of a launch together: a launch is finished when the next one starts. A
    // file whose rows of one launch lie apart cannot be read one launch at a time: it is refused.
    SeenLaunches seen;
    Launch current;
    bool started = false;
    // The metric names in the order a launch lists them (the same for every launch in practice):
    // a comparison with the name expected at a row's place saves looking it up.
    std::vector<std::pair<std::string, int>> order;
    std::size_t rowInLaunch = 0;
    while (m_reader.next()) {
        if (profilerMessage()) {
            continue;
        }
        if (repeatedHeader()) {
            // The next pass (another ncu run appended): its launches start over.
            if (started) {
                finish(current);
            }
            started = false;
            if (!nextPass(true)) {
                return;
            }
            metricName = columnOf("Metric Name");
            metricValue = columnOf("Metric Value");
            metricUnit = columnOf("Metric Unit");
            if (metricName < 0 || metricValue < 0 || m_id < 0) {
                fatal(m_reader.line(), 0, "the header needs \"ID\", \"Metric Name\" and \"Metric Value\" columns");
                return;
            }
            for (int c : { m_id, m_process, m_name, metricName, metricValue, metricUnit }) {
                m_needed = std::max(m_needed, static_cast<std::size_t>(c + 1));
            }
            seen = SeenLaunches();
            order.clear();
            continue;
        }
        if (shortRecord()) {
            return;
        }
        const std::string_view id = m_reader.field(static_cast<std::size_t>(m_id));
        const std::string_view process = m_process >= 0 ? m_reader.field(static_cast<std::size_t>(m_process)) : "";
        if (!started || current.id != id || current.process != process) {
            if (!seen.insert(process, id)) {
                fatal(m_reader.line(), 0,
                    "the rows of launch ID " + std::string(id.substr(0, 40))
                        + " are not together (more rows of it came before another launch's); ncu writes a "
                          "launch's rows one after another: was this file edited or joined from several?");
                return;
            }
            if (started) {
                finish(current);
            }
            started = true;
            current.id.assign(id);
            current.process.assign(process);
            current.name.assign(m_reader.field(static_cast<std::size_t>(m_name)));
            current.computeCapability.assign(m_cc >= 0 && static_cast<std::size_t>(m_cc) < m_reader.size()
                    ? m_reader.field(static_cast<std::size_t>(m_cc))
                    : std::string_view());
            current.file = m_file;
            current.line = m_reader.line();
            current.values.fill(0.0);
            current.present = 0;
            current.problem.clear();
            rowInLaunch = 0;
        }
        const std::string_view name = m_reader.field(static_cast<std::size_t>(metricName));
        int metric = -1;
        if (rowInLaunch < order.size() && order[rowInLaunch].first == name) {
            metric = order[rowInLaunch].second;
        } else {
            const auto found = index.find(name);
            metric = found == index.end() ? -1 : static_cast<int>(found->second);
            if (rowInLaunch < order.size()) {
                order[rowInLaunch] = { std::string(name), metric };
            } else if (order.size() < 4096) {
                order.emplace_back(std::string(name), metric);
            }
        }
        ++rowInLaunch;
        if (metric < 0) {
            continue;
        }
        setValue(current, static_cast<Metric>(metric), m_reader.field(static_cast<std::size_t>(metricValue)),
            metricUnit >= 0 ? m_reader.field(static_cast<std::size_t>(metricUnit)) : "");
    }
    if (readerFailed()) {
        return;
    }
    if (started) {
        finish(current);
    }
}

void NcuParser::readWide()
{
    std::vector<std::pair<std::size_t, Metric>> columns;
    std::vector<std::string> units;
    bool first = true;
    // The metric columns of the header just read.
    auto takeColumns = [&] {
        columns.clear();
        const auto& index = metricIndex();
        for (std::size_t i = 0; i < m_header.size(); ++i) {
            if (auto found = index.find(m_header[i]); found != index.end()) {
                columns.emplace_back(i, found->second);
                m_needed = std::max(m_needed, i + 1);
            }
        }
        if (columns.empty()) {
            fatal(m_reader.line(), 0,
                "neither the long layout (\"Metric Name\", \"Metric Value\") nor any roofline metric column "
                "(dram__bytes.sum, sm__sass_thread_inst_executed_op_*, ...) in the header");
            return false;
        }
        for (int c : { m_id, m_process, m_name }) {
            m_needed = std::max(m_needed, static_cast<std::size_t>(c + 1));
        }
        units.assign(m_header.size(), std::string());
        first = true;
        return true;
    };
    if (!takeColumns()) {
        return;
    }
    while (m_reader.next()) {
        if (profilerMessage()) {
            continue;
        }
        if (repeatedHeader()) {
            if (!nextPass(false) || !takeColumns()) {
                return;
            }
            continue;
        }
        if (shortRecord()) {
            return;
        }
        const std::string_view id = m_id >= 0 ? m_reader.field(static_cast<std::size_t>(m_id)) : "";
        if (first) {
            first = false;
            // `--page raw` writes the units in a second header row, with an empty ID.
            if (m_id >= 0 && importutil::parseCounter(id).status != NumberStatus::Ok) {
                for (std::size_t i = 0; i < units.size() && i < m_reader.size(); ++i) {
                    units[i] = std::string(m_reader.field(i));
                }
                continue;
            }
        }
        Launch launch;
        launch.id = m_id >= 0 ? std::string(id) : std::to_string(m_launchCount);
        launch.process = m_process >= 0 ? std::string(m_reader.field(static_cast<std::size_t>(m_process))) : "";
        launch.name = std::string(m_reader.field(static_cast<std::size_t>(m_name)));
        if (m_cc >= 0 && static_cast<std::size_t>(m_cc) < m_reader.size()) {
            launch.computeCapability = std::string(m_reader.field(static_cast<std::size_t>(m_cc)));
        }
        launch.file = m_file;
        launch.line = m_reader.line();
        for (const auto& [column, metric] : columns) {
            setValue(launch, metric, m_reader.field(column), units[column]);
        }
        finish(launch);
    }
    readerFailed();
}

void NcuParser::finish(Launch& launch)
{
    ++m_launchCount;
    m_presentUnion |= launch.present;
    if (m_passes) {
        m_passes->back().push_back(launch);
        return;
    }
    m_finisher.finish(launch);
}

} // namespace

ImportResult importNcuCsvText(std::string_view text, const std::string& fileLabel, const ImportOptions& options)
{
    {
        CsvReader reader(text, fileLabel, options.maxRecordBytes);
        NcuParser parser(reader, fileLabel, options);
        ImportResult result = parser.run();
        if (!parser.morePasses()) {
            return result;
        }
    }
    std::vector<std::vector<Launch>> passes;
    CsvReader reader(text, fileLabel, options.maxRecordBytes);
    NcuParser parser(reader, fileLabel, options, &passes);
    ImportResult read = parser.run();
    if (!read.ok()) {
        return read;
    }
    return ncu::mergePasses(fileLabel, passes, options, std::move(read.diagnostics));
}

namespace ncu {

ImportResult readNcuFile(const std::string& path, const ImportOptions& options, std::uint32_t& present,
    std::vector<std::vector<Launch>>* passes)
{
    ImportResult result;
    present = 0;
    std::ifstream in;
    if (!importutil::openImportFile(path, options.maxFileBytes, in, result.diagnostics)) {
        return result;
    }
    CsvReader reader(in, path, options.maxRecordBytes);
    NcuParser parser(reader, path, options, passes);
    result = parser.run();
    present = parser.presentMetrics();
    if (!parser.morePasses()) {
        return result;
    }
    // Several passes in the file: read again pass by pass, and merged as the files of a split run are.
    std::vector<std::vector<Launch>> read;
    ImportOptions raw = options;
    raw.aggregate = false;
    result = readNcuFile(path, raw, present, &read);
    if (!result.ok()) {
        return result;
    }
    return mergePasses(path, read, options, std::move(result.diagnostics));
}

} // namespace ncu

ImportResult importNcuCsv(const std::string& path, const ImportOptions& options)
{
    std::uint32_t present = 0;
    return ncu::readNcuFile(path, options, present, nullptr);
}

} // namespace roofscope
