#include "io/EvaluationTableWriter.h"

#include "model/Text.h"

#include <algorithm>
#include <ostream>

namespace roofscope {

EvaluationTableWriter::EvaluationTableWriter(TableFormat format)
    : m_format(format)
{
    const bool csv = format == TableFormat::Csv;
    for (const auto& column : tableColumns()) {
        m_header.emplace_back(csv ? column.csvKey : column.title);
        m_widths.push_back(cell(m_header.back()).size());
    }
}

std::string EvaluationTableWriter::cell(const std::string& raw) const
{
    // One line per row: line breaks and other control characters in names are escaped.
    std::string text = printable(raw);
    if (m_format != TableFormat::Markdown || text.find('|') == std::string::npos) {
        return text;
    }
    std::string escaped;
    for (char ch : text) {
        escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
    }
    return escaped;
}

void EvaluationTableWriter::measure(const Evaluation& ev)
{
    if (m_format == TableFormat::Csv) {
        return;
    }
    for (std::size_t c = 0; c < m_widths.size(); ++c) {
        m_widths[c] = std::max(m_widths[c], cell(tableCell(ev, c, false)).size());
    }
}

void EvaluationTableWriter::writeLine(std::ostream& out, const std::vector<std::string>& cells) const
{
    const bool md = m_format == TableFormat::Markdown;
    std::string text = md ? "| " : "";
    for (std::size_t c = 0; c < m_widths.size(); ++c) {
        const std::string& value = cells[c];
        text += value;
        text.append(m_widths[c] > value.size() ? m_widths[c] - value.size() : 0, ' ');
        text += c + 1 < m_widths.size() ? (md ? " | " : "  ") : (md ? " |" : "");
    }
    if (!md) { // aligned text: no trailing spaces
        while (!text.empty() && text.back() == ' ') {
            text.pop_back();
        }
    }
    text += '\n';
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void EvaluationTableWriter::writeHeader(std::ostream& out) const
{
    if (m_format == TableFormat::Csv) {
        std::string line;
        for (std::size_t c = 0; c < m_header.size(); ++c) {
            line += (c ? "," : "") + escapeCsv(m_header[c]);
        }
        out << line << "\n";
        return;
    }
    std::vector<std::string> cells;
    std::vector<std::string> rule;
    for (std::size_t c = 0; c < m_header.size(); ++c) {
        cells.push_back(cell(m_header[c]));
        rule.emplace_back(m_widths[c], '-');
    }
    writeLine(out, cells);
    writeLine(out, rule);
}

void EvaluationTableWriter::writeRow(std::ostream& out, const Evaluation& ev) const
{
    if (m_format == TableFormat::Csv) {
        std::string line;
        for (std::size_t c = 0; c < m_header.size(); ++c) {
            line += (c ? "," : "") + escapeCsv(tableCell(ev, c, true));
        }
        line += '\n';
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
        return;
    }
    std::vector<std::string> cells;
    cells.reserve(m_widths.size());
    for (std::size_t c = 0; c < m_widths.size(); ++c) {
        cells.push_back(cell(tableCell(ev, c, false)));
    }
    writeLine(out, cells);
}

} // namespace roofscope
