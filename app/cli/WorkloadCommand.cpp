#include "cli/WorkloadCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "model/ChipScaling.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/Workload.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace roofscope {

namespace {

struct KernelRow {
    const Kernel* kernel = nullptr;
    Evaluation evaluation;
};

struct DeviceStep {
    Hardware hardware;
    std::vector<KernelRow> rows;
    WorkloadTotals totals;
};

std::string pad(std::string s, size_t width)
{
    return s.size() < width ? s + std::string(width - s.size(), ' ') : s;
}

TemplateInstance readParams(const CliArgs& opts)
{
    TemplateInstance t;
    t.name = kTransformerTemplate;
    for (const auto& list : opts.values("param")) {
        for (const auto& spec : split(list, ',')) {
            if (trimmed(spec).empty()) {
                continue;
            }
            const auto eq = spec.find('=');
            if (eq == std::string::npos || eq == 0) {
                throw CliError("--param '" + spec + "': expected NAME=VALUE (e.g. layers=32)");
            }
            const std::string name = trimmed(spec.substr(0, eq));
            const std::string value = trimmed(spec.substr(eq + 1));
            if (t.params.count(name) != 0 || t.options.count(name) != 0) {
                throw CliError("--param " + name + " is given twice: give each parameter once");
            }
            if (isTransformerOption(name)) {
                t.options[name] = toLower(value);
                continue;
            }
            const auto number = parseNumber(value);
            if (!number || !std::isfinite(*number)) {
                throw CliError("--param " + name + ": '" + value + "' is not a number");
            }
            t.params[name] = *number;
        }
    }
    return t;
}

} // namespace

int workloadCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() < 2 || args[1] != kTransformerTemplate) {
        throw CliError("expected 'workload transformer --param ... --hardware IDS'");
    }
    CliArgs opts(args, 2,
        { "hardware", "hardware-dir", "peak", "bandwidth", "param", "chips", "precision", "unit", "comm-fraction",
            "tolerance" },
        { "json", "sustained" });
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    const TemplateInstance instance = readParams(opts);
    const TransformerExpansion step = expandTransformer(instance);
    if (!step.error.empty()) {
        throw CliError("--param: " + step.error);
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const auto devices = context.devices();
    const double chips = context.chips();
    const EvalOptions options = context.evalOptions();
    const double tokens = step.config.tokensPerStep();
    std::vector<DeviceStep> results;
    for (const auto& base : devices) {
        DeviceStep d;
        d.hardware = hardwareOnChips(base, chips);
        for (const auto& kernel : step.kernels) {
            auto result = evaluate(kernel, d.hardware, options);
            if (!result.evaluation) {
                throw CliError(kernel.name + " on " + base.id + ": " + result.error);
            }
            addToTotals(d.totals, kernel, *result.evaluation, d.hardware);
            d.rows.push_back({ &kernel, std::move(*result.evaluation) });
        }
        finishTotals(d.totals, d.hardware);
        results.push_back(std::move(d));
    }
    const std::string phase = step.config.prefill ? "prefill" : "decode";
    if (opts.has("json")) {
        nlohmann::json j;
        j["workload"] = "transformer";
        j["phase"] = phase;
        j["tokens_per_step"] = tokens;
        j["chips"] = chips;
        nlohmann::json array = nlohmann::json::array();
        for (const auto& d : results) {
            nlohmann::json device;
            device["hardware"] = d.hardware.id;
            device["hardware_name"] = d.hardware.name;
            device["t_min_s"] = d.totals.tMin;
            device["t_max_s"] = d.totals.tMax;
            device["flops"] = d.totals.flops;
            device["tokens_per_s"] = d.totals.tMin > 0.0 ? nlohmann::json(tokens / d.totals.tMin) : nullptr;
            nlohmann::json kernels = nlohmann::json::array();
            for (const auto& row : d.rows) {
                const double stepSeconds = row.kernel->count * row.evaluation.tMin;
                kernels.push_back({ { "name", row.kernel->name }, { "count", row.kernel->count },
                    { "flops", row.kernel->flops }, { "bytes", row.kernel->totalBytes() },
                    { "precision", row.evaluation.precision }, { "regime", regimeName(row.evaluation.regime) },
                    { "binding", row.evaluation.binding }, { "t_min_s", row.evaluation.tMin },
                    { "t_max_s", row.evaluation.tMax }, { "t_min_step_s", stepSeconds },
                    { "share", d.totals.tMin > 0.0 ? stepSeconds / d.totals.tMin : 0.0 } });
            }
            device["kernels"] = kernels;
            array.push_back(device);
        }
        j["devices"] = array;
        out << j.dump(2) << "\n";
        return 0;
    }
    for (const auto& d : results) {
        out << "transformer " << phase << " step (" << formatNumber(tokens, 8) << " tokens) on "
            << d.hardware.shortLabel() << " (" << d.hardware.id << "): T_min "
            << formatQuantity(d.totals.tMin, Dimension::Seconds) << ", T_max "
            << formatQuantity(d.totals.tMax, Dimension::Seconds) << " per step, "
            << (d.totals.tMin > 0.0 ? formatNumber(tokens / d.totals.tMin, 4) : std::string("-")) << " tokens/s\n";
        out << "  " << pad("KERNEL", 13) << pad("COUNT", 7) << pad("FLOPS", 12) << pad("BYTES", 12)
            << pad("BOUND BY", 10) << pad("T_MIN/STEP", 12) << "SHARE\n";
        for (const auto& row : d.rows) {
            const double stepSeconds = row.kernel->count * row.evaluation.tMin;
            out << "  " << pad(row.kernel->name, 13) << pad(formatNumber(row.kernel->count, 6), 7)
                << pad(formatQuantity(row.kernel->flops, Dimension::Flops), 12)
                << pad(formatQuantity(row.kernel->totalBytes(), Dimension::Bytes), 12)
                << pad(row.evaluation.binding, 10) << pad(formatQuantity(stepSeconds, Dimension::Seconds), 12)
                << formatNumber(d.totals.tMin > 0.0 ? 100.0 * stepSeconds / d.totals.tMin : 0.0, 3) << " %\n";
        }
    }
    return 0;
}

} // namespace roofscope
