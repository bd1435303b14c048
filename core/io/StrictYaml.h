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
};

// Reads a YAML file safely: refuses files over the size limit, anchors and aliases, duplicate
// keys, complex keys, nesting past the depth limit and multiple documents, each with the file,
// line and column (1-based). Returns the root node when there are no errors.
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
Result loadStrictYamlWith(const std::string& source, const std::string& label, bool fromText, Parse parse)
{
    Diagnostics read;
    auto root = fromText ? loadStrictYamlText(source, label, read) : loadStrictYamlFile(source, read);
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
