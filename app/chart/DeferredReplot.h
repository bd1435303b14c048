#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include <qcustomplot.h>

namespace roofscope {

// A plot behind another tab of a shown window (the roofline while the Serving tab is in front) is not
// drawn on every edit: it is marked, and drawn once when it shows (replotIfMarked(), from its widget's
// showEvent). A plot in a window never shown (an export) is always drawn.
inline bool deferReplotWhileHidden(QCustomPlot* plot)
{
    if (plot->isVisible() || !plot->window()->isVisible()) {
        return false;
    }
    plot->setProperty("roofscopeReplotWhenShown", true);
    return true;
}

// Replots (the widget repaints on the next frame) unless the plot is hidden in a shown window.
inline void replotUnlessHidden(QCustomPlot* plot)
{
    if (!deferReplotWhileHidden(plot)) {
        plot->setProperty("roofscopeReplotWhenShown", false);
        plot->replot(QCustomPlot::rpQueuedRefresh);
    }
}

inline void replotIfMarked(QCustomPlot* plot)
{
    if (plot->property("roofscopeReplotWhenShown").toBool()) {
        plot->setProperty("roofscopeReplotWhenShown", false);
        plot->replot(QCustomPlot::rpQueuedRefresh);
    }
}

} // namespace roofscope
