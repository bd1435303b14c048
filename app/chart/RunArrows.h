#pragma once

#include <QObject>

namespace roofscope {

class RooflineChart;
class RunArrowLayer;
class RunComparison;

// The before/after arrows of two runs compared, drawn over a chart (RunArrowLayer) and repainted
// whenever the comparison changes.
class RunArrows : public QObject {
    Q_OBJECT

public:
    RunArrows(RooflineChart* chart, RunComparison* comparison);

    // Arrows drawn at the chart's last paint.
    int drawnArrows() const;

private:
    RunArrowLayer* m_layer;
};

} // namespace roofscope
