#pragma once

#include <QString>

#include <string>

class QColor;
class QCPAxis;
class QCustomPlot;

namespace roofscope {

struct ChartStyle;
struct RoofLine;

// The small pieces the HTML page's SVG is written with (HtmlExport, HtmlDense, HtmlTables).
namespace html {

QString esc(const QString& text);
QString esc(const std::string& text);
QString colour(const QColor& color); // "#1f77b4"
QString n(double value); // a coordinate, one decimal
// A font size in pixels, scaled as the chart scales its fonts (review mode: 1.75x).
QString fontSize(double pixels, const ChartStyle& style);
// <text> at (x, y) with `content` escaped.
QString text(double x, double y, const QString& content, const QString& attributes);

// Data coordinates (FLOP/B, FLOP/s) to the chart's pixels, as the PNG and SVG exports place them.
// The plot must have been replotted.
class PixelMap {
public:
    explicit PixelMap(const QCustomPlot* plot);
    // An unbounded intensity (a kernel that moved 0 bytes) maps where the chart pins it, by the edge.
    double x(double flopsPerByte) const;
    double edgeX() const; // the pixel column of the x range's high end
    double y(double flopsPerSecond) const;
    QString point(double flopsPerByte, double flopsPerSecond) const;
    // A <polyline> through the line's positive points; empty with fewer than two.
    QString polyline(const RoofLine& line, const QString& attributes) const;

private:
    QCPAxis* m_x;
    QCPAxis* m_y;
};

} // namespace html
} // namespace roofscope
