#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include "figures/KernelSweep.h"

#include <qcustomplot.h>

#include <QPointF>
#include <QRectF>

#include <functional>
#include <optional>
#include <vector>

namespace roofscope {

// Draws a swept kernel's trajectory (KernelSweep) on a roofline chart: per device a thin polyline in
// the device's colour through the kernel's points as the parameter runs over its range, with a dot at
// each crossing (the regime or the binding resource changes) labelled with the parameter's value.
// It sits on the chart's kernel layer, under the kernels' markers, and follows its sweep by itself.
class TrajectoryLayer : public QCPLayerable {
public:
    // `sweep` must outlive the layer. The layer belongs to the plot (QCustomPlot frees it).
    TrajectoryLayer(QCustomPlot* plot, const KernelSweep* sweep, const QString& layer);

    // The sweep changed: repaints soon, unless the chart replots first (it does on every edit of a
    // kernel; the sweep, created before the chart listens, is then already current).
    void refresh();

    // Where a crossing's dot is drawn, in widget pixels of the plot (after a replot).
    std::optional<QPointF> crossingPosition(size_t device, size_t crossing) const;
    int drawnPolylines() const { return m_drawnPolylines; }
    int drawnCrossings() const { return m_drawnCrossings; }
    // The crossings' labels drawn by the last draw (widget pixels), and how many found no free spot
    // (their dots are drawn; the Sweep dock lists every crossing).
    const std::vector<QRectF>& labelRects() const { return m_labelRects; }
    int droppedLabels() const { return m_droppedLabels; }
    // What the crossings' labels keep clear of besides each other and the dots: the kernels' markers
    // (widget pixels, those inside the given plot area), asked at each draw that has labels to place.
    void setObstacles(std::function<std::vector<QRectF>(const QRectF& area)> obstacles)
    {
        m_obstacles = std::move(obstacles);
    }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    const KernelSweep* m_sweep;
    int m_drawnPolylines = 0;
    Trajectory m_drawn; // the trajectory the last draw drew
    bool m_drawnValid = false;
    int m_drawnCrossings = 0;
    std::vector<QRectF> m_labelRects;
    int m_droppedLabels = 0;
    bool m_pending = false; // changed since the last draw
    std::function<std::vector<QRectF>(const QRectF& area)> m_obstacles;
};

} // namespace roofscope
