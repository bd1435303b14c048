#include "io/CsvReader.h"

#include "model/Text.h"
#include "model/Units.h"

#include <algorithm>
#include <cstring>
#include <istream>

namespace roofscope {

CsvReader::CsvReader(std::string_view text, std::string file, std::size_t maxRecordBytes, char delimiter)
    : m_text(text)
    , m_file(std::move(file))
    , m_maxRecordBytes(maxRecordBytes)
    , m_delimiter(delimiter)
{
}

CsvReader::CsvReader(
    std::istream& in, std::string file, std::size_t maxRecordBytes, char delimiter, std::size_t chunkBytes)
    : m_file(std::move(file))
    , m_maxRecordBytes(maxRecordBytes)
    , m_delimiter(delimiter)
    , m_in(&in)
    , m_end(false)
{
    m_buffer.resize(maxRecordBytes + 2 + std::max<std::size_t>(chunkBytes, 1));
    ensure(3);
    if (m_text.substr(0, 3) == "\xEF\xBB\xBF") {
        m_pos = 3;
        m_lineStart = 3;
    }
}

void CsvReader::seek(std::size_t offset, int line)
{
    m_pos = std::min(offset, m_text.size());
    m_lineStart = m_base + m_pos;
    m_nextLine = line;
}

void CsvReader::ensure(std::size_t bytes)
{
    if (m_end || m_text.size() - m_pos >= bytes) {
        return;
    }
    // Keep what is not read yet, then fill the rest of the buffer.
    const std::size_t kept = m_text.size() - m_pos;
    std::memmove(m_buffer.data(), m_buffer.data() + m_pos, kept);
    m_base += m_pos;
    m_pos = 0;
    std::size_t filled = kept;
    while (filled < m_buffer.size()) {
        m_in->read(m_buffer.data() + filled, static_cast<std::streamsize>(m_buffer.size() - filled));
        const auto got = static_cast<std::size_t>(m_in->gcount());
        filled += got;
        if (!*m_in) {
            m_readError = m_in->bad();
            m_end = true;
            break;
        }
    }
    m_text = std::string_view(m_buffer.data(), filled);
}

bool CsvReader::peekLine(std::string_view& line)
{
    if (m_failed) {
        return false;
    }
    ensure(m_maxRecordBytes + 2);
    if (m_pos >= m_text.size()) {
        return false;
    }
    const std::size_t window = std::min(m_text.size() - m_pos, m_maxRecordBytes);
    const void* nl = std::memchr(m_text.data() + m_pos, '\n', window);
    line = m_text.substr(
        m_pos, nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - (m_text.data() + m_pos)) : window);
    return true;
}

void CsvReader::skipLine()
{
    while (true) {
        ensure(m_maxRecordBytes + 2);
        if (m_pos >= m_text.size()) {
            return;
        }
        const void* nl = std::memchr(m_text.data() + m_pos, '\n', m_text.size() - m_pos);
        if (nl) {
            m_pos = static_cast<std::size_t>(static_cast<const char*>(nl) - m_text.data()) + 1;
            ++m_nextLine;
            m_lineStart = m_base + m_pos;
            return;
        }
        m_pos = m_text.size(); // a line longer than the buffer: read on
    }
}

int CsvReader::column(std::size_t index) const
{
    return index < m_columns.size() ? m_columns[index] : 0;
}

bool CsvReader::fail(int line, int column, const std::string& message)
{
    m_failed = true;
    m_error = Diagnostic {};
    m_error.file = m_file;
    m_error.line = line;
    m_error.column = column;
    m_error.message = message;
    m_fields.clear();
    m_columns.clear();
    return false;
}

bool CsvReader::checkBinary(std::size_t from, std::size_t to)
{
    const char* data = m_text.data();
    const std::size_t size = m_text.size();
    // Each byte is searched once, whenever a field is checked; then a comparison per field.
    if (m_firstNul == kNone && m_nulScanned < m_base + size) {
        const std::size_t start = std::max(m_nulScanned, m_base) - m_base;
        const void* nul = std::memchr(data + start, '\0', size - start);
        if (nul) {
            m_firstNul = m_base + static_cast<std::size_t>(static_cast<const char*>(nul) - data);
        }
        m_nulScanned = m_base + size;
    }
    if (m_firstNul == kNone || m_firstNul < m_base + from || m_firstNul >= m_base + to) {
        return true;
    }
    const std::size_t at = m_firstNul - m_base;
    // No line break lies between m_lineStart and the current record, which is in the buffer.
    const std::size_t first = m_lineStart > m_base ? m_lineStart - m_base : 0;
    const auto lines = std::count(data + first, data + at, '\n');
    std::size_t lineStart = at;
    while (lineStart > first && data[lineStart - 1] != '\n') {
        --lineStart;
    }
    const std::size_t lineStartInInput = lines == 0 ? m_lineStart : m_base + lineStart;
    fail(m_nextLine + static_cast<int>(lines), static_cast<int>(m_firstNul - lineStartInInput) + 1,
        "binary data (a NUL byte): this is not a text CSV file");
    return false;
}

