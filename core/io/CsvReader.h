#pragma once

#include "model/Diagnostic.h"

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// An RFC 4180 reader: fields separated by a delimiter, records by CRLF or LF, fields optionally in
// double quotes (a quote inside doubled, separators and line breaks allowed inside). It tracks the
// 1-based line of each record and the column of each field, and refuses binary data (NUL bytes),
// records longer than a limit and quotes that never close, each with a diagnostic naming
// file:line:column. Never throws.
//
// It reads either text already in memory or a stream. A stream is read through one buffer of
// maxRecordBytes plus a few MiB, whatever the length of the input: a record's fields stay valid
// until the next call to next(), peekLine() or skipLine().
class CsvReader {
public:
    CsvReader(std::string_view text, std::string file, std::size_t maxRecordBytes, char delimiter = ',');
    // Reads `in` (opened in binary mode) as it goes, `chunkBytes` at a time beyond the longest
    // record; a UTF-8 byte order mark at its start is skipped.
    static constexpr std::size_t kChunkBytes = std::size_t { 4 } << 20;
    CsvReader(std::istream& in, std::string file, std::size_t maxRecordBytes, char delimiter = ',',
        std::size_t chunkBytes = kChunkBytes);

    // Starts reading at byte `offset` of the text, which is on line `line` (skipping a preamble).
    // Text in memory only.
    void seek(std::size_t offset, int line);

    // The delimiter of the records read from now on (a preamble read with peekLine() told which).
    void setDelimiter(char delimiter) { m_delimiter = delimiter; }

    // The raw text of the line at the current position, without its line break (its first
    // maxRecordBytes when longer), for a preamble that is not CSV; false at the end of the input.
    bool peekLine(std::string_view& line);
    // Moves past that line.
    void skipLine();

    // Reads the next record; false at the end of the text or on an error (then failed() is set).
    // Empty lines are skipped.
    bool next();

    const std::vector<std::string_view>& fields() const { return m_fields; }
    std::size_t size() const { return m_fields.size(); }
    std::string_view field(std::size_t index) const { return index < m_fields.size() ? m_fields[index] : ""; }
    int line() const { return m_line; } // line of the record's first character
    int column(std::size_t index) const; // 1-based column of a field's first character
    std::size_t recordOffset() const { return m_base + m_recordOffset; } // from the start of the input
    std::size_t recordBytes() const { return m_recordBytes; }
    // The raw text of the current record (for one-field lines such as "==ERROR== ...").
    std::string_view rawRecord() const { return m_text.substr(m_recordOffset, m_recordBytes); }

    bool failed() const { return m_failed; }
    const Diagnostic& error() const { return m_error; }
    const std::string& file() const { return m_file; }

private:
    bool fail(int line, int column, const std::string& message);
    // Makes at least `bytes` bytes from m_pos available in m_text, unless the input ends first.
    void ensure(std::size_t bytes);
    // True when no NUL byte lies in [from, to) (offsets in m_text); otherwise fails naming it.
    bool checkBinary(std::size_t from, std::size_t to);

    std::string_view m_text; // the text, or the part of the stream in m_buffer
    std::string m_file;
    std::size_t m_maxRecordBytes;
    char m_delimiter;
    std::istream* m_in = nullptr; // null: all of the text is in m_text
    std::string m_buffer;
    std::size_t m_base = 0; // offset of m_text[0] in the input
    bool m_end = true; // nothing more to read than m_text
    bool m_readError = false;
    std::size_t m_pos = 0; // in m_text
    int m_nextLine = 1;
    std::size_t m_lineStart = 0; // offset in the input of the first character of m_nextLine

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
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::size_t m_firstNul = kNone; // offset in the input of the first NUL byte found
    std::size_t m_nulScanned = 0; // the input is searched for NUL bytes up to here
};

// Human-readable size: "200 MB", "1 MiB".
std::string describeBytes(std::size_t bytes);

} // namespace roofscope
