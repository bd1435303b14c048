#pragma once

#include "scene/ChartStyle.h"

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

// How review mode's comparison bar draws the time of a device's kernels bound by each part: compute
// in the device colour, memory fainter, network fainter still and hatched. Fainter means towards the
// chart's background: lighter on the light theme, darker on the dark one (tinting towards white on a
// dark panel left the three segments nearly the same light grey), and the hatch tells network from
// memory without telling shades apart (greyscale print, colour vision).
enum class BoundPart { Compute, Memory, Network };
struct BoundSegmentLook {
    QColor fill;
    bool hatched = false;
    QColor hatch; // the hatch lines' colour (the device colour)
};
BoundSegmentLook boundSegmentLook(const QColor& deviceColor, BoundPart part, const ChartStyle& style);
// The colour of the bar legend's swatches: a grey, so as not to look like another device.
QColor boundLegendColor(const ChartStyle& style);

// A small rounded square in a device's colour, for lists and tables beside the chart.
QIcon deviceSwatch(const QColor& color);

} // namespace roofscope
