#include "model/Text.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace roofscope {

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string toLower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
        [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return out;
}

std::string toUpper(std::string_view text)
{
    std::string out(text);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return out;
}

std::string indexedPath(const std::string& path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

std::string joined(const std::vector<std::string>& words, const std::string& separator)
{
    std::string out;
    for (const auto& word : words) {
        out += (out.empty() ? "" : separator) + word;
    }
    return out;
}

std::string padRight(const std::string& text, std::size_t width)
{
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

std::string tableCell(const std::string& text, std::size_t width)
{
    return text.size() < width ? text + std::string(width - text.size(), ' ') : text + ' ';
}

std::string trimmed(std::string_view text)
{
    const auto isSpace = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!text.empty() && isSpace(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && isSpace(text.back())) {
        text.remove_suffix(1);
    }
    return std::string(text);
}

std::vector<std::string> split(std::string_view text, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t end = text.find(separator, start);
        parts.push_back(
            trimmed(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
        if (end == std::string_view::npos) {
            break;
        }
        start = end + 1;
    }
    return parts;
}

std::string elide(std::string_view text, size_t maxChars)
{
    if (text.size() <= maxChars || maxChars < 5) {
        return std::string(text);
    }
    const size_t head = (maxChars - 3) * 2 / 3;
    const size_t tail = maxChars - 3 - head;
    return std::string(text.substr(0, head)) + "..." + std::string(text.substr(text.size() - tail));
}

namespace {

// The length of the well-formed UTF-8 sequence at `i` (1 to 4), or 0 when there is none.
std::size_t sequenceLength(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
        return 1;
    }
    std::size_t length = 0;
    unsigned char low = 0x80; // the range of the second byte
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        high = lead == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
    } else {
        return 0;
    }
    if (i + length > text.size()) {
        return 0;
    }
    if (byte(i + 1) < low || byte(i + 1) > high) {
        return 0;
    }
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) {
            return 0;
        }
    }
    return length;
}

char hexDigit(unsigned value)
{
    return "0123456789abcdef"[value & 0xF];
}

} // namespace

std::size_t findInvalidUtf8(std::string_view text)
{
    std::size_t i = 0;
    const std::size_t size = text.size();
    while (i < size) {
        // ASCII eight bytes at a time: the common case of profiler output.
        if (i + 8 <= size) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + i, 8);
            if ((word & 0x8080808080808080ULL) == 0) {
                i += 8;
                continue;
            }
        }
        const std::size_t length = sequenceLength(text, i);
        if (length == 0) {
            return i;
        }
        i += length;
    }
    return std::string_view::npos;
}

TextPosition textPosition(std::string_view text, std::size_t offset)
{
    TextPosition position;
    offset = std::min(offset, text.size());
    for (std::size_t i = 0; i < offset; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++position.line;
            position.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++position.column; // a character's first byte
        }
    }
    return position;
}

bool checkUtf8(std::string_view text, const std::string& file, Diagnostics& diagnostics, int firstLine)
{
    const std::size_t at = findInvalidUtf8(text);
    if (at == std::string_view::npos) {
        return true;
    }
    const TextPosition position = textPosition(text, at);
    const auto byte = static_cast<unsigned char>(text[at]);
    Diagnostic d;
    d.file = file;
    d.line = firstLine + position.line - 1;
    d.column = position.column;
    d.message = std::string("invalid UTF-8 (byte 0x") + hexDigit(byte >> 4) + hexDigit(byte)
        + "): Roofscope reads text files in UTF-8; convert the file (e.g. iconv -f latin1 -t utf-8)";
    diagnostics.push_back(std::move(d));
    return false;
}

std::string printable(std::string_view text, bool keepLayout)
{
    std::string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        // A stretch of plain printable ASCII (and kept layout) is copied at once: JSON of 100,000
        // rows is almost all of it.
        std::size_t plain = i;
        while (plain < text.size()) {
            const auto p = static_cast<unsigned char>(text[plain]);
            if ((p >= 0x20 && p < 0x7F) || (keepLayout && (p == '\n' || p == '\t'))) {
                ++plain;
            } else {
                break;
            }
        }
        if (plain > i) {
            out.append(text.substr(i, plain - i));
            i = plain;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 || c == 0x7F) && !(keepLayout && (c == '\n' || c == '\t'))) {
                out += "\\x";
                out += hexDigit(c >> 4);
                out += hexDigit(c);
            } else {
                out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        const std::size_t length = sequenceLength(text, i);
        if (length == 0) {
            out += "\\x";
            out += hexDigit(c >> 4);
            out += hexDigit(c);
            ++i;
            continue;
        }
        if (c == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
            // A C1 control character (U+0080..U+009F), such as the one-byte CSI.
            const auto second = static_cast<unsigned char>(text[i + 1]);
            out += "\\u00";
            out += hexDigit(second >> 4);
            out += hexDigit(second);
        } else {
            out.append(text.substr(i, length));
        }
        i += length;
    }
    return out;
}

} // namespace roofscope
