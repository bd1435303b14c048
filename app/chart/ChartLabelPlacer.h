#pragma once

#include <QFont>
#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemLine;
class QCPItemText;

namespace roofscope {

// Places the chart's text labels for the current view; RooflineChart calls place() after every
// layout (QCustomPlot::afterLayout), so labels follow zooming, panning and resizing.
// - Roof labels ("L2 5.5 TB/s") lie along their slanted roof, rotated with it, above faster roofs
//   and below slower ones, at the spot of the visible segment farthest from markers and other labels
//   (nearest the roof's upper end among spots that are clear).
// - Labels of flat lines (ceilings, other precisions' compute roofs) sit above their line, as far
//   right as they can while clear of markers and other labels.
// - Kernel labels sit at the top of the plot over their intensity guide (the guide leads down to the
//   markers), in the first of a few rows and nudges where they cross no marker and no label placed
//   before. Labels with no such spot, once every other label has taken its spot over its guide, move
//   sideways off their guide (the least distance first), else keep their name's first characters
//   ("FFN up pro…", the intensity line kept) over or beside the guide; such a label gets a leader line
//   from its edge to the marker it names (the highest at its intensity), and neither it nor its
//   leader crosses a placed label. Where even that finds no room, or the intensity is off-screen, the
//   label is hidden. Leaders are obstacles for the labels placed after them.
// - First of all, the legend goes to the corner of the plot that covers the fewest markers and roof
//   points (the bottom right on a tie); every label keeps clear of it.
// - A measured point's "% of roof" label sits beside the point, left or right of it (so it crosses
//   neither the gap arrow above the point nor the kernel's guide), clear of markers, roof lines and
//   other labels; the kernel cloud draws it there and keeps it beside the point while it is dragged.
// No two labels placed here ever overlap: a label that finds no free spot is hidden.
class ChartLabelPlacer {
public:
    // A measured point's label to place.
    struct MeasuredAnchor {
        int kernel = -1; // index into the scene's kernels
        QPointF point; // the measured point, plot coordinates
        QString text;
        QFont font;
        double gap = 12.0; // pixels from the point's centre to the label
        // A band the label keeps out of (hierarchical level points: a line through the point with the
        // levels' names below it): from bandLower to bandUpper in x (plot coordinates), bandAbove pixels
        // above the point to bandBelow below it. None when bandLower >= bandUpper.
        double bandLower = 0.0;
        double bandUpper = 0.0;
        double bandAbove = 0.0;
        double bandBelow = 0.0;
    };
    // Where place() put a measured label: its rectangle in widget pixels and the point's pixel then.
    struct PlacedMeasuredLabel {
        QRectF rect;
        QPointF anchor;
        QString text;
        QFont font;
    };

    explicit ChartLabelPlacer(QCustomPlot* plot);

    void clear();
    void addSlanted(QCPItemText* text, double bytesPerSecond, double xLower, double xUpper, bool above);
    void addFlat(QCPItemText* text, double value, double xLower);
    // A kernel's label at intensity x, naming the marker at (x, y) (plot coordinates); `leader` is
    // shown from the label to that marker when the label is moved off its guide or shortened.
    void addKernel(QCPItemText* text, QCPItemLine* leader, double x, double y, int kernel);
    // An annotation arrow's label (arrow `index` of the scene), from and to in plot coordinates; set
    // again when the arrow moves. It goes beside the arrow's middle, on the free side, a few pixels off.
    void setArrow(QCPItemText* text, int index, QPointF from, QPointF to);
    void moveKernel(const QCPItemText* text, double x, double y);
    // During a drag, between full placements: moves a kernel's label over its guide at x (its marker at
    // (x, y), plot coordinates) into the first row and nudge where it overlaps no other label, leader or
    // the legend as the last place() left them, the name shortened if need be, else beside the guide
    // (nearest first, without a leader), else hides it until the next place(). Markers are not
    // avoided (they move with the drag). Cheap: one label against the boxes already placed. Returns
    // whether the label is shown.
    bool followKernel(const QCPItemText* text, double x, double y);
    // A point labels keep clear of (a marker), in plot coordinates.
    void addObstacle(double x, double y);
    // Adds a measured label, or replaces the one of the same kernel (after the point moved).
    void setMeasured(const MeasuredAnchor& anchor);

    void place();

