#include "session/DisplayName.h"

namespace roofscope {

QString elidedName(const QString& name, int maxChars)
{
    QString flat = name;
    for (QChar& c : flat) {
        if (c == QLatin1Char('\n') || c == QLatin1Char('\r') || c == QLatin1Char('\t')) {
            c = QLatin1Char(' ');
        }
    }
    if (maxChars < 3 || flat.size() <= maxChars) {
        return flat;
    }
    // The end of a templated name says as much as its start ("…_kernel<…>::run"): keep both.
    const qsizetype keep = maxChars - 1;
    const qsizetype head = (keep + 1) / 2;
    const qsizetype tail = keep - head;
    return flat.left(head) + QChar(0x2026) + flat.right(tail);
}

QString elidedName(const std::string& name, int maxChars)
{
    return elidedName(QString::fromStdString(name), maxChars);
}

} // namespace roofscope
