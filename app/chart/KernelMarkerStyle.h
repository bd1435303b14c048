#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include <qcustomplot.h>

namespace roofscope {

// The marker of the n-th kernel: the same shape on every device (circle, square, diamond, triangle,
// inverted triangle, pentagon, star, hexagon, then again), filled with the device's colour.
QCPScatterStyle kernelMarkerStyle(int kernelIndex, const QColor& fill, const QPen& outline);
int kernelMarkerShapeCount();
// A text character of the same shape ("●", "■", "◆", ...), for labels.
char32_t kernelMarkerGlyph(int kernelIndex);

} // namespace roofscope
