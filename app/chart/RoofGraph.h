#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include <qcustomplot.h>

#include <vector>

namespace roofscope {

struct ClippedPolyline;

// A QCustomPlot graph for roofs and other long lines: before stroking, each polyline is clipped to
// the plot area (widened by the pen), so a roof that runs decades past the visible range costs what
// its visible part costs. Dashed pens keep their phase across the cut, so dashes do not crawl when
// the view pans. Registers itself with the plot like QCustomPlot::addGraph().
class RoofGraph : public QCPGraph {
public:
    RoofGraph(QCPAxis* keyAxis, QCPAxis* valueAxis);
    // Its legend icon, for a legend entry of ours (QCPAbstractPlottable keeps it to its friends).
    void drawIcon(QCPPainter* painter, const QRectF& rect) const { drawLegendIcon(painter, rect); }

    // The dashes of `pieces` (clipped polylines, each with its distance from the line's start) as
    // segments: `pattern` in units of `unit` (the pen width), begun `offset` units in, the pattern
    // carried on across vertices as Qt's dasher carries it.
    static QVector<QLineF> dashSegments(
        const std::vector<ClippedPolyline>& pieces, const QVector<qreal>& pattern, double offset, double unit);

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override;
};

} // namespace roofscope
