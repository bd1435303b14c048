#pragma once

#include <qcustomplot.h>

#include <QString>

namespace roofscope {

class RunComparison;

// Draws the runs compared (RunComparison) over the chart: per matched kernel an arrow from its
// measured point before to its measured point after, labelled with the change in its time per
// launch ("-38 %"), green when faster and red when slower. A layerable of its own, so the chart's
// scene rebuilds (which remove its items) leave it in place.
class RunArrowLayer : public QCPLayerable {
public:
    RunArrowLayer(QCustomPlot* plot, const RunComparison* comparison);

    // Arrows drawn at the last paint (those with both ends on the plot's log axes).
    int drawnArrows() const { return m_drawn; }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    const RunComparison* m_comparison;
    int m_drawn = 0;
};

} // namespace roofscope
