// RooflineChart: the mouse (hover tooltips, clicks, drags along the intensity axis) and the binding
// to a session analysis.

#include "chart/RooflineChart.h"

#include "chart/EdgeMarker.h"
#include "chart/KernelCloud.h"
#include "figures/SessionAnalysis.h"
#include "model/Numbers.h"
#include "session/SessionDocument.h"

#include <QMouseEvent>
#include <QToolTip>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace roofscope {

void RooflineChart::setAnalysis(SessionAnalysis* analysis)
{
    m_analysis = analysis;
    connect(analysis, &SessionAnalysis::sceneChanged, this, [this](bool fit) {
        setScene(m_analysis->sharedScene(), fit);
        setSelectedKernel(m_analysis->selectedKernel());
    });
    connect(analysis, &SessionAnalysis::kernelMoved, this, [this](int kernel) {
        if (m_analysis->options().review) {
            setSummary(m_analysis->scene().summary); // before the kernel's repaint: the panel repaints with it
        }
        updateKernel(kernel); // the analysis moved it in the scene both share
    });
    connect(analysis, &SessionAnalysis::selectionChanged, this, &RooflineChart::setSelectedKernel);
    connect(this, &RooflineChart::kernelClicked, analysis, [this](int kernel) {
        if (kernel >= 0) {
            m_analysis->setSelectedKernel(kernel);
        }
    });
    connect(this, &RooflineChart::kernelDragged, analysis, [this](int kernel, double flopsPerByte) {
        QString limit;
        const KernelGroupPart* part = m_analysis->groupPartOf(kernel) >= 0
            ? m_analysis->shownSession().kernels[static_cast<size_t>(kernel)].groupPart.get()
            : nullptr;
        // A group's kernel moves by the group's batch; any other kernel by its own parameter or bytes.
        const QString error = part
            ? m_analysis->document()->setGroupPartIntensity(
                m_analysis->sessionKernelOf(kernel), part->part, part->chips, flopsPerByte, &limit)
            : m_analysis->document()->setKernelIntensity(m_analysis->sessionKernelOf(kernel), flopsPerByte, &limit);
        if (!error.isEmpty() || !limit.isEmpty()) {
            Q_EMIT statusMessage(error.isEmpty() ? limit : error);
        }
    });
    connect(this, &RooflineChart::kernelDragFinished, analysis->document(), &SessionDocument::endInteraction);
    setToolTipProvider([this](int kernel, int device) { return m_analysis->toolTip(kernel, device); });
    setScene(analysis->sharedScene(), true);
    setSelectedKernel(analysis->selectedKernel());
}

std::optional<ChartHit> RooflineChart::hitTest(const QPointF& pos, double radius) const
{
    std::optional<ChartHit> best;
    double bestDistance = radius * radius;
    const QCPAxis* xAxis = m_plot->xAxis;
    const QCPAxis* yAxis = m_plot->yAxis;
    auto consider = [&](int kernel, int device, double x, double y) {
        const double dx = edge::intensityPixel(xAxis, x) - pos.x(); // an unbounded intensity: by the edge
        const double dy = yAxis->coordToPixel(y) - pos.y();
        const double distance = dx * dx + dy * dy;
        // The selected kernel wins ties, so a press on stacked markers grabs what the user is editing.
        if (distance < bestDistance || (distance == bestDistance && kernel == m_selectedKernel)) {
            bestDistance = distance;
            best = ChartHit { kernel, device };
        }
    };
    for (int k = 0; k < static_cast<int>(m_scene->kernels.size()); ++k) {
        const ChartKernel& kernel = m_scene->kernels[static_cast<size_t>(k)];
        if (kernel.hidden) {
            continue;
        }
        for (const auto& point : kernel.points) {
            if (placeable(point)) {
                consider(k, point.device, point.intensity, point.attainable);
            }
        }
        if (kernel.achieved && !kernel.points.empty() && placeable(kernel.points.front())
            && positiveFinite(*kernel.achieved)) {
            consider(k, kernel.points.front().device, kernel.points.front().intensity, *kernel.achieved);
        }
    }
    return best;
}

std::optional<int> RooflineChart::kernelAt(const QPointF& pos, double radius) const
{
    if (auto hit = hitTest(pos, radius)) {
        return hit->kernel;
    }
    return std::nullopt;
}

void RooflineChart::setToolTipProvider(std::function<QString(int, int)> provider)
{
    m_toolTipProvider = std::move(provider);
}

