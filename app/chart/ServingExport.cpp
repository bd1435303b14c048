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
    if (start < 0) {
        return page;
    }
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
