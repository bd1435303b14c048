#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include <qcustomplot.h>

#include <functional>

namespace roofscope {

// A base-10 logarithmic ticker whose labels come from a formatter ("1 TFLOP/s", "1k").
class SiLogTicker : public QCPAxisTickerLog {
public:
    explicit SiLogTicker(std::function<QString(double)> formatter);

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    std::function<QString(double)> m_formatter;
};

} // namespace roofscope
