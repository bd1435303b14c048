#pragma once

#include "io/Importers.h"
#include "model/Diagnostic.h"
#include "model/serving/ServingRuns.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Result files of LLM serving benchmarks read into measured serving runs (docs/imports.md#serving-benchmarks).
// Each figure is taken with the meaning the benchmark's own source gives it (not its name):
//
//   "vllm-serve"   vLLM `bench serve --save-result` / benchmark_serving.py JSON: one run per file
//   "sglang"       SGLang `bench_serving --output-file` JSONL: one run per line
//   "aiperf"       AIPerf profile_export_aiperf.json, and genai-perf's profile_export_genai_perf.json
//   "mlperf"       MLPerf Inference LoadGen mlperf_log_summary.txt (Offline or Server)
//   "llmperf"      llmperf `*_summary.json`
//   "trtllm-bench" TensorRT-LLM `trtllm-bench ... --report_json` report
//
// What a file does not say (device, chips, model, engine, lengths) comes from `defaults`; a run that
// still lacks its device or chips after that is an error naming the flag to give.
struct ServingImportDefaults {
    std::string device;
    double chips = 0.0;
    std::string model;
    std::string group;
    std::string engine;
    std::string engineVersion;
    std::optional<double> isl;
    std::optional<double> osl;
    std::optional<double> concurrency;
    std::string weightDtype;
    std::string computeDtype;
    std::string kvDtype;
    std::vector<std::string> flags;
};

struct ServingImportResult {
    std::vector<ServingRun> runs;
    std::string format;
    Diagnostics diagnostics; // warnings name file:line; an error means nothing was read

    bool ok() const { return !hasErrors(diagnostics); }
};

// The serving benchmark formats, in the order above.
const std::vector<std::string>& servingBenchFormats();
bool isServingBenchFormat(const std::string& format);
// The format of a file's text ("" when none matches).
std::string detectServingBenchFormat(std::string_view text);

// Reads one file. `format` empty: detected from the content. Never throws.
ServingImportResult importServingBench(const std::string& path, const std::string& format,
    const ServingImportDefaults& defaults, const ImportOptions& options = {});
ServingImportResult importServingBenchText(std::string_view text, const std::string& fileLabel,
    const std::string& format, const ServingImportDefaults& defaults);

} // namespace roofscope
