#pragma once

#include <QColor>
#include <QIcon>

#include <string>
#include <vector>

namespace roofscope {

// The qualitative palette devices are coloured with: the ten Tableau 10 colours, as matplotlib's
// "tab10" draws them.
QColor paletteColor(int index);
int paletteColorCount();

// A device's own colour, keyed by its id: the same in every session, view and export whatever else
// is shown. The shipped devices have a fixed slot (the example sessions' devices all differ); any
// other id gets a slot from a hash of it.
QColor deviceColor(const std::string& id);

// The colours of a session's devices (by session order, hidden ones included): each its own colour,
// unless an earlier device of the session already has it; then the next slot no earlier device has.
// A device's colour therefore does not change when others are shown or hidden.
std::vector<QColor> deviceColors(const std::vector<std::string>& ids);

// A lighter tint of a colour (mixed with white), for secondary roofs.
QColor lighterTint(const QColor& color, double amount);

// A small rounded square in a device's colour, for lists and tables beside the chart.
QIcon deviceSwatch(const QColor& color);

} // namespace roofscope
