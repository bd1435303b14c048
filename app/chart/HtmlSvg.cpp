#include "chart/HtmlSvg.h"

#include "chart/EdgeMarker.h"
#include "chart/RoofGeometry.h"
#include "scene/ChartStyle.h"

#include <qcustomplot.h>

#include <QColor>
#include <QStringList>

namespace roofscope::html {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString esc(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString colour(const QColor& color)
{
    return color.name(QColor::HexRgb);
}

QString n(double value)
{
    return QString::number(value, 'f', 1);
}

QString fontSize(double pixels, const ChartStyle& style)
{
    return QStringLiteral("font-size=\"%1\"").arg(n(pixels * style.fontScale));
}

QString text(double x, double y, const QString& content, const QString& attributes)
{
    return QStringLiteral("<text x=\"%1\" y=\"%2\" %3>%4</text>\n").arg(n(x), n(y), attributes, esc(content));
}

PixelMap::PixelMap(const QCustomPlot* plot)
    : m_x(plot->xAxis)
    , m_y(plot->yAxis)
{
}

double PixelMap::x(double flopsPerByte) const
{
    return edge::intensityPixel(m_x, flopsPerByte); // an unbounded intensity: by the edge, as the chart
}

double PixelMap::edgeX() const
{
    return edge::edgePixel(m_x);
}

double PixelMap::y(double flopsPerSecond) const
{
    return m_y->coordToPixel(flopsPerSecond);
}

QString PixelMap::point(double flopsPerByte, double flopsPerSecond) const
{
    return n(x(flopsPerByte)) + QLatin1Char(',') + n(y(flopsPerSecond));
}

QString PixelMap::polyline(const RoofLine& line, const QString& attributes) const
{
    QStringList points;
    for (size_t i = 0; i < line.x.size() && i < line.y.size(); ++i) {
        if (line.x[i] > 0.0 && line.y[i] > 0.0) {
            points << point(line.x[i], line.y[i]);
        }
    }
    return points.size() < 2
        ? QString()
        : QStringLiteral("<polyline fill=\"none\" points=\"%1\" %2/>\n").arg(points.join(QLatin1Char(' ')), attributes);
}

} // namespace roofscope::html
