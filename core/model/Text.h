#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

bool equalsIgnoreCase(std::string_view a, std::string_view b);
std::string toLower(std::string_view text);
std::string trimmed(std::string_view text);
std::vector<std::string> split(std::string_view text, char separator);
// Shortens a long name to at most `maxChars` characters with an ellipsis in the middle.
std::string elide(std::string_view text, size_t maxChars);

} // namespace roofscope
