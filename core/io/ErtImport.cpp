// The Empirical Roofline Toolkit's roofline.json: empirical bandwidths and compute peaks.
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxErtBytes = std::size_t { 16 } * 1024 * 1024;

// "GFLOPs" (ERT's default double-precision kernel), "FP64 GFLOPs", "FP32 GFLOPs", "SP GFLOPs", ...
std::string precisionOfLabel(const std::string& label)
{
    const std::string l = toLower(label);
    auto has = [&](const char* word) { return l.find(word) != std::string::npos; };
    if (has("bf16")) {
        return "bf16";
    }
    if (has("fp16") || has("half")) {
        return "fp16";
    }
    if (has("fp32") || has("single") || l.rfind("sp ", 0) == 0) {
        return "fp32";
    }
    if (has("int8")) {
        return "int8";
    }
    return "fp64";
}

std::string scalarText(const json& value)
{
    if (value.is_string()) {
        return value.get<std::string>();
    }
    if (value.is_array()) {
        std::string out;
        for (const auto& item : value) {
            const std::string text = scalarText(item);
            if (!text.empty()) {
                out += (out.empty() ? "" : " ") + text;
            }
        }
        return out;
    }
    if (value.is_number() || value.is_boolean()) {
        return value.dump();
    }
    return {};
}

struct Reader {
    std::string file;
    ImportResult& out;

    void error(const std::string& path, const std::string& message)
    {
        Diagnostic d;
        d.file = file;
        d.path = path;
        d.message = message;
        out.diagnostics.push_back(d);
    }

    // [[label, value], ...] with positive values, in G-units.
    std::vector<std::pair<std::string, double>> pairs(const json& node, const std::string& path)
    {
        std::vector<std::pair<std::string, double>> result;
        if (!node.is_array()) {
            error(path, "expected a list of [label, value] pairs");
            return result;
        }
        for (std::size_t i = 0; i < node.size(); ++i) {
            const json& item = node[i];
            const std::string itemPath = path + "[" + std::to_string(i) + "]";
            if (!item.is_array() || item.size() != 2 || !item[0].is_string() || !item[1].is_number()) {
                error(itemPath, "expected [label, value]");
                continue;
            }
            const double value = item[1].get<double>();
            if (!std::isfinite(value) || !(value > 0.0)) {
                error(itemPath, "the value must be a positive number");
                continue;
            }
            result.emplace_back(trimmed(item[0].get<std::string>()), value * 1e9);
        }
        return result;
    }
};

} // namespace

