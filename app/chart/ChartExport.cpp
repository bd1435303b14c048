#include "chart/ChartExport.h"

#include "analysis/SessionEvaluator.h"
#include "chart/HtmlExport.h"
#include "chart/PngWriter.h"
#include "chart/RooflineChart.h"
#include "chart/ServingExport.h"
#include "io/HardwareLoader.h"
#include "io/SafeFileWriter.h"
#include "io/SessionFile.h"
#include "model/Session.h"
#include "scene/SceneBuilder.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QFileInfo>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace roofscope {

bool writeChartPng(const QPixmap& picture, QIODevice* device)
{
    return writePng(picture.toImage(), device);
}

namespace {

// The chart as one PDF page of width x height points, into `bytes`.
bool renderChartPdf(QCustomPlot* plot, const Session& session, const ChartExportOptions& options, QByteArray& bytes)
{
    // Into memory, as QCustomPlot's savePdf() lays out its page (one page of width x height
    // points, no margins), so that no temporary file or folder exists to be left behind when the
    // process is killed; the safe writer's own temporary file sits beside the target.
    QBuffer buffer(&bytes);
    bool ok = buffer.open(QIODevice::WriteOnly);
    if (ok) {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("Roofscope"));
        writer.setTitle(QString::fromStdString(session.title));
        writer.setResolution(96);
        QPageLayout layout(
            QPageSize(QSizeF(options.width, options.height), QPageSize::Point, QString(), QPageSize::ExactMatch),
            QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Point);
        layout.setMode(QPageLayout::FullPageMode);
        writer.setPageLayout(layout);
        QCPPainter painter;
        ok = painter.begin(&writer);
        if (ok) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            painter.setWindow(QRect(0, 0, options.width, options.height));
            plot->toPainter(&painter, options.width, options.height);
            ok = painter.end();
        }
    }
    // A complete PDF ends with its end-of-file marker.
    ok = ok && bytes.trimmed().endsWith("%%EOF");
    return ok;
}

// The chart as SVG (text as text), into `bytes`.
bool renderChartSvg(QCustomPlot* plot, const Session& session, const ChartExportOptions& options, QByteArray& bytes)
{
    bool ok = false;
    QBuffer buffer(&bytes);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(QSize(options.width, options.height));
    generator.setViewBox(QRect(0, 0, options.width, options.height));
    generator.setResolution(96); // otherwise text shrinks
    generator.setTitle(QString::fromStdString(session.title));
    generator.setDescription(QStringLiteral("Roofline chart exported by Roofscope"));
    QCPPainter painter;
    if (buffer.open(QIODevice::WriteOnly) && painter.begin(&generator)) {
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, options.width, options.height);
        ok = painter.end();
    }
    return ok;
}

} // namespace

QString exportRequestError(const QString& path, const ChartExportOptions& options)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool html = suffix == QLatin1String("html") || suffix == QLatin1String("htm");
    if (options.width < 16 || options.height < 16 || options.width > 20000 || options.height > 20000) {
        return QObject::tr("the size must be between 16x16 and 20000x20000, not %1x%2")
            .arg(options.width)
            .arg(options.height);
    }
    if (!(options.scale >= 0.25 && options.scale <= 8.0)) {
        return QObject::tr("the scale must be between 0.25 and 8");
    }
    if (!options.theme.isEmpty() && options.theme != QLatin1String("light") && options.theme != QLatin1String("dark")) {
        return QObject::tr("the theme must be light or dark, not '%1'").arg(options.theme);
    }
    // A PNG is drawn in memory at width x height x scale² pixels (4 bytes each, then encoded), the
    // HTML page's chart is laid out on buffers of width x height: bounded, with the reason, before
    // anything is drawn. SVG and PDF are vectors: no pixels.
    const double scale = suffix == QLatin1String("png") ? options.scale : 1.0;
    const double pixels = std::round(options.width * scale) * std::round(options.height * scale);
    if ((suffix == QLatin1String("png") || html) && pixels > kMaxExportPixels) {
        return QObject::tr("the chart would be %1x%2 = %3 million pixels, over the %4 million pixels an export draws "
                           "(4 bytes of memory each): make --size or --scale smaller")
            .arg(std::round(options.width * scale))
            .arg(std::round(options.height * scale))
            .arg(std::round(pixels / 1e6))
            .arg(kMaxExportPixels / 1e6);
    }
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf") && !html) {
        return QObject::tr("%1: the file name must end in .png, .svg, .pdf or .html").arg(path);
    }
    if (!options.view.isEmpty() && options.view != QLatin1String("roofline")
        && options.view != QLatin1String("serving")) {
        return QObject::tr("the view must be roofline or serving, not '%1'").arg(options.view);
    }
    return {};
}

