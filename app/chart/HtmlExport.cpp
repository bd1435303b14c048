#include "chart/HtmlExport.h"
#include "chart/HtmlScript.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/HtmlDense.h"
#include "chart/HtmlMarkers.h"
#include "chart/HtmlSvg.h"
#include "chart/HtmlTables.h"
#include "chart/RoofGeometry.h"
#include "chart/RooflineChart.h"
#include "figures/EvaluationText.h"
#include "io/ComparisonFormat.h"
#include "model/Session.h"
#include "model/Units.h"
#include "scene/ChartPalette.h"
#include "scene/SceneBuilder.h"
#include "scene/SceneDecorations.h"

#include <qcustomplot.h>

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace roofscope {

namespace {
using html::colour;
using html::denseSvg;
using html::esc;
using html::fontSize;
using html::listedKernels;
using html::n;
using html::PixelMap;
using html::text;

QString axesSvg(
    const PixelMap& map, const ChartRange& range, const QRect& rect, const ChartStyle& style, const QString& xTitle)
{
    QString out;
    out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\"/>\n")
               .arg(rect.x())
               .arg(rect.y())
               .arg(rect.width())
               .arg(rect.height())
               .arg(colour(style.plotBackground));
    const QString grid = QStringLiteral("stroke=\"%1\" stroke-width=\"1\"").arg(colour(style.grid));
    const QString tick = QStringLiteral("class=\"tick\" fill=\"%1\" %2").arg(colour(style.text), fontSize(12, style));
    for (int e = static_cast<int>(std::floor(std::log10(range.xLower))); e <= std::ceil(std::log10(range.xUpper));
         ++e) {
        const double v = std::pow(10.0, e);
        if (v < range.xLower || v > range.xUpper) {
            continue;
        }
        out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" %4/>\n")
                   .arg(n(map.x(v)), QString::number(rect.top()), QString::number(rect.bottom()), grid);
        out += text(map.x(v), rect.bottom() + 4 + 12 * style.fontScale, formatIntensityTick(v),
            tick + QStringLiteral(" text-anchor=\"middle\""));
    }
    for (int e = static_cast<int>(std::floor(std::log10(range.yLower))); e <= std::ceil(std::log10(range.yUpper));
         ++e) {
        const double v = std::pow(10.0, e);
        if (v < range.yLower || v > range.yUpper) {
            continue;
        }
        out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\" %4/>\n")
                   .arg(QString::number(rect.left()), n(map.y(v)), QString::number(rect.right()), grid);
        out += text(rect.left() - 6, map.y(v) + 4 * style.fontScale, formatPerformanceTick(v),
            tick + QStringLiteral(" text-anchor=\"end\""));
    }
    out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\" stroke=\"%5\"/>\n")
               .arg(rect.x())
               .arg(rect.y())
               .arg(rect.width())
               .arg(rect.height())
               .arg(colour(style.axis));
    const QString label = QStringLiteral("class=\"axis-title\" fill=\"%1\" %2 text-anchor=\"middle\"")
                              .arg(colour(style.text), fontSize(13, style));
    out += text(rect.center().x(), rect.bottom() + 8 + 30 * style.fontScale, xTitle, label);
    out += QStringLiteral("<text transform=\"translate(%1,%2) rotate(-90)\" %3>%4</text>\n")
               .arg(n(std::max(14.0 * style.fontScale, rect.left() - 84 * style.fontScale)), n(rect.center().y()),
                   label, esc(QObject::tr("Attainable performance (FLOP/s)")));
    return out;
}

// A label along a bandwidth roof (y = beta x), turned to its slope, `at` of the way across the part of
// the roof inside the view; none when the roof does not cross the view.
QString slopeLabel(const PixelMap& map, const ChartRange& range, double beta, const QString& content,
    const QString& colourName, const ChartStyle& style, bool estimate, double at)
{
    const double from = std::max(range.xLower, range.yLower / beta);
    const double to = std::min(range.xUpper, range.yUpper / beta);
    if (!(beta > 0.0) || !(to > from * 4.0)) {
        return {};
    }
    const double x = from * std::pow(to / from, at);
    const double x1 = map.x(x);
    const double y1 = map.y(beta * x);
    const double angle = std::atan2(map.y(beta * x * 2.0) - y1, map.x(x * 2.0) - x1) * 180.0 / M_PI;
    return QStringLiteral("<text class=\"roof-label%1\" transform=\"translate(%2,%3) rotate(%4)\" fill=\"%5\" %6 "
                          "dy=\"-4\">%7</text>\n")
        .arg(estimate ? QStringLiteral(" estimate") : QString(), n(x1), n(y1), n(angle), colourName,
            fontSize(11, style), esc(content));
}

