#pragma once

// Internal to app/chart: includes QCustomPlot. Only chart sources include this header.

#include "scene/ChartModel.h"

#include <qcustomplot.h>

#include <QHash>
#include <QPixmap>

#include <cstdint>
#include <vector>

namespace roofscope {

class ChartLabelPlacer;

// Draws the kernels of a chart scene in one pass: per kernel a dotted intensity guide, a marker on
// every device's roof (the kernel's shape filled with the device colour) and, with a measured
// runtime, a hollow marker at the achieved point with a gap arrow up to the first device's roof (the
// roof its "% of roof" compares with) and that label where the label placer put it; a kernel bound
// by another level than the x-axis one, a dashed line at its height to a ring on that level's roof.
// A kernel that moved 0 bytes on every counted level (intensity unbounded) is drawn at the high end of
// the x range shown (edge::intensityPixel), whatever the zoom, each marker with an arrow on to the edge.
//
// Markers are stamped from pixmaps rendered once per (shape, colour), except in a vector export
// (SVG, PDF), which gets each marker's shape as a path. With more than kManyKernels
// kernels, every kernel gets the same round marker (shapes no longer tell them apart), a pixel is
// stamped once per device, and guides and gap arrows are drawn only for the highlighted kernel, so
// tens of thousands of points draw in a few milliseconds.
//
// A chart uses two clouds: one on the kernel layer with everything except the kernel being dragged,
// one on a buffered overlay layer with only that kernel, so a drag repaints only the overlay.
class KernelCloud : public QCPLayerable {
public:
    static constexpr size_t kManyKernels = 60;

    // With `labels`, measured points get their "% of roof" label where it placed them.
    KernelCloud(QCustomPlot* plot, QCPAxis* xAxis, QCPAxis* yAxis, const QString& layer,
        const ChartLabelPlacer* labels = nullptr);

    // The scene drawn; it must outlive the cloud or be replaced before it is freed.
    void setScene(const ChartScene* scene);
    // Draw every kernel except `kernel` (-1: all), or only `kernel`.
    void showAllExcept(int kernel);
    void showOnly(int kernel);
    void setHighlighted(int kernel) { m_highlighted = kernel; }
    // Leave out every mark not wholly inside the plot area (vector exports keep no clip paths).
    void setStrictCulling(bool strict) { m_strict = strict; }
    // Drops the stamps (after a change of device pixel ratio).
    void clearStamps() { m_stamps.clear(); }
    // Forgets the pixel positions kept per device (a kernel of the scene was changed in place).
    void forgetPixels() { m_pixels.clear(); }

protected:
    void applyDefaultAntialiasingHint(QCPPainter* painter) const override;
    void draw(QCPPainter* painter) override;
    QRect clipRect() const override;

private:
    struct DevicePixels;
    struct LogPixels;
    const QPixmap& stamp(int kernel, const QColor& fill, bool hollow, double scale = 1.0);
    int markerTenths(double scale) const; // a marker's size in tenths of its 1x size, with the style's scale
    QCPScatterStyle markerStyle(int kernel, const QColor& fill, bool hollow, int tenths) const;
    // A kernel's marker centred on (x, y): stamped on screen and in PNGs, drawn as a shape in a
    // vector export (pmVectorized), where a stamp would be embedded as a bitmap.
    void drawMarker(QCPPainter* painter, int kernel, const QColor& fill, bool hollow, double scale, double x, double y);
    // One kernel with its guide, markers, measured point, gap arrow and level points.
    void drawKernel(QCPPainter* painter, int index);
    void drawMany(QCPPainter* painter);
    // drawMany's parts: each device's (pixel, kernel) list (kept or made into `fresh`), the arrows of
    // unbounded intensities, the devices' markers, the measured points.
    std::vector<DevicePixels*> devicePixels(const LogPixels& view, std::vector<DevicePixels>& fresh);
    void drawEdgeArrows(QCPPainter* painter, const LogPixels& view);
    void stampDevices(QCPPainter* painter, const LogPixels& view, const std::vector<DevicePixels*>& byDevice);
    void stampMeasured(QCPPainter* painter, const LogPixels& view);
    // Draws a stamp centred on (x, y) in widget pixels.
    void stampAt(QCPPainter* painter, const QPixmap& pixmap, double x, double y);
    // The measured point's "% of roof" beside it, at (x, y) now, where the placer last put it.
    void drawMeasuredLabel(QCPPainter* painter, int index, double x, double y);

    QCPAxis* m_xAxis;
    QCPAxis* m_yAxis;
    const ChartLabelPlacer* m_labels = nullptr;
    const ChartScene* m_scene = nullptr;
    int m_kernel = -1;
    bool m_only = false;
    int m_highlighted = -1;
    bool m_strict = false;
    QHash<quint64, QPixmap> m_stamps;
    ChartStyle m_stampStyle = ChartStyle::make(false, false); // the style the stamps were drawn in
    std::vector<unsigned char> m_grid; // per pixel of the axis rect: the last device stamped there
    // Many kernels: each device's points as (pixel, kernel), kept while its points (ChartDevice::
    // pointsKey) and the axes stay the same, so showing or hiding another device maps no point again.
    struct DevicePixels {
        std::uint64_t key = 0;
        double xLower = 0.0;
        double xUpper = 0.0;
        double yLower = 0.0;
        double yUpper = 0.0;
        QRect area;
        bool xReversed = false;
        bool yReversed = false;
        size_t kernels = 0;
        std::vector<std::pair<int, int>> pixels; // pixel = y * width + x in the axis rect, kernel
        unsigned long lastUse = 0;
    };
    std::vector<DevicePixels> m_pixels;
    unsigned long m_draws = 0;
};

} // namespace roofscope
