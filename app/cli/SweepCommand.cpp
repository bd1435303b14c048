#include "cli/SweepCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/RangeArgs.h"
#include "cli/WorkloadCommand.h"
#include "io/JsonValues.h"
#include "model/Sweep.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingSweep.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace roofscope {

namespace {

nlohmann::json finite(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json sweepToJson(const SweepResult& result, double chips)
{
    nlohmann::json j;
    j["vary"] = result.vary;
    j["chips"] = chips;
    j["values"] = result.values;
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& device : result.devices) {
        nlohmann::json d;
        d["hardware"] = device.hardwareId;
        d["hardware_name"] = device.hardwareName;
        nlohmann::json points = nlohmann::json::array();
        for (const auto& p : device.points) {
            points.push_back({ { "value", p.value }, { "intensity", finite(p.intensity) },
                { "attainable_flops_per_s", p.attainable }, { "regime", regimeName(p.regime) },
                { "binding", p.binding }, { "t_min_s", p.tMin } });
        }
        d["points"] = points;
        nlohmann::json crossings = nlohmann::json::array();
        for (const auto& c : device.crossings) {
            crossings.push_back({ { "value", c.value }, { "kind", c.kind }, { "from", c.from }, { "to", c.to } });
        }
        d["crossings"] = crossings;
        devices.push_back(d);
    }
    j["devices"] = devices;
    return j;
}

nlohmann::json servingPointToJson(const ServingPoint& p)
{
    nlohmann::json j { { "value", p.value }, { "intensity", finite(p.intensity) },
        { "attainable_flops_per_s", p.attainable }, { "regime", regimeName(p.regime) }, { "binding", p.binding },
        { "t_min_s", p.tMin }, { "t_max_s", p.tMax }, { "tokens_per_s", p.tokensPerSecond },
        { "tokens_per_s_t_max", p.tokensPerSecondTMax }, { "collective_share", p.collectiveShare },
        { "fits", p.fits ? nlohmann::json(*p.fits) : nlohmann::json(nullptr) }, { "per_chip_bytes", p.perChipBytes },
        { "usd_per_million_tokens", jsonOrNull(p.usdPerMillionTokens) }, { "mfu", jsonOrNull(p.mfu) },
        { "mbu", jsonOrNull(p.mbu) } };
    if (p.runTokensPerSecond) { // a request mix (docs/serving.md#requests)
        j["ttft_s"] = jsonOrNull(p.ttftSeconds);
        j["tpot_s"] = jsonOrNull(p.tpotSeconds);
        j["tokens_per_s_per_user"] = p.tpotSeconds ? nlohmann::json(p.tokensPerSecondPerUser) : nlohmann::json(nullptr);
        j["run_tokens_per_s"] = *p.runTokensPerSecond;
    }
    return j;
}

nlohmann::json servingSweepToJson(const ServingSweep& result, double chips, bool sustained)
{
    nlohmann::json j;
    j["vary"] = result.vary;
    j["chips"] = chips;
    j["values"] = result.values;
    j["roofs"] = sustained ? "sustained" : "peak";
    nlohmann::json devices = nlohmann::json::array();
    for (const auto& device : result.devices) {
        nlohmann::json points = nlohmann::json::array();
        for (const auto& p : device.points) {
            points.push_back(servingPointToJson(p));
        }
        nlohmann::json crossings = nlohmann::json::array();
        for (const auto& c : device.crossings) {
            crossings.push_back({ { "value", c.value }, { "kind", c.kind }, { "from", c.from }, { "to", c.to } });
        }
        nlohmann::json d { { "hardware", device.hardwareId }, { "hardware_name", device.hardwareLabel },
            { "points", std::move(points) }, { "crossings", std::move(crossings) },
            { "max_batch", jsonOrNull(device.maxBatch) }, { "skipped", device.skipped } };
        if (device.maxConcurrency) {
            d["max_concurrency"] = *device.maxConcurrency;
        }
        devices.push_back(std::move(d));
    }
    j["devices"] = std::move(devices);
    return j;
}

// One device of a serving sweep as a table; a request mix adds its TTFT, TPOT and run tokens/s.
void printServingSweepDevice(
    std::ostream& out, const ServingSweep& result, const ServingSweepDevice& device, double chips, bool sustained)
{
    const bool requests = !device.points.empty() && device.points.front().runTokensPerSecond.has_value();
    out << "transformer step on " << device.hardwareLabel << (chips > 1.0 ? " x" + formatNumber(chips, 7) : "") << ", "
        << result.vary << " from " << formatNumber(result.values.front(), 6) << " to "
        << formatNumber(result.values.back(), 6) << " (tokens/s: a bound on " << (sustained ? "sustained" : "peak")
        << " roofs, from T_min" << (requests ? "; TTFT, TPOT and RUN TOKENS/S of the request mix" : "") << "):\n";
    out << "  " << tableCell(result.vary, 12) << tableCell("T_MIN/STEP", 13) << tableCell("TOKENS/S", 12)
        << tableCell("PER CHIP", 11) << tableCell("FITS", 6);
    if (requests) {
        out << tableCell("TTFT", 11) << tableCell("TPOT", 11) << tableCell("RUN TOKENS/S", 14);
    }
    out << "BOUND BY\n";
    const auto seconds
        = [](const std::optional<double>& t) { return t ? formatQuantity(*t, Dimension::Seconds) : std::string("-"); };
    for (const auto& p : device.points) {
        out << "  " << tableCell(formatNumber(p.value, 8), 12)
            << tableCell(formatQuantity(p.tMin, Dimension::Seconds), 13)
            << tableCell(formatNumber(p.tokensPerSecond, 4), 12)
            << tableCell(formatQuantity(p.perChipBytes, Dimension::Bytes), 11)
            << tableCell(!p.fits ? "?"
                       : *p.fits ? "yes"
                                 : "no",
                   6);
        if (requests) {
            out << tableCell(seconds(p.ttftSeconds), 11) << tableCell(seconds(p.tpotSeconds), 11)
                << tableCell(p.runTokensPerSecond ? formatNumber(*p.runTokensPerSecond, 4) : "-", 14);
        }
        out << p.binding << "\n";
    }
    for (const std::string& skipped : device.skipped) {
        out << "  left out: " << skipped << "\n";
    }
    if (device.maxBatch) {
        out << "  max batch " << formatNumber(*device.maxBatch, 12)
            << (*device.maxBatch >= 1.0 ? " (the sweep ends there)" : ": not even one sequence fits") << "\n";
    }
    if (device.maxConcurrency) {
        out << "  max concurrency " << formatNumber(*device.maxConcurrency, 12)
            << (*device.maxConcurrency >= 1.0 ? " at context isl + osl (the sweep ends there)"
                                              : ": not even one request fits at context isl + osl")
            << "\n";
    }
    for (const auto& c : device.crossings) {
        out << "  " << result.vary << " = " << formatNumber(c.value, 8) << ": bound by " << c.from << " -> bound by "
            << c.to << "\n";
    }
}

// `sweep --kernel transformer` (docs/serving.md): the served step at each value; a batch sweep ends at
// max_batch, a request mix's concurrency sweep at the most requests in flight that fit.
int servingSweep(const CliArgs& opts, const CliContext& context, const ParameterAxis& axis, std::ostream& out)
{
    const double chips = context.chips();
    const ServingSweep result = sweepServing(
        readTransformerParams(opts), context.devices(), chips, servingOptions(opts, context.evalOptions()), axis);
    if (!result.error.empty()) {
        throw CliError("--vary " + result.error);
    }
    for (const auto& device : result.devices) {
        if (!device.error.empty()) {
            throw CliError(device.error);
        }
    }
    if (opts.has("json")) {
        out << servingSweepToJson(result, chips, opts.has("sustained")).dump(2) << "\n";
        return 0;
    }
    for (const auto& device : result.devices) {
        printServingSweepDevice(out, result, device, chips, opts.has("sustained"));
    }
    return 0;
}

} // namespace

