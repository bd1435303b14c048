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
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>
#include <optional>

namespace roofscope {

namespace {

// `plot` drawn as QCustomPlot::toPixmap() draws it (width x height logical pixels, `scale` device pixels
// each, the plot's background), into an image whose memory comes in huge pages where the system allows
// (blankChartImage()).
QImage renderChartImage(QCustomPlot* plot, int width, int height, double scale)
{
    QImage image = blankChartImage(qRound(scale * width), qRound(scale * height));
    if (image.isNull()) {
        return image;
    }
    QCPPainter painter(&image);
    if (!painter.isActive()) {
        return {};
    }
    if (!qFuzzyCompare(scale, 1.0)) {
        if (scale > 1.0) { // as toPixmap(): below 1, cosmetic pens keep thin lines visible
            painter.setMode(QCPPainter::pmNonCosmetic);
        }
        painter.scale(scale, scale);
    }
    plot->toPainter(&painter, width, height);
    painter.end();
    return image;
}

} // namespace

bool writeChartPng(QCustomPlot* plot, int width, int height, double scale, QIODevice* device)
{
    const QImage image = renderChartImage(plot, width, height, scale);
    return !image.isNull() && writePng(image, device);
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

namespace {

// A session's roofline chart, analysed and laid out once for any number of files: as the window
// builds it, kernel groups drawn as their kernels, the verdicts' headlines under the title, each
// device's answer in review mode's panel, the verdicts' tables in the page.
class RooflineExport {
public:
    RooflineExport(const Session& session, const HardwareDatabase& hardware, const ChartExportOptions& options)
        : m_session(session)
        , m_styled(session)
        , m_options(options)
    {
        m_chart.resize(options.width, options.height);
        m_chart.plot()->setGeometry(0, 0, options.width, options.height);
        if (!options.theme.isEmpty()) {
            m_styled.view.theme = options.theme.toStdString();
        }
        SceneOptions sceneOptions;
        sceneOptions.review = options.review;
        m_built = buildChartScene(m_styled, hardware, nullptr, sceneOptions);
        m_chart.setScene(m_built.scene, true);
        const auto& view = session.view;
        if (view.xRange && view.yRange) {
            const ChartRange saved { view.xRange->first, view.xRange->second, view.yRange->first, view.yRange->second };
            if (saved.isValid()) {
                m_chart.setVisibleRange(saved);
            }
        }
    }

    // The file's bytes by its suffix. An SVG switches the chart to lines clipped by hand for good
    // (the SVG keeps no clip paths): render other formats first.
    bool render(const QString& suffix, QByteArray& bytes)
    {
        if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) {
            // The pixel mapping the page's SVG is drawn with: a hidden widget gets no resize event, so
            // the viewport is set as savePng() sets it.
            m_chart.plot()->setViewport(QRect(0, 0, m_options.width, m_options.height));
            m_chart.plot()->replot();
            // The page carries the serving chart too when the session has a transformer group.
            const std::vector<GroupVerdict>& verdicts = m_built.analysis.verdicts;
            bytes = addServingSection(
                htmlPage(m_chart, m_built, m_built.analysis.shown(), verdicts), m_session, m_built, verdicts, m_options)
                        .toUtf8();
            return true;
        }
        QBuffer buffer(&bytes);
        if (suffix == QLatin1String("png")) {
            return buffer.open(QIODevice::WriteOnly)
                && writeChartPng(m_chart.plot(), m_options.width, m_options.height, m_options.scale, &buffer);
        }
        if (suffix == QLatin1String("pdf")) {
            return renderChartPdf(m_chart.plot(), m_session, m_options, bytes);
        }
        if (!m_clipped) { // draw the lines again for the range shown, clipped to it
            m_chart.setClipToView(true);
            m_chart.setScene(m_built.scene, false);
            m_clipped = true;
        }
        return renderChartSvg(m_chart.plot(), m_session, m_options, bytes);
    }

    QRect plotArea() const { return m_chart.plot()->axisRect()->rect(); }

private:
    const Session& m_session;
    Session m_styled; // the analysis points at it
    const ChartExportOptions& m_options;
    SceneBuildResult m_built;
    RooflineChart m_chart;
    bool m_clipped = false;
};

QString suffixOf(const QString& path)
{
    return QFileInfo(path).suffix().toLower();
}

bool isServingFile(const QString& path, const ChartExportOptions& options)
{
    const QString suffix = suffixOf(path);
    return options.view == QLatin1String("serving") && suffix != QLatin1String("html")
        && suffix != QLatin1String("htm");
}

QString writeExport(const QString& path, const QByteArray& bytes, const ChartExportOptions& options)
{
    if (bytes.isEmpty()) {
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

} // namespace

QString exportChart(const Session& session, const HardwareDatabase& hardware, const QString& path,
    const ChartExportOptions& options, QRect* plotArea)
{
    if (const QString error = exportRequestError(path, options); !error.isEmpty()) {
        return error;
    }
    if (isServingFile(path, options)) {
        return exportServingChart(session, hardware, path, options);
    }
    // Rendered into memory first (a PDF too), then written through the safe writer: a failed export
    // never leaves a partial file and never harms the previous one.
    RooflineExport chart(session, hardware, options);
    QByteArray bytes;
    const bool ok = chart.render(suffixOf(path), bytes);
    if (plotArea) {
        *plotArea = chart.plotArea();
    }
    return writeExport(path, ok ? bytes : QByteArray(), options);
}

QString exportCharts(const Session& session, const HardwareDatabase& hardware, const QStringList& paths,
    const ChartExportOptions& options, const std::function<void(const QString&)>& written)
{
    for (const QString& path : paths) {
        if (const QString error = exportRequestError(path, options); !error.isEmpty()) {
            return error;
        }
    }
    // Every roofline file drawn before any is written (SVGs last, see render()), then all written in
    // the order given.
    std::vector<QByteArray> bytes(static_cast<size_t>(paths.size()));
    std::optional<RooflineExport> chart;
    for (const bool svg : { false, true }) {
        for (qsizetype i = 0; i < paths.size(); ++i) {
            const QString suffix = suffixOf(paths[i]);
            if (isServingFile(paths[i], options) || (suffix == QLatin1String("svg")) != svg) {
                continue;
            }
            if (!chart) {
                chart.emplace(session, hardware, options);
            }
            if (!chart->render(suffix, bytes[static_cast<size_t>(i)]) || bytes[static_cast<size_t>(i)].isEmpty()) {
                return QObject::tr("%1: the chart could not be drawn").arg(paths[i]);
            }
        }
    }
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString error = isServingFile(paths[i], options)
            ? exportServingChart(session, hardware, paths[i], options)
            : writeExport(paths[i], bytes[static_cast<size_t>(i)], options);
        if (!error.isEmpty()) {
            return error;
        }
        if (written) {
            written(paths[i]);
        }
    }
    return {};
}

} // namespace roofscope
