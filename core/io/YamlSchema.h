#pragma once

#include "model/Diagnostic.h"
#include "model/Units.h"

#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>

namespace roofscope {

// Reads known paths of a YAML tree and records a diagnostic with file, line, column and schema
// path for every problem. Never throws.
class YamlSchema {
public:
    YamlSchema(std::string file, Diagnostics& diagnostics);

    void error(const YAML::Node& node, const std::string& path, const std::string& message);
    void warning(const YAML::Node& node, const std::string& path, const std::string& message);

    // Unknown keys of a mapping are errors (at the key). Returns false if `node` is not a mapping.
    bool checkMap(const YAML::Node& node, const std::string& path, std::initializer_list<const char*> allowed);
    bool isSequence(const YAML::Node& node, const std::string& path);

    // A required or optional scalar string. `parent` is used for the position of a missing key.
    std::optional<std::string> string(
        const YAML::Node& parent, const std::string& key, const std::string& path, bool required);
    std::optional<double> quantity(const YAML::Node& parent, const std::string& key, const std::string& path,
        Dimension dimension, bool required, bool requireUnit);
    std::optional<double> number(const YAML::Node& parent, const std::string& key, const std::string& path,
        bool required, double minimum, double maximum);
    std::optional<bool> boolean(const YAML::Node& parent, const std::string& key, const std::string& path);

    // Same checks on a node itself (a sequence item, a map value).
    std::optional<double> quantityValue(
        const YAML::Node& node, const std::string& path, Dimension dimension, bool requireUnit);

    const std::string& file() const { return m_file; }
    bool failed() const { return m_failed; }

private:
    void add(const YAML::Node& node, const std::string& path, const std::string& message, Severity severity);

    std::string m_file;
    Diagnostics& m_diagnostics;
    bool m_failed = false;
};

} // namespace roofscope
