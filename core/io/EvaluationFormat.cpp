#include "io/EvaluationFormat.h"

#include "io/EvaluationTableWriter.h"
#include "model/Guidance.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace roofscope {

namespace {
// JSON has no infinity: an intensity with no bytes is null.
nlohmann::json number(double value)
{
    if (!std::isfinite(value)) {
        return nullptr;
    }
    return value;
}

std::string kindName(LevelKind kind)
{
    return kind == LevelKind::Memory ? "memory" : "interconnect";
}
} // namespace

nlohmann::json evaluationToJson(const Evaluation& ev, const Kernel& kernel)
{
    nlohmann::json j;
    j["hardware"] = ev.hardwareId;
    j["hardware_name"] = ev.hardwareName;
    j["kernel"] = ev.kernelName;
    j["precision"] = ev.precision;
    j["unit"] = ev.unit;
    j["flops"] = ev.flops;
    j["count"] = kernel.count;
    j["chips"] = ev.chips;
    nlohmann::json bytes = nlohmann::json::object();
    nlohmann::json intensity = nlohmann::json::object();
    nlohmann::json ridge = nlohmann::json::object();
    nlohmann::json times = nlohmann::json::object();
    nlohmann::json bandwidth = nlohmann::json::object();
    nlohmann::json fits = nlohmann::json::object();
    for (const auto& l : ev.levels) {
        bytes[l.name] = l.bytes;
        intensity[l.name] = number(l.intensity);
        ridge[l.name] = number(l.ridge);
        times[l.name] = l.seconds;
        bandwidth[l.name] = l.bytesPerSecond;
    }
    j["bytes"] = bytes;
    j["intensity"] = intensity;
    j["ridge"] = ridge;
    j["bandwidth_bytes_per_s"] = bandwidth;
    j["default_level"] = ev.defaultLevel;
    j["peak_flops_per_s"] = ev.peakFlopsPerSecond;
    j["compute_roof_flops_per_s"] = ev.computeRoof;
    j["attainable_flops_per_s"] = ev.attainable;
    j["fraction_of_peak"] = ev.fractionOfPeak;
    j["regime"] = regimeName(ev.regime);
    j["binding"] = ev.binding;
    j["binding_kind"] = ev.bindingKind();
    j["level"] = ev.nearestLevel.empty() ? nlohmann::json(nullptr) : nlohmann::json(ev.nearestLevel);
    j["guidance"] = guidance(ev, &kernel);
    j["t_math_s"] = ev.tMath;
    j["t_level_s"] = times;
    j["t_min_s"] = ev.tMin;
    j["t_max_s"] = ev.tMax;
    j["roofs"] = ev.sustained ? "sustained" : "peak";
    j["comm_fraction"] = ev.commFraction;
    if (ev.measuredSeconds) {
        j["measured_s"] = *ev.measuredSeconds;
        j["achieved_flops_per_s"] = *ev.achieved;
        j["fraction_of_roof"] = *ev.fractionOfRoof;
        j["above_roof"] = *ev.aboveRoof;
        j["within_bounds"] = *ev.withinBounds;
    }
    for (const auto& [level, fit] : ev.fits) {
        fits[level] = fit;
    }
    if (!fits.empty()) {
        j["fits"] = fits;
    }
    if (ev.peakBasis) {
        const PeakBasis& p = *ev.peakBasis;
        j["peak"] = { { "attainable_flops_per_s", p.attainable }, { "fraction_of_peak", p.fractionOfPeak },
            { "regime", regimeName(p.regime) }, { "binding", p.binding }, { "t_min_s", p.tMin },
            { "t_max_s", p.tMax } };
    }
    if (kernel.workingSetBytes) {
        j["working_set_bytes"] = *kernel.workingSetBytes;
    }
    if (ev.launchOverheadSeconds) {
        j["launch_overhead_s"] = *ev.launchOverheadSeconds;
        j["t_min_with_launch_s"] = ev.tMinWithLaunch;
        j["t_max_with_launch_s"] = ev.tMaxWithLaunch;
    }
    if (kernel.templ) {
        nlohmann::json t;
        t["name"] = kernel.templ->name;
        for (const auto& [name, value] : kernel.templ->params) {
            t["params"][name] = value;
        }
        for (const auto& [name, value] : kernel.templ->options) {
            t["params"][name] = value;
        }
        j["template"] = t;
    }
    if (!ev.warnings.empty()) {
        j["warnings"] = ev.warnings;
    }
    if (!ev.levelNotes.empty()) {
        j["level_notes"] = ev.levelNotes;
        j["like_for_like"] = ev.likeForLikeLevels;
    }
    if (!ev.measuredOn.empty()) {
        j["measured_on"] = ev.measuredOn;
    }
    return j;
}

