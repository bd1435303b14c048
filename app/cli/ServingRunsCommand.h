#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

class CliArgs;

// `roofscope import vllm-serve|sglang|aiperf|genai-perf|mlperf|llmperf|trtllm-bench FILE...`: the runs a
// serving benchmark measured, printed (text or --json), or with -o written to a session with the device,
// a transformer group of --model's shape and the runs (docs/imports.md#serving-benchmarks).
int importServingCommand(const std::string& format, const std::vector<std::string>& files, const CliArgs& opts,
    std::ostream& out, std::ostream& err);

// `roofscope runs list|show`: the shipped published serving runs (docs/serving.md#published-runs).
int runsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `roofscope models list|show ID`: the model shapes (model/serving/ModelPresets.h).
int modelsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace roofscope
