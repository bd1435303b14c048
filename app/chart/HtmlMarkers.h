#pragma once

#include "chart/ChartLabelPlacer.h"
#include "scene/ChartModel.h"

#include <QPointF>
#include <QString>

#include <optional>

namespace roofscope {

struct Evaluation;

// The kernel markers of the HTML page (HtmlExport) as SVG, drawn as the chart draws them.

// A kernel's marker on a device's roof at `at` (pixels): the kernel's shape (KernelMarkerStyle) as a
// path, filled with the device's colour, tagged with kernel, device, shape and its point (data-x/y).
QString kernelMarkerSvg(const ChartScene& scene, int kernel, int device, QPointF at);

// The arrow from a marker at `at` (pixels) of a kernel with an unbounded intensity (no bytes on any
// counted level) on to the plot's edge at `edgeX`, as the chart draws it (edge::drawArrow): class
// "edge-arrow", tagged with the device so that switching it off hides it.
QString edgeArrowSvg(const ChartStyle& style, int device, QPointF at, double edgeX);

// Under the chart: which kernels sit at its right edge and why (id "edge-kernels"); empty when none.
QString edgeKernelsNote(const ChartScene& scene);

// Where a measured point is drawn, in the chart's pixels: the point, the first point's roof above it
// (the one its fraction compares with) and the plot's top.
struct MeasuredPixels {
    QPointF point;
    double roofY = 0.0;
    double top = 0.0;
};
// A measured point (the chart's KernelCloud::drawKernel): the gap arrow up to the first device's
// roof, the hollow marker (class "marker measured", tooltip key "KERNEL:measured"), the red ring
// when above the roof, and "92 % of roof" where the chart's label placer put it (none where the
// chart shows none). One group tagged with the first device, so that switching it off hides it.
QString measuredSvg(const ChartScene& scene, int kernel, const MeasuredPixels& at,
    const std::optional<ChartLabelPlacer::PlacedMeasuredLabel>& label);

// The measured point's tooltip: measured time, achieved FLOP/s and the fraction of the roof on the
// device it is compared with (the evaluation's, as the results table gives it).
QString measuredToolTip(const Evaluation& ev, const QString& deviceLabel);

} // namespace roofscope
