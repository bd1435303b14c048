// JAX's compiled.cost_analysis() as a user dumps it from a notebook (json.dump): XLA's cost model
// of a compiled program (HloCostAnalysis: "flops", "transcendentals", "bytes accessed",
// "optimal_seconds", and per operand "bytes accessed0{}" ... "bytes accessedout{}").
#include "io/ImportUtil.h"
#include "io/Importers.h"
#include "io/JsonText.h"
#include "model/Text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>

namespace roofscope {

namespace {

using JaxJson = nlohmann::ordered_json;

constexpr std::size_t kMaxJaxBytes = std::size_t { 64 } * 1024 * 1024;
constexpr std::size_t kMaxJaxKernels = 100000;

bool isCostDict(const JaxJson& value)
{
    return value.is_object() && (value.contains("flops") || value.contains("bytes accessed"));
}

// A number of the cost dict; empty when absent or not a finite number.
std::optional<double> numberAt(const JaxJson& cost, const std::string& key)
{
    const auto it = cost.find(key);
    if (it == cost.end() || !it->is_number()) {
        return std::nullopt;
    }
    const double value = it->get<double>();
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

// "bytes accessed0{}", "bytes accessed1{0}", "bytes accessedout{}" (current XLA) or
// "bytes accessed operand 0 {}", "bytes accessed output {}" (older).
bool isOperandBytesKey(const std::string& key)
{
    return key.size() > std::string("bytes accessed").size() && key.rfind("bytes accessed", 0) == 0;
}

class JaxReader {
public:
    JaxReader(std::string file, ImportResult& out)
        : m_file(std::move(file))
        , m_out(out)
    {
    }

    // One cost dict, or a list of per-device dicts (older JAX), as kernel `name`.
    void readEntry(const std::string& name, const JaxJson& value)
    {
        if (value.is_array()) {
            if (value.empty() || !isCostDict(value.front())) {
                warn("'" + name + "' is a list that does not start with a cost_analysis() dict: left out");
                return;
            }
            if (value.size() > 1) {
                warn("'" + name + "' lists " + std::to_string(value.size())
                    + " per-device cost dicts of one program: the first device's is read");
            }
            readCost(name, value.front());
            return;
        }
        if (!isCostDict(value)) {
            warn("'" + name + "' is not a cost_analysis() dict (no 'flops' or 'bytes accessed'): left out");
            return;
        }
        readCost(name, value);
    }

    // Entries that were cost dicts (or lists of them), read or left out.
    std::size_t costEntries() const { return m_costEntries; }

    void readCost(const std::string& name, const JaxJson& cost)
    {
        if (m_out.kernels.size() >= kMaxJaxKernels) {
            if (!m_tooMany) {
                warn("more than " + std::to_string(kMaxJaxKernels) + " programs: the rest are left out");
                m_tooMany = true;
            }
            return;
        }
        ++m_costEntries;
        ImportedKernel k;
        k.baseName = name;
        k.kernel.name = name;
        k.file = m_file;
        const auto flops = numberAt(cost, "flops");
        if (!flops || *flops < 0.0) {
            warn("'" + name + "': flops is "
                + (cost.contains("flops") ? cost.at("flops").dump().substr(0, 40) : std::string("missing"))
                + " (XLA could not count this program's FLOPs): left out");
            return;
        }
        if (*flops == 0.0) {
            warn("'" + name
                + "': flops is 0 (XLA counted no FLOPs: a data-movement program, or one whose work "
                  "its cost model does not see); imported with 0 FLOPs");
        }
        k.kernel.flops = *flops;
        std::optional<double> bytes = numberAt(cost, "bytes accessed");
        if (!bytes) {
            // The operands' and output's bytes instead (a dict without the total).
            double sum = 0.0;
            bool any = false;
            for (const auto& [key, value] : cost.items()) {
                if (isOperandBytesKey(key) && value.is_number() && std::isfinite(value.get<double>())) {
                    sum += value.get<double>();
                    any = true;
                }
            }
            if (any) {
                bytes = sum;
            }
        }
        if (!bytes || *bytes < 0.0) {
            warn("'" + name + "': no usable 'bytes accessed': left out");
            return;
        }
        k.kernel.bytes.push_back({ "default", *bytes });
        if (!importutil::dropZeroByteLevels(k, "'" + name + "'", m_out.diagnostics)) {
            return;
        }
        k.launchId = std::to_string(m_out.kernels.size());
        m_out.kernels.push_back(std::move(k));
    }

    void warn(const std::string& message) { m_out.diagnostics.push_back(importutil::warningAt(m_file, 0, message)); }

private:
    std::string m_file;
    ImportResult& m_out;
    bool m_tooMany = false;
    std::size_t m_costEntries = 0;
};

} // namespace

ImportResult importJaxJsonText(std::string_view text, const std::string& fileLabel)
{
    ImportResult out;
    JsonTextError error;
    std::optional<JaxJson> parsed = parseJsonText(text, error);
    if (!parsed) {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, error.line, error.column,
            "not valid JSON: " + error.message
                + (error.atNonFiniteNumber ? " (NaN and Infinity are not JSON; Python's json.dump writes them for nan "
                                             "and inf: replace them, e.g. with null)"
                                           : "")));
        return out;
    }
    const JaxJson& root = *parsed;
    JaxReader reader(fileLabel, out);
    std::string stem = std::filesystem::path(fileLabel).stem().string();
    if (stem.empty()) {
        stem = "program";
    }
    if (isCostDict(root) || (root.is_array() && !root.empty() && isCostDict(root.front()))) {
        reader.readEntry(stem, root);
    } else if (root.is_object() && !root.empty()) {
        // A file mapping names to cost dicts (one per jitted function).
        for (const auto& [name, value] : root.items()) {
            reader.readEntry(name.empty() ? stem : name, value);
        }
        if (reader.costEntries() == 0) {
            out.kernels.clear();
            out.diagnostics.push_back(importutil::errorAt(fileLabel, 1, 0,
                "no JAX cost_analysis() dict in the file (none of its entries has 'flops' or 'bytes accessed')"));
        }
    } else {
        out.diagnostics.push_back(importutil::errorAt(fileLabel, 1, 0,
            "not JAX cost_analysis() output: expected a dict with 'flops' and 'bytes accessed', a list of such "
            "dicts, or a dict mapping names to them"));
        return out;
    }
    return out;
}

ImportResult importJaxJson(const std::string& path, const ImportOptions& options)
{
    ImportResult out;
    std::string text;
    if (!importutil::readCappedImportFile(path, options.maxFileBytes, kMaxJaxBytes, text, out.diagnostics)) {
        return out;
    }
    return importJaxJsonText(text, path);
}

} // namespace roofscope