int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("sweep"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    const auto vary = opts.value("vary");
    if (!vary) {
        throw CliError("sweep needs --vary NAME=FROM:TO[:STEPS] (e.g. --vary m=16:4096)");
    }
    const ParameterAxis axis = parseAxisArgument("vary", *vary, 64);
    CliContext context(opts);
    context.reportDiagnostics(err);
    if (opts.value("kernel") == std::string(kTransformerTemplate)) {
        return servingSweep(opts, context, axis, out);
    }
    const auto devices = context.devices();
    const double chips = context.chips();
    std::vector<std::string> free;
    if (axis.name != "chips") {
        free.push_back(axis.name);
    }
    const Kernel kernel = opts.has("kernel") ? context.kernel(free, "vary") : context.kernel();
    const SweepResult result = sweep(kernel, devices, context.evalOptions(), axis, chips);
    if (!result.error.empty()) {
        throw CliError("--vary " + result.error);
    }
    for (const auto& device : result.devices) {
        if (!device.error.empty()) {
            throw CliError(device.error);
        }
    }
    if (opts.has("json")) {
        out << sweepToJson(result, chips).dump(2) << "\n";
        return 0;
    }
    for (const auto& device : result.devices) {
        out << kernel.name << " on " << device.hardwareLabel << (chips > 1.0 ? " x" + formatNumber(chips, 7) : "")
            << ", " << result.vary << " from " << formatNumber(result.values.front(), 6) << " to "
            << formatNumber(result.values.back(), 6) << ":\n";
        out << "  " << tableCell(result.vary, 12) << tableCell("INTENSITY", 16) << tableCell("ATTAINABLE", 16)
            << tableCell("T_MIN", 12) << "REGIME (BINDING)\n";
        for (const auto& p : device.points) {
            out << "  " << tableCell(formatNumber(p.value, 6), 12)
                << tableCell(formatQuantity(p.intensity, Dimension::FlopsPerByte), 16)
                << tableCell(formatQuantity(p.attainable, Dimension::FlopsPerSecond), 16)
                << tableCell(formatQuantity(p.tMin, Dimension::Seconds), 12) << regimeName(p.regime) << " ("
                << p.binding << ")\n";
        }
        if (device.crossings.empty()) {
            out << "  no crossing: " << regimeName(device.points.front().regime) << " (bound by "
                << device.points.front().binding << ") over the whole range\n";
        }
        for (const auto& c : device.crossings) {
            out << "  " << result.vary << " = " << formatNumber(c.value, 8) << ": "
                << (c.kind == "binding" ? "bound by " + c.from + " -> bound by " + c.to : c.from + " -> " + c.to)
                << "\n";
        }
    }
    return 0;
}

} // namespace roofscope
