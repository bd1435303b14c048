#include "chart/RoofGraph.h"

#include "chart/PolylineClip.h"

#include <cmath>

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
    if (painter->modes().testFlag(QCPPainter::pmVectorized)) {
        // A vector file keeps real dashed lines (the pattern phased at each piece's start).
        for (const ClippedPolyline& piece : pieces) {
            QPen phased = pen;
            phased.setDashOffset(pen.dashOffset() + piece.startDistance / unit);
            painter->setPen(phased);
            painter->drawPolyline(piece.points.constData(), static_cast<int>(piece.points.size()));
        }
        painter->setPen(pen);
        return;
    }
    // On screen and in PNGs the dashes are cut here and drawn as separate solid segments, as the solid
    // roofs are: Qt strokes a dashed wide pen through its path dasher and filler, a tenth of a device
    // toggle's time with eight devices' memory-level and estimate roofs.
    QPen solid = pen;
    solid.setStyle(Qt::SolidLine);
    painter->setPen(solid);
    painter->drawLines(dashSegments(pieces, pen.dashPattern(), pen.dashOffset(), unit));
    painter->setPen(pen);
}

QVector<QLineF> RoofGraph::dashSegments(
    const std::vector<ClippedPolyline>& pieces, const QVector<qreal>& pattern, double offset, double unit)
{
    QVector<QLineF> dashes;
    double period = 0.0;
    for (const qreal length : pattern) {
        period += length * unit;
    }
    if (!(period > 0.0) || pattern.size() % 2 != 0) {
        return dashes;
    }
    for (const ClippedPolyline& piece : pieces) {
        // Where in the pattern the piece starts: dash i is "on" for even i.
        double phase = std::fmod(offset * unit + piece.startDistance, period);
        int index = 0;
        while (phase >= pattern[index] * unit) {
            phase -= pattern[index] * unit;
            index = (index + 1) % static_cast<int>(pattern.size());
        }
        double left = pattern[index] * unit - phase; // of the current dash or gap
        for (qsizetype i = 1; i < piece.points.size(); ++i) {
            const QPointF a = piece.points[i - 1];
            const QPointF b = piece.points[i];
            const double length = QLineF(a, b).length();
            double at = 0.0;
            while (length - at > 1e-9) {
                const double step = std::min(left, length - at);
                if (index % 2 == 0 && step > 0.0) {
                    dashes.push_back(QLineF(a + (b - a) * (at / length), a + (b - a) * ((at + step) / length)));
                }
                at += step;
                left -= step;
                if (left <= 1e-9) {
                    index = (index + 1) % static_cast<int>(pattern.size());
                    left = pattern[index] * unit;
                }
            }
        }
    }
    return dashes;
}

} // namespace roofscope