// `roofLabelYs`: the baselines of the compute-roof labels drawn so far (they all end at the plot's
// right edge, so two at nearly one height would print over each other).
QString deviceSvg(
    const PixelMap& map, const ChartScene& scene, size_t d, const ChartRange& range, std::vector<double>& roofLabelYs)
{
    const ChartDevice& device = scene.devices[d];
    const DeviceRoofGeometry g = roofGeometry(device, range.xLower, range.xUpper);
    QString out = QStringLiteral("<g class=\"device\" data-device=\"%1\" clip-path=\"url(#plot-area)\">\n").arg(d);
    if (!g.valid) {
        return out + QStringLiteral("</g>\n");
    }
    const QString c = colour(device.color);
    if (d == 0 && scene.showFeasibleRegion) {
        // The attainable region under the first device's roof: along the roof, back along the bottom.
        QStringList points;
        for (const RoofLine* part : { &g.slope, &g.flat }) {
            for (size_t i = 0; i < part->x.size() && i < part->y.size(); ++i) {
                points << map.point(part->x[i], part->y[i]);
            }
        }
        points << map.point(range.xUpper, range.yLower) << map.point(range.xLower, range.yLower);
        out += QStringLiteral("<polygon points=\"%1\" fill=\"%2\" fill-opacity=\"0.08\" stroke=\"none\"/>\n")
                   .arg(points.join(QLatin1Char(' ')), c);
    }
    const ChartStyle& style = scene.style;
    // Estimated bandwidths are drawn dashed and labelled "(estimate)", as on the chart.
    const QString dashed
        = QStringLiteral(" stroke-dasharray=\"%1 %2\"").arg(n(7 * style.lineScale), n(4 * style.lineScale));
    const QString estimate = QObject::tr(" (estimate)");
    QString labels;
    for (const auto& level : g.levels) {
        out += map.polyline(level.line,
            QStringLiteral("class=\"roof level%1\" data-level=\"%2\" stroke=\"%3\" stroke-opacity=\"0.45\" "
                           "stroke-width=\"%4\"%5")
                .arg(level.level->estimate ? QStringLiteral(" estimate") : QString(), esc(level.level->name), c,
                    n(1.3 * style.lineScale), level.level->estimate ? dashed : QString()));
        labels += slopeLabel(map, range, level.level->bytesPerSecond,
            level.level->name.toUpper() + QLatin1Char(' ')
                + QString::fromStdString(formatQuantity(level.level->bytesPerSecond, Dimension::BytesPerSecond, 3))
                + (level.level->estimate ? estimate : QString()),
            c, style, level.level->estimate, std::max(0.15, 0.62 - 0.11 * static_cast<double>(d)));
    }
    const ChartLevel* main = device.defaultLevel();
    const bool mainEstimate = main && main->estimate;
    out += map.polyline(g.slope,
        QStringLiteral("class=\"roof%1\" stroke=\"%2\" stroke-width=\"%3\"%4")
            .arg(mainEstimate ? QStringLiteral(" estimate") : QString(), c, n(1.6 * style.lineScale),
                mainEstimate ? dashed : QString()));
    out += map.polyline(
        g.flat, QStringLiteral("class=\"roof\" stroke=\"%1\" stroke-width=\"%2\"").arg(c, n(2.8 * style.lineScale)));
    if (g.hasSlope && main) {
        labels += slopeLabel(map, range, main->bytesPerSecond,
            main->name.toUpper() + QLatin1Char(' ')
                + QString::fromStdString(formatQuantity(main->bytesPerSecond, Dimension::BytesPerSecond, 3))
                + (mainEstimate ? estimate : QString()),
            c, style, mainEstimate, std::max(0.1, 0.35 - 0.08 * static_cast<double>(d)));
    }
    // The compute roof's label above its right end: "H100 bf16 989 TFLOP/s". Devices with the same peak
    // (H100 and H200) stack theirs: above the roof, else below it, else further up; none where no
    // place is free (the legend says it).
    const double flatY = map.y(g.peak);
    const double line = 13.0 * style.fontScale;
    const double top = map.y(range.yUpper) + 12 * style.fontScale;
    const double bottom = map.y(range.yLower) - 4 * style.fontScale;
    std::optional<double> labelY;
    for (const double candidate :
        { flatY - 5, flatY + line, flatY - 5 - line, flatY + 2 * line, flatY - 5 - 2 * line }) {
        const bool free = std::none_of(roofLabelYs.begin(), roofLabelYs.end(),
            [&](double placed) { return std::fabs(placed - candidate) < line; });
        if (free && candidate > top && candidate < bottom) {
            labelY = candidate;
            break;
        }
    }
    if (labelY) {
        roofLabelYs.push_back(*labelY);
        labels += text(map.x(range.xUpper) - 6, *labelY,
            device.label + QLatin1Char(' ') + device.precision + QLatin1Char(' ')
                + QString::fromStdString(formatQuantity(g.peak, Dimension::FlopsPerSecond, 4))
                + (device.computeEstimate ? estimate : QString()),
            QStringLiteral("class=\"roof-label%1\" fill=\"%2\" %3 text-anchor=\"end\"")
                .arg(device.computeEstimate ? QStringLiteral(" estimate") : QString(), c, fontSize(11, style)));
    }
    out += labels;
    const ChartLevel* level = main;
    for (const double f : scene.decorations.commFractions) {
        if (!level || !(level->bytesPerSecond > 0.0)) {
            break;
        }
        RoofLine line;
        line.x = { range.xLower, g.ridge, range.xUpper };
        line.y = { (1.0 - f) * level->bytesPerSecond * range.xLower, (1.0 - f) * g.peak, (1.0 - f) * g.peak };
        out += map.polyline(line, QStringLiteral("stroke=\"%1\" stroke-dasharray=\"6 4\" stroke-width=\"1.2\"").arg(c));
        if (d == 0) {
            out += text(map.x(range.xUpper) - 6, map.y((1.0 - f) * g.peak) + 12,
                QStringLiteral("%1 % comm").arg(QString::fromStdString(formatNumber(f * 100.0, 3))),
                QStringLiteral("fill=\"%1\" %2 text-anchor=\"end\"").arg(c, fontSize(11, scene.style)));
        }
    }
    if (g.hasSlope) {
        out += QStringLiteral("<circle class=\"ridge\" cx=\"%1\" cy=\"%2\" r=\"%3\" fill=\"white\" stroke=\"%4\" "
                              "stroke-width=\"%5\"><title>%6</title></circle>\n")
                   .arg(n(map.x(g.ridge)), n(map.y(g.peak)), n(4.5 * style.markerScale), c, n(1.5 * style.lineScale),
                       esc(QObject::tr("%1 ridge: %2 FLOP/B")
                               .arg(device.label, QString::fromStdString(formatNumber(g.ridge, 3)))));
    }
    return out + QStringLiteral("</g>\n");
}

