#include "chart/KernelCloud.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/EdgeMarker.h"
#include "chart/KernelMarkerStyle.h"
#include "model/Numbers.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

// ln(x) for positive finite x to about 1e-7 (far below a pixel on any log axis), a few times faster
// than std::log: the exponent from frexp, the mantissa's log from a short series in (m-1)/(m+1).
double fastLog(double x)
{
    int exponent = 0;
    double m = std::frexp(x, &exponent); // x = m * 2^exponent, m in [0.5, 1)
    if (m < 0.70710678118654752) {
        m *= 2.0;
        --exponent;
    }
    const double t = (m - 1.0) / (m + 1.0); // |t| <= 0.172
    const double t2 = t * t;
    const double series = t * (2.0 + t2 * (2.0 / 3.0 + t2 * (2.0 / 5.0 + t2 * (2.0 / 7.0 + t2 * (2.0 / 9.0)))));
    return series + exponent * 0.69314718055994531;
}

} // namespace

KernelCloud::KernelCloud(
    QCustomPlot* plot, QCPAxis* xAxis, QCPAxis* yAxis, const QString& layer, const ChartLabelPlacer* labels)
    : QCPLayerable(plot, layer)
    , m_xAxis(xAxis)
    , m_yAxis(yAxis)
    , m_labels(labels)
{
}

void KernelCloud::setScene(const ChartScene* scene)
{
    m_scene = scene;
}

void KernelCloud::showAllExcept(int kernel)
{
    m_kernel = kernel;
    m_only = false;
}

void KernelCloud::showOnly(int kernel)
{
    m_kernel = kernel;
    m_only = true;
}

void KernelCloud::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    painter->setAntialiasing(true);
}

QRect KernelCloud::clipRect() const
{
    return m_xAxis->axisRect()->rect();
}

