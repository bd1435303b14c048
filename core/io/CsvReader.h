#pragma once

#include "model/Diagnostic.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// An RFC 4180 reader over text already in memory: fields separated by a delimiter, records by
// CRLF or LF, fields optionally in double quotes (a quote inside doubled, separators and line breaks
// allowed inside). It tracks the 1-based line of each record and the column of each field, and
// refuses binary data (NUL bytes), records longer than a limit and quotes that never close, each
// with a diagnostic naming file:line:column. Never throws.
class CsvReader {
public:
    CsvReader(std::string_view text, std::string file, std::size_t maxRecordBytes, char delimiter = ',');

    // Starts reading at byte `offset` of the text, which is on line `line` (skipping a preamble).
    void seek(std::size_t offset, int line);

    // Reads the next record; false at the end of the text or on an error (then failed() is set).
    // Empty lines are skipped.
    bool next();

    const std::vector<std::string_view>& fields() const { return m_fields; }
    std::size_t size() const { return m_fields.size(); }
    std::string_view field(std::size_t index) const { return index < m_fields.size() ? m_fields[index] : ""; }
    int line() const { return m_line; } // line of the record's first character
    int column(std::size_t index) const; // 1-based column of a field's first character
    std::size_t recordOffset() const { return m_recordOffset; }
    std::size_t recordBytes() const { return m_recordBytes; }
    // The raw text of the current record (for one-field lines such as "==ERROR== ...").
    std::string_view rawRecord() const { return m_text.substr(m_recordOffset, m_recordBytes); }

    bool failed() const { return m_failed; }
    const Diagnostic& error() const { return m_error; }
    const std::string& file() const { return m_file; }

private:
    bool fail(int line, int column, const std::string& message);

    std::string_view m_text;
    std::string m_file;
    std::size_t m_maxRecordBytes;
    char m_delimiter;
    std::size_t m_pos = 0;
    int m_nextLine = 1;
    std::size_t m_lineStart = 0; // offset of the first character of m_nextLine

    std::vector<std::string_view> m_fields;
    std::vector<int> m_columns;
    std::string m_scratch; // unescaped quoted fields
    struct ScratchRef {
        std::size_t index; // the field
        std::size_t offset; // where its text starts in m_scratch
        std::size_t length;
    };
    std::vector<ScratchRef> m_scratchRefs;
    int m_line = 0;
    std::size_t m_recordOffset = 0;
    std::size_t m_recordBytes = 0;
    bool m_failed = false;
    Diagnostic m_error;
    static constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);
    std::size_t m_firstNul = kUnknown; // offset of the text's first NUL byte (its size when none)
};

// Human-readable size: "200 MB", "1 MiB".
std::string describeBytes(std::size_t bytes);

} // namespace roofscope
