#pragma once

#include <QString>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <string>

namespace roofscope::test {

// |actual - expected| <= rel * |expected| (or both zero).
inline bool closeRel(double actual, double expected, double rel = 1e-9)
{
    if (actual == expected) {
        return true;
    }
    return std::fabs(actual - expected) <= rel * std::fabs(expected);
}

// The number as the seeds print it: fixed with `decimals` digits (as printf/Python round it).
inline QString printed(double value, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return QString::fromLatin1(buffer);
}

} // namespace roofscope::test

#define ROOFSCOPE_COMPARE_REL(actual, expected, rel)                                                                   \
    QVERIFY2(roofscope::test::closeRel((actual), (expected), (rel)),                                                   \
        qPrintable(QString("%1 = %2, expected %3 (rel %4)")                                                            \
                       .arg(#actual)                                                                                   \
                       .arg((actual), 0, 'g', 17)                                                                      \
                       .arg((expected), 0, 'g', 17)                                                                    \
                       .arg((rel))))
