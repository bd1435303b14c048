#pragma once

// Internal to app/chart. Only chart sources include this header.

class QCustomPlot;

namespace roofscope {

// A plot behind another tab of a shown window (the roofline while the Serving tab is in front) is not
// drawn on every edit: it is marked, and drawn once when it shows (replotIfMarked(), from its widget's
// showEvent). A plot in a window never shown (an export) is always drawn.
bool deferReplotWhileHidden(QCustomPlot* plot);

// Replots (the widget repaints on the next frame) unless the plot is hidden in a shown window.
void replotUnlessHidden(QCustomPlot* plot);

void replotIfMarked(QCustomPlot* plot);

} // namespace roofscope
