#include "cli/ServingRunsCommand.h"

#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "io/EvaluationFormat.h"
#include "io/JsonValues.h"
#include "io/SafeFileWriter.h"
#include "io/ServingBenchImport.h"
#include "io/ServingRunsYaml.h"
#include "io/SessionFile.h"
#include "io/VerdictFormat.h"
#include "model/ChipScaling.h"
#include "model/Precision.h"
#include "model/Templates.h"
#include "model/Text.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ModelPresets.h"
#include "session/AppPaths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace roofscope {

namespace {

nlohmann::json latencyJson(const LatencyStat& s)
{
    if (s.empty()) {
        return nullptr;
    }
    return { { "mean", jsonOrNull(s.mean) }, { "p50", jsonOrNull(s.p50) }, { "p99", jsonOrNull(s.p99) } };
}

nlohmann::json runToJson(const ServingRun& r)
{
    const auto textOrNull
        = [](const std::string& t) { return t.empty() ? nlohmann::json(nullptr) : nlohmann::json(t); };
    nlohmann::json j;
    j["name"] = r.name;
    j["format"] = textOrNull(r.format);
    j["source"] = textOrNull(r.source);
    j["cell"] = textOrNull(r.cell);
    j["engine"] = textOrNull(r.engine);
    j["engine_version"] = textOrNull(r.engineVersion);
    j["model"] = textOrNull(r.model);
    j["group"] = textOrNull(r.group);
    j["device"] = textOrNull(r.device);
    j["chips"] = r.chips >= 1.0 ? nlohmann::json(r.chips) : nlohmann::json(nullptr);
    j["tp"] = jsonOrNull(r.tp);
    j["pp"] = jsonOrNull(r.pp);
    j["ep"] = jsonOrNull(r.ep);
    j["precision"] = { { "weights", textOrNull(r.weightDtype) }, { "activations", textOrNull(r.computeDtype) },
        { "kv", textOrNull(r.kvDtype) } };
    j["isl"] = jsonOrNull(r.isl);
    j["osl"] = jsonOrNull(r.osl);
    j["concurrency"] = jsonOrNull(r.concurrency);
    j["request_rate"] = jsonOrNull(r.requestRate);
    j["scenario"] = textOrNull(r.scenario);
    j["requests"] = jsonOrNull(r.requests);
    j["duration_s"] = jsonOrNull(r.durationSeconds);
    j["output_tokens_per_s"] = jsonOrNull(r.outputTokensPerSecond);
    j["total_tokens_per_s"] = jsonOrNull(r.totalTokensPerSecond);
    j["requests_per_s"] = jsonOrNull(r.requestsPerSecond);
    j["ttft_s"] = latencyJson(r.ttft);
    j["tpot_s"] = latencyJson(r.tpot);
    j["itl_s"] = latencyJson(r.itl);
    j["date"] = textOrNull(r.date);
    j["flags"] = r.flags;
    j["notes"] = r.notes;
    return j;
}

std::string latencyText(const LatencyStat& s)
{
    if (s.empty()) {
        return {};
    }
    std::vector<std::string> parts;
    if (s.mean) {
        parts.push_back("mean " + formatNumber(*s.mean * 1e3, 4) + " ms");
    }
    if (s.p50) {
        parts.push_back("p50 " + formatNumber(*s.p50 * 1e3, 4) + " ms");
    }
    if (s.p99) {
        parts.push_back("p99 " + formatNumber(*s.p99 * 1e3, 4) + " ms");
    }
    return joined(parts, ", ");
}

void printRun(const ServingRun& r, std::ostream& out)
{
    out << r.name << "\n";
    const auto line = [&](const std::string& label, const std::string& value) {
        if (!value.empty()) {
            out << "  " << padRight(label, 14) << value << "\n";
        }
    };
    line("source", r.source);
    line("cell", r.cell);
    line("engine", r.engine.empty() ? "(not said)" : r.engine + (r.engineVersion.empty() ? "" : " " + r.engineVersion));
    line("model", r.model.empty() ? "(not said)" : r.model);
    line("device",
        (r.device.empty() ? std::string("(not said)") : r.device)
            + (r.chips >= 1.0 ? " x" + formatNumber(r.chips, 6) : std::string(" (chips not said)")));
    line("precision",
        "weights " + (r.weightDtype.empty() ? std::string("?") : r.weightDtype) + ", compute "
            + (r.computeDtype.empty() ? std::string("?") : r.computeDtype) + ", KV "
            + (r.kvDtype.empty() ? std::string("?") : r.kvDtype));
    line("lengths",
        r.isl && r.osl ? formatNumber(*r.isl, 5) + " in / " + formatNumber(*r.osl, 5) + " out (means)"
                       : std::string("(not said)"));
    line("load",
        (r.concurrency ? "concurrency " + formatNumber(*r.concurrency, 6) : std::string("no concurrency limit"))
            + (r.requestRate ? ", " + formatNumber(*r.requestRate, 4) + " requests/s offered" : std::string())
            + (r.scenario.empty() ? "" : " (" + r.scenario + ")"));
    if (r.outputTokensPerSecond) {
        line("output",
            formatNumber(*r.outputTokensPerSecond, 6) + " tokens/s"
                + (r.chips >= 1.0 ? " (" + formatNumber(*r.outputTokensPerSecond / r.chips, 4) + " per chip)" : ""));
    }
    if (r.totalTokensPerSecond) {
        line("total", formatNumber(*r.totalTokensPerSecond, 6) + " tokens/s (input and output)");
    }
    line("ttft", latencyText(r.ttft));
    line("tpot", latencyText(r.tpot));
    line("itl", latencyText(r.itl));
    line("flags", joined(r.flags, ", "));
    for (const auto& note : r.notes) {
        line("note", note);
    }
}

std::string dtypeOption(const CliArgs& opts, const char* name)
{
    const std::string value = toLower(trimmed(opts.value(name).value_or("")));
    if (!value.empty() && !bytesPerElement(value)) {
        throw CliError(
            std::string("--") + name + ": unknown precision '" + value + "' (bf16, fp16, fp8, fp4, int8, ...)");
    }
    return value;
}

std::optional<double> positiveOption(const CliArgs& opts, const char* name)
{
    const auto v = opts.number(name);
    if (v && !(*v >= 1.0 && std::isfinite(*v))) {
        throw CliError(std::string("--") + name + " must be at least 1");
    }
    return v;
}

ServingImportDefaults importDefaults(const CliArgs& opts, const CliContext& context)
{
    ServingImportDefaults d;
    const auto hardware = opts.values("hardware");
    if (hardware.size() > 1 || (hardware.size() == 1 && hardware.front().find(',') != std::string::npos)) {
        throw CliError("--hardware: a serving run is measured on one device; give one id");
    }
    if (!hardware.empty()) {
        d.device = trimmed(hardware.front());
        if (!context.database().find(d.device)) {
            throw CliError("--hardware: unknown device '" + d.device + "' (see 'roofscope hardware list')");
        }
    }
    if (auto chips = positiveOption(opts, "chips")) {
        if (*chips != std::floor(*chips)) {
            throw CliError("--chips must be a whole number");
        }
        d.chips = *chips;
    }
    if (auto model = opts.value("model")) {
        const TransformerPreset* preset = findTransformerPreset(trimmed(*model));
        if (!preset) {
            std::vector<std::string> ids;
            for (const auto& p : transformerPresets()) {
                ids.push_back(p.id);
            }
            throw CliError("--model: unknown model '" + *model + "' (" + joined(ids, ", ") + ")");
        }
        d.model = preset->id;
    }
    d.engine = trimmed(opts.value("engine").value_or(""));
    d.engineVersion = trimmed(opts.value("engine-version").value_or(""));
    d.weightDtype = dtypeOption(opts, "weight-dtype");
    d.computeDtype = dtypeOption(opts, "dtype");
    d.kvDtype = dtypeOption(opts, "kv-dtype");
    d.isl = positiveOption(opts, "isl");
    d.osl = positiveOption(opts, "osl");
    d.concurrency = positiveOption(opts, "concurrency");
    for (const auto& f : split(opts.value("flags").value_or(""), ',')) {
        const std::string flag = trimmed(f);
        if (flag.empty()) {
            continue;
        }
        if (flag != "speculative_decoding" && flag != "prefix_caching" && flag != "disaggregated") {
            throw CliError(
                "--flags: unknown flag '" + flag + "' (speculative_decoding, prefix_caching, disaggregated)");
        }
        d.flags.push_back(flag);
    }
    return d;
}

// What a run still lacks to be set against a bound, as the flag that gives it.
void requireFlags(const ServingRun& run, const std::string& file, const std::string& format)
{
    const std::string what = file + ": this " + format + " result does not say ";
    if (run.device.empty()) {
        std::string gpu;
        for (const auto& note : run.notes) {
            if (note.rfind("measured on ", 0) == 0) {
                gpu = " (it names the GPU '" + note.substr(12) + "')";
            }
        }
        throw CliError(what + "the device it ran on" + gpu + ": give --hardware ID (see 'roofscope hardware list')");
    }
    if (!(run.chips >= 1.0)) {
        throw CliError(what + "how many chips served it: give --chips N");
    }
    if (!run.isl) {
        throw CliError(what + "the mean input length: give --isl N");
    }
    if (!run.osl) {
        throw CliError(what + "the mean output length: give --osl N");
    }
}

// A session with the device, the model's group (when --model names one) and the runs.
Session servingSession(const std::vector<ServingRun>& runs, const CliArgs& opts, const std::string& format,
    const std::vector<std::string>& files)
{
    Session session;
    session.title = opts.value("title").value_or("Serving runs imported from " + format + ": " + joined(files, ", "));
    DeviceSelection device;
    device.id = runs.front().device;
    device.chips = static_cast<int>(runs.front().chips);
    session.devices.push_back(device);
    if (const TransformerPreset* preset = findTransformerPreset(runs.front().model)) {
        Kernel group;
        group.name = preset->id;
        TemplateInstance t;
        t.name = kTransformerTemplate;
        applyTransformerPreset(*preset, t);
        const ServingRun& r = runs.front();
        t.params["isl"] = std::max(1.0, std::round(r.isl.value_or(1024.0)));
        t.params["osl"] = std::max(1.0, std::round(r.osl.value_or(1024.0)));
        t.params["concurrency"] = r.concurrency ? std::round(*r.concurrency) : 1.0;
        if (!r.weightDtype.empty()) {
            t.options["weight_dtype"] = r.weightDtype;
        }
        group.templ = t;
        if (const std::string error = applyKernelGroup(group); !error.empty()) {
            throw CliError("--model " + preset->id + ": " + error);
        }
        session.kernels.push_back(std::move(group));
    }
    session.servingRuns = runs;
    return session;
}

} // namespace

