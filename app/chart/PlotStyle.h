#pragma once

class QCustomPlot;
class QString;

namespace roofscope {

struct ChartStyle;

// What every chart of the application shares of a style: the backgrounds, the axes' fonts, colours,
// pens and grids, and the legend's font, colours and frame. Each chart adds its own (tick lengths,
// icon sizes, panels) after it.
void applyPlotStyle(QCustomPlot& plot, const ChartStyle& style, const QString& family);

} // namespace roofscope
