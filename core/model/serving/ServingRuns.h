#pragma once

#include "model/Kernel.h"
#include "model/serving/ServingStep.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct Hardware;

// A measured serving run (docs/serving.md#measured-serving-runs): what a serving benchmark reported for
// a whole run of requests on one system, as its file or its publication gives it. Figures a source
// does not give stay empty; nothing is derived here that the source did not measure, except the mean
// lengths from its token totals.
struct LatencyStat {
    std::optional<double> mean; // seconds
    std::optional<double> p50;
    std::optional<double> p99;

    bool empty() const { return !mean && !p50 && !p99; }
    // The statistic a bound is set against: the mean, else the median, else the 99th percentile.
    std::optional<double> central() const { return mean ? mean : p50 ? p50 : p99; }
    // "mean", "p50" or "p99": which one central() returned.
    const char* centralName() const { return mean ? "mean" : p50 ? "p50" : "p99"; }
};

struct ServingRun {
    std::string name; // unique in a session
    std::string group; // the session's transformer group it measured (empty: matched by model)
    std::string model; // a model id ("llama-3-70b") or the model name as the benchmark printed it
    std::string engine; // "vLLM", "SGLang", "TensorRT-LLM", ...; empty: not said
    std::string engineVersion;
    std::string format; // the importer that read it ("vllm-serve", "mlperf", ...); empty: written by hand
    std::string source; // the file it was read from, or a citation (repository + path + commit, URL + date)
    std::string cell; // the exact cell or log line as printed, for a published figure
    std::string date;
    std::string device; // a device id of the hardware database
    double chips = 0.0; // the chips of the whole run; 0: not said
    std::optional<double> tp, pp, dp, ep;
    // Precision as the run states it ("bf16", "fp8"); empty: not said (the group's own is used then).
    std::string weightDtype;
    std::string computeDtype;
    std::string kvDtype;
    std::optional<double> isl; // mean input tokens per request
    std::optional<double> osl; // mean output tokens per request
    std::optional<double> concurrency; // requests in flight (closed loop); empty: not limited (offline)
    std::optional<double> requestRate; // offered requests/s of an open-loop run
    std::string scenario; // "offline", "server", "closed-loop", "open-loop" (empty: not said)
    std::optional<double> requests; // completed requests
    std::optional<double> durationSeconds;
    std::optional<double> outputTokensPerSecond; // whole run, every chip
    std::optional<double> totalTokensPerSecond; // input and output
    std::optional<double> requestsPerSecond;
    LatencyStat ttft; // time to first token, s
    LatencyStat tpot; // time per output token after the first, s
    LatencyStat itl; // the gap between streamed chunks as the tool measures it, s (not TPOT: see notes)
    std::vector<std::string> flags; // "speculative_decoding", "prefix_caching", "disaggregated", ...
    std::vector<std::string> notes; // what the importer or the source says about a figure's meaning

    bool hasFlag(const std::string& flag) const;
    // The per-token decode time to set against the bound: TPOT where the run gives it, else nothing
    // (an ITL of streamed chunks is not a per-token time).
    std::optional<double> tpotSeconds() const { return tpot.central(); }
};

// What a run says, checked: an error naming the field for a run that cannot be set against a bound
// (no device, no chips, no output tokens/s, lengths missing); empty when it can be.
std::string servingRunProblem(const ServingRun& run);

// One figure's efficiency: measured/bound for a throughput, bound/measured for a time (a time's
// bound is a floor). In (0, 1] when the bound holds; above 1 the measurement beats its bound and
// `beyond` is set.
struct RunEfficiency {
    double measured = 0.0;
    double bound = 0.0;
    double efficiency = 0.0;
    bool beyond = false;
};

// A run against the bound at its own isl, osl and concurrency, on its device and chips, at its
// precision (docs/serving.md#the-gap).
struct ServingRunGap {
    ServingRun run;
    std::string error; // the bound cannot be computed (a refused shape, a device not in the database)
    ServingStep step; // the bound's step (its `requests` hold the bound figures)
    double concurrency = 0.0; // the concurrency the bound was computed at
    bool concurrencyFromMaxBatch = false; // the run had none (offline): bounded at the most that fit
    std::optional<RunEfficiency> tokensPerSecond; // output tokens/s against run_tokens_per_s
    std::optional<RunEfficiency> tpot; // against tpot_s
    std::optional<RunEfficiency> ttft; // against ttft_s
    bool beyondBound = false; // any figure beats its bound
    std::vector<std::string> likelyCauses; // when beyondBound: what could explain it
    std::vector<std::string> assumptions; // what the comparison assumes

    // The throughput efficiency (the headline figure), if any.
    std::optional<double> efficiency() const
    {
        return tokensPerSecond ? std::optional<double>(tokensPerSecond->efficiency) : std::nullopt;
    }
};

// The bound of `run` for the transformer `group` (its shape and dtypes; batch, seq, phase, isl, osl
// and concurrency are replaced by the run's) on one chip of its device, used run.chips wide.
ServingRunGap servingRunGap(
    const ServingRun& run, const TemplateInstance& group, const Hardware& chip, const ServingOptions& options);

// Whether a run is the same scenario as another within 10 % of isl and osl (both must be given).
bool sameScenario(const ServingRun& a, const ServingRun& b);

} // namespace roofscope