int importServingCommand(const std::string& format, const std::vector<std::string>& files, const CliArgs& opts,
    std::ostream& out, std::ostream& err)
{
    for (const char* option : { "hardware-out", "device", "aggregate", "inline" }) {
        if (opts.has(option)) {
            throw CliError(std::string("--") + option + " applies to profiler imports, not to " + format);
        }
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    const ServingImportDefaults defaults = importDefaults(opts, context);
    const auto output = opts.value("output");
    if (output) {
        SafeFileWriter writer(*output);
        writer.setInputs(files);
        if (const std::string error = writer.check(); !error.empty()) {
            throw CliError("-o: " + error);
        }
    }
    ImportOptions options;
    options.maxFileBytes = maxImportBytes(opts);
    std::vector<ServingRun> runs;
    for (const std::string& file : files) {
        ServingImportResult result = importServingBench(file, format, defaults, options);
        for (const Diagnostic& d : result.diagnostics) {
            if (d.severity == Severity::Warning) {
                err << "roofscope: " << d.toString() << "\n";
            }
        }
        if (!result.ok()) {
            throw CliError(firstError(result.diagnostics));
        }
        for (ServingRun& run : result.runs) {
            requireFlags(run, file, format);
            runs.push_back(std::move(run));
        }
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        runs[i].name = (runs[i].engine.empty() ? format : runs[i].engine) + " " + runs[i].device + " x"
            + formatNumber(runs[i].chips, 6) + " " + formatNumber(runs[i].isl.value_or(0.0), 4) + "/"
            + formatNumber(runs[i].osl.value_or(0.0), 4)
            + (runs[i].concurrency ? " c" + formatNumber(*runs[i].concurrency, 6) : std::string())
            + (runs.size() > 1 ? " #" + std::to_string(i + 1) : std::string());
    }
    if (output) {
        const Session session = servingSession(runs, opts, format, files);
        if (const std::string error = writeFileSafely(*output, sessionToYaml(session, *output), files);
            !error.empty()) {
            throw CliError(error);
        }
        if (session.kernels.empty()) {
            err << "roofscope: warning: no transformer group in " << *output
                << ": give --model ID (see 'roofscope models list') to set the runs against a bound\n";
        }
    }
    if (opts.has("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& r : runs) {
            array.push_back(runToJson(r));
        }
        nlohmann::json summary { { "kind", "serving_runs" }, { "format", format }, { "runs", std::move(array) },
            { "output", output ? nlohmann::json(*output) : nlohmann::json(nullptr) } };
        out << jsonText(summary) << "\n";
        return 0;
    }
    for (const auto& r : runs) {
        printRun(r, out);
    }
    if (output) {
        out << "wrote " << runs.size() << (runs.size() == 1 ? " serving run" : " serving runs") << " to " << *output
            << "; 'roofscope compare --session " << *output << "' sets them against their bounds\n";
    }
    return 0;
}

int runsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (args.size() < 2 || !cliCommand("runs").acceptsWord(args[1])) {
        throw CliError("expected 'runs list' or 'runs show NAME'");
    }
    CliArgs opts(args, 2, cliCommand("runs"));
    const std::string folder = opts.value("published-dir").value_or(shippedPublishedRunsDir());
    PublishedRunsResult published = loadPublishedRuns(folder);
    for (const Diagnostic& d : published.diagnostics) {
        err << "roofscope: " << d.toString() << "\n";
    }
    if (hasErrors(published.diagnostics) && published.sources.empty()) {
        throw CliError(firstError(published.diagnostics));
    }
    std::vector<std::string> hardware;
    for (const auto& list : opts.values("hardware")) {
        for (const auto& id : split(list, ',')) {
            if (!trimmed(id).empty()) {
                hardware.push_back(trimmed(id));
            }
        }
    }
    const std::string model = trimmed(opts.value("model").value_or(""));
    std::vector<const ServingRun*> shown;
    for (const auto& source : published.sources) {
        for (const auto& run : source.runs) {
            const bool onDevice
                = hardware.empty() || std::find(hardware.begin(), hardware.end(), run.device) != hardware.end();
            if (onDevice && (model.empty() || equalsIgnoreCase(run.model, model))) {
                shown.push_back(&run);
            }
        }
    }
    if (args[1] == "show") {
        if (opts.positional().size() != 1) {
            throw CliError("'runs show' takes one NAME (see 'roofscope runs list')");
        }
        const std::string& name = opts.positional().front();
        const auto it = std::find_if(shown.begin(), shown.end(), [&](const ServingRun* r) { return r->name == name; });
        if (it == shown.end()) {
            throw CliError("no published run named '" + name + "' (see 'roofscope runs list')");
        }
        // Its bound on the shipped hardware, with the model's shape (docs/serving.md#the-gap).
        std::optional<ServingRunGap> gap;
        CliContext context(opts);
        const TransformerPreset* preset = findTransformerPreset((*it)->model);
        const Hardware* chip = context.database().find((*it)->device);
        if (preset && chip) {
            TemplateInstance t;
            t.name = kTransformerTemplate;
            applyTransformerPreset(*preset, t);
            gap = servingRunGap(**it, t, *chip, {});
        }
        if (opts.has("json")) {
            nlohmann::json j = runToJson(**it);
            j["gap"] = gap ? measuredToJson({ *gap }).front() : nlohmann::json(nullptr);
            out << jsonText(j) << "\n";
        } else {
            printRun(**it, out);
            if (gap) {
                out << "  " << padRight("bound", 14) << measuredRunLine(*gap) << "\n";
            }
        }
        return 0;
    }
    if (!opts.positional().empty()) {
        throw CliError("'runs list' takes no argument (filter with --hardware and --model)");
    }
    if (opts.has("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (const ServingRun* r : shown) {
            array.push_back(runToJson(*r));
        }
        out << jsonText(array) << "\n";
        return 0;
    }
    std::size_t width = 4;
    for (const ServingRun* r : shown) {
        width = std::max(width, r->name.size());
    }
    out << padRight("NAME", width) << "  " << padRight("MODEL", 16) << padRight("DEVICE", 26) << padRight("ENGINE", 14)
        << padRight("WEIGHTS", 9) << padRight("IN/OUT", 11) << padRight("CONC", 6) << "OUTPUT TOKENS/S\n";
    for (const ServingRun* r : shown) {
        const std::string lengths = r->isl && r->osl ? formatNumber(*r->isl, 5) + "/" + formatNumber(*r->osl, 5) : "-";
        out << padRight(r->name, width) << "  " << padRight(r->model, 16)
            << padRight(r->device + " x" + formatNumber(r->chips, 6), 26) << padRight(elide(r->engine, 13), 14)
            << padRight(r->weightDtype.empty() ? "?" : r->weightDtype, 9) << padRight(lengths, 11)
            << padRight(r->concurrency ? formatNumber(*r->concurrency, 6) : "-", 6)
            << (r->outputTokensPerSecond ? formatNumber(*r->outputTokensPerSecond, 6) : std::string("-")) << "\n";
    }
    out << shown.size() << (shown.size() == 1 ? " run" : " runs") << " from " << published.sources.size()
        << " published sources in " << folder << "\n";
    return 0;
}

int modelsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& /*err*/)
{
    if (args.size() < 2 || !cliCommand("models").acceptsWord(args[1])) {
        throw CliError("expected 'models list' or 'models show ID'");
    }
    CliArgs opts(args, 2, cliCommand("models"));
    const auto toJson = [](const TransformerPreset& p) {
        nlohmann::json params = nlohmann::json::object();
        for (const auto& [name, value] : p.params) {
            params[name] = value;
        }
        nlohmann::json options = nlohmann::json::object();
        for (const auto& [name, value] : p.options) {
            options[name] = value;
        }
        const auto text = [](const std::string& t) { return t.empty() ? nlohmann::json(nullptr) : nlohmann::json(t); };
        return nlohmann::json { { "id", p.id }, { "name", p.name }, { "family", text(p.family) },
            { "aliases", p.aliases }, { "params", params }, { "options", options }, { "source", p.source },
            { "parameters", p.publishedParameters ? nlohmann::json(*p.publishedParameters) : nlohmann::json(nullptr) },
            { "parameters_source", text(p.parametersSource) }, { "parameters_counted", presetParameterCount(p) },
            { "note", text(p.note) }, { "file", text(p.file) } };
    };
    // "70.6B counted (70.6B published)".
    const auto parameters = [](const TransformerPreset& p) {
        std::string line = formatNumber(presetParameterCount(p) / 1e9, 4) + "B counted";
        if (p.publishedParameters) {
            line += " (" + formatNumber(*p.publishedParameters / 1e9, 4) + "B published)";
        }
        return line;
    };
    if (args[1] == "show") {
        if (opts.positional().size() != 1) {
            throw CliError("'models show' takes one ID (see 'roofscope models list')");
        }
        const TransformerPreset* p = findTransformerPreset(opts.positional().front());
        if (!p) {
            throw CliError("unknown model '" + opts.positional().front() + "' (see 'roofscope models list')");
        }
        if (opts.has("json")) {
            out << jsonText(toJson(*p)) << "\n";
            return 0;
        }
        out << p->id << " (" << p->name << ")\n  source  " << p->source << "\n  parameters " << parameters(*p) << "\n";
        for (const auto& [name, value] : p->params) {
            out << "  " << padRight(name, 15) << formatNumber(value, 12) << "\n";
        }
        for (const auto& [name, value] : p->options) {
            out << "  " << padRight(name, 15) << value << "\n";
        }
        if (!p->note.empty()) {
            out << "  note    " << p->note << "\n";
        }
        return 0;
    }
    if (!opts.positional().empty()) {
        throw CliError("'models list' takes no argument");
    }
    if (opts.has("json")) {
        nlohmann::json array = nlohmann::json::array();
        for (const auto& p : transformerPresets()) {
            array.push_back(toJson(p));
        }
        out << jsonText(array) << "\n";
        return 0;
    }
    if (transformerPresets().empty()) {
        out << "no models: the catalogue folder (models/) was not found\n";
        return 0;
    }
    out << padRight("ID", 17) << padRight("NAME", 18) << padRight("PARAMETERS", 34) << "SOURCE\n";
    for (const auto& p : transformerPresets()) {
        out << padRight(p.id, 17) << padRight(p.name, 18) << padRight(parameters(p), 34) << p.source << "\n";
    }
    return 0;
}

} // namespace roofscope