const QPixmap& KernelCloud::stamp(int kernel, const QColor& fill, bool hollow, double scale)
{
    const int shape = kernel % kernelMarkerShapeCount();
    const int tenths = markerTenths(scale);
    const quint64 key = (static_cast<quint64>(fill.rgba()) << 16) | (static_cast<quint64>(tenths) << 8)
        | (static_cast<quint64>(shape) << 1) | (hollow ? 1 : 0);
    auto it = m_stamps.find(key);
    if (it != m_stamps.end()) {
        return *it;
    }
    const double ratio = mParentPlot->bufferDevicePixelRatio();
    const int kSide = static_cast<int>(std::ceil(20.0 * tenths / 10.0)); // the largest marker is 14 wide at 1x
    QPixmap pixmap(QSize(kSide, kSide) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    {
        QCPPainter painter(&pixmap);
        painter.setAntialiasing(true);
        const QCPScatterStyle marker = markerStyle(kernel, fill, hollow, tenths);
        marker.applyTo(&painter, marker.pen());
        marker.drawShape(&painter, kSide / 2.0, kSide / 2.0);
    }
    return *m_stamps.insert(key, pixmap);
}

int KernelCloud::markerTenths(double scale) const
{
    return std::clamp(static_cast<int>(std::lround(scale * m_scene->style.markerScale * 10.0)), 3, 60);
}

QCPScatterStyle KernelCloud::markerStyle(int kernel, const QColor& fill, bool hollow, int tenths) const
{
    const ChartStyle& style = m_scene->style;
    QCPScatterStyle marker = hollow
        ? kernelMarkerStyle(kernel, style.hollowFill, QPen(style.markerOutline, style.line(1.6)))
        : kernelMarkerStyle(kernel, fill, QPen(style.markerOutline, style.review ? 1.5 : 1.0));
    marker.setSize(marker.size() * tenths / 10.0);
    return marker;
}

void KernelCloud::drawMarker(
    QCPPainter* painter, int kernel, const QColor& fill, bool hollow, double scale, double x, double y)
{
    if (!painter->modes().testFlag(QCPPainter::pmVectorized)) {
        stampAt(painter, stamp(kernel, fill, hollow, scale), x, y);
        return;
    }
    // A vector export (SVG, PDF) gets the shape itself: a stamp would be embedded as a bitmap.
    const QCPScatterStyle marker = markerStyle(kernel, fill, hollow, markerTenths(scale));
    const QPen pen = painter->pen();
    const QBrush brush = painter->brush();
    marker.applyTo(painter, marker.pen());
    marker.drawShape(painter, x, y);
    painter->setPen(pen);
    painter->setBrush(brush);
}

void KernelCloud::draw(QCPPainter* painter)
{
    if (!m_scene) {
        return;
    }
    if (!(m_stampStyle == m_scene->style)) {
        m_stamps.clear(); // colours and sizes come from the style
        m_stampStyle = m_scene->style;
    }
    const auto& kernels = m_scene->kernels;
    if (m_only) {
        if (m_kernel >= 0 && static_cast<size_t>(m_kernel) < kernels.size()) {
            drawKernel(painter, m_kernel);
        }
        return;
    }
    const size_t shown = static_cast<size_t>(
        std::count_if(kernels.begin(), kernels.end(), [](const ChartKernel& kernel) { return !kernel.hidden; }));
    if (shown > kManyKernels) {
        drawMany(painter);
        if (m_highlighted >= 0 && static_cast<size_t>(m_highlighted) < kernels.size() && m_highlighted != m_kernel) {
            drawKernel(painter, m_highlighted); // on top, with its own shape and guide
        }
        return;
    }
    for (int k = 0; k < static_cast<int>(kernels.size()); ++k) {
        if (k != m_kernel && !kernels[static_cast<size_t>(k)].hidden) {
            drawKernel(painter, k);
        }
    }
}

// The axis rect's pixels for the many-kernels path: coordinates map through precomputed logs, to
// whole pixels; one grid cell per 2 x 2 pixels.
struct KernelCloud::LogPixels {
    QRect area;
    int width = 0; // of the axis rect, + 1
    int height = 0;
    QCPRange xRange;
    QCPRange yRange;
    bool xReversed = false;
    bool yReversed = false;
    double xLog0 = 0.0;
    double xScale = 0.0;
    double yLog0 = 0.0;
    double yScale = 0.0;
    double edgeX = 0.0; // the pinned column of an unbounded intensity, from the area's left
    int cellsX = 0;

    bool map(double x, double y, int& px, int& py) const
    {
        if (!(x > 0.0 && y > 0.0)) {
            return false;
        }
        const bool unbounded = unboundedIntensity(x);
        if (unbounded && !std::isfinite(y)) {
            return false;
        }
        double fx = unbounded ? edgeX : (fastLog(x) - xLog0) * xScale;
        double fy = (fastLog(y) - yLog0) * yScale;
        if (xReversed && !unbounded) {
            fx = area.width() - fx;
        }
        if (!yReversed) {
            fy = area.height() - fy;
        }
        if (!(fx >= 0.0 && fx < width && fy >= 0.0 && fy < height)) {
            return false;
        }
        px = static_cast<int>(fx);
        py = static_cast<int>(fy);
        return true;
    }
    size_t cell(int px, int py) const
    {
        return static_cast<size_t>(py / 2) * static_cast<size_t>(cellsX) + static_cast<size_t>(px / 2);
    }
    bool sameView(const DevicePixels& p, size_t kernels) const
    {
        return p.xLower == xRange.lower && p.xUpper == xRange.upper && p.yLower == yRange.lower
            && p.yUpper == yRange.upper && p.area == area && p.xReversed == xReversed && p.yReversed == yReversed
            && p.kernels == kernels;
    }
};

void KernelCloud::drawMany(QCPPainter* painter)
{
    // Many kernels: one round marker per device colour (shapes stop telling kernels apart), device
    // by device, each pixel stamped once per device.
    LogPixels view;
    view.area = clipRect();
    view.width = view.area.width() + 1;
    view.height = view.area.height() + 1;
    view.xRange = m_xAxis->range();
    view.yRange = m_yAxis->range();
    if (view.width <= 1 || view.height <= 1 || !(view.xRange.lower > 0.0 && view.yRange.lower > 0.0)) {
        return;
    }
    view.xLog0 = std::log(view.xRange.lower);
    view.xScale = view.area.width() / (std::log(view.xRange.upper) - view.xLog0);
    view.yLog0 = std::log(view.yRange.lower);
    view.yScale = view.area.height() / (std::log(view.yRange.upper) - view.yLog0);
    view.xReversed = m_xAxis->rangeReversed();
    view.yReversed = m_yAxis->rangeReversed();
    view.edgeX = edge::intensityPixel(m_xAxis, std::numeric_limits<double>::infinity()) - view.area.left();
    // Markers are several pixels wide: one per 2 x 2 pixel cell per device draws the same cloud
    // (the union of the discs moves by less than a fifth of a pixel) with up to four times fewer stamps.
    view.cellsX = view.width / 2 + 1;
    m_grid.assign(static_cast<size_t>(view.cellsX) * static_cast<size_t>(view.height / 2 + 1), 0);
    ++m_draws;
    std::vector<DevicePixels> fresh(m_scene->devices.size());
    const std::vector<DevicePixels*> byDevice = devicePixels(view, fresh);
    drawEdgeArrows(painter, view);
    stampDevices(painter, view, byDevice);
    // Keep the new lists (with a key) beside those used now; the least recently used go first once
    // there are more than a few per device.
    for (size_t d = 0; d < fresh.size(); ++d) {
        if (byDevice[d] == &fresh[d] && fresh[d].key != 0) {
            m_pixels.push_back(std::move(fresh[d]));
        }
    }
    const size_t keep = 2 * fresh.size() + 4;
    if (m_pixels.size() > keep) {
        std::sort(m_pixels.begin(), m_pixels.end(),
            [](const DevicePixels& a, const DevicePixels& b) { return a.lastUse > b.lastUse; });
        m_pixels.resize(keep);
    }
    stampMeasured(painter, view);
}

std::vector<KernelCloud::DevicePixels*> KernelCloud::devicePixels(
    const LogPixels& view, std::vector<DevicePixels>& fresh)
{
    // Each device's (pixel, kernel) list: kept from an earlier draw when the device's points and the
    // axes are the same, else made in one pass over the points (each mapped once) for every device
    // that needs it. Kernels come in order, so ties keep the old order. Hidden kernels and the one
    // being dragged are in the lists and skipped when stamping.
    const auto& kernels = m_scene->kernels;
    const size_t deviceCount = m_scene->devices.size();
    std::vector<DevicePixels*> byDevice(deviceCount, nullptr);
    bool anyFresh = false;
    for (size_t d = 0; d < deviceCount; ++d) {
        const std::uint64_t key = m_scene->devices[d].pointsKey;
        for (DevicePixels& kept : m_pixels) {
            if (key != 0 && kept.key == key && view.sameView(kept, kernels.size())) {
                byDevice[d] = &kept;
                kept.lastUse = m_draws;
                break;
            }
        }
        if (!byDevice[d]) {
            fresh[d] = DevicePixels { key, view.xRange.lower, view.xRange.upper, view.yRange.lower, view.yRange.upper,
                view.area, view.xReversed, view.yReversed, kernels.size(), {}, m_draws };
            fresh[d].pixels.reserve(kernels.size());
            byDevice[d] = &fresh[d];
            anyFresh = true;
        }
    }
    if (!anyFresh) {
        return byDevice;
    }
    for (size_t k = 0; k < kernels.size(); ++k) {
        for (const ChartKernelPoint& point : kernels[k].points) {
            int px = 0;
            int py = 0;
            if (point.device < 0 || static_cast<size_t>(point.device) >= deviceCount
                || byDevice[static_cast<size_t>(point.device)] != &fresh[static_cast<size_t>(point.device)]
                || !view.map(point.intensity, point.attainable, px, py)) {
                continue;
            }
            fresh[static_cast<size_t>(point.device)].pixels.emplace_back(py * view.width + px, static_cast<int>(k));
        }
    }
    return byDevice;
}

void KernelCloud::drawEdgeArrows(QCPPainter* painter, const LogPixels& view)
{
    // Kernels of unbounded intensity: an arrow from the pinned column on to the edge, under the markers.
    const double edgeLine = edge::edgePixel(m_xAxis);
    const QRect& area = view.area;
    const auto& kernels = m_scene->kernels;
    for (size_t k = 0; k < kernels.size(); ++k) {
        const ChartKernel& kernel = kernels[k];
        if (static_cast<int>(k) == m_kernel || kernel.hidden || kernel.points.empty()) {
            continue;
        }
        for (const ChartKernelPoint& point : kernel.points) {
            int px = 0;
            int py = 0;
            if (unboundedIntensity(point.intensity) && view.map(point.intensity, point.attainable, px, py)) {
                edge::drawArrow(painter, QPointF(area.left() + px, area.top() + py), edgeLine, m_scene->style);
            }
        }
        int px = 0;
        int py = 0;
        if (kernel.achieved && unboundedIntensity(kernel.points.front().intensity)
            && view.map(kernel.points.front().intensity, *kernel.achieved, px, py)) {
            edge::drawArrow(painter, QPointF(area.left() + px, area.top() + py), edgeLine, m_scene->style);
        }
    }
}

void KernelCloud::stampDevices(QCPPainter* painter, const LogPixels& view, const std::vector<DevicePixels*>& byDevice)
{
    const auto& kernels = m_scene->kernels;
    const bool vector = painter->modes().testFlag(QCPPainter::pmVectorized);
    for (size_t d = 0; d < byDevice.size(); ++d) {
        const QColor color = m_scene->devices[d].color;
        const QPixmap unit = vector ? QPixmap() : stamp(0, color, false); // a copy: later stamps may rehash
        const unsigned char mark = static_cast<unsigned char>(d % 255 + 1);
        for (const auto& [pixel, k] : byDevice[d]->pixels) {
            if (k == m_kernel || kernels[static_cast<size_t>(k)].hidden) {
                continue;
            }
            unsigned char& cell = m_grid[view.cell(pixel % view.width, pixel / view.width)];
            if (cell == mark) {
                continue;
            }
            cell = mark;
            const double scale = kernels[static_cast<size_t>(k)].markerScale;
            const double x = view.area.left() + pixel % view.width;
            const double y = view.area.top() + pixel / view.width;
            if (scale == 1.0 && !vector) {
                stampAt(painter, unit, x, y);
            } else {
                drawMarker(painter, 0, color, false, scale, x, y);
            }
        }
    }
}

void KernelCloud::stampMeasured(QCPPainter* painter, const LogPixels& view)
{
    // Measured points: hollow circles, no arrows (the highlighted kernel, drawn after, has its own).
    const auto& kernels = m_scene->kernels;
    for (size_t k = 0; k < kernels.size(); ++k) {
        const ChartKernel& kernel = kernels[k];
        if (static_cast<int>(k) == m_kernel || kernel.hidden || !kernel.achieved || kernel.points.empty()) {
            continue;
        }
        int px = 0;
        int py = 0;
        if (!(*kernel.achieved > 0.0) || !view.map(kernel.points.front().intensity, *kernel.achieved, px, py)) {
            continue;
        }
        unsigned char& cell = m_grid[view.cell(px, py)];
        if (cell == 255) {
            continue;
        }
        cell = 255;
        drawMarker(painter, 0, m_scene->style.hollowFill, true, kernel.markerScale, view.area.left() + px,
            view.area.top() + py);
    }
}

void KernelCloud::drawKernel(QCPPainter* painter, int index)
{
    const ChartKernel& kernel = m_scene->kernels[static_cast<size_t>(index)];
    const ChartStyle& style = m_scene->style;
    const QRect area = clipRect();
    const double top = area.top();
    const double bottom = area.bottom();
    double guideX = 0.0;
    // The first point's roof: the gap arrow ends there. The scene takes the measured point's "% of
    // roof" from that point's evaluation (the first device's row of the results table), so the arrow
    // spans the gap the label gives, whatever the other devices' roofs at that intensity.
    double roofAbove = 0.0;
    { // one dotted guide per distinct intensity
        painter->setPen(QPen(style.guide, style.line(1.0), Qt::DotLine));
        double lastX = -1.0;
        for (const ChartKernelPoint& point : kernel.points) {
            if (!positiveFinite(point.intensity) && !unboundedIntensity(point.intensity)) {
                continue;
            }
            const double x = edge::intensityPixel(m_xAxis, point.intensity);
            if (m_strict && (x < area.left() || x > area.right())) {
                continue;
            }
            if (std::fabs(x - lastX) >= 0.5) { // one guide per distinct intensity
                painter->drawLine(QLineF(x, top, x, bottom));
                lastX = x;
            }
        }
    }
    // A kernel another level binds: a dashed line at its height to where it sits on that level's roof.
    for (const ChartKernelPoint& point : kernel.points) {
        if (!positiveFinite(point.bindingIntensity) || !positiveFinite(point.intensity)
            || !positiveFinite(point.attainable) || point.device < 0
            || static_cast<size_t>(point.device) >= m_scene->devices.size()) {
            continue;
        }
        const double y = m_yAxis->coordToPixel(point.attainable);
        const double x0 = m_xAxis->coordToPixel(point.intensity);
        const double x1 = m_xAxis->coordToPixel(point.bindingIntensity);
        if (m_strict
            && (y < top + 4 || y > bottom - 4 || std::min(x0, x1) < area.left() || std::max(x0, x1) > area.right())) {
            continue;
        }
        const QColor color = m_scene->devices[static_cast<size_t>(point.device)].color;
        painter->setPen(QPen(color, style.line(1.2), Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawLine(QLineF(x0, y, x1, y));
        painter->setPen(QPen(color, style.line(1.6)));
        painter->setBrush(style.hollowFill);
        const double radius = 3.5 * style.markerScale;
        painter->drawEllipse(QPointF(x1, y), radius, radius);
        painter->setBrush(Qt::NoBrush);
    }
    const double edgeX = edge::edgePixel(m_xAxis);
    for (const ChartKernelPoint& point : kernel.points) {
        if (!placeable(point) || point.device < 0 || static_cast<size_t>(point.device) >= m_scene->devices.size()) {
            continue;
        }
        if (guideX <= 0.0) {
            guideX = point.intensity;
            roofAbove = point.attainable;
        }
        const double x = edge::intensityPixel(m_xAxis, point.intensity);
        const double y = m_yAxis->coordToPixel(point.attainable);
        const double margin = m_strict ? -10.0 : 20.0; // strict: the whole marker inside
        if (y < top - margin || y > bottom + margin || x < area.left() - margin || x > area.right() + margin) {
            continue;
        }
        if (unboundedIntensity(point.intensity)) { // its intensity lies beyond the axis: an arrow on to the edge
            edge::drawArrow(painter, QPointF(x, y), edgeX, style);
        }
        drawMarker(
            painter, index, m_scene->devices[static_cast<size_t>(point.device)].color, false, kernel.markerScale, x, y);
    }
    if (!kernel.achieved || !positiveFinite(*kernel.achieved) || guideX <= 0.0) {
        return;
    }
    const double x = edge::intensityPixel(m_xAxis, guideX);
    const double y = m_yAxis->coordToPixel(*kernel.achieved);
    if (m_strict && (y < top + 10 || y > bottom - 10 || x < area.left() + 10 || x > area.right() - 10)) {
        return;
    }
    if (roofAbove > *kernel.achieved) {
        const double yRoof = m_yAxis->coordToPixel(roofAbove);
        if (y - yRoof > 16.0) { // room for a shaft: the gap from the measured point up to the roof
            painter->setPen(QPen(style.arrow, style.line(1.2), Qt::SolidLine, Qt::RoundCap));
            const double tip = std::max(yRoof, top) + 6.0;
            const double headWidth = 3.5 * style.lineScale;
            const double headLength = 7.0 * style.lineScale;
            painter->drawLine(QLineF(x, y - 7.0 * style.markerScale, x, tip + headLength / 2.0));
            QPolygonF head;
            head << QPointF(x, tip) << QPointF(x - headWidth, tip + headLength)
                 << QPointF(x + headWidth, tip + headLength);
            painter->setBrush(style.arrow);
            painter->drawPolygon(head);
            painter->setBrush(Qt::NoBrush);
        }
    }
    if (kernel.levelPoints.size() > 1 && !(m_strict && y > bottom - 20)) {
        // Hierarchical roofline: the achieved FLOP/s at the intensity on each level, joined by a line.
        std::vector<std::pair<double, QString>> levels;
        for (const ChartLevelPoint& level : kernel.levelPoints) {
            const double px = m_xAxis->coordToPixel(level.intensity);
            if (!m_strict || (px >= area.left() + 30 && px <= area.right() - 30)) {
                levels.emplace_back(px, level.level.toUpper());
            }
        }
        std::sort(levels.begin(), levels.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        painter->setPen(QPen(style.arrow, style.line(1.2)));
        if (!levels.empty()) {
            painter->drawLine(QLineF(levels.front().first, y, levels.back().first, y));
        }
        painter->setBrush(style.hollowFill);
        QFont small = painter->font();
        small.setPointSizeF(7.5 * style.fontScale);
        painter->setFont(small);
        const double dot = 3.0 * style.markerScale;
        const double textHeight = 12.0 * style.fontScale;
        for (const auto& [px, name] : levels) {
            painter->setPen(QPen(style.arrow, style.line(1.2)));
            painter->drawEllipse(QPointF(px, y), dot, dot);
            painter->setPen(style.text);
            painter->drawText(QRectF(px - 5.0 * textHeight, y + 2.0 * dot, 10.0 * textHeight, textHeight),
                Qt::AlignHCenter | Qt::AlignTop, name);
        }
        painter->setBrush(Qt::NoBrush);
    }
    if (unboundedIntensity(guideX)) {
        edge::drawArrow(painter, QPointF(x, y), edgeX, style);
    }
    drawMarker(painter, index, style.hollowFill, true, kernel.markerScale, x, y);
    if (kernel.aboveRoof) { // a red ring: check the precision and the bytes counted (see the tooltip)
        painter->setPen(QPen(style.warning, style.line(2.0)));
        painter->setBrush(Qt::NoBrush);
        const double radius = 9.0 * kernel.markerScale * style.markerScale;
        painter->drawEllipse(QPointF(x, y), radius, radius);
    }
    drawMeasuredLabel(painter, index, x, y);
}

void KernelCloud::drawMeasuredLabel(QCPPainter* painter, int index, double x, double y)
{
    const auto label = m_labels ? m_labels->measuredLabel(index) : std::nullopt;
    if (!label) {
        return;
    }
    // Where the placer put it against the point then; during a drag (no new placement until the
    // release) it keeps that place beside the point, and shows the fraction of the step drawn.
    const QRectF placed = label->rect.translated(QPointF(x, y) - label->anchor);
    if (m_strict && !QRectF(clipRect()).contains(placed)) {
        return;
    }
    const ChartStyle& style = m_scene->style;
    const ChartKernel& kernel = m_scene->kernels[static_cast<size_t>(index)];
    const QString text = kernel.fractionOfRoof ? formatFractionOfRoof(*kernel.fractionOfRoof) : label->text;
    // Its side of the point as placed; a longer text (a drag step) grows away from the point.
    const bool left = placed.center().x() < x;
    const double width = QFontMetricsF(label->font).horizontalAdvance(text) + 4.0;
    QRectF rect = placed;
    if (left) {
        rect.setLeft(rect.right() - width);
    } else {
        rect.setWidth(width);
    }
    QColor panel = style.panel;
    panel.setAlpha(190);
    painter->setPen(Qt::NoPen);
    painter->setBrush(panel);
    painter->drawRect(rect);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(style.text);
    painter->setFont(label->font);
    painter->drawText(rect, Qt::AlignCenter | Qt::TextDontClip, text);
}

void KernelCloud::stampAt(QCPPainter* painter, const QPixmap& pixmap, double x, double y)
{
    const double half = pixmap.width() / pixmap.devicePixelRatio() / 2.0;
    painter->drawPixmap(QPointF(x - half, y - half), pixmap);
}

} // namespace roofscope