// "◂ memory-bound" and "compute-bound ▸" either side of the first device's ridge, with the ridge as
// a dash-dot line, where the chart puts them.
QString regionsSvg(const PixelMap& map, const ChartScene& scene, const QRect& rect)
{
    if (scene.devices.empty() || !scene.showRegionLabels) {
        return {};
    }
    const ChartDevice& device = scene.devices.front();
    const ChartLevel* main = device.defaultLevel();
    if (!main || !(device.computeRoof > 0.0) || !(main->bytesPerSecond > 0.0)) {
        return {};
    }
    const double ridge = device.computeRoof / main->bytesPerSecond;
    const double x = map.x(ridge);
    if (!(x > rect.left() && x < rect.right())) {
        return {};
    }
    const QString c = colour(lighterTint(device.color, 0.5));
    QString out
        = QStringLiteral("<g class=\"regions\" data-device=\"0\" clip-path=\"url(#plot-area)\">"
                         "<line class=\"ridge-line\" x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"%4\" "
                         "stroke-width=\"%5\" stroke-dasharray=\"8 3 2 3\"/>\n")
              .arg(n(x), QString::number(rect.top()), QString::number(rect.bottom()), c, n(scene.style.line(1.0)));
    const double y = map.y(device.computeRoof / 30.0);
    const QString ink = colour(scene.style.labelColor(device.color).lighter(115));
    const QString attributes = QStringLiteral("class=\"region-label\" fill=\"%1\" %2 font-weight=\"600\"")
                                   .arg(ink, fontSize(13, scene.style));
    out += text(map.x(ridge / 1.3) - 6, y, QStringLiteral("\u25C2 ") + QObject::tr("memory-bound"),
        attributes + QStringLiteral(" text-anchor=\"end\""));
    out += text(map.x(ridge * 1.3) + 6, y, QObject::tr("compute-bound") + QStringLiteral(" \u25B8"),
        attributes + QStringLiteral(" text-anchor=\"start\""));
    return out + QStringLiteral("</g>\n");
}

