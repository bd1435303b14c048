#pragma once

#include "model/RegimeMap.h"

#include <QColor>
#include <QRect>

#include <string>
#include <vector>

class QPainter;

namespace roofscope {

inline constexpr int kRegimeMapMargin = 70;
inline constexpr int kRegimeMapLegend = 150;

// What shades a cell: its T_min (darker = slower) or its attainable FLOP/s (darker = faster).
enum class RegimeMapShade { TMin, Attainable };

// Draws a regime map with plain QPainter, one panel per device: cells coloured by the binding
// resource (compute, each memory level, each network level), shaded by T_min or attainable on a log
// scale, the boundaries between bindings drawn as lines, log axes and a legend. Writes PNG (QImage)
// or SVG (QSvgGenerator, text kept as text) by the file's extension, atomically. Needs a
// QGuiApplication. Returns an error message, empty on success.
// Used by the command line's `map -o` and the window's regime map dock.
std::string writeRegimeMapImage(const RegimeMap& map, const std::string& path, RegimeMapShade shade);

// One line per cell: hardware,x,y,regime,binding,t_min_s,attainable_flops_per_s (with a header).
std::string regimeMapCsv(const RegimeMap& map);
// Writes regimeMapCsv() atomically; an error message, empty on success.
std::string writeRegimeMapCsv(const RegimeMap& map, const std::string& path);

// One device's panel: the title above `area` (elided in the middle to the panel's width), the cells
// in it, the boundaries, the axes below and left of it (tick labels that would run into the previous
// one are left out) and the legend right of it (kRegimeMapMargin and kRegimeMapLegend pixels).
// `legend` false: no legend (the window draws one for all its panels, paintRegimeMapLegend).
// `texts`, when given, receives the box of every text drawn (widget pixels), for checks.
void paintRegimeMapPanel(QPainter& painter, const RegimeMap& map, const RegimeMapDevice& device, QRect area,
    RegimeMapShade shade, bool legend = true, std::vector<QRect>* texts = nullptr);
// One legend for every device of `map`: each binding resource that occurs on any of them, once, from
// (left, top), in columns as many as `width` holds (one up to twice kRegimeMapLegend, else 220 px each).
void paintRegimeMapLegend(QPainter& painter, const RegimeMap& map, QPoint topLeft, RegimeMapShade shade,
    int width = kRegimeMapLegend, std::vector<QRect>* texts = nullptr);
// How tall that legend is when `width` pixels wide.
int regimeMapLegendHeight(const RegimeMap& map, int width = kRegimeMapLegend);

// A binding resource's colour: compute green, memory levels blues and purples, network levels
// oranges and reds.
QColor regimeBindingColor(const RegimeMapDevice& device, int binding);

} // namespace roofscope
