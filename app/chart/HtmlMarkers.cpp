#include "chart/HtmlMarkers.h"

#include "chart/ChartAxisFormat.h"
#include "chart/HtmlSvg.h"
#include "chart/KernelMarkerStyle.h"
#include "model/Evaluation.h"
#include "model/Units.h"

#include <QColor>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QObject>

#include <algorithm>

namespace roofscope {

namespace {
using html::colour;
using html::n;

// SVG path data of a painter path moved to `at`: lines and cubic curves, each subpath closed.
QString pathData(const QPainterPath& path, QPointF at)
{
    QStringList parts;
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        const QString point = n(e.x + at.x()) + QLatin1Char(',') + n(e.y + at.y());
        if (e.isMoveTo()) {
            if (!parts.isEmpty()) {
                parts << QStringLiteral("Z");
            }
            parts << QStringLiteral("M") + point;
        } else if (e.isLineTo()) {
            parts << QStringLiteral("L") + point;
        } else if (e.isCurveTo()) {
            parts << QStringLiteral("C") + point;
        } else {
            parts << point; // the curve's second control point and its end
        }
    }
    if (!parts.isEmpty()) {
        parts << QStringLiteral("Z");
    }
    return parts.join(QLatin1Char(' '));
}

QString marker(const ChartScene& scene, int kernel, QPointF at, const QString& attributes)
{
    const double scale = scene.kernels[static_cast<size_t>(kernel)].markerScale * scene.style.markerScale;
    return QStringLiteral("<path %1 data-kernel=\"%2\" data-shape=\"%3\" data-x=\"%4\" data-y=\"%5\" d=\"%6\"/>\n")
        .arg(attributes)
        .arg(kernel)
        .arg(QString::fromLatin1(kernelMarkerShapeName(kernel)), n(at.x()), n(at.y()),
            pathData(kernelMarkerOutline(kernel, scale), at));
}
} // namespace

QString kernelMarkerSvg(const ChartScene& scene, int kernel, int device, QPointF at)
{
    const ChartStyle& style = scene.style;
    return marker(scene, kernel, at,
        QStringLiteral("class=\"marker\" data-device=\"%1\" fill=\"%2\" stroke=\"%3\" stroke-width=\"%4\"")
            .arg(device)
            .arg(colour(scene.devices[static_cast<size_t>(device)].color), colour(style.markerOutline),
                n(style.review ? 1.5 : 1.0)));
}

QString edgeArrowSvg(const ChartStyle& style, int device, QPointF at, double edgeX)
{
    // The geometry of edge::drawArrow: a shaft from just off the marker's centre, a head whose tip is
    // a pixel short of the edge.
    const double direction = edgeX >= at.x() ? 1.0 : -1.0;
    const double headWidth = 3.5 * style.lineScale;
    const double headLength = 7.0 * style.lineScale;
    const double tip = edgeX - direction;
    const double start = at.x() + direction * 4.0 * style.markerScale;
    const double y = at.y();
    QString out
        = QStringLiteral("<g class=\"edge-arrow\" data-device=\"%1\" data-tip-x=\"%2\">").arg(device).arg(n(tip));
    if ((tip - headLength * direction - start) * direction > 0.0) {
        out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" stroke=\"%4\" stroke-width=\"%5\" "
                              "stroke-linecap=\"round\"/>")
                   .arg(n(start), n(y), n(tip - direction * headLength / 2.0), colour(style.arrow), n(style.line(1.4)));
    }
    out += QStringLiteral("<polygon points=\"%1,%2 %3,%4 %3,%5\" fill=\"%6\"/></g>\n")
               .arg(n(tip), n(y), n(tip - direction * headLength), n(y - headWidth), n(y + headWidth),
                   colour(style.arrow));
    return out;
}

QString edgeKernelsNote(const ChartScene& scene)
{
    QStringList names;
    for (const ChartKernel& kernel : scene.kernels) {
        if (!kernel.hidden && std::any_of(kernel.points.begin(), kernel.points.end(), [](const ChartKernelPoint& p) {
                return placeable(p) && unboundedIntensity(p.intensity);
            })) {
            names << kernel.name;
        }
    }
    if (names.isEmpty()) {
        return {};
    }
    return QStringLiteral("<p id=\"edge-kernels\">%1</p>\n")
        .arg(QObject::tr("At the chart's right edge, with an arrow: %1 %2; counted in every total.")
                 .arg(names.join(QStringLiteral(", ")), unboundedIntensityText())
                 .toHtmlEscaped());
}

