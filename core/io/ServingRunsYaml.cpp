#include "io/ServingRunsYaml.h"

#include "io/StrictYaml.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <filesystem>

namespace roofscope {

namespace {

constexpr double kMaxFigure = 1e15;

// A latency: a number of seconds (its statistic named by `stat`, the mean by default) or {mean, p50, p99}.
void readLatency(YamlSchema& s, const YAML::Node& item, const char* key, const std::string& path,
    const std::string& stat, LatencyStat& out)
{
    const YAML::Node node = item[key];
    if (!node.IsDefined() || node.IsNull()) {
        return;
    }
    const std::string at = path + "." + key;
    if (node.IsMap()) {
        if (!s.checkMap(node, at, { "mean", "p50", "p99" })) {
            return;
        }
        out.mean = s.number(node, "mean", at + ".mean", false, 0.0, kMaxFigure);
        out.p50 = s.number(node, "p50", at + ".p50", false, 0.0, kMaxFigure);
        out.p99 = s.number(node, "p99", at + ".p99", false, 0.0, kMaxFigure);
        return;
    }
    const auto value = s.number(item, key, at, false, 0.0, kMaxFigure);
    (stat == "p50" ? out.p50 : stat == "p99" ? out.p99 : out.mean) = value;
}

std::vector<std::string> readWords(YamlSchema& s, const YAML::Node& item, const char* key, const std::string& path)
{
    std::vector<std::string> out;
    const YAML::Node node = item[key];
    if (!node.IsDefined() || node.IsNull()) {
        return out;
    }
    if (node.IsScalar()) {
        if (!trimmed(node.Scalar()).empty()) {
            out.push_back(trimmed(node.Scalar()));
        }
        return out;
    }
    if (!s.isSequence(node, path + "." + key)) {
        return out;
    }
    for (std::size_t i = 0; i < node.size(); ++i) {
        if (!node[i].IsScalar()) {
            s.error(node[i], indexedPath(path + "." + key, i), "expected text");
            continue;
        }
        out.push_back(trimmed(node[i].Scalar()));
    }
    return out;
}

std::string readText(YamlSchema& s, const YAML::Node& item, const char* key, const std::string& path)
{
    return trimmed(s.string(item, key, path + "." + key, false).value_or(""));
}

std::optional<double> readCount(YamlSchema& s, const YAML::Node& item, const char* key, const std::string& path)
{
    return s.number(item, key, path + "." + key, false, 1.0, 1e9);
}

// The keys of one run, in a session and in a published file alike (published files add model_name,
// output_tokens_per_s_per_chip, batch and stat).
void readRunEntry(YamlSchema& s, const YAML::Node& item, const std::string& path, ServingRun& run)
{
    run.name = readText(s, item, "name", path);
    run.group = readText(s, item, "group", path);
    run.model = readText(s, item, "model", path);
    run.engine = readText(s, item, "engine", path);
    run.engineVersion = readText(s, item, "engine_version", path);
    run.format = readText(s, item, "format", path);
    run.source = readText(s, item, "source", path);
    run.cell = readText(s, item, "cell", path);
    run.date = readText(s, item, "date", path);
    run.device = readText(s, item, "device", path);
    run.chips = s.number(item, "chips", path + ".chips", false, 1.0, 1e6).value_or(0.0);
    run.tp = readCount(s, item, "tp", path);
    run.pp = readCount(s, item, "pp", path);
    run.dp = readCount(s, item, "dp", path);
    run.ep = readCount(s, item, "ep", path);
    if (const YAML::Node p = item["precision"]; p.IsDefined() && !p.IsNull()) {
        if (s.checkMap(p, path + ".precision", { "weights", "activations", "kv" })) {
            const auto known = [&](const char* key) {
                std::string v = toLower(readText(s, p, key, path + ".precision"));
                return v == "unknown" ? std::string {} : v;
            };
            run.weightDtype = known("weights");
            run.computeDtype = known("activations");
            run.kvDtype = known("kv");
        }
    }
    run.isl = s.number(item, "isl", path + ".isl", false, 1.0, 1e9);
    run.osl = s.number(item, "osl", path + ".osl", false, 1.0, 1e9);
    run.concurrency = s.number(item, "concurrency", path + ".concurrency", false, 1.0, 1e9);
    run.requestRate = s.number(item, "request_rate", path + ".request_rate", false, 0.0, kMaxFigure);
    run.scenario = readText(s, item, "scenario", path);
    run.requests = s.number(item, "requests", path + ".requests", false, 0.0, kMaxFigure);
    run.durationSeconds = s.number(item, "duration_s", path + ".duration_s", false, 0.0, kMaxFigure);
    run.outputTokensPerSecond
        = s.number(item, "output_tokens_per_s", path + ".output_tokens_per_s", false, 0.0, kMaxFigure);
    run.totalTokensPerSecond
        = s.number(item, "total_tokens_per_s", path + ".total_tokens_per_s", false, 0.0, kMaxFigure);
    run.requestsPerSecond = s.number(item, "requests_per_s", path + ".requests_per_s", false, 0.0, kMaxFigure);
    const std::string stat = readText(s, item, "stat", path);
    if (!stat.empty() && stat != "mean" && stat != "p50" && stat != "p99") {
        s.error(item["stat"], path + ".stat", "stat must be mean, p50 or p99, not '" + stat + "'");
    }
    readLatency(s, item, "ttft_s", path, stat, run.ttft);
    readLatency(s, item, "tpot_s", path, stat, run.tpot);
    readLatency(s, item, "itl_s", path, stat, run.itl);
    run.flags = readWords(s, item, "flags", path);
    run.notes = readWords(s, item, "notes", path);
}

void emitOptional(YAML::Emitter& out, const char* key, const std::optional<double>& value)
{
    if (value) {
        out << YAML::Key << key << YAML::Value << formatExact(*value);
    }
}

void emitText(YAML::Emitter& out, const char* key, const std::string& value)
{
    if (!value.empty()) {
        out << YAML::Key << key << YAML::Value << value;
    }
}

void emitLatency(YAML::Emitter& out, const char* key, const LatencyStat& stat)
{
    if (stat.empty()) {
        return;
    }
    out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginMap;
    emitOptional(out, "mean", stat.mean);
    emitOptional(out, "p50", stat.p50);
    emitOptional(out, "p99", stat.p99);
    out << YAML::EndMap;
}

void emitWords(YAML::Emitter& out, const char* key, const std::vector<std::string>& words)
{
    if (words.empty()) {
        return;
    }
    out << YAML::Key << key << YAML::Value << YAML::BeginSeq;
    for (const auto& w : words) {
        out << w;
    }
    out << YAML::EndSeq;
}

std::string defaultRunName(const ServingRun& run)
{
    std::string name = run.engine.empty() ? run.format : run.engine;
    name += (name.empty() ? "" : " ") + run.device;
    if (run.chips >= 1.0) {
        name += " x" + formatNumber(run.chips, 6);
    }
    if (run.isl && run.osl) {
        name += " " + formatNumber(*run.isl, 4) + "/" + formatNumber(*run.osl, 4);
    }
    if (run.concurrency) {
        name += " c" + formatNumber(*run.concurrency, 6);
    }
    return trimmed(name).empty() ? "run" : trimmed(name);
}

void makeNamesUnique(std::vector<ServingRun>& runs)
{
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (runs[i].name.empty()) {
            runs[i].name = defaultRunName(runs[i]);
        }
        const std::string base = runs[i].name;
        for (int n = 2;; ++n) {
            const bool taken = std::any_of(runs.begin(), runs.begin() + static_cast<std::ptrdiff_t>(i),
                [&](const ServingRun& r) { return r.name == runs[i].name; });
            if (!taken) {
                break;
            }
            runs[i].name = base + " #" + std::to_string(n);
        }
    }
}

PublishedRunsResult parsePublished(const YAML::Node& root, const std::string& file)
{
    PublishedRunsResult result;
    YamlSchema s(file, result.diagnostics);
    if (!s.checkMap(root, "", { "source", "runs" })) {
        return result;
    }
    PublishedSource source;
    source.file = file;
    source.id = std::filesystem::path(file).stem().string();
    const YAML::Node src = root["source"];
    if (!src.IsDefined() || !src.IsMap()) {
        s.error(src.IsDefined() ? src : root, "source", "a published file needs source: {title, citation}");
        return result;
    }
    if (s.checkMap(src, "source", { "title", "citation", "licence" })) {
        source.title = trimmed(s.string(src, "title", "source.title", true).value_or(""));
        source.citation = trimmed(s.string(src, "citation", "source.citation", true).value_or(""));
        source.licence = trimmed(s.string(src, "licence", "source.licence", false).value_or(""));
    }
    const YAML::Node runs = root["runs"];
    if (!runs.IsDefined() || !s.isSequence(runs, "runs")) {
        if (!runs.IsDefined()) {
            s.error(root, "runs", "a published file needs runs:");
        }
        return result;
    }
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::string path = indexedPath("runs", i);
        const YAML::Node item = runs[i];
        if (!s.checkMap(item, path,
                { "name", "engine", "engine_version", "device", "chips", "tp", "pp", "dp", "ep", "model", "model_name",
                    "precision", "isl", "osl", "concurrency", "batch", "scenario", "output_tokens_per_s",
                    "output_tokens_per_s_per_chip", "total_tokens_per_s", "requests_per_s", "ttft_s", "tpot_s", "itl_s",
                    "stat", "cell", "flags", "notes", "date", "request_rate" })) {
            continue;
        }
        ServingRun run;
        readRunEntry(s, item, path, run);
        run.source = source.citation;
        run.format = "published";
        if (const std::string name = readText(s, item, "model_name", path); !name.empty()) {
            run.notes.push_back("model as published: " + name);
        }
        if (const auto batch = s.number(item, "batch", path + ".batch", false, 1.0, 1e9)) {
            run.notes.push_back("engine maximum batch " + formatNumber(*batch, 6));
        }
        const auto perChip = s.number(
            item, "output_tokens_per_s_per_chip", path + ".output_tokens_per_s_per_chip", false, 0.0, kMaxFigure);
        if (!run.outputTokensPerSecond && perChip && run.chips >= 1.0) {
            run.outputTokensPerSecond = *perChip * run.chips;
            run.notes.emplace_back("output tokens/s is the published per-chip figure times the chips");
        }
        for (const char* required : { "engine", "device", "model", "cell" }) {
            if (!item[required].IsDefined()) {
                s.error(item, path + "." + required, std::string("a published run needs ") + required);
            }
        }
        if (run.chips < 1.0) {
            s.error(item, path + ".chips", "a published run needs chips");
        }
        source.runs.push_back(std::move(run));
    }
    // A published run's name is its place in its source: "mlperf-inference-v4.1#3" (stable, short, unique).
    for (std::size_t i = 0; i < source.runs.size(); ++i) {
        if (source.runs[i].name.empty()) {
            source.runs[i].name = source.id + "#" + std::to_string(i + 1);
        }
    }
    makeNamesUnique(source.runs);
    if (!s.failed()) {
        result.sources.push_back(std::move(source));
    }
    return result;
}

} // namespace