// The file as JSON; false, with the error at its line and column, when it is not JSON.
bool parseErtJson(std::string_view text, const std::string& fileLabel, json& root, ImportResult& out)
{
    try {
        root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
        // The byte offset of the error as line and column.
        const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        int line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < at; ++i) {
            if (text[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        }
        std::string message = e.what();
        if (auto pos = message.find("parse error"); pos != std::string::npos) {
            message = message.substr(pos);
        }
        out.diagnostics.push_back(importutil::errorAt(
            fileLabel, line, static_cast<int>(at - lineStart) + 1, "not valid JSON (" + message + ")"));
        return false;
    } catch (const std::exception& e) {
        out.diagnostics.push_back(
            importutil::errorAt(fileLabel, 0, 0, std::string("cannot read the JSON: ") + e.what()));
        return false;
    }
    return true;
}

// Where and how the roofs were measured: the host, the run's description, CPU or GPU, when.
struct ErtProvenance {
    std::string host;
    std::string notes;
    std::string kind;
    double timestamp = 0.0;
};

ErtProvenance ertProvenance(const json& empirical)
{
    // Provenance: structured metadata (ERT 1.1) or a list of lines under "" (newer ERT).
    const json metadata = empirical.contains("metadata") ? empirical["metadata"] : json::object();
    ErtProvenance p;
    std::string& host = p.host;
    std::string& notes = p.notes;
    std::string& kind = p.kind;
    if (metadata.is_object()) {
        if (metadata.contains("HOSTNAME")) {
            const json& h = metadata["HOSTNAME"];
            host = h.is_array() && !h.empty() ? scalarText(h[0]) : scalarText(h);
        }
        // Newer ERT keeps its run description as lines under an empty key; look where it may be.
        std::vector<const json*> lists;
        for (const json* holder : { &metadata, &empirical, &empirical["gbytes"], &empirical["gflops"] }) {
            const json* node = holder;
            if (holder != &metadata && holder != &empirical) {
                if (!holder->is_object() || !holder->contains("metadata") || !(*holder)["metadata"].is_object()) {
                    continue;
                }
                node = &(*holder)["metadata"];
            }
            if (node->is_object() && node->contains("") && (*node)[""].is_array()) {
                lists.push_back(&(*node)[""]);
            }
        }
        for (const json* list : lists) {
            for (const auto& line : *list) {
                const std::string entry = trimmed(scalarText(line));
                if (entry.empty()) {
                    continue;
                }
                notes += (notes.empty() ? "" : "; ") + entry;
                if (host.empty() && entry.rfind("HOSTNAME", 0) == 0) {
                    host = trimmed(entry.substr(8));
                }
            }
        }
        for (const char* key : { "ERT_VERSION", "OPENMP_THREADS", "MPI_PROCS", "UNAME" }) {
            if (metadata.contains(key)) {
                notes += (notes.empty() ? "" : "; ") + std::string(key) + " " + scalarText(metadata[key]);
            }
        }
        if (metadata.contains("CONFIG") && metadata["CONFIG"].is_object()) {
            const json& config = metadata["CONFIG"];
            for (const char* key : { "ERT_CC", "ERT_CFLAGS", "ERT_GPU", "ERT_RESULTS" }) {
                if (config.contains(key)) {
                    notes += "; " + std::string(key) + " " + scalarText(config[key]);
                }
            }
            if (config.contains("ERT_GPU")) {
                kind = scalarText(config["ERT_GPU"]).find("true") != std::string::npos
                        || scalarText(config["ERT_GPU"]).find("True") != std::string::npos
                    ? "gpu"
                    : "cpu";
            }
        }
    }
    if (empirical["gbytes"].contains("metadata") && empirical["gbytes"]["metadata"].is_object()
        && empirical["gbytes"]["metadata"].contains("TIMESTAMP_DB")
        && empirical["gbytes"]["metadata"]["TIMESTAMP_DB"].is_number()) {
        p.timestamp = empirical["gbytes"]["metadata"]["TIMESTAMP_DB"].get<double>();
    }

    return p;
}

ImportResult importErtJsonText(std::string_view text, const std::string& fileLabel)
{
    ImportResult out;
    Reader r { fileLabel, out };
    if (!checkUtf8(text, fileLabel, out.diagnostics)) {
        return out;
    }
    json root;
    if (!parseErtJson(text, fileLabel, root, out)) {
        return out;
    }
    if (!root.is_object() || !root.contains("empirical") || !root["empirical"].is_object()) {
        r.error("empirical", "no 'empirical' object: not an ERT roofline.json");
        return out;
    }
    const json& empirical = root["empirical"];
    for (const char* key : { "gbytes", "gflops" }) {
        if (!empirical.contains(key) || !empirical[key].is_object() || !empirical[key].contains("data")) {
            r.error(std::string("empirical.") + key + ".data", "missing: not an ERT roofline.json");
            return out;
        }
    }
    const auto bandwidths = r.pairs(empirical["gbytes"]["data"], "empirical.gbytes.data");
    const auto peaks = r.pairs(empirical["gflops"]["data"], "empirical.gflops.data");
    if (!out.ok()) {
        return out;
    }
    if (bandwidths.empty() || peaks.empty()) {
        r.error(bandwidths.empty() ? "empirical.gbytes.data" : "empirical.gflops.data",
            "empty: the run measured no " + std::string(bandwidths.empty() ? "bandwidth" : "compute peak"));
        return out;
    }

    const ErtProvenance provenance = ertProvenance(empirical);
    const std::string& host = provenance.host;
    const std::string& notes = provenance.notes;
    const std::string& kind = provenance.kind;
    const double timestamp = provenance.timestamp;

    Hardware hw;
    hw.id = importutil::makeDeviceId("ert-" + (host.empty() ? importutil::fileName(fileLabel) : host));
    hw.name = "ERT measurement" + (host.empty() ? std::string() : " of " + host);
    hw.vendor = "unknown (ERT measurement)";
    hw.family = "Empirical Roofline Toolkit";
    hw.generation = host.empty() ? std::string("ERT") : host;
    hw.year = importutil::yearOfTimestamp(timestamp);
    hw.kind = kind;
    hw.origin = fileLabel;
    hw.notes = "Empirical roofs measured by the Empirical Roofline Toolkit"
        + (notes.empty() ? std::string(".") : ": " + notes + ".");
    SourceRef source;
    source.id = "ert";
    source.title = "ERT empirical roofline" + (host.empty() ? std::string() : " (" + host + ")");
    source.document = fileLabel;
    hw.sources.push_back(source);
    for (const auto& [label, flops] : peaks) {
        const std::string precision = precisionOfLabel(label);
        auto same = std::find_if(
            hw.compute.begin(), hw.compute.end(), [&](const ComputePeak& p) { return p.precision == precision; });
        if (same != hw.compute.end()) {
            same->flopsPerSecond = std::max(same->flopsPerSecond, flops);
            continue;
        }
        hw.compute.push_back({ "ert", precision, flops, std::nullopt, source.id });
    }
    for (const auto& [label, bps] : bandwidths) {
        BandwidthLevel level;
        for (char c : toLower(label)) {
            level.name += c == ' ' ? '_' : c;
        }
        if (level.name.empty()) {
            r.error("empirical.gbytes.data", "a level without a name");
            return out;
        }
        if (hw.findLevel(level.name)) {
            r.error("empirical.gbytes.data", "level '" + label + "' twice");
            return out;
        }
        level.bytesPerSecond = bps;
        level.source = source.id;
        hw.levels.push_back(level);
    }
    // Fastest first; the slowest (DRAM, or HBM) is the default level.
    std::stable_sort(hw.levels.begin(), hw.levels.end(),
        [](const BandwidthLevel& a, const BandwidthLevel& b) { return a.bytesPerSecond > b.bytesPerSecond; });
    hw.defaultLevel = hw.levels.back().name;
    for (const char* name : { "dram", "hbm", "mcdram", "ddr" }) {
        if (hw.findLevel(name)) {
            hw.defaultLevel = name;
            break;
        }
    }
    out.devices.push_back(std::move(hw));
    return out;
}

ImportResult importErtJson(const std::string& path, const ImportOptions& options)
{
    std::string text;
    ImportResult result;
    if (!importutil::readCappedImportFile(path, options.maxFileBytes, kMaxErtBytes, text, result.diagnostics)) {
        return result;
    }
    return importErtJsonText(text, path);
}

} // namespace roofscope