QString measuredSvg(const ChartScene& scene, int kernel, const MeasuredPixels& at,
    const std::optional<ChartLabelPlacer::PlacedMeasuredLabel>& label)
{
    const ChartKernel& k = scene.kernels[static_cast<size_t>(kernel)];
    const ChartStyle& style = scene.style;
    const int device = k.points.empty() ? -1 : k.points.front().device;
    const double x = at.point.x();
    const double y = at.point.y();
    QString out
        = QStringLiteral("<g class=\"measured\" data-kernel=\"%1\" data-device=\"%2\">\n").arg(kernel).arg(device);
    if (at.roofY < y && y - at.roofY > 16.0) { // room for a shaft, as in the chart
        const double tip = std::max(at.roofY, at.top) + 6.0;
        const double headWidth = 3.5 * style.lineScale;
        const double headLength = 7.0 * style.lineScale;
        out += QStringLiteral("<line class=\"gap-arrow\" x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"%4\" "
                              "stroke-width=\"%5\" stroke-linecap=\"round\"/>\n")
                   .arg(n(x), n(y - 7.0 * style.markerScale), n(tip + headLength / 2.0), colour(style.arrow),
                       n(style.line(1.2)));
        out += QStringLiteral("<polygon points=\"%1,%2 %3,%4 %5,%4\" fill=\"%6\"/>\n")
                   .arg(n(x), n(tip), n(x - headWidth), n(tip + headLength), n(x + headWidth), colour(style.arrow));
    }
    out += marker(scene, kernel, at.point,
        QStringLiteral("class=\"marker measured\" data-device=\"%1\" data-tip=\"%2:measured\" fill=\"%3\" "
                       "stroke=\"%4\" stroke-width=\"%5\"")
            .arg(device)
            .arg(kernel)
            .arg(colour(style.hollowFill), colour(style.markerOutline), n(style.line(1.6))));
    if (k.aboveRoof) {
        out += QStringLiteral("<circle class=\"above-roof\" cx=\"%1\" cy=\"%2\" r=\"%3\" fill=\"none\" stroke=\"%4\" "
                              "stroke-width=\"%5\"/>\n")
                   .arg(n(x), n(y), n(9.0 * k.markerScale * style.markerScale), colour(style.warning),
                       n(style.line(2.0)));
    }
    if (label) {
        const QRectF rect = label->rect.translated(at.point - label->anchor);
        const double size = QFontInfo(label->font).pixelSize();
        out += QStringLiteral("<g class=\"roof-fraction\"><rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" "
                              "fill=\"%5\" fill-opacity=\"0.75\"/><text x=\"%6\" y=\"%7\" fill=\"%8\" "
                              "font-size=\"%9\" text-anchor=\"middle\">%10</text></g>\n")
                   .arg(n(rect.x()), n(rect.y()), n(rect.width()), n(rect.height()), colour(style.panel),
                       n(rect.center().x()), n(rect.center().y() + size * 0.35), colour(style.text))
                   .arg(n(size), label->text.toHtmlEscaped());
    }
    return out + QStringLiteral("</g>\n");
}

QString measuredToolTip(const Evaluation& ev, const QString& deviceLabel)
{
    if (!ev.measuredSeconds || !ev.achieved) {
        return {};
    }
    auto row = [](const QString& name, const QString& value) {
        return QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;%2</td></tr>").arg(name, value);
    };
    QString html = QObject::tr("<b>%1</b> measured, against <b>%2</b>'s roof<table>")
                       .arg(QString::fromStdString(ev.kernelName).toHtmlEscaped(), deviceLabel.toHtmlEscaped());
    html += row(QObject::tr("Measured time"),
        QString::fromStdString(formatQuantity(*ev.measuredSeconds, Dimension::Seconds, 3)));
    html += row(
        QObject::tr("Achieved"), QString::fromStdString(formatQuantity(*ev.achieved, Dimension::FlopsPerSecond, 3)));
    if (ev.fractionOfRoof) {
        html += row(QObject::tr("Of the roof"),
            QObject::tr("%1 (roof %2)")
                .arg(formatFractionOfRoof(*ev.fractionOfRoof).remove(QStringLiteral(" of roof")),
                    QString::fromStdString(formatQuantity(ev.attainable, Dimension::FlopsPerSecond, 3))));
    }
    if (ev.aboveRoof && *ev.aboveRoof) {
        html += row(QObject::tr("Above the roof"), QObject::tr("check the precision and the bytes counted"));
    }
    return html + QStringLiteral("</table>");
}

} // namespace roofscope
