#pragma once

#include <QIODevice>
#include <QRect>
#include <QString>
#include <QStringList>

#include <functional>

class QCustomPlot;

namespace roofscope {

// Writes a chart's picture as PNG (PngWriter.h: one filter for every row, zlib's level 1; a chart of
// flat colours compresses as well as with libpng's per-row search, in a fraction of the time).
// Returns whether it was written.
bool writeChartPng(QCustomPlot* plot, int width, int height, double scale, QIODevice* device);

class HardwareDatabase;
struct Session;

struct ChartExportOptions {
    int width = 1200; // logical pixels (PNG: multiplied by scale; PDF: points)
    int height = 750;
    double scale = 1.0; // PNG only: device pixels per logical pixel
    QString theme; // "light" or "dark"; empty: the session's
    bool review = false; // review styling: large fonts, thick lines, the workload comparison beside the plot
    QStringList inputs; // files the command read (the session, its runs): never written over
    QString view; // "serving": the serving chart (ServingExport.h) in place of the roofline; empty: roofline
    int servingGroup = -1; // the serving chart's group (a session kernel index); -1: the first transformer group
};

// Renders a session's chart exactly as the window draws it (its devices, kernels, view range and
// region settings) and writes it by the file's extension: .png (width x scale by height x scale
// pixels), .svg (vector: roofs as paths, text as text, every line clipped to the plot area by hand,
// since Qt's SVG generator writes no clip paths), .pdf (one page of width x height points) or .html
// (the interactive page of HtmlExport.h: inline SVG, tooltips, device switches, tables; self-contained).
// The file is written through the safe writer (SafeFileWriter): all or nothing, links followed, the
// previous file kept on any failure. Needs a QApplication (offscreen is fine). Returns an error
// message, empty on success.
// A PNG of more than kMaxExportPixels pixels (width x scale by height x scale), or an HTML page
// larger than that, is refused with the reason, before any memory is taken for it.
// `plotArea`, when given, receives the plot area (the axis rectangle) in the file's coordinates.
inline constexpr double kMaxExportPixels = 64e6;

QString exportChart(const Session& session, const HardwareDatabase& hardware, const QString& path,
    const ChartExportOptions& options = {}, QRect* plotArea = nullptr);

// Several files of the same chart, each as exportChart() writes it, the session analysed and the chart
// laid out once for all of them: every file is checked, and every roofline file drawn, before the first
// is written; they are written in the order given, `written` told of each (a serving chart file of
// `view` "serving" is drawn and written in its turn). Returns the first error, empty when all were
// written.
QString exportCharts(const Session& session, const HardwareDatabase& hardware, const QStringList& paths,
    const ChartExportOptions& options, const std::function<void(const QString&)>& written = {});

// Why exportChart() would refuse `path` with `options` before drawing (size, scale, theme, the file's
// extension, the view, the pixels of a PNG or a page), empty when it would draw it.
QString exportRequestError(const QString& path, const ChartExportOptions& options);

} // namespace roofscope