QString kernelsSvg(const PixelMap& map, const ChartScene& scene, const QRect& rect, const ChartLabelPlacer& labels,
    const std::vector<char>& detailed)
{
    QString out = denseSvg(map, scene, detailed);
    const bool many = std::count(detailed.begin(), detailed.end(), 1) < static_cast<std::ptrdiff_t>(detailed.size());
    for (size_t k = 0; k < scene.kernels.size(); ++k) {
        const ChartKernel& kernel = scene.kernels[k];
        if (k >= detailed.size() || !detailed[k] || kernel.hidden || kernel.points.empty()) {
            continue;
        }
        out += QStringLiteral("<g class=\"kernel\" data-kernel=\"%1\" clip-path=\"url(#plot-area)\">\n").arg(k);
        double top = 0.0;
        for (const ChartKernelPoint& point : kernel.points) {
            top = std::max(top, point.attainable);
        }
        const double x = kernel.points.front().intensity;
        if (!many) { // among many kernels the guides would hide the chart (the chart draws none either)
            out += QStringLiteral(
                "<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"%4\" stroke-dasharray=\"2 3\"/>\n")
                       .arg(n(map.x(x)), n(map.y(top)), QString::number(rect.bottom()), colour(scene.style.guide));
        }
        for (const ChartKernelPoint& point : kernel.points) {
            if (point.device < 0 || static_cast<size_t>(point.device) >= scene.devices.size()) {
                continue;
            }
            const QString deviceColour = colour(scene.devices[static_cast<size_t>(point.device)].color);
            if (point.bindingIntensity > 0.0) { // to where it sits on the roof of the level binding it
                out += QStringLiteral("<g class=\"binding\" data-device=\"%1\"><line x1=\"%2\" y1=\"%3\" x2=\"%4\" "
                                      "y2=\"%3\" stroke=\"%5\" stroke-dasharray=\"5 3\"/><circle cx=\"%4\" cy=\"%3\" "
                                      "r=\"3.5\" fill=\"%6\" stroke=\"%5\" stroke-width=\"1.5\"/></g>\n")
                           .arg(point.device)
                           .arg(n(map.x(point.intensity)), n(map.y(point.attainable)), n(map.x(point.bindingIntensity)),
                               deviceColour, colour(scene.style.hollowFill));
            }
            const QPointF at(map.x(point.intensity), map.y(point.attainable));
            if (unboundedIntensity(point.intensity)) { // no bytes moved: pinned by the edge, an arrow on to it
                out += edgeArrowSvg(scene.style, point.device, at, map.edgeX());
            }
            out += kernelMarkerSvg(scene, static_cast<int>(k), point.device, at); // the chart's shape for the kernel
        }
        if (kernel.achieved && *kernel.achieved > 0.0) { // the measured point, compared with the first device
            const MeasuredPixels at { QPointF(map.x(x), map.y(*kernel.achieved)),
                map.y(kernel.points.front().attainable), static_cast<double>(rect.top()) };
            if (unboundedIntensity(x)) {
                out += edgeArrowSvg(scene.style, kernel.points.front().device, at.point, map.edgeX());
            }
            out += measuredSvg(scene, static_cast<int>(k), at, labels.measuredLabel(static_cast<int>(k)));
        }
        out += QStringLiteral("</g>\n");
        // The label where the chart put it (clear of markers and other labels), or none, as the chart:
        // its lines (the name, the intensity) centred one under the other, and its leader to the marker.
        if (const auto label = labels.kernelLabel(static_cast<int>(k))) {
            const QStringList lines = label->text.split(QLatin1Char('\n'));
            const double line = (label->rect.height() - 2.0) / static_cast<double>(lines.size());
            const double size = std::max(8.0, line * 0.78); // the chart's font, in pixels
            const double centre = label->rect.center().x();
            QString spans;
            for (qsizetype i = 0; i < lines.size(); ++i) {
                spans += QStringLiteral("<tspan x=\"%1\" y=\"%2\">%3</tspan>")
                             .arg(n(centre),
                                 n(label->rect.y() + 1.0 + line * (static_cast<double>(i) + 0.5) + size * 0.35),
                                 esc(lines[i]));
            }
            out += QStringLiteral("<g class=\"kernel-label\" data-kernel=\"%1\">").arg(k);
            if (label->leader) {
                out += QStringLiteral("<line class=\"leader\" x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\" stroke=\"%5\" "
                                      "stroke-opacity=\"%6\"/>")
                           .arg(n(label->leader->x1()), n(label->leader->y1()), n(label->leader->x2()),
                               n(label->leader->y2()), colour(scene.style.guide), n(scene.style.guide.alphaF()));
            }
            out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"%5\" stroke=\"%6\"/>")
                       .arg(n(label->rect.x()), n(label->rect.y()), n(label->rect.width()), n(label->rect.height()),
                           colour(scene.style.panel), colour(scene.style.panelBorder))
                + QStringLiteral("<text fill=\"%1\" font-size=\"%2\" text-anchor=\"middle\">%3</text>")
                      .arg(colour(scene.style.text), n(size), spans)
                + QStringLiteral("</g>\n");
        }
    }
    return out;
}