QString exportChart(const Session& session, const HardwareDatabase& hardware, const QString& path,
    const ChartExportOptions& options, QRect* plotArea)
{
    if (const QString error = exportRequestError(path, options); !error.isEmpty()) {
        return error;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool html = suffix == QLatin1String("html") || suffix == QLatin1String("htm");
    if (options.view == QLatin1String("serving") && !html) {
        return exportServingChart(session, hardware, path, options);
    }

    RooflineChart chart;
    chart.resize(options.width, options.height);
    chart.plot()->setGeometry(0, 0, options.width, options.height);
    const ChartRange saved = session.view.xRange && session.view.yRange ? ChartRange { session.view.xRange->first,
        session.view.xRange->second, session.view.yRange->first, session.view.yRange->second }
                                                                        : ChartRange {};
    const bool useSaved = session.view.xRange && session.view.yRange && saved.isValid();
    Session styled = session;
    if (!options.theme.isEmpty()) {
        styled.view.theme = options.theme.toStdString();
    }
    SceneOptions sceneOptions;
    sceneOptions.review = options.review;
    // The session's one analysis, as the window builds it: kernel groups drawn as their kernels, the
    // verdicts' headlines under the title, each device's answer in review mode's panel, the verdicts'
    // tables in the page.
    SceneBuildResult built = buildChartScene(styled, hardware, nullptr, sceneOptions);
    const std::vector<GroupVerdict>& verdicts = built.analysis.verdicts;
    ChartScene scene = html ? built.scene : std::move(built.scene);
    const bool svg = suffix == QLatin1String("svg");
    chart.setScene(svg ? scene : std::move(scene), true);
    if (useSaved) {
        chart.setVisibleRange(saved);
    }
    if (svg) {
        // Draw the lines again for the range shown, clipped to it: the SVG keeps no clip paths.
        chart.setClipToView(true);
        chart.setScene(std::move(scene), false);
    }

    // Rendered into memory first (a PDF into a private temporary file, QCustomPlot prints it there),
    // then written through the safe writer: a failed export never leaves a partial file and never
    // harms the previous one.
    QByteArray bytes;
    bool ok = false;
    if (html) {
        // The pixel mapping the page's SVG is drawn with: a hidden widget gets no resize event, so the
        // viewport is set as savePng() sets it.
        chart.plot()->setViewport(QRect(0, 0, options.width, options.height));
        chart.plot()->replot();
        // The page carries the serving chart too when the session has a transformer group.
        const QByteArray page = addServingSection(
            htmlPage(chart, built, built.analysis.shown(), verdicts), session, built, verdicts, options)
                                    .toUtf8();
        bytes = page;
        ok = true;
    } else if (suffix == QLatin1String("png")) {
        QBuffer buffer(&bytes);
        ok = buffer.open(QIODevice::WriteOnly)
            && writeChartPng(chart.plot()->toPixmap(options.width, options.height, options.scale), &buffer);
    } else if (suffix == QLatin1String("pdf")) {
        ok = renderChartPdf(chart.plot(), session, options, bytes);
    } else {
        ok = renderChartSvg(chart.plot(), session, options, bytes);
    }
    if (plotArea) {
        *plotArea = chart.plot()->axisRect()->rect();
    }
    if (!ok || bytes.isEmpty()) {
        return QObject::tr("%1: the chart could not be drawn").arg(path);
    }
    std::vector<std::string> inputs;
    for (const QString& input : options.inputs) {
        inputs.push_back(input.toStdString());
    }
    const std::string error = writeFileSafely(
        path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), inputs);
    return QString::fromStdString(error);
}

} // namespace roofscope
