#include "cli/MapCommand.h"

#include "chart/RegimeMapImage.h"
#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/RangeArgs.h"
#include "cli/WorkloadCommand.h"
#include "io/EvaluationFormat.h"
#include "model/RegimeMap.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingSweep.h"

#include <nlohmann/json.hpp>

#include <QGuiApplication>

#include <cmath>
#include <ostream>
#include <string_view>

namespace roofscope {

namespace {

// `value` as dump(2) writes it nested `depth` levels deep: each line after the first indented.
void writeNested(std::ostream& out, const nlohmann::json& value, int depth)
{
    const std::string text = value.dump(2);
    const std::string indent(static_cast<size_t>(depth) * 2, ' ');
    size_t start = 0;
    for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
        out.write(text.data() + start, static_cast<std::streamsize>(nl + 1 - start));
        out << indent;
        start = nl + 1;
    }
    out.write(text.data() + start, static_cast<std::streamsize>(text.size() - start));
}

// The map as JSON, written cell by cell as it is made (a 2048 x 2048 map is half a gigabyte of text:
// never held in memory). The same text as dump(2) of the whole document: keys in sorted order.
void writeMapJson(
    std::ostream& out, const RegimeMap& map, double chips, const std::vector<std::vector<ServingPoint>>* serving)
{
    out << "{\n  \"cells\": [";
    bool first = true;
    const size_t nx = map.xValues.size();
    for (size_t d = 0; d < map.devices.size(); ++d) {
        const auto& device = map.devices[d];
        for (size_t iy = 0; iy < map.yValues.size(); ++iy) {
            for (size_t ix = 0; ix < nx; ++ix) {
                const RegimeCell& c = device.cell(ix, iy, nx);
                nlohmann::json cell { { "hardware", device.hardwareId }, { "x", map.xValues[ix] },
                    { "y", map.yValues[iy] }, { "regime", regimeName(c.regime) },
                    { "binding", device.bindingName(c.binding) }, { "t_min_s", c.tMin },
                    { "attainable_flops_per_s", c.attainable } };
                if (serving) {
                    const ServingPoint& p = (*serving)[d][iy * nx + ix];
                    cell["binding"] = p.binding;
                    cell["tokens_per_s"] = p.tokensPerSecond;
                    cell["fits"] = p.fits ? nlohmann::json(*p.fits) : nlohmann::json(nullptr);
                    cell["per_chip_bytes"] = p.perChipBytes;
                }
                out << (first ? "\n    " : ",\n    ");
                first = false;
                writeNested(out, cell, 2);
            }
        }
    }
    out << (first ? "],\n" : "\n  ],\n");
    nlohmann::json hardware = nlohmann::json::array();
    for (const auto& device : map.devices) {
        hardware.push_back(device.hardwareId);
    }
    const std::pair<const char*, nlohmann::json> rest[] = { { "chips", chips }, { "hardware", hardware },
        { "x", map.xName }, { "x_values", map.xValues }, { "y", map.yName }, { "y_values", map.yValues } };
    for (const auto& [key, value] : rest) {
        out << "  \"" << key << "\": ";
        writeNested(out, value, 1);
        out << (std::string_view(key) == "y_values" ? "\n" : ",\n");
    }
    out << "}\n";
}

// One letter per binding: C compute, then the level's first letter (upper case for memory levels,
// lower case for interconnects); '=' marks balanced cells.
char cellLetter(const RegimeMapDevice& device, const RegimeCell& c)
{
    if (c.regime == Regime::Balanced) {
        return '=';
    }
    if (c.binding < 0) {
        return 'C';
    }
    const std::string& name = device.levels[static_cast<size_t>(c.binding)];
    const char first = name.empty() ? '?' : name.front();
    const bool network = device.network[static_cast<size_t>(c.binding)];
    return static_cast<char>(network ? std::tolower(first) : std::toupper(first));
}

} // namespace

int mapCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("map"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    int steps = 64;
    if (const auto n = opts.number("steps")) {
        if (std::floor(*n) != *n || *n < 2.0 || *n > 2048.0) {
            throw CliError("--steps must be a whole number in [2, 2048]");
        }
        steps = static_cast<int>(*n);
    }
    const auto xText = opts.value("x");
    const auto yText = opts.value("y");
    if (!xText || !yText) {
        throw CliError("map needs --x NAME=FROM:TO and --y NAME=FROM:TO (e.g. --x m=1:4096 --y n=1:4096)");
    }
    const ParameterAxis x = parseAxisArgument("x", *xText, steps);
    const ParameterAxis y = parseAxisArgument("y", *yText, steps);
    if (x.steps > 2048 || y.steps > 2048) {
        throw CliError("a map has at most 2048 steps per axis");
    }
    const std::string format = opts.value("format").value_or(opts.has("json") ? "json" : "text");
    if (format != "text" && format != "csv" && format != "json") {
        throw CliError("--format must be text, csv or json");
    }
    const std::string shadeName = opts.value("shade").value_or("t_min");
    if (shadeName != "t_min" && shadeName != "attainable") {
        throw CliError("--shade must be t_min or attainable");
    }
    const auto output = opts.value("output");
    if (output) {
        const bool png = output->size() > 4 && output->substr(output->size() - 4) == ".png";
        const bool svg = output->size() > 4 && output->substr(output->size() - 4) == ".svg";
        if (!png && !svg) {
            throw CliError("-o " + *output + ": the image must be .png or .svg");
        }
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const auto devices = context.devices();
    const double chips = context.chips();
    std::vector<std::string> free;
    for (const auto* axis : { &x, &y }) {
        if (axis->name != "chips") {
            free.push_back(axis->name);
        }
    }
    // A transformer step (docs/model.md#serving-a-transformer): each cell is the served step (tokens/s,
    // fits) on its chips.
    const bool transformer = opts.value("kernel") == std::string(kTransformerTemplate);
    ServingMap serving;
    Kernel kernel;
    if (transformer) {
        kernel.name = kTransformerTemplate;
        serving = mapServing(
            readTransformerParams(opts), devices, chips, servingOptions(opts, context.evalOptions()), x, y);
    } else {
        kernel = opts.has("kernel") ? context.kernel(free) : context.kernel();
    }
    const RegimeMap map = transformer ? serving.map : regimeMap(kernel, devices, context.evalOptions(), x, y, chips);
    if (!map.error.empty()) {
        throw CliError(map.error);
    }
    for (const auto& device : map.devices) {
        if (!device.error.empty()) {
            throw CliError(device.error);
        }
    }
    if (output) {
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        static int argc = 1;
        static char name[] = "roofscope";
        static char* argv[] = { name, nullptr };
        QGuiApplication app(argc, argv);
        const std::string error = writeRegimeMapImage(
            map, *output, shadeName == "attainable" ? RegimeMapShade::Attainable : RegimeMapShade::TMin);
        if (!error.empty()) {
            throw CliError(error);
        }
        if (format == "text" && !opts.has("json")) {
            out << "wrote " << *output << "\n";
            return 0;
        }
    }
    if (format == "json") {
        writeMapJson(out, map, chips, transformer ? &serving.points : nullptr);
        return 0;
    }
    const size_t nx = map.xValues.size();
    if (format == "csv") {
        out << regimeMapCsv(map);
        return 0;
    }
    for (const auto& device : map.devices) {
        out << kernel.name << " on " << device.hardwareLabel << (chips > 1.0 ? " x" + formatNumber(chips, 7) : "")
            << ": " << map.yName << " (rows, top = " << formatNumber(map.yValues.back(), 6) << ") by " << map.xName
            << " (columns, " << formatNumber(map.xValues.front(), 6) << " to " << formatNumber(map.xValues.back(), 6)
            << ")\n";
        for (size_t row = map.yValues.size(); row-- > 0;) {
            out << "  ";
            for (size_t ix = 0; ix < nx; ++ix) {
                out << cellLetter(device, device.cell(ix, row, nx));
            }
            out << "\n";
        }
        out << "  C compute-bound, = balanced";
        for (size_t l = 0; l < device.levels.size(); ++l) {
            out << ", " << cellLetter(device, RegimeCell { Regime::MemoryBound, static_cast<int>(l), 0.0, 0.0 }) << " "
                << device.levels[l] << "-bound";
        }
        out << "\n";
        if (transformer) {
            const auto& points = serving.points[static_cast<size_t>(&device - map.devices.data())];
            out << "  memory per chip: '.' fits, 'x' does not fit, '?' no capacity known\n";
            for (size_t row = map.yValues.size(); row-- > 0;) {
                out << "  ";
                for (size_t ix = 0; ix < nx; ++ix) {
                    const auto& fits = points[row * nx + ix].fits;
                    out << (!fits ? '?' : *fits ? '.' : 'x');
                }
                out << "\n";
            }
        }
    }
    return 0;
}

} // namespace roofscope
