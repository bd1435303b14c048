#include "cli/SweepCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/RangeArgs.h"
#include "model/Sweep.h"
#include "model/Units.h"

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

std::string pad(std::string s, size_t width)
{
    return s.size() < width ? s + std::string(width - s.size(), ' ') : s;
}

} // namespace

int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    std::vector<std::string> options = deviceKernelOptions();
    options.push_back("vary");
    CliArgs opts(args, 1, options, { "json", "sustained" });
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
        out << "  " << pad(result.vary, 12) << pad("INTENSITY", 16) << pad("ATTAINABLE", 16) << pad("T_MIN", 12)
            << "REGIME (BINDING)\n";
        for (const auto& p : device.points) {
            out << "  " << pad(formatNumber(p.value, 6), 12)
                << pad(formatQuantity(p.intensity, Dimension::FlopsPerByte), 16)
                << pad(formatQuantity(p.attainable, Dimension::FlopsPerSecond), 16)
                << pad(formatQuantity(p.tMin, Dimension::Seconds), 12) << regimeName(p.regime) << " (" << p.binding
                << ")\n";
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
