#pragma once

// Internal to core/io/ServingBenchImport.cpp: one reader per serving benchmark format, each turning one
// result (a JSON object, or the text of an MLPerf summary) into a run with what the file says. The
// importer detects the format, checks the text and applies the defaults the user gave.

#include "model/serving/ServingRuns.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace roofscope::servingbench {

ServingRun vllmRun(const nlohmann::json& o); // vLLM bench serve / benchmark_serving.py
ServingRun sglangRun(const nlohmann::json& o); // one line of SGLang bench_serving's JSONL
ServingRun aiperfRun(const nlohmann::json& o); // AIPerf and genai-perf profile exports
ServingRun llmperfRun(const nlohmann::json& o); // llmperf *_summary.json
ServingRun trtllmRun(const nlohmann::json& o); // trtllm-bench --report_json
ServingRun mlperfRun(std::string_view summary); // MLPerf LoadGen mlperf_log_summary.txt

} // namespace roofscope::servingbench
