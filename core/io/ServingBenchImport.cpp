#include "io/ServingBenchImport.h"

#include "io/ImportUtil.h"
#include "io/JsonText.h"
#include "io/ServingBenchFormats.h"
#include "model/Text.h"

#include <algorithm>

namespace roofscope {

namespace {

using Json = nlohmann::json;
using importutil::errorAt;
using importutil::warningAt;

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
    if (o.contains("output_token_throughput") && o.at("output_token_throughput").is_object()) {
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
        add(servingbench::mlperfRun(content), 0);
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
                add(servingbench::sglangRun(*doc), lineNumber);
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
            add(servingbench::vllmRun(*doc), 0);
        } else if (format == "aiperf") {
            add(servingbench::aiperfRun(*doc), 0);
        } else if (format == "llmperf") {
            add(servingbench::llmperfRun(*doc), 0);
        } else if (format == "trtllm-bench") {
            add(servingbench::trtllmRun(*doc), 0);
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
