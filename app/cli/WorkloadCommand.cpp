#include "cli/WorkloadCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/VerdictArgs.h"
#include "io/ServingJson.h"
#include "io/VerdictFormat.h"
#include "model/ChipScaling.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ModelPresets.h"
#include "model/serving/Requests.h"
#include "model/serving/ServingStep.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ostream>

namespace roofscope {

namespace {

// --scenario, --isl, --osl and --concurrency: a request mix (docs/serving.md#requests), as the
// parameters of the same names; a parameter given both ways is refused.
void readRequestOptions(const CliArgs& opts, TemplateInstance& t)
{
    const auto setParameter = [&](const std::string& name, double number, const std::string& flag) {
        if (t.params.count(name) != 0) {
            throw CliError(flag + " and --param " + name + " both give " + name + ": give it once");
        }
        t.params[name] = number;
    };
    if (const auto name = opts.value("scenario")) {
        const std::optional<RequestScenario> scenario = findRequestScenario(*name);
        if (!scenario) {
            std::string names;
            for (const RequestScenario& s : requestScenarios()) {
                names += (names.empty() ? "" : ", ") + s.name;
            }
            throw CliError("--scenario '" + *name + "': expected one of " + names);
        }
        if (opts.has("isl") || opts.has("osl")) {
            throw CliError("--scenario gives isl and osl: give --scenario or --isl and --osl, not both");
        }
        setParameter("isl", scenario->isl, "--scenario");
        setParameter("osl", scenario->osl, "--scenario");
    }
    for (const std::string name : { "isl", "osl", "concurrency" }) {
        if (const auto text = opts.value(name)) {
            const auto number = parseNumber(*text);
            if (!number || !std::isfinite(*number)) {
                throw CliError("--" + name + ": '" + *text + "' is not a number");
            }
            setParameter(name, *number, "--" + name);
        }
    }
}

} // namespace

void setTransformerModel(const CliArgs& opts, TemplateInstance& t)
{
    const auto id = opts.value("model");
    if (!id) {
        return;
    }
    if (t.options.contains("model")) {
        throw CliError("--model and --param model=... both name a model: give one");
    }
    const TransformerPreset* model = findTransformerPreset(trimmed(*id));
    if (!model) {
        throw CliError("--model: unknown model '" + *id + "' (known: " + transformerPresetIds() + ")");
    }
    t.options["model"] = model->id;
}

TemplateInstance readTransformerParams(const CliArgs& opts)
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
    setTransformerModel(opts, t);
    readRequestOptions(opts, t);
    return t;
}

ServingOptions servingOptions(const CliArgs& opts, const EvalOptions& eval)
{
    ServingOptions options;
    options.eval = eval;
    if (const auto price = opts.value("price-per-hour")) {
        const auto number = parseNumber(*price);
        if (!number || !std::isfinite(*number) || !(*number > 0.0)) {
            throw CliError("--price-per-hour: '" + *price + "' is not a price in USD per chip-hour above 0");
        }
        options.pricePerHourPerChip = *number;
    }
    if (const auto tdp = opts.value("tdp")) {
        const ParsedQuantity parsed = parseQuantity(*tdp, Dimension::Watts);
        if (!parsed.value || !std::isfinite(*parsed.value) || !(*parsed.value > 0.0)) {
            throw CliError("--tdp: '" + *tdp + "' is not a power in watts per chip above 0");
        }
        options.tdpWattsPerChip = *parsed.value;
    }
    return options;
}

