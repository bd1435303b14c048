#include "widgets/HardwareDockText.h"

#include "model/Hardware.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QObject>
#include <QStringList>

#include <algorithm>

namespace roofscope {

QString deviceRowLabel(const Hardware& hw, const std::vector<const Hardware*>& family)
{
    const std::string label = hw.shortLabel();
    const bool shared = std::count_if(family.begin(), family.end(), [&](const Hardware* other) {
        return other->shortLabel() == label;
    }) > 1;
    if (!shared) {
        return qs(label);
    }
    QString name = qs(hw.name.empty() ? hw.id : hw.name);
    const QString vendor = qs(hw.vendor) + QLatin1Char(' ');
    if (!hw.vendor.empty() && name.startsWith(vendor) && name.size() > vendor.size()) {
        name = name.mid(vendor.size());
    }
    return name;
}

QString deviceToolTip(const Hardware& hw)
{
    QString tip = QStringLiteral("<b>%1</b><br>%2").arg(qs(hw.name).toHtmlEscaped(), qs(hw.id));
    if (const auto peak = hw.peak(hw.mainPrecision())) {
        tip += QStringLiteral("<br>%1 %2")
                   .arg(qs(hw.mainPrecision()), qs(formatQuantity(*peak, Dimension::FlopsPerSecond, 3)));
    }
    QStringList peaks;
    for (const ComputePeak& c : hw.compute) {
        if (c.estimate) {
            peaks << qs(c.unit + " " + c.precision);
        }
    }
    QStringList levels;
    for (const BandwidthLevel& level : hw.levels) {
        if (level.estimate) {
            levels << qs(level.name).toUpper();
        }
    }
    if (!peaks.isEmpty()) {
        tip += QStringLiteral("<br>")
            + QObject::tr("Estimated peaks: %1").arg(peaks.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (!levels.isEmpty()) {
        tip += QStringLiteral("<br>")
            + QObject::tr("Estimated levels (drawn dashed): %1").arg(levels.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    if (!hw.origin.empty()) {
        tip += QStringLiteral("<br><i>%1</i>").arg(qs(hw.origin).toHtmlEscaped());
    }
    if (!hw.notes.empty()) {
        tip += QStringLiteral("<p>%1</p>").arg(qs(hw.notes).toHtmlEscaped());
    }
    return tip + QObject::tr("<p>Double-click or right-click for the datasheet.</p>");
}

} // namespace roofscope
