#include "chart/ServingExport.h"

#include "chart/ChartExport.h"
#include "chart/ServingChart.h"
#include "io/SafeFileWriter.h"
#include "model/Session.h"
#include "model/TransformerWorkload.h"
#include "scene/GroupColumns.h"
#include "scene/SceneBuilder.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>

namespace roofscope {

namespace {

ServingChart::Settings settingsFor(const Session& session, const ChartExportOptions& options)
{
    ServingChart::Settings settings;
    settings.x = servingXAxis(session.view.servingX);
    settings.y = servingYAxis(session.view.servingY);
    settings.targetMs = session.view.servingTargetMs;
    const QString theme = options.theme.isEmpty() ? QString::fromStdString(session.view.theme) : options.theme;
    settings.style = ChartStyle::make(theme == QLatin1String("dark"), options.review);
    return settings;
}

// Draws the chart of the session's group into `chart`; returns false when the session has none.
bool drawServing(ServingChart& chart, const Session& session, const SceneBuildResult& built,
    const std::vector<GroupVerdict>& verdicts, const ChartExportOptions& options)
{
    const int group = servingGroupIndex(session, options.servingGroup);
    if (group < 0) {
        return false;
    }
    chart.resize(options.width, options.height);
    chart.plot()->setGeometry(0, 0, options.width, options.height);
    ServingChart::Settings settings = settingsFor(session, options);
    if (const GroupVerdict* verdict = verdictOfKernel(verdicts, session, group)) {
        settings.verdict = *verdict;
    }
    chart.setCurves(computeServingCurves(session, built.analysis.devices, built.scene, group), settings);
    return true;
}

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

// Transparent targets over the serving chart's points (class "serving-point", data-tip
// "serving:CURVE:POINT"), and their texts added to the page's tips (the JSON of <script id="tips">).
QString servingPointTargets(ServingChart& chart, const ChartExportOptions& options, QString& page)
{
    const QString open = QStringLiteral("<script type=\"application/json\" id=\"tips\">");
    const qsizetype from = page.indexOf(open);
    const qsizetype to = from < 0 ? -1 : page.indexOf(QLatin1String("</script>"), from);
    if (to < 0) {
        return {};
    }
    const qsizetype body = from + open.size();
    QString json = page.mid(body, to - body);
    json.replace(QStringLiteral("<\\/"), QStringLiteral("</"));
    QJsonParseError parsed;
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8(), &parsed);
    if (parsed.error != QJsonParseError::NoError || !document.isObject()) {
        return {}; // the page's tips stay as they are
    }
    QJsonObject tips = document.object();
    // The pixel mapping the SVG was drawn with (a hidden widget gets no resize event).
    QCustomPlot* plot = chart.plot();
    plot->setViewport(QRect(0, 0, options.width, options.height));
    plot->replot();
    const ServingCurves& curves = chart.curves();
    const ServingChart::Settings& settings = chart.settings();
    QString targets;
    for (size_t c = 0; c < curves.curves.size(); ++c) {
        const ServingCurve& curve = curves.curves[c];
        for (size_t i = 0; i < curve.points.size(); ++i) {
            const auto y = curve.points[i].y(settings.y);
            const double x = curve.points[i].x(settings.x);
            if (!y || !(*y > 0.0) || !(x > 0.0)) {
                continue;
            }
            const QString key = QStringLiteral("serving:%1:%2").arg(c).arg(i);
            targets += QStringLiteral("<circle class=\"serving-point\" data-tip=\"%1\" cx=\"%2\" cy=\"%3\" r=\"6\" "
                                      "fill=\"#000\" fill-opacity=\"0\"/>\n")
                           .arg(key)
                           .arg(plot->xAxis->coordToPixel(x), 0, 'f', 1)
                           .arg(plot->yAxis->coordToPixel(*y), 0, 'f', 1);
            tips.insert(key,
                escaped(servingPointText(curve, curve.points[i], curves.roofs))
                    .replace(QLatin1Char('\n'), QStringLiteral("<br>")));
        }
    }
    // Inside <script>, "</" would end the element: JSON allows "<\/".
    page.replace(body, to - body,
        QString::fromUtf8(QJsonDocument(tips).toJson(QJsonDocument::Compact))
            .replace(QStringLiteral("</"), QStringLiteral("<\\/")));
    return targets;
}

} // namespace

