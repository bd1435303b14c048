#include "chart/KernelMarkerStyle.h"

#include <qcustomplot.h>

#include <QtMath>

#include <array>

namespace roofscope {

namespace {
constexpr int kShapeCount = 8;

int shapeOf(int kernelIndex)
{
    return ((kernelIndex % kShapeCount) + kShapeCount) % kShapeCount;
}

// Custom scatter paths lie in a circle of radius 3 and are drawn scaled by size / 6.
constexpr double kRadius = 3.0;

// A regular polygon (or a star, with inner radius ratio < 1) inside that circle.
QPainterPath polygonPath(int corners, double innerRatio = 1.0)
{
    const bool star = innerRatio < 1.0;
    const int vertices = star ? corners * 2 : corners;
    QPolygonF polygon;
    for (int i = 0; i < vertices; ++i) {
        const double radius = (star && i % 2 == 1) ? kRadius * innerRatio : kRadius;
        const double angle = -M_PI / 2.0 + 2.0 * M_PI * i / vertices;
        polygon << QPointF(radius * qCos(angle), radius * qSin(angle));
    }
    QPainterPath path;
    path.addPolygon(polygon);
    path.closeSubpath();
    return path;
}

QPainterPath closedPolygon(std::initializer_list<QPointF> points)
{
    QPainterPath path;
    path.addPolygon(QPolygonF(QList<QPointF>(points)));
    path.closeSubpath();
    return path;
}

// Per shape: the path in the radius-3 circle and the marker's size in pixels (its width at scale 1).
struct Shape {
    QPainterPath path;
    double size;
    const char* name;
};

const std::array<Shape, kShapeCount>& shapes()
{
    static const std::array<Shape, kShapeCount> table = [] {
        QPainterPath circle;
        circle.addEllipse(QPointF(0.0, 0.0), kRadius, kRadius);
        QPainterPath square;
        square.addRect(QRectF(-kRadius, -kRadius, 2.0 * kRadius, 2.0 * kRadius));
        // Equilateral triangles (height 1.732 half widths), the base 0.755 and the apex 0.977 half
        // widths from the centre, so that they look centred on their point.
        const double r = kRadius;
        return std::array<Shape, kShapeCount> { {
            { circle, 10.0, "circle" },
            { square, 9.0, "square" },
            { closedPolygon({ { -r, 0.0 }, { 0.0, -r }, { r, 0.0 }, { 0.0, r } }), 12.0, "diamond" },
            { closedPolygon({ { -r, 0.755 * r }, { r, 0.755 * r }, { 0.0, -0.977 * r } }), 12.0, "triangle" },
            { closedPolygon({ { -r, -0.755 * r }, { r, -0.755 * r }, { 0.0, 0.977 * r } }), 12.0, "inverted-triangle" },
            { polygonPath(5), 11.0, "pentagon" },
            { polygonPath(5, 0.45), 14.0, "star" },
            { polygonPath(6), 11.0, "hexagon" },
        } };
    }();
    return table;
}
} // namespace

char32_t kernelMarkerGlyph(int kernelIndex)
{
    constexpr std::array<char32_t, kShapeCount> glyphs { U'\u25CF', U'\u25A0', U'\u25C6', U'\u25B2', U'\u25BC',
        U'\u2B1F', U'\u2605', U'\u2B22' };
    return glyphs[static_cast<size_t>(shapeOf(kernelIndex))];
}

int kernelMarkerShapeCount()
{
    return kShapeCount;
}

const char* kernelMarkerShapeName(int kernelIndex)
{
    return shapes()[static_cast<size_t>(shapeOf(kernelIndex))].name;
}

QPainterPath kernelMarkerOutline(int kernelIndex, double scale)
{
    const Shape& shape = shapes()[static_cast<size_t>(shapeOf(kernelIndex))];
    const double factor = shape.size * scale / (2.0 * kRadius);
    return QTransform::fromScale(factor, factor).map(shape.path);
}

QCPScatterStyle kernelMarkerStyle(int kernelIndex, const QColor& fill, const QPen& outline)
{
    const Shape& shape = shapes()[static_cast<size_t>(shapeOf(kernelIndex))];
    QPen pen = outline;
    pen.setCosmetic(true); // custom paths are scaled; keep the outline width in pixels
    return QCPScatterStyle(shape.path, pen, QBrush(fill), shape.size);
}

} // namespace roofscope
