#pragma once

#include "model/Diagnostic.h"

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace roofscope {

// Limits for files Roofscope reads (hardware and session files are a few kB).
struct YamlLimits {
    std::size_t maxBytes = std::size_t { 1024 } * 1024;
    int maxDepth = 32;
    std::size_t maxNodes = 200000;
    // false: the file is one the program ships, read strictly by its test suite (the device folder):
    // only the size, NUL and UTF-8 checks, then one parse. The strictness pass below reads the whole
    // file a second time, a sixth of an export's time for the 38 shipped device files.
    bool strict = true;
};

// Reads a YAML file safely: refuses files over the size limit, anchors and aliases, duplicate
// keys, complex keys, nesting past the depth limit and multiple documents, each with the file,
// line and column (1-based). Returns the root node when there are no errors. With `limits.strict`
// false, only the size, NUL and UTF-8 checks and YAML's own syntax.
std::optional<YAML::Node> loadStrictYamlFile(
    const std::string& path, Diagnostics& diagnostics, const YamlLimits& limits = {});
std::optional<YAML::Node> loadStrictYamlText(
    const std::string& text, const std::string& fileLabel, Diagnostics& diagnostics, const YamlLimits& limits = {});

// The *.yaml files of a folder (regular files only), sorted by name; none when it cannot be read.
std::vector<std::string> yamlFilesIn(const std::string& folder);

// A file format's load: the strict reader's diagnostics first, then what `parse(root, label)` gives
// (a result with a `diagnostics` member). `fromText`: `source` is the text, `label` names it; else
// `source` is the path, which also names it.
template <class Result, class Parse>
Result loadStrictYamlWith(
    const std::string& source, const std::string& label, bool fromText, Parse parse, const YamlLimits& limits = {})
{
    Diagnostics read;
    auto root = fromText ? loadStrictYamlText(source, label, read, limits) : loadStrictYamlFile(source, read, limits);
    if (!root) {
        Result result;
        result.diagnostics = std::move(read);
        return result;
    }
    Result parsed = parse(*root, label);
    parsed.diagnostics.insert(parsed.diagnostics.begin(), read.begin(), read.end());
    return parsed;
}

} // namespace roofscope