nlohmann::json kernelOnlyToJson(const Kernel& kernel)
{
    nlohmann::json j;
    j["hardware"] = nullptr;
    j["kernel"] = kernel.name;
    j["flops"] = kernel.flops;
    j["count"] = kernel.count;
    nlohmann::json bytes = nlohmann::json::object();
    nlohmann::json intensity = nlohmann::json::object();
    for (const auto& b : kernel.bytes) {
        bytes[b.level] = b.bytes;
        intensity[b.level] = number(b.bytes > 0.0 ? kernel.flops / b.bytes : INFINITY);
    }
    j["bytes"] = bytes;
    j["intensity"] = intensity;
    if (!kernel.precision.empty()) {
        j["precision"] = kernel.precision;
    }
    if (kernel.measuredSeconds) {
        j["measured_s"] = *kernel.measuredSeconds;
        j["achieved_flops_per_s"] = kernel.flops / *kernel.measuredSeconds;
    }
    return j;
}

nlohmann::json solveResultToJson(
    const SolveResult& result, const std::string& hardwareId, const std::string& kernelName, const std::string& free)
{
    return { { "hardware", hardwareId }, { "kernel", kernelName }, { "free", free },
        { "value", result.value ? nlohmann::json(*result.value) : nlohmann::json(nullptr) },
        { "intensity", number(result.intensity) }, { "ridge", number(result.ridge) }, { "level", result.level },
        { "compute_bound_above", result.computeBoundAbove } };
}

std::string jsonText(const nlohmann::json& value, int indent)
{
    try {
        return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
    } catch (const std::exception&) {
        return "null"; // only on memory exhaustion
    }
}

nlohmann::json hardwareSummaryToJson(const Hardware& hw)
{
    return { { "id", hw.id }, { "name", hw.name }, { "vendor", hw.vendor }, { "family", hw.family },
        { "generation", hw.generation } };
}

nlohmann::json hardwareToJson(const Hardware& hw)
{
    nlohmann::json j = hardwareSummaryToJson(hw);
    j["year"] = hw.year;
    if (!hw.kind.empty()) {
        j["kind"] = hw.kind;
    }
    nlohmann::json peaks = nlohmann::json::object();
    for (const auto& p : hw.precisions()) {
        peaks[p] = *hw.peak(p);
    }
    j["peak_flops_per_s"] = peaks;
    nlohmann::json units = nlohmann::json::array();
    for (const auto& c : hw.compute) {
        nlohmann::json u { { "unit", c.unit }, { "precision", c.precision }, { "peak_flops_per_s", c.flopsPerSecond },
            { "source", c.source }, { "estimate", c.estimate } };
        if (c.sparseFlopsPerSecond) {
            u["sparse_peak_flops_per_s"] = *c.sparseFlopsPerSecond;
        }
        units.push_back(u);
    }
    j["compute_units"] = units;
    nlohmann::json bandwidth = nlohmann::json::object();
    nlohmann::json levels = nlohmann::json::array();
    for (const auto& l : hw.levels) {
        bandwidth[l.name] = l.bytesPerSecond;
        nlohmann::json level { { "name", l.name }, { "kind", kindName(l.kind) },
            { "bandwidth_bytes_per_s", l.bytesPerSecond }, { "source", l.source }, { "estimate", l.estimate } };
        if (l.capacityBytes) {
            level["capacity_bytes"] = *l.capacityBytes;
            level["capacity_source"] = l.capacitySource.empty() ? l.source : l.capacitySource;
            level["capacity_estimate"] = l.capacitySource.empty() ? l.estimate : l.capacityEstimate;
        }
        if (!l.aliases.empty()) {
            level["aliases"] = l.aliases;
        }
        if (l.collectiveBytesPerSecond) {
            level["collective_bandwidth_bytes_per_s"] = *l.collectiveBytesPerSecond;
        }
        if (l.latencySeconds) {
            level["latency_s"] = *l.latencySeconds;
        }
        if (l.collectiveBytesPerSecond || l.latencySeconds) {
            level["collective_source"] = l.collectiveSource.empty() ? l.source : l.collectiveSource;
            level["collective_estimate"] = l.collectiveEstimate;
        }
        levels.push_back(level);
    }
    j["bandwidth_bytes_per_s"] = bandwidth;
    j["levels"] = levels;
    j["default_level"] = hw.defaultLevel;
    nlohmann::json ridges = nlohmann::json::object();
    if (const BandwidthLevel* def = hw.defaultLevelPtr()) {
        for (const auto& p : hw.precisions()) {
            ridges[p] = *hw.peak(p) / def->bytesPerSecond;
        }
    }
    j["ridge_default_level"] = ridges;
    if (hw.sustained) {
        j["sustained"] = { { "compute", hw.sustained->compute }, { "bandwidth", hw.sustained->bandwidth } };
    }
    nlohmann::json ceilings = nlohmann::json::array();
    for (const auto& c : hw.ceilings) {
        nlohmann::json cj { { "name", c.name }, { "value", c.value }, { "source", c.source } };
        if (!c.precision.empty()) {
            cj["precision"] = c.precision;
        } else {
            cj["level"] = c.level;
        }
        ceilings.push_back(cj);
    }
    j["ceilings"] = ceilings;
    if (hw.tdpWatts) {
        j["tdp_w"] = *hw.tdpWatts;
    }
    if (hw.priceDollars) {
        j["price_usd"] = *hw.priceDollars;
    }
    if (hw.launchOverheadSeconds) {
        j["launch_overhead_s"] = *hw.launchOverheadSeconds;
        if (!hw.launchOverheadSource.empty()) {
            j["launch_overhead_source"] = hw.launchOverheadSource;
        }
        j["launch_overhead_estimate"] = hw.launchOverheadEstimate;
    }
    nlohmann::json sources = nlohmann::json::array();
    for (const auto& s : hw.sources) {
        nlohmann::json sj { { "id", s.id }, { "title", s.title } };
        if (!s.url.empty()) {
            sj["url"] = s.url;
        }
        if (!s.document.empty()) {
            sj["document"] = s.document;
        }
        sources.push_back(sj);
    }
    j["sources"] = sources;
    if (!hw.notes.empty()) {
        j["notes"] = hw.notes;
    }
    j["file"] = hw.origin;
    return j;
}