QString decorationsSvg(const PixelMap& map, const ChartScene& scene, int width, const ChartLabelPlacer& labels)
{
    QString out;
    const ChartDecorations& decorations = scene.decorations;
    const QString ink = colour(scene.style.text);
    if (!decorations.title.isEmpty()) {
        out += text(width / 2.0, 22, decorations.title,
            QStringLiteral("id=\"chart-title\" fill=\"%1\" %2 font-weight=\"bold\" text-anchor=\"middle\"")
                .arg(ink, fontSize(16, scene.style)));
    }
    if (!decorations.subtitle.isEmpty()) {
        out += text(width / 2.0, 40, decorations.subtitle,
            QStringLiteral("id=\"chart-subtitle\" fill=\"%1\" %2 text-anchor=\"middle\"")
                .arg(colour(scene.style.mutedText), fontSize(12, scene.style)));
    }
    for (size_t a = 0; a < decorations.arrows.size(); ++a) {
        const ChartArrow& arrow = decorations.arrows[a];
        const auto placement = placeArrow(scene, arrow);
        if (!placement) {
            continue;
        }
        out += QStringLiteral("<g class=\"annotation\" data-kernel=\"%1 %2\">").arg(arrow.from).arg(arrow.to);
        out += QStringLiteral("<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%4\" stroke=\"%5\" stroke-width=\"1.6\" "
                              "marker-end=\"url(#arrow-head)\"/>")
                   .arg(n(map.x(placement->fromX)), n(map.y(placement->fromY)), n(map.x(placement->toX)),
                       n(map.y(placement->toY)), ink);
        // Where the chart put it (beside the middle, clear of markers and labels), or none, as the chart.
        if (const auto rect = labels.arrowLabel(static_cast<int>(a))) {
            out += text(rect->center().x(), rect->center().y() + 4.5, placement->label,
                QStringLiteral("fill=\"%1\" %2 font-weight=\"bold\" text-anchor=\"middle\"")
                    .arg(ink, fontSize(13, scene.style)));
        }
        out += QStringLiteral("</g>\n");
    }
    for (const ChartNote& note : decorations.notes) {
        out += text(map.x(note.intensity), map.y(note.flopsPerSecond), note.text,
            QStringLiteral("class=\"note\" fill=\"%1\" %2").arg(ink, fontSize(12, scene.style)));
    }
    return out;
}

} // namespace

