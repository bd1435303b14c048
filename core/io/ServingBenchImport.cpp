#include "io/ServingBenchImport.h"

#include "io/ImportUtil.h"
#include "io/JsonText.h"
#include "model/Precision.h"
#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <ctime>
#include <map>
#include <sstream>

namespace roofscope {

namespace {

using Json = nlohmann::json;
using importutil::errorAt;
using importutil::warningAt;

std::optional<double> number(const Json& object, const char* key)
{
    if (!object.is_object()) {
        return std::nullopt;
    }
    const auto it = object.find(key);
    if (it == object.end()) {
        return std::nullopt;
    }
    if (it->is_number()) {
        const double v = it->get<double>();
        return std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
    }
    if (it->is_string()) {
        // llmperf writes some counts as strings ("550").
        try {
            std::size_t used = 0;
            const std::string s = it->get<std::string>();
            const double v = std::stod(s, &used);
            return used == s.size() && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string text(const Json& object, const char* key)
{
    if (!object.is_object()) {
        return {};
    }
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string {};
}

const Json& member(const Json& object, const char* key)
{
    static const Json none;
    if (!object.is_object()) {
        return none;
    }
    const auto it = object.find(key);
    return it == object.end() ? none : *it;
}

std::optional<double> scaled(std::optional<double> value, double factor)
{
    return value ? std::optional<double>(*value * factor) : std::nullopt;
}

std::optional<double> positive(std::optional<double> value)
{
    return value && *value > 0.0 ? value : std::nullopt;
}

// A dtype as engines spell it, in the model's names ("bfloat16" -> "bf16"); empty when unknown.
std::string canonicalDtype(std::string name)
{
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name.empty() || name == "auto" || name == "none" || name == "null") {
        return {};
    }
    if (isKnownPrecision(name)) {
        return name;
    }
    if (name == "bfloat16") {
        return "bf16";
    }
    if (name == "float16" || name == "half") {
        return "fp16";
    }
    if (name == "float32" || name == "float") {
        return "fp32";
    }
    if (name.rfind("fp8", 0) == 0 || name.rfind("float8", 0) == 0 || name == "w8a8_fp8") {
        return "fp8";
    }
    if (name == "nvfp4" || name == "mxfp4" || name.rfind("fp4", 0) == 0) {
        return "fp4";
    }
    if (name == "int8" || name == "w8a8" || name == "int8_kv_cache") {
        return "int8";
    }
    return {};
}

void applyDefaults(ServingRun& run, const ServingImportDefaults& d)
{
    const auto take = [](std::string& field, const std::string& value) {
        if (!value.empty()) {
            field = value;
        }
    };
    take(run.device, d.device);
    take(run.model, d.model);
    take(run.group, d.group);
    take(run.engine, d.engine);
    take(run.engineVersion, d.engineVersion);
    take(run.weightDtype, d.weightDtype);
    take(run.computeDtype, d.computeDtype);
    take(run.kvDtype, d.kvDtype);
    if (d.chips > 0.0) {
        run.chips = d.chips;
    }
    if (d.isl) {
        run.isl = d.isl;
    }
    if (d.osl) {
        run.osl = d.osl;
    }
    if (d.concurrency) {
        run.concurrency = d.concurrency;
    }
    for (const auto& f : d.flags) {
        if (!run.hasFlag(f)) {
            run.flags.push_back(f);
        }
    }
}

LatencyStat msStat(const Json& o, const std::string& stem)
{
    LatencyStat s;
    s.mean = scaled(number(o, ("mean_" + stem + "_ms").c_str()), 1e-3);
    s.p50 = scaled(number(o, ("median_" + stem + "_ms").c_str()), 1e-3);
    s.p99 = scaled(number(o, ("p99_" + stem + "_ms").c_str()), 1e-3);
    return s;
}

std::optional<double> meanLength(const Json& o, const char* total, const char* completed)
{
    const auto t = number(o, total);
    const auto n = number(o, completed);
    return t && n && *n > 0.0 ? std::optional<double>(*t / *n) : std::nullopt;
}

// The fields vLLM's benchmark and SGLang's bench_serving share (SGLang's descends from vLLM's): the load,
// the throughputs, the measured mean lengths and the latencies in ms.
ServingRun serveBenchmarkRun(const Json& o, const char* format)
{
    ServingRun r;
    r.format = format;
    r.concurrency = positive(number(o, "max_concurrency"));
    r.requestRate = number(o, "request_rate"); // "inf" (vLLM) or Infinity (SGLang): all at once, read as none
    r.requests = number(o, "completed");
    r.durationSeconds = number(o, "duration");
    r.outputTokensPerSecond = number(o, "output_throughput");
    r.requestsPerSecond = number(o, "request_throughput");
    r.isl = meanLength(o, "total_input_tokens", "completed");
    r.osl = meanLength(o, "total_output_tokens", "completed");
    r.ttft = msStat(o, "ttft");
    r.tpot = msStat(o, "tpot");
    r.itl = msStat(o, "itl");
    r.scenario = r.concurrency ? "closed-loop" : r.requestRate ? "open-loop" : "offline";
    r.notes.emplace_back("isl and osl are the measured means (total tokens / completed requests), not the "
                         "requested lengths");
    return r;
}

// vLLM's benchmark_serving.py / `vllm bench serve --save-result`: one flat object per file.
ServingRun vllmRun(const Json& o)
{
    ServingRun r = serveBenchmarkRun(o, "vllm-serve");
    r.model = text(o, "model_id");
    r.date = text(o, "date");
    r.totalTokensPerSecond = number(o, "total_token_throughput");
    r.notes.emplace_back("tpot is per request (latency - ttft) / (output tokens - 1); itl is the gap between "
                         "streamed chunks, several tokens each when the server streams in intervals");
    if (const std::string backend = text(o, "backend"); !backend.empty()) {
        r.notes.push_back("backend '" + backend + "' is the client's request format, not necessarily the engine");
    }
    return r;
}

// SGLang's bench_serving: one object per line; older versions give medians only and no TPOT.
ServingRun sglangRun(const Json& o)
{
    ServingRun r = serveBenchmarkRun(o, "sglang");
    if (const auto in = number(o, "input_throughput"); in && r.outputTokensPerSecond) {
        r.totalTokensPerSecond = *in + *r.outputTokensPerSecond;
    }
    if (const std::string dataset = text(o, "dataset_name"); !dataset.empty()) {
        r.notes.push_back("dataset " + dataset);
    }
    r.notes.emplace_back("itl counts streamed chunks (several tokens each with a stream interval), not tokens");
    return r;
}

LatencyStat metricStat(const Json& metric, double toSeconds)
{
    LatencyStat s;
    s.mean = scaled(number(metric, "avg"), toSeconds);
    s.p50 = scaled(number(metric, "p50"), toSeconds);
    s.p99 = scaled(number(metric, "p99"), toSeconds);
    return s;
}

// AIPerf and genai-perf: one object per metric ({unit, avg, p50, p99, ...}) and the CLI's input_config.
ServingRun aiperfRun(const Json& o)
{
    ServingRun r;
    const bool aiperf = o.contains("aiperf_version");
    r.format = "aiperf";
    r.engine = "";
    r.outputTokensPerSecond = number(member(o, "output_token_throughput"), "avg");
    r.totalTokensPerSecond = number(member(o, "total_token_throughput"), "avg");
    r.requestsPerSecond = number(member(o, "request_throughput"), "avg");
    r.requests = number(member(o, "request_count"), "avg");
    r.durationSeconds = number(member(o, "benchmark_duration"), "avg");
    r.isl = number(member(o, "input_sequence_length"), "avg");
    r.osl = number(member(o, "output_sequence_length"), "avg");
    r.ttft = metricStat(member(o, "time_to_first_token"), 1e-3);
    // Both tools compute the inter-token latency per request as (latency - TTFT) / (output tokens - 1):
    // that is a TPOT.
    r.tpot = metricStat(member(o, "inter_token_latency"), 1e-3);
    const Json& config = member(o, "input_config");
    // AIPerf: input_config.loadgen.concurrency; genai-perf: input_config.perf_analyzer.stimulus.concurrency
    // (older versions: input_config.concurrency).
    r.concurrency = positive(number(member(config, "loadgen"), "concurrency"));
    if (!r.concurrency) {
        r.concurrency = positive(number(member(member(config, "perf_analyzer"), "stimulus"), "concurrency"));
    }
    if (!r.concurrency) {
        r.concurrency = positive(number(config, "concurrency"));
    }
    const Json& names = member(member(config, "endpoint"), "model_names");
    if (names.is_array() && !names.empty() && names.front().is_string()) {
        r.model = names.front().get<std::string>();
    } else {
        for (const char* key : { "model_names", "model" }) {
            const Json& model = member(config, key);
            if (r.model.empty() && model.is_array() && !model.empty() && model.front().is_string()) {
                r.model = model.front().get<std::string>();
            }
        }
    }
    r.date = text(o, "start_time");
    r.scenario = r.concurrency ? "closed-loop" : "open-loop";
    r.notes.push_back(std::string(aiperf ? "AIPerf " + text(o, "aiperf_version") : "genai-perf")
        + ": tpot is inter_token_latency, per request (latency - ttft) / (output tokens - 1)");
    if (const auto hit = number(member(o, "theoretical_prefix_cache_hit"), "avg"); hit && *hit > 0.0) {
        r.flags.emplace_back("prefix_caching");
        r.notes.push_back("the prompts repeat prefixes: a theoretical prefix-cache hit of " + formatNumber(*hit, 3)
            + " %: most prompt tokens need no prefill when the server caches prefixes");
    }
    if (const auto effective = number(member(o, "effective_concurrency"), "avg")) {
        r.notes.push_back("measured mean concurrency " + formatNumber(*effective, 3));
    }
    return r;
}

// llmperf's *_summary.json: flat, seconds; its inter-token latency includes the first token.
ServingRun llmperfRun(const Json& o)
{
    ServingRun r;
    r.format = "llmperf";
    r.model = text(o, "model");
    r.concurrency = positive(number(o, "num_concurrent_requests"));
    r.outputTokensPerSecond = number(o, "results_mean_output_throughput_token_per_s");
    r.requests = number(o, "results_num_completed_requests");
    if (const auto perMin = number(o, "results_num_completed_requests_per_min")) {
        r.requestsPerSecond = *perMin / 60.0;
    }
    r.isl = number(o, "results_number_input_tokens_mean");
    if (!r.isl) {
        r.isl = number(o, "mean_input_tokens");
    }
    r.osl = number(o, "results_number_output_tokens_mean");
    if (!r.osl) {
        r.osl = number(o, "mean_output_tokens");
    }
    r.ttft.mean = number(o, "results_ttft_s_mean");
    r.ttft.p50 = number(o, "results_ttft_s_quantiles_p50");
    r.ttft.p99 = number(o, "results_ttft_s_quantiles_p99");
    r.itl.mean = number(o, "results_inter_token_latency_s_mean");
    r.itl.p50 = number(o, "results_inter_token_latency_s_quantiles_p50");
    r.itl.p99 = number(o, "results_inter_token_latency_s_quantiles_p99");
    if (const auto t = number(o, "timestamp")) {
        const std::time_t seconds = static_cast<std::time_t>(*t);
        std::tm tm {};
        if (gmtime_r(&seconds, &tm)) {
            char buffer[32];
            std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &tm);
            r.date = buffer;
        }
    }
    r.scenario = "closed-loop";
    r.notes.emplace_back("llmperf's inter-token latency is (ttft + every later gap) / output tokens: it includes "
                         "the prefill, so it is not a TPOT and no TPOT is derived from it");
    const auto errors = number(o, "results_number_errors");
    const auto started = number(o, "results_num_requests_started");
    if (errors && *errors > 0.0) {
        r.notes.push_back(formatNumber(*errors, 6) + (started ? " of " + formatNumber(*started, 6) : std::string {})
            + " requests failed; the figures are the completed requests'");
    }
    return r;
}

LatencyStat trtllmPercentiles(const Json& percentiles, std::optional<double> average)
{
    LatencyStat s;
    s.mean = scaled(average, 1e-3);
    s.p50 = scaled(number(percentiles, "p50"), 1e-3);
    s.p99 = scaled(number(percentiles, "p99"), 1e-3);
    return s;
}

// trtllm-bench's report JSON: the engine, the world, the requests and the performance.
ServingRun trtllmRun(const Json& o)
{
    ServingRun r;
    r.format = "trtllm-bench";
    r.engine = "TensorRT-LLM";
    const Json& engine = member(o, "engine");
    r.engineVersion = text(engine, "version");
    r.model = text(engine, "model");
    r.computeDtype = canonicalDtype(text(engine, "dtype"));
    r.weightDtype = canonicalDtype(text(engine, "quantization"));
    if (r.weightDtype.empty()) {
        r.weightDtype = r.computeDtype;
    }
    r.kvDtype = canonicalDtype(text(engine, "kv_cache_dtype"));
    if (r.kvDtype.empty()) {
        r.kvDtype = r.computeDtype;
    }
    const Json& world = member(o, "world_info");
    r.tp = positive(number(world, "tp_size"));
    r.pp = positive(number(world, "pp_size"));
    r.ep = positive(number(world, "ep_size"));
    if (const auto size = positive(number(world, "world_size"))) {
        r.chips = *size;
    }
    const Json& requests = member(o, "request_info");
    r.requests = number(requests, "num_requests");
    r.isl = number(requests, "avg_input_length");
    r.osl = number(requests, "avg_output_length");
    if (const auto c = positive(number(requests, "avg_num_concurrent_requests"))) {
        r.concurrency = std::max(1.0, std::round(*c));
        r.notes.push_back(
            "concurrency is the measured mean number of requests in flight, " + formatNumber(*c, 4) + ", rounded");
    }
    const Json& perf = member(o, "performance");
    r.outputTokensPerSecond = number(perf, "system_output_throughput_tok_s");
    r.totalTokensPerSecond = number(perf, "system_total_throughput_tok_s");
    r.requestsPerSecond = number(perf, "request_throughput_req_s");
    r.durationSeconds = scaled(number(perf, "total_latency_ms"), 1e-3);
    const Json& streaming = member(o, "streaming_metrics");
    if (streaming.is_object()) {
        r.ttft = trtllmPercentiles(member(streaming, "ttft_percentiles"), number(streaming, "avg_ttft_ms"));
        r.tpot = trtllmPercentiles(member(streaming, "tpot_percentiles"), number(streaming, "avg_tpot_ms"));
    }
    if (member(o, "decoding_stats").is_object()) {
        r.flags.emplace_back("speculative_decoding");
    }
    if (const std::string gpu = text(member(o, "machine"), "name"); !gpu.empty()) {
        r.notes.push_back("measured on " + gpu);
    }
    r.scenario = "closed-loop";
    return r;
}

// A `key : value` line of a LoadGen summary, the spacing around the colon as it comes.
std::map<std::string, std::string> summaryValues(std::string_view text)
{
    std::map<std::string, std::string> out;
    std::istringstream in { std::string(text) };
    std::string line;
    const auto trim = [](std::string s) {
        const auto b = s.find_first_not_of(" \t\r");
        const auto e = s.find_last_not_of(" \t\r");
        return b == std::string::npos ? std::string {} : s.substr(b, e - b + 1);
    };
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) {
            continue;
        }
        const std::string key = trim(line.substr(0, colon));
        if (!key.empty() && !out.count(key)) {
            out[key] = trim(line.substr(colon + 1));
        }
    }
    return out;
}

std::optional<double> summaryNumber(const std::map<std::string, std::string>& values, const char* key)
{
    const auto it = values.find(key);
    if (it == values.end()) {
        return std::nullopt;
    }
    try {
        std::size_t used = 0;
        const double v = std::stod(it->second, &used);
        return used == it->second.size() && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

ServingRun mlperfRun(std::string_view content)
{
    const auto v = summaryValues(content);
    ServingRun r;
    r.format = "mlperf";
    r.scenario = v.count("Scenario") ? v.at("Scenario") : "";
    std::transform(
        r.scenario.begin(), r.scenario.end(), r.scenario.begin(), [](unsigned char c) { return std::tolower(c); });
    const bool server = r.scenario == "server";
    r.outputTokensPerSecond = summaryNumber(v, server ? "Completed tokens per second" : "Tokens per second");
    r.requestsPerSecond = summaryNumber(v, server ? "Completed samples per second" : "Samples per second");
    if (r.outputTokensPerSecond && r.requestsPerSecond && *r.requestsPerSecond > 0.0) {
        r.osl = *r.outputTokensPerSecond / *r.requestsPerSecond;
        r.notes.emplace_back("osl is tokens/s / samples/s; the log does not give the input length (give --isl)");
    }
    r.ttft.mean = scaled(summaryNumber(v, "Mean First Token latency (ns)"), 1e-9);
    r.ttft.p50 = scaled(summaryNumber(v, "50.00 percentile first token latency (ns)"), 1e-9);
    r.ttft.p99 = scaled(summaryNumber(v, "99.00 percentile first token latency (ns)"), 1e-9);
    r.tpot.mean = scaled(summaryNumber(v, "Mean Time to Output Token (ns)"), 1e-9);
    r.tpot.p50 = scaled(summaryNumber(v, "50.00 percentile time to output token (ns)"), 1e-9);
    r.tpot.p99 = scaled(summaryNumber(v, "99.00 percentile time to output token (ns)"), 1e-9);
    if (v.count("SUT name")) {
        r.notes.push_back("system under test " + v.at("SUT name"));
    }
    if (v.count("Result is")) {
        r.notes.push_back("LoadGen result " + v.at("Result is"));
    }
    if (server) {
        r.requestRate = summaryNumber(v, "Scheduled samples per second");
    }
    return r;
}

bool looksLikeJsonLines(std::string_view text)
{
    int objects = 0;
    std::size_t start = 0;
    while (start < text.size() && objects < 2) {
        const auto end = text.find('\n', start);
        const auto line = text.substr(start, end == std::string_view::npos ? text.size() - start : end - start);
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos) {
            if (line[first] != '{' || line.find_last_not_of(" \t\r") == std::string_view::npos
                || line[line.find_last_not_of(" \t\r")] != '}') {
                return false;
            }
            ++objects;
        }
        if (end == std::string_view::npos) {
            break;
        }
        start = end + 1;
    }
    return objects >= 1;
}

// Python's json.dump writes Infinity and NaN bare; as JSON they become null (a rate of "all at once").
std::string withoutNonFinite(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) {
                out += text[++i];
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        bool replaced = false;
        for (std::string_view word : { "-Infinity", "Infinity", "NaN" }) {
            if (!replaced && text.substr(i, word.size()) == word) {
                out += "null";
                i += word.size() - 1;
                replaced = true;
            }
        }
        if (!replaced) {
            out += c;
        }
    }
    return out;
}

std::string formatOfJson(const Json& o)
{
    if (!o.is_object()) {
        return {};
    }
    if (o.contains("performance") && o.contains("world_info")) {
        return "trtllm-bench";
    }
    if (o.contains("results_mean_output_throughput_token_per_s") || o.contains("num_concurrent_requests")) {
        return "llmperf";
    }
    if (o.contains("output_token_throughput") && member(o, "output_token_throughput").is_object()) {
        return "aiperf";
    }
    if (o.contains("output_throughput")
        && (o.contains("total_output_tokens_retokenized") || o.contains("dataset_name")
            || o.contains("sharegpt_output_len") || o.contains("random_input_len"))) {
        return "sglang";
    }
    if (o.contains("output_throughput")) {
        return "vllm-serve";
    }
    return {};
}

} // namespace