const std::vector<TableColumn>& tableColumns()
{
    static const std::vector<TableColumn> columns {
        { "Kernel", "kernel", ColumnKind::Text }, { "Device", "hardware", ColumnKind::Text },
        { "Precision", "precision", ColumnKind::Text },
        { "Intensity", "intensity_flop_per_byte", ColumnKind::Intensity },
        { "Ridge", "ridge_flop_per_byte", ColumnKind::Intensity },
        { "Attainable", "attainable_flops_per_s", ColumnKind::Rate },
        { "% of peak", "fraction_of_peak", ColumnKind::Percent }, { "Regime", "regime", ColumnKind::Text },
        { "Binding", "binding", ColumnKind::Text }, { "T_min", "t_min_s", ColumnKind::Seconds },
        { "T_max", "t_max_s", ColumnKind::Seconds }, { "Measured", "measured_s", ColumnKind::Seconds },
        { "% of roof", "fraction_of_roof", ColumnKind::Percent }, { "Headroom", "headroom", ColumnKind::Factor },
        { "Level", "level", ColumnKind::Text }, // of the intensity and ridge (Evaluation::regimeLevel())
    };
    return columns;
}

namespace {
// A transfer without arithmetic (an all-to-all, a pipeline send, a copy): its FLOP figures are not
// zero performance but no performance at all, and it has no point on a FLOP/s chart.
bool withoutFlops(const Evaluation& ev, size_t column)
{
    return !(ev.flops > 0.0)
        && (column == ColumnIntensity || column == ColumnAttainable || column == ColumnFractionOfPeak);
}
} // namespace

std::optional<double> tableNumber(const Evaluation& ev, size_t column)
{
    if (withoutFlops(ev, column)) {
        return std::nullopt;
    }
    const LevelEvaluation* nearest = ev.regimeLevel();
    switch (column) {
    case ColumnIntensity:
        return nearest ? nearest->intensity : ev.intensity;
    case ColumnRidge:
        return nearest ? std::optional<double>(nearest->ridge) : std::nullopt;
    case ColumnAttainable:
        return ev.attainable;
    case ColumnFractionOfPeak:
        return ev.fractionOfPeak;
    case ColumnTMin:
        return ev.tMin;
    case ColumnTMax:
        return ev.tMax;
    case ColumnMeasured:
        return ev.measuredSeconds;
    case ColumnFractionOfRoof:
        return ev.fractionOfRoof;
    case ColumnHeadroom:
        if (ev.fractionOfRoof && *ev.fractionOfRoof > 0.0) {
            return 1.0 / *ev.fractionOfRoof; // how far the roof is above the measured point
        }
        return std::nullopt;
    default:
        return std::nullopt;
    }
}

