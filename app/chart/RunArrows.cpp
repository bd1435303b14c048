#include "chart/RunArrows.h"

#include "chart/DeferredReplot.h"
#include "chart/RooflineChart.h"
#include "chart/RunArrowLayer.h"
#include "figures/RunComparison.h"

namespace roofscope {

RunArrows::RunArrows(RooflineChart* chart, RunComparison* comparison)
    : QObject(chart)
    , m_layer(new RunArrowLayer(chart->plot(), comparison))
{
    QCustomPlot* plot = chart->plot();
    connect(comparison, &RunComparison::changed, this, [plot] { replotUnlessHidden(plot); });
}

int RunArrows::drawnArrows() const
{
    return m_layer->drawnArrows();
}

} // namespace roofscope

#include "moc_RunArrows.cpp"
