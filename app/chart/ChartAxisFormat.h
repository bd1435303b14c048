#pragma once

#include <QString>

namespace roofscope {

// Tick labels of the roofline chart's logarithmic axes.
// Intensity (x): "0.01", "0.1", "1", "10", "100", "1k", "10k", "1M".
QString formatIntensityTick(double flopsPerByte);
// Performance (y): "1 GFLOP/s", "10 TFLOP/s", "1 PFLOP/s" (the core's unit formatter).
QString formatPerformanceTick(double flopsPerSecond);

} // namespace roofscope
