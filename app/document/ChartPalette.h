#pragma once

#include <QColor>
#include <QIcon>

namespace roofscope {

// The qualitative palette devices are coloured with, by their order in the session (the first eight
// Tableau 10 colours, as matplotlib's "tab10" draws them); it repeats after eight devices.
QColor deviceColor(int index);
int deviceColorCount();

// A lighter tint of a colour (mixed with white), for secondary roofs.
QColor lighterTint(const QColor& color, double amount);

// A small rounded square in a device's colour, for lists and tables beside the chart.
QIcon deviceSwatch(const QColor& color);

} // namespace roofscope