void readSessionServingRuns(YamlSchema& s, const YAML::Node& root, std::vector<ServingRun>& runs)
{
    const YAML::Node list = root["serving_runs"];
    if (!list.IsDefined() || list.IsNull() || !s.isSequence(list, "serving_runs")) {
        return;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = indexedPath("serving_runs", i);
        const YAML::Node item = list[i];
        if (!s.checkMap(item, path,
                { "name", "group", "model", "engine", "engine_version", "format", "source", "cell", "date", "device",
                    "chips", "tp", "pp", "dp", "ep", "precision", "isl", "osl", "concurrency", "request_rate",
                    "scenario", "requests", "duration_s", "output_tokens_per_s", "total_tokens_per_s", "requests_per_s",
                    "ttft_s", "tpot_s", "itl_s", "stat", "flags", "notes" })) {
            continue;
        }
        ServingRun run;
        readRunEntry(s, item, path, run);
        for (const auto& other : runs) {
            if (!run.name.empty() && other.name == run.name) {
                s.error(item["name"], path + ".name", "serving run '" + run.name + "' is named twice");
            }
        }
        if (const std::string problem = servingRunProblem(run); !problem.empty()) {
            s.error(item, path, problem);
        }
        runs.push_back(std::move(run));
    }
    makeNamesUnique(runs);
}