const std::vector<std::string>& servingBenchFormats()
{
    static const std::vector<std::string> formats { "vllm-serve", "sglang", "aiperf", "mlperf", "llmperf",
        "trtllm-bench" };
    return formats;
}

bool isServingBenchFormat(const std::string& format)
{
    const auto& f = servingBenchFormats();
    return std::find(f.begin(), f.end(), format) != f.end() || format == "genai-perf";
}

std::string detectServingBenchFormat(std::string_view content)
{
    if (content.find("MLPerf Results Summary") != std::string_view::npos) {
        return "mlperf";
    }
    const auto firstLineEnd = content.find('\n');
    const auto firstLine = content.substr(0, firstLineEnd);
    JsonTextError error;
    if (auto doc = parseJsonTextUnordered(withoutNonFinite(content), error)) {
        return formatOfJson(*doc);
    }
    if (looksLikeJsonLines(content)) {
        if (auto doc = parseJsonTextUnordered(withoutNonFinite(firstLine), error)) {
            const std::string f = formatOfJson(*doc);
            return f == "vllm-serve" ? "sglang" : f;
        }
    }
    return {};
}

ServingImportResult importServingBenchText(std::string_view content, const std::string& fileLabel,
    const std::string& formatIn, const ServingImportDefaults& defaults)
{
    ServingImportResult result;
    // Every text a run keeps (names, notes, the source's lines) must read back from a session file.
    if (!checkUtf8(content, fileLabel, result.diagnostics)) {
        return result;
    }
    const std::string format = formatIn == "genai-perf" ? "aiperf"
        : formatIn.empty()                              ? detectServingBenchFormat(content)
                                                        : formatIn;
    result.format = format;
    if (format.empty()) {
        result.diagnostics.push_back(errorAt(fileLabel, 0, 0,
            "not a serving benchmark result this program reads (vLLM bench serve JSON, SGLang bench_serving JSONL, "
            "AIPerf/genai-perf JSON, MLPerf mlperf_log_summary.txt, llmperf summary JSON, trtllm-bench report JSON)"));
        return result;
    }
    const auto add = [&](ServingRun run, int line) {
        applyDefaults(run, defaults);
        run.source = fileLabel + (line > 0 ? ":" + std::to_string(line) : std::string {});
        if (!run.outputTokensPerSecond && !run.tpotSeconds() && !run.ttft.central()) {
            result.diagnostics.push_back(
                warningAt(fileLabel, line, "no output tokens/s, TPOT or TTFT in this " + format + " result: left out"));
            return;
        }
        result.runs.push_back(std::move(run));
    };
    if (format == "mlperf") {
        if (content.find("MLPerf Results Summary") == std::string_view::npos) {
            result.diagnostics.push_back(errorAt(fileLabel, 0, 0, "not an MLPerf LoadGen mlperf_log_summary.txt"));
            return result;
        }
        add(mlperfRun(content), 0);
    } else if (format == "sglang") {
        int lineNumber = 0;
        std::size_t start = 0;
        while (start <= content.size()) {
            const auto end = content.find('\n', start);
            const auto line
                = content.substr(start, end == std::string_view::npos ? content.size() - start : end - start);
            ++lineNumber;
            if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
                JsonTextError error;
                const auto doc = parseJsonTextUnordered(withoutNonFinite(line), error);
                if (!doc || !doc->is_object()) {
                    result.diagnostics.push_back(errorAt(fileLabel, lineNumber, error.column,
                        doc ? "a line of SGLang bench_serving output is one JSON object" : error.message));
                    result.runs.clear();
                    return result;
                }
                add(sglangRun(*doc), lineNumber);
            }
            if (end == std::string_view::npos) {
                break;
            }
            start = end + 1;
        }
    } else {
        JsonTextError error;
        const auto doc = parseJsonTextUnordered(withoutNonFinite(content), error);
        if (!doc || !doc->is_object()) {
            result.diagnostics.push_back(
                errorAt(fileLabel, error.line, error.column, doc ? "expected one JSON object" : error.message));
            return result;
        }
        if (format == "vllm-serve") {
            add(vllmRun(*doc), 0);
        } else if (format == "aiperf") {
            add(aiperfRun(*doc), 0);
        } else if (format == "llmperf") {
            add(llmperfRun(*doc), 0);
        } else if (format == "trtllm-bench") {
            add(trtllmRun(*doc), 0);
        } else {
            result.diagnostics.push_back(errorAt(fileLabel, 0, 0, "unknown serving benchmark format '" + format + "'"));
            return result;
        }
    }
    if (result.runs.empty() && !hasErrors(result.diagnostics)) {
        result.diagnostics.push_back(errorAt(fileLabel, 0, 0, "no serving run with a measured figure in the file"));
    }
    return result;
}

ServingImportResult importServingBench(const std::string& path, const std::string& format,
    const ServingImportDefaults& defaults, const ImportOptions& options)
{
    ServingImportResult result;
    std::string content;
    if (!readImportFile(path, options.maxFileBytes, content, result.diagnostics)) {
        return result;
    }
    return importServingBenchText(content, path, format, defaults);
}

} // namespace roofscope
