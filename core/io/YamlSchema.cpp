#include "io/YamlSchema.h"

#include "model/Text.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace roofscope {

YamlSchema::YamlSchema(std::string file, Diagnostics& diagnostics)
    : m_file(std::move(file))
    , m_diagnostics(diagnostics)
{
}

void YamlSchema::add(const YAML::Node& node, const std::string& path, const std::string& message, Severity severity)
{
    Diagnostic d;
    d.file = m_file;
    d.severity = severity;
    d.path = path;
    d.message = message;
    if (node.IsDefined()) {
        const YAML::Mark mark = node.Mark();
        d.line = mark.line >= 0 ? mark.line + 1 : 0;
        d.column = mark.column >= 0 ? mark.column + 1 : 0;
    }
    if (d.line > 0 && !path.empty()) {
        d.message = path + ": " + message;
    }
    m_diagnostics.push_back(d);
    if (severity == Severity::Error) {
        m_failed = true;
    }
}

void YamlSchema::error(const YAML::Node& node, const std::string& path, const std::string& message)
{
    add(node, path, message, Severity::Error);
}

void YamlSchema::warning(const YAML::Node& node, const std::string& path, const std::string& message)
{
    add(node, path, message, Severity::Warning);
}

bool YamlSchema::checkMap(const YAML::Node& node, const std::string& path, std::initializer_list<const char*> allowed)
{
    if (!node.IsMap()) {
        error(node, path, "expected a mapping of keys to values");
        return false;
    }
    std::vector<std::string> seen; // a few keys: a list is quicker than a set
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string key = it->first.Scalar();
        // The strict reader refuses a duplicate key before any node is built; a file read without it
        // (the program's own device folder) is checked here, where yaml-cpp would keep the first value.
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
            error(it->first, path.empty() ? key : path + "." + key, "duplicate key '" + key + "'");
            continue;
        }
        seen.push_back(key);
        const bool known = std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; });
        if (!known) {
            std::string list;
            for (const char* a : allowed) {
                list += (list.empty() ? "" : ", ") + std::string(a);
            }
            error(
                it->first, path.empty() ? key : path + "." + key, "unknown key '" + key + "' (allowed: " + list + ")");
        }
    }
    return true;
}

bool YamlSchema::isSequence(const YAML::Node& node, const std::string& path)
{
    if (!node.IsSequence()) {
        error(node, path, "expected a list");
        return false;
    }
    return true;
}

std::optional<std::string> YamlSchema::string(
    const YAML::Node& parent, const std::string& key, const std::string& path, bool required)
{
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull()) {
        if (required) {
            error(parent, path, "missing required key '" + key + "'");
        }
        return std::nullopt;
    }
    if (!node.IsScalar()) {
        error(node, path, "expected text");
        return std::nullopt;
    }
    if (required && trimmed(node.Scalar()).empty()) {
        error(node, path, "'" + key + "' must not be empty");
        return std::nullopt;
    }
    return node.Scalar();
}

std::optional<double> YamlSchema::quantityValue(
    const YAML::Node& node, const std::string& path, Dimension dimension, bool requireUnit)
{
    if (!node.IsScalar()) {
        error(node, path, "expected " + std::string(requireUnit ? "a value with a unit" : "a number"));
        return std::nullopt;
    }
    auto parsed = parseQuantity(node.Scalar(), dimension, requireUnit);
    if (!parsed.value) {
        error(node, path, parsed.error);
        return std::nullopt;
    }
    if (!(*parsed.value > 0.0)) {
        error(node, path, "must be greater than zero, got '" + node.Scalar() + "'");
        return std::nullopt;
    }
    return parsed.value;
}

std::optional<double> YamlSchema::quantity(const YAML::Node& parent, const std::string& key, const std::string& path,
    Dimension dimension, bool required, bool requireUnit)
{
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull()) {
        if (required) {
            error(parent, path, "missing required key '" + key + "'");
        }
        return std::nullopt;
    }
    return quantityValue(node, path, dimension, requireUnit);
}

std::optional<double> YamlSchema::number(const YAML::Node& parent, const std::string& key, const std::string& path,
    bool required, double minimum, double maximum)
{
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull()) {
        if (required) {
            error(parent, path, "missing required key '" + key + "'");
        }
        return std::nullopt;
    }
    if (!node.IsScalar()) {
        error(node, path, "expected a number");
        return std::nullopt;
    }
    auto value = parseNumber(node.Scalar());
    if (!value || !std::isfinite(*value)) {
        error(node, path,
            "'" + node.Scalar() + "' is "
                + (roundsToZero(node.Scalar()) ? "too small: it is not zero but rounds to 0" : "not a finite number"));
        return std::nullopt;
    }
    if (*value < minimum || *value > maximum) {
        error(node, path,
            "value " + node.Scalar() + " is out of range [" + formatNumber(minimum, 6) + ", " + formatNumber(maximum, 6)
                + "]");
        return std::nullopt;
    }
    return value;
}

std::optional<bool> YamlSchema::boolean(const YAML::Node& parent, const std::string& key, const std::string& path)
{
    const YAML::Node node = parent[key];
    if (!node.IsDefined() || node.IsNull()) {
        return std::nullopt;
    }
    const std::string text = node.IsScalar() ? node.Scalar() : std::string {};
    if (text == "true" || text == "yes" || text == "on") {
        return true;
    }
    if (text == "false" || text == "no" || text == "off") {
        return false;
    }
    error(node, path, "expected true or false");
    return std::nullopt;
}

} // namespace roofscope
