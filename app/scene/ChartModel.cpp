#include "scene/ChartModel.h"

#include "model/Numbers.h"
#include "model/Session.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

bool unboundedIntensity(double intensity)
{
    return std::isinf(intensity) && intensity > 0.0;
}

bool placeable(const ChartKernelPoint& point)
{
    return (positiveFinite(point.intensity) || unboundedIntensity(point.intensity)) && positiveFinite(point.attainable);
}

QString unboundedIntensityText()
{
    return QObject::tr(
        "moved 0 bytes on every counted level: compute-bound, intensity unbounded; drawn at the right edge");
}

bool ChartDevice::sameRoofs(const ChartDevice& other) const
{
    return id == other.id && label == other.label && fullName == other.fullName && precision == other.precision
        && color == other.color && computeRoof == other.computeRoof && computeEstimate == other.computeEstimate
        && unlike == other.unlike && levels == other.levels && ceilings == other.ceilings
        && otherComputeRoofs == other.otherComputeRoofs;
}

const ChartLevel* ChartDevice::defaultLevel() const
{
    for (const auto& level : levels) {
        if (level.isDefault) {
            return &level;
        }
    }
    return nullptr;
}

double ChartDevice::ridge() const
{
    const ChartLevel* level = defaultLevel();
    return level && level->bytesPerSecond > 0.0 ? computeRoof / level->bytesPerSecond : 0.0;
}

double ChartDevice::roofAt(double intensity) const
{
    const ChartLevel* level = defaultLevel();
    if (!level) {
        return computeRoof;
    }
    return std::min(computeRoof, level->bytesPerSecond * intensity);
}

bool ChartRange::isValid() const
{
    return positiveFinite(xLower) && positiveFinite(xUpper) && positiveFinite(yLower) && positiveFinite(yUpper)
        && xLower < xUpper && yLower < yUpper;
}

void placeOnXLevel(ChartKernelPoint& point, const Evaluation& ev, const std::string& xLevel)
{
    point.attainable = ev.attainable;
    point.regime = ev.regime;
    point.intensity = ev.intensity; // the default level (or, without bytes there, the binding one)
    point.bindingIntensity = 0.0;
    const LevelEvaluation* binding = ev.regimeLevel();
    if (xLevel == kBindingLevel) {
        if (binding && positiveFinite(binding->intensity)) {
            point.intensity = binding->intensity;
        }
    } else if (!xLevel.empty()) {
        const LevelEvaluation* level = ev.level(xLevel);
        if (level && positiveFinite(level->intensity)) {
            point.intensity = level->intensity;
        }
    }
    // A level binds and the marker is not on its roof: where the kernel sits on that roof.
    if (ev.binding != "compute" && binding && positiveFinite(binding->intensity)
        && std::fabs(binding->intensity - point.intensity) > 1e-9 * binding->intensity) {
        point.bindingIntensity = binding->intensity;
    }
}

QString xAxisTitle(const std::string& xLevel)
{
    if (xLevel.empty()) {
        return QObject::tr("Arithmetic intensity (FLOP/byte)");
    }
    if (xLevel == kBindingLevel) {
        return QObject::tr("Arithmetic intensity on the binding level (FLOP/byte)");
    }
    return QObject::tr("Arithmetic intensity on %1 (FLOP/byte)").arg(QString::fromStdString(xLevel).toUpper());
}

void ChartPointBounds::addX(double x)
{
    if (positiveFinite(x)) {
        xMin = std::min(xMin, x);
        xMax = std::max(xMax, x);
    }
}

void ChartPointBounds::addY(double y)
{
    if (positiveFinite(y)) {
        yMin = std::min(yMin, y);
        yMax = std::max(yMax, y);
    }
}

void ChartPointBounds::add(const ChartKernelPoint& point)
{
    addX(point.intensity);
    addX(point.bindingIntensity);
    addY(point.attainable);
}

void ChartPointBounds::add(const ChartPointBounds& other)
{
    xMin = std::min(xMin, other.xMin);
    xMax = std::max(xMax, other.xMax);
    yMin = std::min(yMin, other.yMin);
    yMax = std::max(yMax, other.yMax);
}

ChartPointBounds ChartScene::measureKernels() const
{
    ChartPointBounds bounds;
    for (const auto& kernel : kernels) {
        for (const auto& point : kernel.points) {
            bounds.add(point);
        }
        if (kernel.achieved) {
            bounds.addY(*kernel.achieved);
        }
    }
    return bounds;
}

ChartRange ChartScene::fitRange() const
{
    return fitRangeFor(devices, kernelBounds ? *kernelBounds : measureKernels());
}

ChartRange fitRangeFor(const std::vector<ChartDevice>& devices, const ChartPointBounds& kernels)
{
    constexpr double kXMargin = 3.0; // a factor on each side of the outermost ridge or kernel
    constexpr double kYMarginBelow = 2.0;
    ChartRange range; // 0.05 .. 20000 FLOP/B, like the seeds' charts

    double minRoof = std::numeric_limits<double>::infinity();
    double maxRoof = 0.0;
    auto includeX = [&](double x) {
        if (positiveFinite(x)) {
            range.xLower = std::min(range.xLower, x / kXMargin);
            range.xUpper = std::max(range.xUpper, x * kXMargin);
        }
    };
    for (const auto& device : devices) {
        if (!positiveFinite(device.computeRoof)) {
            continue;
        }
        minRoof = std::min(minRoof, device.computeRoof);
        maxRoof = std::max(maxRoof, device.computeRoof);
        const ChartLevel* main = device.defaultLevel();
        for (const auto& other : device.otherComputeRoofs) {
            if (positiveFinite(other.flopsPerSecond)) {
                maxRoof = std::max(maxRoof, other.flopsPerSecond);
                if (main) {
                    includeX(other.flopsPerSecond / main->bytesPerSecond);
                }
            }
        }
        for (const auto& level : device.levels) {
            if (level.isDefault || level.visible) {
                includeX(device.computeRoof / level.bytesPerSecond);
            }
        }
    }
    if (kernels.xMax > 0.0) { // the outermost points: x / 3 and x * 3 are monotonic in x
        includeX(kernels.xMin);
        includeX(kernels.xMax);
    }
    const double minPoint = kernels.yMin;
    const double maxPoint = kernels.yMax;
    if (maxRoof <= 0.0) {
        if (maxPoint > 0.0) {
            minRoof = maxRoof = maxPoint;
        } else {
            return range; // nothing to show: the default range
        }
    }
    range.yLower = minRoof * 1e-3;
    range.yUpper = maxRoof * 3.0;
    if (minPoint < range.yLower * kYMarginBelow) {
        range.yLower = minPoint / kYMarginBelow;
    }
    if (maxPoint * 3.0 > range.yUpper) {
        range.yUpper = maxPoint * 3.0;
    }
    return range;
}

} // namespace roofscope
