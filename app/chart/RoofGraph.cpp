#include "chart/RoofGraph.h"

#include "chart/PolylineClip.h"

namespace roofscope {

RoofGraph::RoofGraph(QCPAxis* keyAxis, QCPAxis* valueAxis)
    : QCPGraph(keyAxis, valueAxis)
{
}

void RoofGraph::drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const
{
    const QPen pen = painter->pen();
    if (pen.style() == Qt::NoPen || pen.color().alpha() == 0 || lines.size() < 2) {
        return;
    }
    applyDefaultAntialiasingHint(painter);
    const double margin = pen.widthF() + 2.0; // caps and joins stay whole at the edge
    const QRectF box = QRectF(clipRect()).adjusted(-margin, -margin, margin, margin);
    const bool dashed = pen.style() != Qt::SolidLine;
    const double unit = pen.widthF() > 0.0 ? pen.widthF() : 1.0; // dash patterns are in pen widths
    const std::vector<ClippedPolyline> pieces = clipPolyline(lines, box);
    if (!dashed) {
        // Solid roofs go as separate segments with square caps: Qt's raster engine draws those with its
        // analytic line rasteriser, many times cheaper than stroking a round-capped path, and the
        // squares overlap where two segments (or a slope and its flat roof) meet.
        QPen square = pen;
        square.setCapStyle(Qt::SquareCap);
        painter->setPen(square);
        QVector<QLineF> segments;
        for (const ClippedPolyline& piece : pieces) {
            for (qsizetype i = 1; i < piece.points.size(); ++i) {
                segments.push_back(QLineF(piece.points[i - 1], piece.points[i]));
            }
        }
        painter->drawLines(segments);
        painter->setPen(pen);
        return;
    }
    for (const ClippedPolyline& piece : pieces) {
        QPen phased = pen;
        phased.setDashOffset(pen.dashOffset() + piece.startDistance / unit);
        painter->setPen(phased);
        painter->drawPolyline(piece.points.constData(), static_cast<int>(piece.points.size()));
    }
    painter->setPen(pen);
}

} // namespace roofscope