bool CsvReader::next()
{
    m_fields.clear();
    m_columns.clear();
    m_scratch.clear();
    m_scratchRefs.clear();
    if (m_failed) {
        return false;
    }
    // Skip empty lines.
    while (true) {
        ensure(2);
        if (m_pos < m_text.size() && m_text[m_pos] == '\n') {
            ++m_pos;
        } else if (m_pos + 1 < m_text.size() && m_text[m_pos] == '\r' && m_text[m_pos + 1] == '\n') {
            m_pos += 2;
        } else {
            break;
        }
        ++m_nextLine;
        m_lineStart = m_base + m_pos;
    }
    // The whole record, up to the limit and one byte past it, is in the buffer from here on.
    ensure(m_maxRecordBytes + 2);
    if (m_readError) {
        return fail(m_nextLine, 0, "cannot read the file (an input/output error)");
    }
    const std::size_t size = m_text.size();
    const char* data = m_text.data();
    if (m_pos >= size) {
        return false;
    }
    m_line = m_nextLine;
    m_recordOffset = m_pos;
    const std::size_t recordLineStart = m_lineStart;
    const std::size_t limit = std::min(size, m_pos + m_maxRecordBytes + 1);
    auto tooLong = [&]() {
        return fail(m_line, 0,
            "a record longer than " + describeBytes(m_maxRecordBytes)
                + " (not a CSV export, or a line that never ends)");
    };
    auto columnAt = [&](std::size_t pos) { return static_cast<int>(m_base + pos - m_lineStart) + 1; };

    while (true) {
        const int column = columnAt(m_pos);
        if (m_pos < size && data[m_pos] == '"') {
            // Quoted field: up to the next quote that is not doubled.
            const int openLine = m_nextLine;
            std::size_t p = m_pos + 1;
            std::size_t segment = p;
            bool unescaped = false;
            const std::size_t scratchStart = m_scratch.size();
            while (true) {
                const void* q = p < limit ? std::memchr(data + p, '"', limit - p) : nullptr;
                if (!q) {
                    if (limit < size) {
                        return tooLong();
                    }
                    if (!checkBinary(m_pos, size)) {
                        return false;
                    }
                    return fail(
                        openLine, column, "a quoted field that never closes: the file ends inside it (truncated?)");
                }
                const auto at = static_cast<std::size_t>(static_cast<const char*>(q) - data);
                if (at + 1 < size && data[at + 1] == '"') {
                    // A doubled quote: keep one.
                    m_scratch.append(data + segment, at + 1 - segment);
                    unescaped = true;
                    p = at + 2;
                    segment = p;
                    continue;
                }
                if (!checkBinary(m_pos, at)) {
                    return false;
                }
                // Track line breaks inside the field.
                for (const char* nl = data + m_pos;
                     (nl = static_cast<const char*>(std::memchr(nl, '\n', static_cast<std::size_t>(data + at - nl))));
                     ++nl) {
                    ++m_nextLine;
                    m_lineStart = m_base + static_cast<std::size_t>(nl - data) + 1;
                }
                if (unescaped) {
                    m_scratch.append(data + segment, at - segment);
                    m_scratchRefs.push_back({ m_fields.size(), scratchStart, m_scratch.size() - scratchStart });
                    m_fields.emplace_back();
                } else {
                    m_fields.emplace_back(data + m_pos + 1, at - m_pos - 1);
                }
                m_columns.push_back(column);
                m_pos = at + 1;
                break;
            }
            if (m_pos < size && data[m_pos] != m_delimiter && data[m_pos] != '\n' && data[m_pos] != '\r') {
                if (!checkBinary(m_pos, m_pos + 1)) {
                    return false;
                }
                return fail(
                    m_nextLine, columnAt(m_pos), "unexpected text after a closing quote (a field with a stray '\"')");
            }
        } else {
            // Plain field: up to the delimiter or the end of the line.
            std::size_t p = m_pos;
            while (p < limit && data[p] != m_delimiter && data[p] != '\n') {
                ++p;
            }
            if (p >= limit && limit < size) {
                return tooLong();
            }
            std::size_t end = p;
            if (end > m_pos && data[end - 1] == '\r' && (end == size || data[end] == '\n')) {
                --end;
            }
            if (!checkBinary(m_pos, end)) {
                return false;
            }
            m_fields.emplace_back(data + m_pos, end - m_pos);
            m_columns.push_back(column);
            m_pos = end;
        }
        if (m_pos - m_recordOffset > m_maxRecordBytes) {
            return tooLong();
        }
        // After a field: a delimiter (another field follows), a line end or the end of the text.
        if (m_pos < size && data[m_pos] == m_delimiter) {
            ++m_pos;
            continue;
        }
        if (m_pos < size && data[m_pos] == '\r') {
            ++m_pos;
        }
        m_recordBytes = m_pos - m_recordOffset;
        if (m_pos < size && data[m_pos] == '\n') {
            ++m_pos;
            ++m_nextLine;
            m_lineStart = m_base + m_pos;
        }
        break;
    }
    // Text only: a record that is not UTF-8 is refused where its first bad byte is.
    Diagnostics invalid;
    if (!checkUtf8(m_text.substr(m_recordOffset, m_pos - m_recordOffset), m_file, invalid, m_line)) {
        Diagnostic d = invalid.front();
        if (d.line == m_line) {
            d.column += static_cast<int>(m_recordOffset - recordLineStart);
        }
        return fail(d.line, d.column, d.message);
    }
    for (const auto& ref : m_scratchRefs) {
        m_fields[ref.index] = std::string_view(m_scratch.data() + ref.offset, ref.length);
    }
    return true;
}

std::string describeBytes(std::size_t bytes)
{
    constexpr std::size_t kMiB = std::size_t { 1024 } * 1024;
    if (bytes >= kMiB && bytes % kMiB == 0) {
        return std::to_string(bytes / kMiB) + " MiB";
    }
    return formatQuantity(static_cast<double>(bytes), Dimension::Bytes);
}

} // namespace roofscope
