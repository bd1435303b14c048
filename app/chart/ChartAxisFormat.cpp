#include "chart/ChartAxisFormat.h"

#include "scene/ChartModel.h"

#include "model/Units.h"

#include <array>
#include <cmath>

namespace roofscope {

QString formatIntensityTick(double flopsPerByte)
{
    if (!std::isfinite(flopsPerByte)) {
        return {};
    }
    struct Scale {
        double factor;
        const char* suffix;
    };
    constexpr std::array<Scale, 4> scales { { { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" } } };
    const double magnitude = std::fabs(flopsPerByte);
    for (const auto& scale : scales) {
        if (magnitude >= scale.factor * 0.9995) {
            return QString::fromStdString(formatNumber(flopsPerByte / scale.factor, 3)) + QLatin1String(scale.suffix);
        }
    }
    return QString::fromStdString(formatNumber(flopsPerByte, 3));
}

QString formatPerformanceTick(double flopsPerSecond)
{
    return QString::fromStdString(formatQuantity(flopsPerSecond, Dimension::FlopsPerSecond, 3));
}

QString formatFractionOfRoof(double fraction)
{
    if (!std::isfinite(fraction)) {
        return {};
    }
    // tableCell() (core/io/EvaluationFormat) writes the column as formatNumber(fraction x 100, 3) + " %".
    return QString::fromStdString(formatNumber(fraction * 100.0, 3)) + QStringLiteral(" % of roof");
}

QString formatLabelIntensity(double flopsPerByte)
{
    if (unboundedIntensity(flopsPerByte)) {
        return QStringLiteral("\u221E");
    }
    if (!std::isfinite(flopsPerByte) || !(flopsPerByte > 0.0)) {
        return {};
    }
    if (flopsPerByte >= 10.0) {
        return QString::number(std::round(flopsPerByte), 'f', 0);
    }
    return QString::fromStdString(formatNumber(flopsPerByte, 3));
}

} // namespace roofscope
