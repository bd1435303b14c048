#pragma once

// The small conversions every Qt layer uses between the core's std::string and Qt's QString.

#include <QString>

#include <string>

namespace roofscope {

inline QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

// "1 kernel", "3 kernels".
inline QString counted(qsizetype count, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? singular : plural);
}

} // namespace roofscope