namespace {

std::vector<ServingStep> evaluateDevices(
    const TemplateInstance& instance, const std::vector<Hardware>& devices, double chips, const ServingOptions& options)
{
    std::vector<ServingStep> results;
    for (const auto& base : devices) {
        ServingStep step = evaluateServing(instance, hardwareOnChips(base, chips), options);
        if (!step.error.empty()) {
            throw CliError(base.id + ": " + step.error);
        }
        results.push_back(std::move(step));
    }
    return results;
}

// "-" where the JSON has null: no value, or one that is not finite (a price per token at 0 tokens/s).
std::string optionalText(const std::optional<double>& value, int digits, const std::string& unit)
{
    return value && std::isfinite(*value) ? formatNumber(*value, digits) + unit : "-" + unit;
}

void printStep(std::ostream& out, const ServingStep& d)
{
    const TransformerConfig& c = d.config;
    const char* kind = c.requests() ? "decode step of the request mix (the tpot_s step, "
        : c.prefill                 ? "prefill step ("
                                    : "decode step (";
    out << "transformer " << kind << formatNumber(d.tokensPerStep, 8) << (d.tokensPerStep == 1.0 ? " token" : " tokens")
        << ") on " << d.hardwareLabel << " (" << d.hardwareId << "), tp " << formatNumber(c.tp, 6) << " x pp "
        << formatNumber(c.pp, 6) << " x dp " << formatNumber(c.dp, 6) << ": T_min "
        << formatQuantity(d.tMin, Dimension::Seconds) << ", T_max " << formatQuantity(d.tMax, Dimension::Seconds)
        << " per step, " << (d.tMin > 0.0 ? formatNumber(d.tokensPerSecond, 4) : std::string("-")) << " tokens/s\n";
    out << "  tokens/s is " << servingBoundText(d) << "; from T_max " << formatNumber(d.tokensPerSecondTMax, 4)
        << " tokens/s; T_min with launch overhead " << formatQuantity(d.tMinWithLaunch, Dimension::Seconds) << "\n";
    out << "  per chip " << optionalText(d.cost.tokensPerSecondPerChip, 4, " tokens/s") << ", "
        << (d.cost.usdPerMillionTokens ? optionalText(d.cost.usdPerMillionTokens, 3, " $/Mtok") : "no price") << ", "
        << (d.cost.joulesPerToken ? optionalText(d.cost.joulesPerToken, 3, " J/token") : "no TDP") << ", "
        << utilizationText(d) << "; collectives " << formatQuantity(d.collectiveSeconds, Dimension::Seconds)
        << (d.link.empty() ? std::string() : " on " + d.link) << ", " << formatNumber(100.0 * d.collectiveShare, 3)
        << " % of T_max\n";
    out << "  memory per chip " << formatQuantity(d.memory.perChipBytes, Dimension::Bytes) << " of "
        << (d.memory.capacityPerChipBytes ? formatQuantity(*d.memory.capacityPerChipBytes, Dimension::Bytes)
                                          : std::string("unknown capacity"))
        << " (weights " << formatQuantity(d.memory.weightsBytes / d.chips, Dimension::Bytes) << ", KV cache "
        << formatQuantity(d.memory.kvCacheBytes / d.chips, Dimension::Bytes) << ", activations "
        << formatQuantity(d.memory.activationsBytes / d.chips, Dimension::Bytes) << "); max batch "
        << optionalText(d.memory.maxBatch, 12, "") << "\n";
    if (const std::string fit = d.fitText(); !fit.empty()) {
        out << "  " << fit << "\n";
    }
    for (const auto& assumption : d.assumptions) {
        out << "  assumed: " << assumption << "\n";
    }
    for (const std::string& line : requestLines(d)) {
        out << "  " << line << "\n";
    }
    out << "  " << tableCell("KERNEL", 23) << tableCell("COUNT", 7) << tableCell("FLOPS", 12) << tableCell("BYTES", 12)
        << tableCell("BOUND BY", 20) << tableCell("T_MIN/STEP", 12) << "SHARE\n";
    const double sum = d.computeMemorySeconds + d.collectiveSeconds;
    for (const auto& k : d.kernels) {
        const double stepSeconds = k.kernel.count * k.seconds;
        out << "  " << tableCell(k.kernel.name, 23) << tableCell(formatNumber(k.kernel.count, 6), 7)
            << tableCell(formatQuantity(k.kernel.flops, Dimension::Flops), 12)
            << tableCell(formatQuantity(k.kernel.totalBytes(), Dimension::Bytes), 12)
            << tableCell(k.info.collective ? d.link + " " + k.info.algorithm : k.evaluation.binding, 20)
            << tableCell(formatQuantity(stepSeconds, Dimension::Seconds), 12)
            << formatNumber(sum > 0.0 ? 100.0 * stepSeconds / sum : 0.0, 3) << " %\n";
    }
}

} // namespace

int workloadCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() < 2 || !cliCommand("workload").acceptsWord(args[1])) {
        throw CliError("expected 'workload transformer --param ... --hardware IDS'");
    }
    CliArgs opts(args, 2, cliCommand("workload"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    const TemplateInstance instance = readTransformerParams(opts);
    if (const TransformerExpansion check = expandTransformer(instance); !check.error.empty()) {
        throw CliError("--param: " + check.error);
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const ServingOptions options = servingOptions(opts, context.evalOptions());
    const VerdictCriteria criteria = verdictCriteria(opts);
    // The verdict over the devices: with --target-ms each device at its own operating batch.
    std::vector<VerdictDeviceInput> inputs;
    for (const Hardware& device : context.devices()) {
        VerdictDeviceInput input;
        input.id = device.id;
        input.label = device.shortLabel() + (context.chips() > 1.0 ? " x" + formatNumber(context.chips(), 6) : "");
        input.chip = device;
        input.chips = context.chips();
        input.options = options;
        input.purchasePricePerChip = device.priceDollars;
        inputs.push_back(std::move(input));
    }
    Kernel group;
    group.name = "transformer";
    group.templ = instance;
    const GroupVerdict verdict = groupVerdict(group, inputs, criteria, options.eval.sustained);
    std::vector<ServingStep> results = evaluateDevices(instance, context.devices(), context.chips(), options);
    for (size_t d = 0; criteria.targetMs && d < results.size(); ++d) {
        results[d] = verdict.devices[d].step; // each at its operating batch
    }
    if (opts.has("json")) {
        nlohmann::json j;
        j["workload"] = "transformer";
        j["phase"] = results.front().config.prefill ? "prefill" : "decode";
        j["tokens_per_step"] = results.front().tokensPerStep;
        j["chips"] = context.chips();
        nlohmann::json array = nlohmann::json::array();
        for (const auto& d : results) {
            nlohmann::json device = servingStepToJson(d, true);
            double flops = 0.0;
            for (const auto& k : d.kernels) {
                flops += k.kernel.count * k.kernel.flops;
            }
            device["flops"] = flops;
            array.push_back(std::move(device));
        }
        j["devices"] = array;
        j["answer"] = verdictToJson(verdict);
        out << j.dump(2) << "\n";
        return 0;
    }
    for (const auto& d : results) {
        printStep(out, d);
    }
    out << "\n";
    for (const std::string& line : verdictLines(verdict)) {
        out << line << "\n";
    }
    return 0;
}

} // namespace roofscope
