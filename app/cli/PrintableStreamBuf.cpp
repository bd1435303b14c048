#include "cli/PrintableStreamBuf.h"

#include "model/Text.h"

#include <cstdint>
#include <cstring>
#include <string_view>

namespace roofscope {

namespace {
// Whether printable() would give the text back as it is: printable ASCII, line feeds and tabs. This
// runs over every byte of a 170 MB JSON table, so it looks at eight bytes at a time: a word with no
// byte of 0x7F or above and none below 0x20 passes at once; only words with a line feed or tab (or a
// byte to escape) are looked at byte by byte.
bool plainByte(unsigned char c)
{
    return (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t';
}

bool plainText(std::string_view text)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, text.data() + i, 8);
        const std::uint64_t high = word & kHigh; // bytes of 0x80 and above
        const std::uint64_t low = (word - 0x20 * kOnes) & ~word & kHigh; // some byte below 0x20
        const std::uint64_t del = ((word ^ 0x7F * kOnes) - kOnes) & ~(word ^ 0x7F * kOnes) & kHigh; // 0x7F
        if ((high | low | del) == 0) {
            continue;
        }
        for (std::size_t j = i; j < i + 8; ++j) {
            if (!plainByte(static_cast<unsigned char>(text[j]))) {
                return false;
            }
        }
    }
    for (; i < text.size(); ++i) {
        if (!plainByte(static_cast<unsigned char>(text[i]))) {
            return false;
        }
    }
    return true;
}
} // namespace

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
    const std::string_view view(text, static_cast<std::size_t>(count));
    if (m_pending.empty() && view.size() >= m_batchBytes && m_batchBytes > 0) {
        // A large write with nothing pending: its whole lines go on without a copy.
        const std::size_t end = view.rfind('\n') + 1;
        if (end > 0 && plainText(view.substr(0, end))) {
            m_target.write(text, static_cast<std::streamsize>(end));
            m_pending.assign(view.substr(end));
            return count;
        }
    }
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
    const std::string_view text = std::string_view(m_pending).substr(0, end);
    if (plainText(text)) {
        m_target.write(text.data(), static_cast<std::streamsize>(text.size()));
    } else {
        m_target << printable(text, true);
    }
    m_pending.erase(0, end);
}

} // namespace roofscope
