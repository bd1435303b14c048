#pragma once

#include <QString>

namespace roofscope {

// Tick labels of the roofline chart's logarithmic axes.
// Intensity (x): "0.01", "0.1", "1", "10", "100", "1k", "10k", "1M".
QString formatIntensityTick(double flopsPerByte);
// Performance (y): "1 GFLOP/s", "10 TFLOP/s", "1 PFLOP/s" (the core's unit formatter).
QString formatPerformanceTick(double flopsPerSecond);
// An intensity in a kernel's label ("AI=108"): a whole number from 10 up, three significant digits
// below ("5.33", "0.25"); empty when not a positive number.
QString formatLabelIntensity(double flopsPerByte);

} // namespace roofscope
