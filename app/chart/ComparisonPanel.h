#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include "scene/ChartModel.h"

#include <qcustomplot.h>

namespace roofscope {

// The workload comparison drawn beside the plot in review mode: per device (fastest first) its name,
// T_min total and speedup against the baseline, and a bar whose length is the T_min total, split by
// the time spent in compute-, memory- and network-bound kernels. Drawn with the chart's painter, so
// it appears in every export (as text and paths in SVG and PDF).
class ComparisonPanel : public QCPLayoutElement {
public:
    explicit ComparisonPanel(QCustomPlot* plot);

    // The scene must outlive the panel or be replaced before it is freed.
    void setScene(const ChartScene* scene) { m_scene = scene; }
    // Whether there is anything to draw (review styling and at least one row).
    bool wanted() const;

    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;

private:
    int preferredWidth() const;
    QFont bodyFont() const;
    QFont titleFont() const;

    const ChartScene* m_scene = nullptr;
};

} // namespace roofscope
