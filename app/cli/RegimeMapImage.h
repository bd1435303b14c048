#pragma once

#include "model/RegimeMap.h"

#include <string>

namespace roofscope {

// What shades a cell: its T_min (darker = slower) or its attainable FLOP/s (darker = faster).
enum class RegimeMapShade { TMin, Attainable };

// Draws a regime map with plain QPainter, one panel per device: cells coloured by the binding
// resource (compute, each memory level, each network level), shaded by T_min or attainable on a log
// scale, the boundaries between bindings drawn as lines, log axes and a legend. Writes PNG (QImage)
// or SVG (QSvgGenerator, text kept as text) by the file's extension, atomically. Needs a
// QGuiApplication. Returns an error message, empty on success.
std::string writeRegimeMapImage(const RegimeMap& map, const std::string& path, RegimeMapShade shade);

} // namespace roofscope
