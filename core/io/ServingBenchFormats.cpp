// The readers of each serving benchmark's result format (core/io/ServingBenchImport.h lists them, with
// what each figure means in its tool's own source).
#include "io/ServingBenchFormats.h"

#include "model/Precision.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cmath>
#include <ctime>
#include <map>
#include <sstream>

namespace roofscope::servingbench {

namespace {

using Json = nlohmann::json;

// A plain decimal number filling the whole text (no unit, no SI suffix: a file's figure as written).
std::optional<double> wholeNumber(const std::string& text)
{
    try {
        std::size_t used = 0;
        const double v = std::stod(text, &used);
        return used == text.size() && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

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
        return wholeNumber(it->get<std::string>()); // llmperf writes some counts as strings ("550")
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
std::string canonicalDtype(const std::string& raw)
{
    const std::string name = toLower(raw);
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

LatencyStat metricStat(const Json& metric, double toSeconds)
{
    LatencyStat s;
    s.mean = scaled(number(metric, "avg"), toSeconds);
    s.p50 = scaled(number(metric, "p50"), toSeconds);
    s.p99 = scaled(number(metric, "p99"), toSeconds);
    return s;
}

LatencyStat trtllmPercentiles(const Json& percentiles, std::optional<double> average)
{
    LatencyStat s;
    s.mean = scaled(average, 1e-3);
    s.p50 = scaled(number(percentiles, "p50"), 1e-3);
    s.p99 = scaled(number(percentiles, "p99"), 1e-3);
    return s;
}

// A `key : value` line of a LoadGen summary, the spacing around the colon as it comes.
std::map<std::string, std::string> summaryValues(std::string_view text)
{
    std::map<std::string, std::string> out;
    std::istringstream in { std::string(text) };
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) {
            continue;
        }
        const std::string key = trimmed(std::string_view(line).substr(0, colon));
        if (!key.empty() && !out.count(key)) {
            out[key] = trimmed(std::string_view(line).substr(colon + 1));
        }
    }
    return out;
}

std::optional<double> summaryNumber(const std::map<std::string, std::string>& values, const char* key)
{
    const auto it = values.find(key);
    return it == values.end() ? std::nullopt : wholeNumber(it->second);
}

} // namespace

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

// AIPerf and genai-perf: one object per metric ({unit, avg, p50, p99, ...}) and the CLI's input_config.
ServingRun aiperfRun(const Json& o)
{
    ServingRun r;
    const bool aiperf = o.contains("aiperf_version");
    r.format = "aiperf";
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

ServingRun mlperfRun(std::string_view content)
{
    const auto v = summaryValues(content);
    ServingRun r;
    r.format = "mlperf";
    r.scenario = v.count("Scenario") ? toLower(v.at("Scenario")) : "";
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

} // namespace roofscope::servingbench
