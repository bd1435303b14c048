#include "chart/DeferredReplot.h"

#include <qcustomplot.h>

namespace roofscope {

namespace {
constexpr const char* kReplotWhenShown = "roofscopeReplotWhenShown";
} // namespace

bool deferReplotWhileHidden(QCustomPlot* plot)
{
    if (plot->isVisible() || !plot->window()->isVisible()) {
        return false;
    }
    plot->setProperty(kReplotWhenShown, true);
    return true;
}

void replotUnlessHidden(QCustomPlot* plot)
{
    if (!deferReplotWhileHidden(plot)) {
        plot->setProperty(kReplotWhenShown, false);
        plot->replot(QCustomPlot::rpQueuedRefresh);
    }
}

void replotIfMarked(QCustomPlot* plot)
{
    if (plot->property(kReplotWhenShown).toBool()) {
        plot->setProperty(kReplotWhenShown, false);
        plot->replot(QCustomPlot::rpQueuedRefresh);
    }
}

} // namespace roofscope
