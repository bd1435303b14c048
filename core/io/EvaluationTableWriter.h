#pragma once

#include "io/EvaluationFormat.h"
#include "model/Evaluation.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// The results table (formatEvaluationTable's bytes) written row by row, so that a table of a
// million rows never holds its text: aligned text and Markdown need every row's widths first, so
// measure() is given every row before the header is written (CSV needs no widths).
class EvaluationTableWriter {
public:
    explicit EvaluationTableWriter(TableFormat format);

    // Widens the columns to fit this row (text and Markdown).
    void measure(const Evaluation& ev);
    // The header (and for text and Markdown, the rule under it).
    void writeHeader(std::ostream& out) const;
    void writeRow(std::ostream& out, const Evaluation& ev) const;

private:
    std::string cell(const std::string& raw) const; // as printed: escaped, Markdown pipes escaped
    void writeLine(std::ostream& out, const std::vector<std::string>& cells) const; // cells already escaped

    TableFormat m_format;
    std::vector<std::string> m_header;
    std::vector<std::size_t> m_widths;
};

} // namespace roofscope