void writeSessionServingRuns(YAML::Emitter& out, const std::vector<ServingRun>& runs)
{
    if (runs.empty()) {
        return;
    }
    out << YAML::Key << "serving_runs" << YAML::Value << YAML::BeginSeq;
    for (const auto& r : runs) {
        out << YAML::BeginMap;
        emitText(out, "name", r.name);
        emitText(out, "group", r.group);
        emitText(out, "model", r.model);
        emitText(out, "engine", r.engine);
        emitText(out, "engine_version", r.engineVersion);
        emitText(out, "format", r.format);
        emitText(out, "source", r.source);
        emitText(out, "cell", r.cell);
        emitText(out, "date", r.date);
        emitText(out, "device", r.device);
        emitOptional(out, "chips", r.chips >= 1.0 ? std::optional<double>(r.chips) : std::nullopt);
        emitOptional(out, "tp", r.tp);
        emitOptional(out, "pp", r.pp);
        emitOptional(out, "dp", r.dp);
        emitOptional(out, "ep", r.ep);
        if (!r.weightDtype.empty() || !r.computeDtype.empty() || !r.kvDtype.empty()) {
            out << YAML::Key << "precision" << YAML::Value << YAML::Flow << YAML::BeginMap;
            emitText(out, "weights", r.weightDtype);
            emitText(out, "activations", r.computeDtype);
            emitText(out, "kv", r.kvDtype);
            out << YAML::EndMap;
        }
        emitOptional(out, "isl", r.isl);
        emitOptional(out, "osl", r.osl);
        emitOptional(out, "concurrency", r.concurrency);
        emitOptional(out, "request_rate", r.requestRate);
        emitText(out, "scenario", r.scenario);
        emitOptional(out, "requests", r.requests);
        emitOptional(out, "duration_s", r.durationSeconds);
        emitOptional(out, "output_tokens_per_s", r.outputTokensPerSecond);
        emitOptional(out, "total_tokens_per_s", r.totalTokensPerSecond);
        emitOptional(out, "requests_per_s", r.requestsPerSecond);
        emitLatency(out, "ttft_s", r.ttft);
        emitLatency(out, "tpot_s", r.tpot);
        emitLatency(out, "itl_s", r.itl);
        emitWords(out, "flags", r.flags);
        emitWords(out, "notes", r.notes);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq;
}

PublishedRunsResult loadPublishedRunsText(const std::string& text, const std::string& fileLabel)
{
    return loadStrictYamlWith<PublishedRunsResult>(text, fileLabel, true, parsePublished);
}

PublishedRunsResult loadPublishedRuns(const std::string& folder)
{
    namespace fs = std::filesystem;
    PublishedRunsResult result;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        Diagnostic d;
        d.file = folder;
        d.message = "the folder of published runs does not exist";
        result.diagnostics.push_back(d);
        return result;
    }
    for (const auto& file : yamlFilesIn(folder)) {
        PublishedRunsResult one = loadStrictYamlWith<PublishedRunsResult>(file, file, false, parsePublished);
        result.diagnostics.insert(result.diagnostics.end(), one.diagnostics.begin(), one.diagnostics.end());
        for (auto& source : one.sources) {
            result.sources.push_back(std::move(source));
        }
    }
    return result;
}

} // namespace roofscope