    // What the last place() did, in widget pixels (for tests): every visible label's outline, the
    // legend's rectangle (empty when hidden) and the markers labels and legend keep clear of.
    std::vector<QPolygonF> labelOutlines() const;
    QRectF legendRect() const;
    std::vector<QPointF> markerPixels() const;
    // A kernel's label as last placed (its rectangle and text, shortened or not, and its leader line
    // from the rectangle's edge to the marker when it has one), if it is shown.
    struct PlacedKernelLabel {
        QRectF rect;
        QString text;
        std::optional<QLineF> leader;
    };
    std::optional<PlacedKernelLabel> kernelLabel(int kernel) const;
    std::optional<QRectF> arrowLabel(int index) const;
    std::optional<PlacedMeasuredLabel> measuredLabel(int kernel) const;

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
        QCPItemLine* leader = nullptr;
        double x = 0.0;
        double y = 0.0; // the marker it names
        QString full; // the text as given, before any shortening
        QString shortened; // what place() last put in its place, if anything
        int kernel = -1;
        std::optional<QRectF> rect; // where place() put it; empty when hidden
        std::optional<QLineF> leaderLine; // pixels, as placed; empty without a leader
        mutable QString sizedText; // the text last measured, and its size with padding (labelSize())
        mutable QSizeF size;
    };
    struct Box { // a placed label: centre, unit direction, half extents (pixels)
        QPointF centre;
        QPointF along;
        double halfWidth = 0.0;
        double halfHeight = 0.0;
    };

    void placeSlanted(const Slanted& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeFlat(const Flat& label, const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeArrows(const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeLegend(const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    void placeMeasured(const std::vector<QPointF>& obstacles, std::vector<Box>& placed);
    // The lines the plot draws (roofs, ceilings: graphs of a few points), in pixels, one sample every
    // `step` pixels along each. `drawnOnly`: leave out fills drawn without a pen (the shaded region).
    static std::vector<QPointF> lineSamples(const QCustomPlot* plot, double step, bool drawnOnly);
    void placeKernels(const std::vector<QPointF>& markers, std::vector<Box>& placed, std::vector<QLineF>& leaders);
    struct KernelSpot {
        Box box;
        std::optional<QLineF> leader;
    };
    // Whether a kernel label's spot comes with a leader to its marker, and whether that leader may
    // cross other leaders (it never crosses a placed label).
    enum class Leader { None, Uncrossed, Crossing };
    // The first free spot for a kernel label whose guide is at `pixel`: over the guide, or (`displaced`)
    // beside it. `crossingRefused` is set when a spot was turned down only for its leader crossing
    // another.
    std::optional<KernelSpot> kernelSpot(const KernelLabel& label, double pixel, bool displaced, Leader leader,
        const std::vector<QPointF>& obstacles, const std::vector<Box>& placed, const std::vector<QLineF>& leaders,
        bool& crossingRefused) const;
    static QSizeF labelSize(const KernelLabel& label);
    void showKernel(KernelLabel& label, const KernelSpot& spot, std::vector<Box>& placed, std::vector<QLineF>& leaders);
    static bool overlaps(const Box& a, const Box& b);
    // Whether a line segment passes through a box's inside (touching its edge is not crossing).
    static bool crosses(const QLineF& segment, const Box& box);
    static double clearance(const Box& box, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed);
    // The first candidate with room enough, else the one with the most room, among those that overlap
    // no placed label; empty when every candidate overlaps one.
    static std::optional<Box> bestSpot(
        const std::vector<Box>& candidates, const std::vector<QPointF>& obstacles, const std::vector<Box>& placed);

    QCustomPlot* m_plot;
    std::vector<Slanted> m_slanted;
    std::vector<Flat> m_flat;
    std::vector<KernelLabel> m_kernels;
    struct ArrowLabel {
        QCPItemText* text = nullptr;
        int index = -1;
        QPointF from; // plot coordinates
        QPointF to;
        std::optional<QRectF> rect; // where place() put it; empty when hidden
    };
    std::vector<ArrowLabel> m_arrows;
    struct MeasuredLabel {
        MeasuredAnchor anchor;
        std::optional<PlacedMeasuredLabel> placed; // empty when hidden
    };
    std::vector<MeasuredLabel> m_measured;
    std::vector<QPointF> m_obstacles; // plot coordinates
    std::vector<QPointF> m_lastObstacles; // pixels, as last placed
    std::vector<Box> m_lastPlaced;
    QRectF m_legendRect;
};

} // namespace roofscope
