#pragma once

#include "model/Diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

bool equalsIgnoreCase(std::string_view a, std::string_view b);
std::string toLower(std::string_view text);
std::string toUpper(std::string_view text); // ASCII letters only: level names ("hbm" -> "HBM")
// A list element's place in a file: indexedPath("devices", 2) is "devices[2]".
std::string indexedPath(const std::string& path, std::size_t index);
std::string trimmed(std::string_view text);
std::vector<std::string> split(std::string_view text, char separator);
// The words with `separator` between them: joined({"a", "b"}, ", ") is "a, b".
std::string joined(const std::vector<std::string>& words, const std::string& separator = " ");
// `text` padded with spaces to `width` characters; a longer text is left as it is.
std::string padRight(const std::string& text, std::size_t width);
// A cell of a text table: padded to its column, and one wider than the column still ends in a space,
// so that columns never run together.
std::string tableCell(const std::string& text, std::size_t width);
// Shortens a long name to at most `maxChars` characters with an ellipsis in the middle.
std::string elide(std::string_view text, size_t maxChars);

// The byte offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF, no truncated sequence); npos when the text is valid.
std::size_t findInvalidUtf8(std::string_view text);

// The 1-based line and column (in characters) of a byte offset of a text whose part before the
// offset is valid UTF-8.
struct TextPosition {
    int line = 1;
    int column = 1;
};
TextPosition textPosition(std::string_view text, std::size_t offset);

// Refuses text that is not UTF-8: an error naming file:line:column and the offending byte, added to
// `diagnostics`. `firstLine` is the line the text starts on. Returns true when the text is valid.
bool checkUtf8(std::string_view text, const std::string& file, Diagnostics& diagnostics, int firstLine = 1);

// Text safe to print on a terminal: control characters (C0 and DEL as \xNN, C1 as \u0080..\u009f)
// and bytes that are not UTF-8 (\xNN) are escaped; line feeds and tabs stay when `keepLayout` is
// set. JSON text stays valid JSON (it holds no raw C0 characters, and \u escapes of C1 are JSON).
std::string printable(std::string_view text, bool keepLayout = false);

} // namespace roofscope
