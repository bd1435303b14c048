#pragma once

#include <cstddef>
#include <ostream>
#include <streambuf>
#include <string>

namespace roofscope {

// An output buffer that passes text on to another stream line by line with control characters and
// bytes that are not UTF-8 escaped (printable() with line feeds and tabs kept), so names from files
// or arguments cannot move the cursor, recolour or retitle the terminal. JSON stays valid JSON.
class PrintableStreamBuf : public std::streambuf {
public:
    // `batchBytes`: lines are passed on once this much is pending (0: every line as it ends);
    // flush() and std::endl pass everything on either way.
    explicit PrintableStreamBuf(std::ostream& target, std::size_t batchBytes = 0);
    ~PrintableStreamBuf() override;
    PrintableStreamBuf(const PrintableStreamBuf&) = delete;
    PrintableStreamBuf& operator=(const PrintableStreamBuf&) = delete;

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* text, std::streamsize count) override;
    int sync() override;

private:
    void flushLines(bool all);

    std::ostream& m_target;
    std::string m_pending;
    std::size_t m_batchBytes;
};

} // namespace roofscope