void RooflineChart::showToolTip(const ChartHit& hit, const QPoint& globalPos)
{
    if (!m_toolTipProvider) {
        return;
    }
    const QString text = m_toolTipProvider(hit.kernel, hit.device);
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(globalPos, text, m_plot);
    }
}

void RooflineChart::setSelectedKernel(int kernel)
{
    if (kernel < -1 || kernel >= static_cast<int>(m_scene->kernels.size())) {
        kernel = -1;
    }
    if (kernel == m_selectedKernel) {
        return;
    }
    m_selectedKernel = kernel;
    m_cloud->setHighlighted(kernel);
    replotQueued();
}

void RooflineChart::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        return;
    }
    const std::optional<ChartHit> hit = hitTest(event->position());
    const std::optional<int> kernel = hit ? std::optional<int>(hit->kernel) : std::nullopt;
    Q_EMIT kernelClicked(kernel.value_or(-1));
    if (!kernel) {
        return;
    }
    const auto& points = m_scene->kernels[static_cast<size_t>(*kernel)].points;
    const auto pressed = std::find_if(points.begin(), points.end(),
        [&](const ChartKernelPoint& point) { return point.device == hit->device || hit->device < 0; });
    if (pressed != points.end() && unboundedIntensity(pressed->intensity)) {
        // Selected, not dragged: no intensity along the axis could stand for it. The press pans the view.
        Q_EMIT statusMessage(tr("%1 %2: it cannot be dragged along the intensity axis")
                                 .arg(m_scene->kernels[static_cast<size_t>(*kernel)].name, unboundedIntensityText()));
        setSelectedKernel(*kernel);
        return;
    }
    m_dragScale = 1.0;
    if (m_analysis && !m_scene->xLevel.empty() && hit->device >= 0) {
        // The x-axis shows another level than the default one that drags edit: move by the ratio.
        const Evaluation* ev = m_analysis->evaluation(static_cast<size_t>(*kernel), static_cast<size_t>(hit->device));
        for (const ChartKernelPoint& point : m_scene->kernels[static_cast<size_t>(*kernel)].points) {
            if (point.device == hit->device && ev && positiveFinite(point.intensity) && positiveFinite(ev->intensity)) {
                m_dragScale = ev->intensity / point.intensity;
            }
        }
    }
    m_dragKernel = *kernel;
    m_plot->setInteraction(QCP::iRangeDrag, false); // the press moves the kernel, not the view
    m_selectedKernel = *kernel;
    m_cloud->setHighlighted(*kernel);
    m_cloud->showAllExcept(*kernel);
    m_dragCloud->showOnly(*kernel);
    setKernelLabelLayer(*kernel, QStringLiteral("overlay"));
    replotQueued();
}

void RooflineChart::onMouseMove(QMouseEvent* event)
{
    if (m_dragKernel < 0) {
        if (event->buttons() == Qt::NoButton) {
            if (auto hit = hitTest(event->position())) {
                showToolTip(*hit, event->globalPosition().toPoint());
            } else {
                QToolTip::hideText();
            }
        }
        return;
    }
    const double intensity = m_plot->xAxis->pixelToCoord(event->position().x());
    if (std::isfinite(intensity) && intensity > 0.0) {
        Q_EMIT kernelDragged(m_dragKernel, intensity * m_dragScale);
        const auto& points = m_scene->kernels[static_cast<size_t>(m_dragKernel)].points;
        if (!points.empty()) {
            // Brief and plain during a drag (rich-text layout would cost more than the rest of the step).
            showToolTip({ m_dragKernel, -1 }, event->globalPosition().toPoint());
        }
    }
}

void RooflineChart::onMouseRelease(QMouseEvent* /*event*/)
{
    if (m_dragKernel < 0) {
        return;
    }
    const int kernel = m_dragKernel;
    m_dragKernel = -1;
    m_plot->setInteraction(QCP::iRangeDrag, true);
    m_cloud->showAllExcept(-1);
    m_dragCloud->showOnly(-1);
    setKernelLabelLayer(kernel, QString::fromLatin1(kKernelLayer));
    if (m_movedKernelsOnly) {
        m_movedKernelsOnly = false;
        setScene(m_scene, false); // the markers' places as obstacles of every label, the roofs' labels again
    } else {
        replotQueued();
    }
    Q_EMIT kernelDragFinished(kernel);
}

} // namespace roofscope