QString htmlPage(const RooflineChart& chart, const SceneBuildResult& built, const Session& session,
    const std::vector<GroupVerdict>& verdicts)
{
    const QCustomPlot* plot = chart.plot();
    const ChartScene& scene = built.scene;
    const ChartStyle& style = scene.style;
    const PixelMap map(plot);
    const ChartRange range = chart.visibleRange();
    const QRect rect = plot->axisRect()->rect();
    const int width = plot->width();
    const int height = plot->height();

    // Drawn at the export's size, shrunk with the window when it is narrower: the page never scrolls sideways.
    QString svg = QStringLiteral("<svg id=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                                 "viewBox=\"0 0 %1 %2\" font-family=\"DejaVu Sans, sans-serif\" "
                                 "style=\"max-width:100%;height:auto\">\n")
                      .arg(width)
                      .arg(height);
    svg += QStringLiteral("<defs><clipPath id=\"plot-area\"><rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\"/>"
                          "</clipPath><marker id=\"arrow-head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
                          "markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 "
                          "L0,10 z\" fill=\"%5\"/></marker></defs>\n")
               .arg(rect.x())
               .arg(rect.y())
               .arg(rect.width())
               .arg(rect.height())
               .arg(colour(style.text));
    svg += QStringLiteral("<rect width=\"100%\" height=\"100%\" fill=\"%1\"/>\n").arg(colour(style.background));
    svg += axesSvg(map, range, rect, style, xAxisTitle(scene.xLevel));
    svg += regionsSvg(map, scene, rect);
    std::vector<double> roofLabelYs;
    for (size_t d = 0; d < scene.devices.size(); ++d) {
        svg += deviceSvg(map, scene, d, range, roofLabelYs);
    }
    QString basis;
    const std::vector<char> listed = listedKernels(built, session, basis);
    const size_t listedCount = static_cast<size_t>(std::count(listed.begin(), listed.end(), 1));
    svg += kernelsSvg(map, scene, rect, chart.labelPlacer(), listed);
    svg += decorationsSvg(map, scene, width, chart.labelPlacer());
    svg += QStringLiteral("</svg>\n");

    // The chart's legend: each device with its precision, peak, main bandwidth ("(estimate)" where the
    // file says so) and ridge, and what keeps it from being like-for-like.
    QString legend = QStringLiteral("<ul id=\"legend\">\n");
    for (size_t d = 0; d < scene.devices.size(); ++d) {
        const ChartDevice& device = scene.devices[d];
        const QString estimate = QObject::tr(" (estimate)");
        QString figures = QString::fromStdString(formatQuantity(device.computeRoof, Dimension::FlopsPerSecond, 4))
            + (device.computeEstimate ? estimate : QString());
        if (const ChartLevel* main = device.defaultLevel(); main && main->bytesPerSecond > 0.0) {
            figures
                += QStringLiteral(" · %1%2 · ridge %3")
                       .arg(QString::fromStdString(formatQuantity(main->bytesPerSecond, Dimension::BytesPerSecond, 3)),
                           main->estimate ? estimate : QString(),
                           QString::fromStdString(formatNumber(device.ridge(), 3)));
        }
        const QString unlike = device.unlike.isEmpty()
            ? QString()
            : QStringLiteral(" <span class=\"unlike\">* %1</span>").arg(esc(device.unlike));
        legend
            += QStringLiteral("<li><label><input type=\"checkbox\" checked data-device=\"%1\"><span class=\"swatch\" "
                              "style=\"background:%2\"></span>%3 <small>(%4) · %5</small>%6</label></li>\n")
                   .arg(d)
                   .arg(colour(device.color), esc(device.label), esc(device.precision), esc(figures), unlike);
    }
    legend += QStringLiteral("</ul>\n");

    QJsonObject tips;
    for (size_t d = 0; d < built.results.size() && d < scene.devices.size(); ++d) {
        const auto& evaluations = built.results[d]->evaluations;
        for (size_t k = 0; k < evaluations.size(); ++k) {
            if (evaluations[k] && k < listed.size() && listed[k]) {
                const Kernel* kernel = k < session.kernels.size() ? &session.kernels[k] : nullptr;
                QString tip = evaluationToolTip(*evaluations[k], scene.devices[d].label, kernel);
                if (kernel && d < built.analysis.devices.size()) { // as the window's tooltip has it
                    tip += groupPartToolTip(*kernel, *built.analysis.devices[d].hardware);
                }
                tips.insert(QStringLiteral("%1:%2").arg(k).arg(d), tip);
                const bool first = k < scene.kernels.size() && !scene.kernels[k].points.empty()
                    && scene.kernels[k].points.front().device == static_cast<int>(d);
                if (first && evaluations[k]->measuredSeconds) { // the device its measured point is compared with
                    tips.insert(
                        QStringLiteral("%1:measured").arg(k), measuredToolTip(*evaluations[k], scene.devices[d].label));
                }
            }
        }
    }
    // Inside <script>, "</" would end the element: JSON allows "<\/".
    const QString tipsJson = QString::fromUtf8(QJsonDocument(tips).toJson(QJsonDocument::Compact))
                                 .replace(QStringLiteral("</"), QStringLiteral("<\\/"));

    const QString title = session.title.empty() ? QStringLiteral("Roofline") : esc(session.title);
    QString page;
    page += QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>%1</title>\n")
                .arg(title);
    // Every text of the page in the chart's font scale (review mode: 1.75x), as the PNG.
    const auto px = [&](double size) { return n(size * style.fontScale) + QStringLiteral("px"); };
    page += QStringLiteral(
        "<style>\nbody{font-family:'DejaVu Sans',sans-serif;margin:16px;background:%1;color:%2;font-size:%3}\n"
        "#legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:14px}\n"
        ".swatch{display:inline-block;width:22px;height:10px;margin:0 6px 0 4px}\n"
        ".device-off,.isolated-out{display:none}\ntr.verdict-greyed{opacity:.4}\n"
        ".headline{font-weight:bold}\n.verdict-off{color:#c85a00}\n.marker{cursor:pointer}\n.unlike{color:#c85a00}\n"
        "#tooltip{position:absolute;max-width:min(460px,90vw);padding:6px 8px;background:#fffff0;color:#111;"
        "border:1px solid #888;font-size:%4;box-shadow:2px 2px 6px rgba(0,0,0,.3)}\n"
        ".table-scroll{max-width:100%;overflow-x:auto}\n"
        "table{border-collapse:collapse;margin:10px 0;font-size:%5}\n"
        "th,td{border:1px solid #999;padding:3px "
        "8px;text-align:right;white-space:nowrap}\nth:first-child,td:first-child,"
        "#results td:nth-child(2){text-align:left}\ntr.not-comparable td:first-child{color:#c85a00}\n"
        "#results tr[data-kernel]{cursor:pointer}\nh1{font-size:%6}\nh2{font-size:%7}\nh3{font-size:%8}\n"
        "</style>\n</head>\n<body>\n")
                .arg(colour(style.background), colour(style.text), px(14), px(12), px(13), px(18), px(16))
                .arg(px(14));
    page += QStringLiteral("<h1>%1</h1>\n").arg(title);
    page += legend;
    page += QStringLiteral("<button id=\"show-all\" hidden>Show every kernel</button>\n");
    page += svg;
    page += edgeKernelsNote(scene);
    page += QStringLiteral("<div id=\"tooltip\" hidden></div>\n<h2>Results</h2>\n");
    if (listedCount < session.kernels.size()) {
        // The page stays honest about what it leaves out: how many, by which measure, and where to get them.
        page += QStringLiteral("<p id=\"left-out\">%1</p>\n")
                    .arg(esc(QObject::tr("%1 kernels: the table and the chart's markers (with tooltips) show the %2 "
                                         "that take the most time (%3); the other %4 are drawn as dots, one per pixel "
                                         "and device, without tooltips. Every kernel is in 'roofscope table'.")
                                 .arg(session.kernels.size())
                                 .arg(listedCount)
                                 .arg(basis)
                                 .arg(session.kernels.size() - listedCount)));
    }
    page += QStringLiteral("<div class=\"table-scroll\">") + htmlResultsTable(built, session, listed)
        + QStringLiteral("</div>\n");
    page += QStringLiteral("<h2>Workload comparison</h2>\n");
    page += htmlComparisonTable(built.analysis.comparison);
    if (!verdicts.empty()) {
        page += QStringLiteral("<h2>Serving verdict</h2>\n") + htmlGroupTables(verdicts);
    }
    page += QStringLiteral("<script type=\"application/json\" id=\"tips\">%1</script>\n").arg(tipsJson);
    page += QStringLiteral("<script>%1</script>\n</body></html>\n").arg(QString::fromLatin1(htmlPageScript()));
    return page;
}

} // namespace roofscope