std::string tableCell(const Evaluation& ev, size_t column, bool forCsv)
{
    const ColumnKind kind = column < tableColumns().size() ? tableColumns()[column].kind : ColumnKind::Text;
    if (kind == ColumnKind::Text) {
        switch (column) {
        case ColumnKernel:
            return ev.kernelName;
        case ColumnDevice: // CSV keeps the id; people read the short label every view shows
            return forCsv || ev.hardwareLabel.empty() ? ev.hardwareId : ev.hardwareLabel;
        case ColumnPrecision:
            return ev.precision;
        case ColumnLevel:
            return ev.nearestLevel;
        case ColumnRegime:
            return regimeName(ev.regime);
        case ColumnBinding:
            return ev.binding;
        default:
            return {};
        }
    }
    const auto value = tableNumber(ev, column);
    if (!value) {
        return !forCsv && withoutFlops(ev, column) ? std::string(kNoFlopsCell) : std::string();
    }
    if (forCsv || !std::isfinite(*value)) {
        return formatExact(*value);
    }
    switch (kind) {
    case ColumnKind::Intensity:
        return formatQuantity(*value, Dimension::FlopsPerByte);
    case ColumnKind::Rate:
        return formatQuantity(*value, Dimension::FlopsPerSecond);
    case ColumnKind::Percent:
        return formatNumber(*value * 100.0, 3) + " %";
    case ColumnKind::Seconds:
        return formatQuantity(*value, Dimension::Seconds);
    case ColumnKind::Factor:
        return formatNumber(*value, 3) + "x";
    case ColumnKind::Text:
        break;
    }
    return {};
}

std::string escapeCsv(const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        return text;
    }
    std::string out = "\"";
    for (char c : text) {
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return out + "\"";
}

std::string formatGrid(
    const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows, TableFormat format)
{
    std::ostringstream out;
    if (format == TableFormat::Csv) {
        auto csvLine = [&](const std::vector<std::string>& row) {
            for (size_t c = 0; c < row.size(); ++c) {
                out << (c ? "," : "") << escapeCsv(row[c]);
            }
            out << "\n";
        };
        csvLine(header);
        for (const auto& row : rows) {
            csvLine(row);
        }
        return out.str();
    }
    const bool md = format == TableFormat::Markdown;
    auto cell = [md](const std::string& raw) {
        // One line per row: line breaks and other control characters in names are escaped.
        const std::string text = printable(raw);
        if (!md) {
            return text;
        }
        std::string escaped;
        for (char ch : text) {
            escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
        }
        return escaped;
    };
    std::vector<size_t> widths(header.size());
    for (size_t c = 0; c < header.size(); ++c) {
        widths[c] = cell(header[c]).size();
    }
    for (const auto& row : rows) {
        for (size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            widths[c] = std::max(widths[c], cell(row[c]).size());
        }
    }
    auto line = [&](const std::vector<std::string>& row, bool escape) {
        std::string text = md ? "| " : "";
        for (size_t c = 0; c < widths.size(); ++c) {
            std::string value = c < row.size() ? (escape ? cell(row[c]) : row[c]) : std::string();
            value += std::string(widths[c] > value.size() ? widths[c] - value.size() : 0, ' ');
            text += value + (c + 1 < widths.size() ? (md ? " | " : "  ") : (md ? " |" : ""));
        }
        if (!md) { // aligned text: no trailing spaces
            while (!text.empty() && text.back() == ' ') {
                text.pop_back();
            }
        }
        out << text << "\n";
    };
    line(header, true);
    std::vector<std::string> rule;
    rule.reserve(widths.size());
    for (size_t width : widths) {
        rule.emplace_back(width, '-');
    }
    line(rule, false);
    for (const auto& row : rows) {
        line(row, true);
    }
    return out.str();
}

std::string formatEvaluationTable(const std::vector<Evaluation>& rows, TableFormat format)
{
    EvaluationTableWriter writer(format);
    for (const auto& ev : rows) {
        writer.measure(ev);
    }
    std::ostringstream out;
    writer.writeHeader(out);
    for (const auto& ev : rows) {
        writer.writeRow(out, ev);
    }
    return out.str();
}

} // namespace roofscope
