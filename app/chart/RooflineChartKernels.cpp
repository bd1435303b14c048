// RooflineChart: the kernels' labels at the top of the plot (name, and the intensity they sit at
// unless the view leaves it out) with their leader lines, built per scene and moved with a drag.

#include "chart/ChartText.h"
#include "chart/RooflineChart.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartDecorator.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/EdgeMarker.h"
#include "chart/KernelCloud.h"
#include "chart/KernelMarkerStyle.h"
#include "model/Numbers.h"

#include <QFontMetricsF>
#include <qcustomplot.h>

#include <cmath>

namespace roofscope {

namespace {
constexpr int kMaxKernelLabelChars = 28;

// Where a kernel's guide and label go (the first drawable point's intensity, +infinity for a kernel
// drawn at the right edge) and the marker its label names: the highest point at that intensity, the
// one nearest the labels at the top. {0, 0} when none.
QPointF labelAnchor(const ChartKernel& kernel)
{
    QPointF anchor;
    for (const ChartKernelPoint& point : kernel.points) {
        if (!placeable(point)) {
            continue;
        }
        if (anchor.x() <= 0.0) {
            anchor.setX(point.intensity);
        }
        if (point.intensity == anchor.x()) {
            anchor.setY(std::max(anchor.y(), point.attainable));
        }
    }
    return anchor;
}
} // namespace

QString RooflineChart::kernelLabel(int index) const
{
    const ChartKernel& kernel = m_scene->kernels[static_cast<size_t>(index)];
    QString name = kernel.name;
    if (name.size() > kMaxKernelLabelChars) {
        name = name.left(kMaxKernelLabelChars - 1) + QChar(0x2026);
    }
    const char32_t glyph = kernelMarkerGlyph(index);
    if (QFontMetricsF(QFont(font().family(), 9)).inFontUcs4(glyph)) {
        name = QString::fromUcs4(&glyph, 1) + QLatin1Char(' ') + name;
    }
    if (m_scene->labelIntensity) {
        // On the x-axis level, where the marker is drawn: the first point's, as the guide.
        const QString intensity = formatLabelIntensity(labelAnchor(kernel).x());
        if (!intensity.isEmpty()) {
            name += QStringLiteral("\nAI=") + intensity;
        }
    }
    return name;
}

void RooflineChart::buildKernel(int index)
{
    const ChartKernel& kernel = m_scene->kernels[static_cast<size_t>(index)];
    KernelItems items;
    if (m_shownKernels > KernelCloud::kManyKernels) {
        m_kernelItems.push_back(items); // no label nor guide: updateKernel() places one that moves
        return;
    }
    const bool few = !kernel.hidden;
    const QPointF anchor = labelAnchor(kernel);
    items.x = anchor.x(); // the guide and label follow the first point
    items.y = anchor.y();
    if (few) {
        for (const ChartKernelPoint& point : kernel.points) {
            if (placeable(point)) { // an unbounded intensity is placed by the edge when the placer maps it
                m_labels->addObstacle(point.intensity, point.attainable);
            }
        }
    }
    if (items.x <= 0.0 || !few) {
        m_kernelItems.push_back(items);
        return;
    }
    if (kernel.achieved && positiveFinite(*kernel.achieved)) {
        m_labels->addObstacle(items.x, *kernel.achieved);
    }
    const ChartStyle& style = m_scene->style;
    items.leader = new QCPItemLine(m_plot);
    items.leader->setLayer(kKernelLayer);
    items.leader->setPen(QPen(style.guide, style.line(1.0)));
    items.leader->setSelectable(false);
    items.leader->setVisible(false); // until the placer moves the label away from its guide
    items.label = new ChartTextItem(m_plot);
    items.label->setLayer(kKernelLayer);
    items.label->setText(kernelLabel(index));
    items.label->setFont(style.font(font().family(), 9));
    items.label->setColor(style.text);
    items.label->setBrush(style.panel);
    items.label->setPen(QPen(style.panelBorder));
    items.label->setPadding(QMargins(3, 1, 3, 1));
    items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    items.label->position->setTypeY(QCPItemPosition::ptAbsolute);
    items.label->setSelectable(false);
    m_labels->addKernel(items.label, items.leader, items.x, items.y, index);
    m_kernelItems.push_back(items);
}

void RooflineChart::updateKernel(int index, ChartKernel kernel)
{
    if (index < 0 || index >= static_cast<int>(m_scene->kernels.size())) {
        return;
    }
    m_scene->kernels[static_cast<size_t>(index)] = std::move(kernel);
    updateKernel(index);
}

void RooflineChart::updateKernel(int index)
{
    if (index < 0 || index >= static_cast<int>(m_scene->kernels.size())) {
        return;
    }
    m_cloud->forgetPixels(); // its points moved in place: the scene's device keys no longer say so
    m_scene->kernelBounds.reset(); // nor does the extent the builder found
    moveKernelItems(index);
    m_decorator->followKernels(*m_scene);
    if (index == m_dragKernel) {
        m_plot->layer(QStringLiteral("overlay"))->replot();
    } else {
        replotQueued();
    }
}

void RooflineChart::moveKernelItems(int index)
{
    if (static_cast<size_t>(index) >= m_kernelItems.size()) {
        return;
    }
    KernelItems& items = m_kernelItems[static_cast<size_t>(index)];
    const QPointF anchor = labelAnchor(m_scene->kernels[static_cast<size_t>(index)]);
    items.x = anchor.x();
    items.y = anchor.y();
    if (items.label) {
        // The label follows the guide, with its new intensity. While dragged (only the overlay is drawn
        // again) it takes the first free row over its guide among the labels placed; otherwise the full
        // replot that follows places every label again.
        items.label->setText(kernelLabel(index));
        items.leader->setVisible(false);
        if (index == m_dragKernel) {
            m_labels->followKernel(items.label, items.x, items.y);
        } else {
            m_labels->moveKernel(items.label, items.x, items.y);
            items.label->position->setCoords(
                edge::drawnIntensity(m_plot->xAxis, items.x), items.label->position->coords().y());
            items.label->setVisible(items.x > 0.0);
        }
    }
}

void RooflineChart::setKernelLabelLayer(int kernel, const QString& layer)
{
    if (kernel < 0 || static_cast<size_t>(kernel) >= m_kernelItems.size()) {
        return;
    }
    const KernelItems& items = m_kernelItems[static_cast<size_t>(kernel)];
    if (items.label) {
        items.label->setLayer(layer);
        items.leader->setLayer(layer);
    }
}

QString RooflineChart::kernelLabelText(int kernel) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return {};
    }
    const QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label;
    return label ? label->text() : QString();
}

std::optional<QRectF> RooflineChart::kernelLabelRect(int kernel) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return std::nullopt;
    }
    const QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label;
    if (!label || !label->visible()) {
        return std::nullopt;
    }
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

bool RooflineChart::kernelLabelVisible(int kernel) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return false;
    }
    const QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label;
    return label && label->visible();
}

} // namespace roofscope
