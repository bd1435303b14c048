#include "cli/PrintableStreamBuf.h"

#include "model/Text.h"

namespace roofscope {

PrintableStreamBuf::PrintableStreamBuf(std::ostream& target, std::size_t batchBytes)
    : m_target(target)
    , m_batchBytes(batchBytes)
{
}

PrintableStreamBuf::~PrintableStreamBuf()
{
    flushLines(true);
    m_target.flush();
}

PrintableStreamBuf::int_type PrintableStreamBuf::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof())) {
        return traits_type::not_eof(c);
    }
    m_pending += traits_type::to_char_type(c);
    if (c == '\n') {
        flushLines(false);
    }
    return c;
}

std::streamsize PrintableStreamBuf::xsputn(const char* text, std::streamsize count)
{
    m_pending.append(text, static_cast<std::size_t>(count));
    flushLines(false);
    return count;
}

int PrintableStreamBuf::sync()
{
    flushLines(true);
    m_target.flush();
    return m_target ? 0 : -1;
}

void PrintableStreamBuf::flushLines(bool all)
{
    // Whole lines only, so a character split over two writes is judged whole.
    if (!all && m_pending.size() < m_batchBytes) {
        return;
    }
    const std::size_t end = all ? m_pending.size() : m_pending.rfind('\n') + 1;
    if (end == 0 || end > m_pending.size()) {
        return;
    }
    m_target << printable(std::string_view(m_pending).substr(0, end), true);
    m_pending.erase(0, end);
}

} // namespace roofscope
