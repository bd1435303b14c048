#include "chart/KernelMarkerStyle.h"

#include <QPainterPath>
#include <QtMath>

#include <array>

namespace roofscope {

namespace {
constexpr int kShapeCount = 8;

// A regular polygon (or a star, with inner radius ratio < 1) inside a circle of radius 3: custom
// scatter paths are scaled by size / 6.
QPainterPath polygonPath(int corners, double innerRatio = 1.0)
{
    constexpr double kRadius = 3.0;
    const bool star = innerRatio < 1.0;
    const int vertices = star ? corners * 2 : corners;
    QPainterPath path;
    for (int i = 0; i < vertices; ++i) {
        const double radius = (star && i % 2 == 1) ? kRadius * innerRatio : kRadius;
        const double angle = -M_PI / 2.0 + 2.0 * M_PI * i / vertices;
        const QPointF point(radius * qCos(angle), radius * qSin(angle));
        if (i == 0) {
            path.moveTo(point);
        } else {
            path.lineTo(point);
        }
    }
    path.closeSubpath();
    return path;
}
} // namespace

char32_t kernelMarkerGlyph(int kernelIndex)
{
    constexpr std::array<char32_t, kShapeCount> glyphs { U'\u25CF', U'\u25A0', U'\u25C6', U'\u25B2', U'\u25BC',
        U'\u2B1F', U'\u2605', U'\u2B22' };
    return glyphs[static_cast<size_t>(((kernelIndex % kShapeCount) + kShapeCount) % kShapeCount)];
}

int kernelMarkerShapeCount()
{
    return kShapeCount;
}

QCPScatterStyle kernelMarkerStyle(int kernelIndex, const QColor& fill, const QPen& outline)
{
    const int shape = ((kernelIndex % kShapeCount) + kShapeCount) % kShapeCount;
    QPen pen = outline;
    pen.setCosmetic(true); // custom paths are scaled; keep the outline width in pixels
    const QBrush brush(fill);
    switch (shape) {
    case 0:
        return QCPScatterStyle(QCPScatterStyle::ssCircle, pen, brush, 10);
    case 1:
        return QCPScatterStyle(QCPScatterStyle::ssSquare, pen, brush, 9);
    case 2:
        return QCPScatterStyle(QCPScatterStyle::ssDiamond, pen, brush, 12);
    case 3:
        return QCPScatterStyle(QCPScatterStyle::ssTriangle, pen, brush, 12);
    case 4:
        return QCPScatterStyle(QCPScatterStyle::ssTriangleInverted, pen, brush, 12);
    case 5:
        return QCPScatterStyle(polygonPath(5), pen, brush, 11);
    case 6:
        return QCPScatterStyle(polygonPath(5, 0.45), pen, brush, 14);
    default:
        return QCPScatterStyle(polygonPath(6), pen, brush, 11);
    }
}

} // namespace roofscope
