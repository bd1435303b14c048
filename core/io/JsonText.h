#pragma once

// JSON as the importers read it (JAX, XProf): one pass over the text that keeps each object's keys in
// file order in linear time, refuses a key given twice in one object, and places every error at its
// line and column.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

struct JsonTextError {
    int line = 1;
    int column = 1;
    std::string message; // "syntax error while parsing value - invalid literal", "key 'flops' is given twice ..."
    bool atNonFiniteNumber = false; // the error is at NaN, Infinity or -Infinity (Python's json.dump writes them)
};

// The document, or nothing with `error` set. Objects of ordered_json keep the file's order; building
// them never searches the keys already read (nlohmann's ordered_map would, for each key).
std::optional<nlohmann::ordered_json> parseJsonText(std::string_view text, JsonTextError& error);
std::optional<nlohmann::json> parseJsonTextUnordered(std::string_view text, JsonTextError& error);

} // namespace roofscope
