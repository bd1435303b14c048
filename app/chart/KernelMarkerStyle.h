#pragma once

// Internal to app/chart: the markers of the chart and of its exports.

#include <QPainterPath>

class QColor;
class QCPScatterStyle;
class QPen;

namespace roofscope {

// The marker of the n-th kernel: the same shape on every device (circle, square, diamond, triangle,
// inverted triangle, pentagon, star, hexagon, then again), filled with the device's colour.
QCPScatterStyle kernelMarkerStyle(int kernelIndex, const QColor& fill, const QPen& outline);
int kernelMarkerShapeCount();
// The outline kernelMarkerStyle() draws, in pixels around (0, 0), at `scale` times the marker's size:
// the one geometry of the chart, its PNG/SVG/PDF exports and the HTML page.
QPainterPath kernelMarkerOutline(int kernelIndex, double scale = 1.0);
// The shape's name ("circle", "square", "diamond", "triangle", ...).
const char* kernelMarkerShapeName(int kernelIndex);
// A text character of the same shape ("●", "■", "◆", ...), for labels.
char32_t kernelMarkerGlyph(int kernelIndex);

} // namespace roofscope