QString exportServingChart(
    const Session& session, const HardwareDatabase& hardware, const QString& path, const ChartExportOptions& options)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    Session styled = session;
    if (!options.theme.isEmpty()) {
        styled.view.theme = options.theme.toStdString();
    }
    SceneOptions sceneOptions;
    sceneOptions.review = options.review;
    const SceneBuildResult built = buildChartScene(styled, hardware, nullptr, sceneOptions);
    ServingChart chart;
    if (!drawServing(chart, session, built, built.analysis.verdicts, options)) {
        return QObject::tr(
            "%1: the session has no transformer group (template: transformer) to draw a serving chart of")
            .arg(path);
    }
    QByteArray bytes;
    if (!chart.render(suffix, options.width, options.height, options.scale, bytes) || bytes.isEmpty()) {
        return QObject::tr("%1: the chart could not be drawn").arg(path);
    }
    std::vector<std::string> inputs;
    for (const QString& input : options.inputs) {
        inputs.push_back(input.toStdString());
    }
    return QString::fromStdString(writeFileSafely(
        path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), inputs));
}

QString addServingSection(QString page, const Session& session, const SceneBuildResult& built,
    const std::vector<GroupVerdict>& verdicts, const ChartExportOptions& options)
{
    ServingChart chart;
    if (!drawServing(chart, session, built, verdicts, options)) {
        return page;
    }
    QByteArray svg;
    if (!chart.render(QStringLiteral("svg"), options.width, options.height, 1.0, svg)) {
        return page;
    }
    QString inline_ = QString::fromUtf8(svg);
    const qsizetype start = inline_.indexOf(QLatin1String("<svg"));
    const qsizetype end = inline_.lastIndexOf(QLatin1String("</svg>"));
    if (start < 0 || end < start) {
        return page;
    }
    // Every point of the curves answers the pointer as the window's chart does: a transparent target
    // over it, its text in the page's tips.
    inline_.insert(end, servingPointTargets(chart, options, page));
    inline_ = inline_.mid(start);
    // Like the roofline above it, the chart shrinks with the window (its viewBox keeps the shape), so
    // the page never scrolls sideways.
    inline_.insert(4, QStringLiteral(" style=\"max-width:100%;height:auto\""));
    const ServingCurves& curves = chart.curves();
    QString section
        = QStringLiteral("<section id=\"serving\"><h2>%1</h2>\n<div class=\"serving-chart\">%2</div>\n")
              .arg(escaped(QObject::tr("Serving %1: throughput against latency per device, a bound on %2 roofs")
                               .arg(curves.group, curves.roofs)),
                  inline_);
    section += QStringLiteral("<table class=\"serving\"><tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>\n")
                   .arg(escaped(QObject::tr("device")), escaped(QObject::tr("max batch (KV cache full)")),
                       escaped(QObject::tr("tokens/s per chip at max batch")), escaped(QObject::tr("note")));
    for (const ServingCurve& c : curves.curves) {
        const QString maxBatch = c.maxBatch ? servingNumber(*c.maxBatch) : QObject::tr("no capacity known");
        const QString top
            = c.points.empty() ? QStringLiteral("-") : servingNumber(c.points.back().tokensPerSecondPerChip);
        section += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>\n")
                       .arg(escaped(c.label), escaped(maxBatch), escaped(top), escaped(c.note));
    }
    section += QStringLiteral("</table>\n");
    if (!chart.pickLines().isEmpty()) {
        section += QStringLiteral("<ul class=\"serving-picks\">\n");
        for (const QString& line : chart.pickLines()) {
            section += QStringLiteral("<li>%1</li>\n").arg(escaped(line));
        }
        section += QStringLiteral("</ul>\n");
    }
    section += QStringLiteral("</section>\n");
    const qsizetype at = page.lastIndexOf(QLatin1String("<script>"));
    page.insert(at < 0 ? page.size() : at, section);
    return page;
}

} // namespace roofscope
