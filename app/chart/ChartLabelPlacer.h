#pragma once

#include <QPointF>

#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemText;

namespace roofscope {

// Places the chart's text labels for the current view; RooflineChart calls place() after every
// layout (QCustomPlot::afterLayout), so labels follow zooming, panning and resizing.
// - Roof labels ("L2 5.5 TB/s") lie along their slanted roof, rotated with it, above faster roofs
//   and below slower ones, at the spot of the visible segment farthest from markers and other labels
//   (nearest the roof's upper end among spots that are clear).
// - Labels of flat lines (ceilings, other precisions' compute roofs) sit above their line, as far
//   right as they can while clear of markers and other labels.
// - Kernel labels sit at the top of the plot over their intensity guide, stacked into rows when they
//   would overlap; a label whose intensity is off-screen is hidden.
class ChartLabelPlacer {
public:
    explicit ChartLabelPlacer(QCustomPlot* plot);

    void clear();
    void addSlanted(QCPItemText* text, double bytesPerSecond, double xLower, double xUpper, bool above);
    void addFlat(QCPItemText* text, double value, double xLower);
    void addKernel(QCPItemText* text, double x);
    void moveKernel(const QCPItemText* text, double x);
    // A point labels keep clear of (a marker), in plot coordinates.
    void addObstacle(double x, double y);

    void place();

private:
    struct Slanted {
        QCPItemText* text = nullptr;
        double slope = 0.0; // bytes per second: y = slope * x
        double xLower = 0.0;
        double xUpper = 0.0;
        bool above = true;
    };
    struct Flat {
        QCPItemText* text = nullptr;
        double value = 0.0;
        double xLower = 0.0;
    };
    struct KernelLabel {
        QCPItemText* text = nullptr;
        double x = 0.0;
    };
    struct Box { // a placed label: centre, unit direction, half extents (pixels)
        QPointF centre;
        QPointF along;
        double halfWidth = 0.0;
        double halfHeight = 0.0;
    };

    void placeSlanted(const Slanted& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeFlat(const Flat& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeKernels();
    static double clearance(const Box& box, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed);
    // The first candidate with room enough, else the one with the most room; empty with no candidate.
    static std::optional<Box> bestSpot(
        const std::vector<Box>& candidates, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed);

    QCustomPlot* m_plot;
    std::vector<Slanted> m_slanted;
    std::vector<Flat> m_flat;
    std::vector<KernelLabel> m_kernels;
    std::vector<QPointF> m_obstacles; // plot coordinates
};

} // namespace roofscope
