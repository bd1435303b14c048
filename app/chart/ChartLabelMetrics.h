#pragma once

#include <QPointF>
#include <QSizeF>

class QCPItemText;

// Sizes and distances the chart's label placer (ChartLabelPlacer) measures with.
namespace roofscope::labelmetrics {

constexpr double kMarkerRadius = 6.0; // pixels a label keeps from a marker's centre

// A text item's size as QCPItemText draws it (several lines: each centred, one under the other),
// without and with its padding.
QSizeF textSize(const QCPItemText* text);
double textWidth(const QCPItemText* text);
double textHeight(const QCPItemText* text);
// Distance from a point to a rectangle given in its own frame (0 inside).
double distanceToBox(QPointF local, double halfWidth, double halfHeight);

} // namespace roofscope::labelmetrics
