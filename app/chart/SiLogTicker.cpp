#include "chart/SiLogTicker.h"

#include <utility>

namespace roofscope {

SiLogTicker::SiLogTicker(std::function<QString(double)> formatter)
    : m_formatter(std::move(formatter))
{
    setLogBase(10.0);
    setSubTickCount(8); // minor ticks at 2..9 of every decade
    setTickCount(8);
}

QString SiLogTicker::getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision)
{
    return m_formatter ? m_formatter(tick) : QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
}

} // namespace roofscope
