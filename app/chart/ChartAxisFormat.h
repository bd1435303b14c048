#pragma once

#include <QString>

namespace roofscope {

// Numbers as the roofline chart writes them. Tick labels of its logarithmic axes:
// Intensity (x): "0.01", "0.1", "1", "10", "100", "1k", "10k", "1M".
QString formatIntensityTick(double flopsPerByte);
// Performance (y): "1 GFLOP/s", "10 TFLOP/s", "1 PFLOP/s" (the core's unit formatter).
QString formatPerformanceTick(double flopsPerSecond);
// Beside a measured point: "92 % of roof", "350 % of roof" (above its roof). Three significant
// digits, as the results table's "% of roof" column writes the same fraction.
QString formatFractionOfRoof(double fraction);
// An intensity in a kernel's label ("AI=108"): a whole number from 10 up, three significant digits
// below ("5.33", "0.25"); "∞" for an unbounded one (no bytes on any counted level); empty when not
// a positive number.
QString formatLabelIntensity(double flopsPerByte);

} // namespace roofscope
