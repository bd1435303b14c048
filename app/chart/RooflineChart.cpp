#include "chart/RooflineChart.h"

#include "chart/DeferredReplot.h"

#include "chart/ChartText.h"
#include "chart/PlotStyle.h"
#include "chart/RoofGeometry.h"
#include "chart/RoofGraph.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartDecorator.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/ComparisonPanel.h"
#include "chart/EdgeMarker.h"
#include "chart/KernelCloud.h"
#include "chart/KernelMarkerStyle.h"
#include "chart/SiLogTicker.h"
#include "figures/SessionAnalysis.h"
#include "model/Numbers.h"
#include "model/Units.h"
#include "scene/ChartPalette.h"

#include <QMouseEvent>
#include <QThreadPool>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
constexpr double kFlatWidth = 2.8; // the compute roof
constexpr double kSlopeWidth = 1.6; // the memory slope of the default level
constexpr double kLevelWidth = 1.3; // other levels' roofs
constexpr double kCeilingWidth = 1.3;
constexpr double kLevelTint = 0.35; // how much lighter other levels are drawn

QString quantity(double value, Dimension dimension)
{
    return QString::fromStdString(formatQuantity(value, dimension, 3));
}

} // namespace

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
{
    setupPlot();
}

RooflineChart::~RooflineChart() = default;

void RooflineChart::setupPlot()
{
    m_plot = new QCustomPlot(this);
    m_labels = std::make_unique<ChartLabelPlacer>(m_plot);
    m_decorator = std::make_unique<ChartDecorator>(m_plot, m_labels.get());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->setAutoAddPlottableToLegend(false);
    m_plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems | QCP::aeScatters | QCP::aeLegendItems);
    m_plot->setPlottingHint(QCP::phFastPolylines, true); // roofs are two or three points: no joins to lose
    m_plot->addLayer(kRoofLabelLayer, m_plot->layer("main"), QCustomPlot::limAbove);
    m_plot->addLayer(kKernelLayer, m_plot->layer(kRoofLabelLayer), QCustomPlot::limAbove);
    m_plot->setCurrentLayer("main");
    m_plot->layer("overlay")->setMode(QCPLayer::lmBuffered);
    // Kernels on a buffer of their own: a group's drag redraws them over the roofs already drawn.
    m_plot->layer(kKernelLayer)->setMode(QCPLayer::lmBuffered);
    m_cloud = new KernelCloud(m_plot, m_plot->xAxis, m_plot->yAxis, QString::fromLatin1(kKernelLayer), m_labels.get());
    m_dragCloud = new KernelCloud(m_plot, m_plot->xAxis, m_plot->yAxis, QStringLiteral("overlay"), m_labels.get());
    m_cloud->setScene(m_scene.get());
    m_dragCloud->setScene(m_scene.get());
    m_dragCloud->showOnly(-1);
    m_panel = new ComparisonPanel(m_plot);
    m_panel->setLayer(QStringLiteral("overlay")); // redrawn with the dragged kernel: its totals move too
    m_panel->setScene(m_scene.get());
    m_plot->setMouseTracking(true);

    auto setupAxis = [&](QCPAxis* axis, std::function<QString(double)> formatter, const QString& title) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<SiLogTicker>::create(std::move(formatter)));
        axis->setLabel(title);
        axis->setNumberPrecision(3);
        axis->grid()->setSubGridVisible(true);
        axis->grid()->setZeroLinePen(Qt::NoPen);
    };
    setupAxis(m_plot->xAxis, &formatIntensityTick, tr("Arithmetic intensity (FLOP/byte)"));
    setupAxis(m_plot->yAxis, &formatPerformanceTick, tr("Attainable performance (FLOP/s)"));
    m_plot->axisRect()->setupFullAxesBox(true); // a closed frame; top and right axes mirror the ranges

    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_plot->legend->setVisible(false);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);

    m_emptyText = new ChartTextItem(m_plot);
    m_emptyText->setLayer(kRoofLabelLayer);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setText(tr("No devices to show"));
    m_emptyText->setVisible(false);
    applyStyle();

    const ChartRange range;
    m_plot->xAxis->setRange(range.xLower, range.xUpper);
    m_plot->yAxis->setRange(range.yLower, range.yUpper);

    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        m_decorator->reserveCaptionRoom(); // the verdict's lines as they wrap at this width, first
        fitLegendToPlot();
        m_labels->place();
    });
    connect(m_plot, &QCustomPlot::mousePress, this, &RooflineChart::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &RooflineChart::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        if (event->button() == Qt::LeftButton && !kernelAt(event->position())) {
            Q_EMIT fitRequested();
        }
    });
}

void RooflineChart::clearScene()
{
    m_plot->legend->clearItems();
    m_plot->clearGraphs();
    for (int i = m_plot->itemCount() - 1; i >= 0; --i) {
        if (m_plot->item(i) != m_emptyText) {
            m_plot->removeItem(i);
        }
    }
    m_legendGraphs.clear();
    m_labels->clear();
    m_kernelItems.clear();
    m_regionLabels.clear();
    m_hasRegion = false;
    m_roofCount = 0;
    m_ceilingCount = 0;
    m_drawnRoofs.clear();
}

void RooflineChart::applyStyle()
{
    const ChartStyle& style = m_scene->style;
    const QString family = font().family();
    applyPlotStyle(*m_plot, style, family);
    for (QCPAxis* axis : m_plot->axisRect()->axes()) { // ticks grow with the lines in review mode
        axis->setTickLengthIn(static_cast<int>(5 * style.lineScale));
        axis->setSubTickLengthIn(static_cast<int>(2 * style.lineScale));
    }
    m_plot->legend->setIconSize(static_cast<int>(36 * style.fontScale), static_cast<int>(14 * style.fontScale));
    m_emptyText->setFont(style.font(family, 12));
    m_emptyText->setColor(style.mutedText);

    QCPLayoutGrid* layout = m_plot->plotLayout();
    const bool inLayout = layout->hasElement(0, 1) && layout->element(0, 1) == m_panel;
    if (m_panel->wanted() && !inLayout) {
        layout->addElement(0, 1, m_panel);
        layout->setColumnStretchFactor(1, 0.01);
    } else if (!m_panel->wanted() && inLayout) {
        layout->take(m_panel);
        layout->simplify();
    }
}

void RooflineChart::setSummary(ChartSummary summary)
{
    m_scene->summary = std::move(summary);
}

bool RooflineChart::hasSummaryPanel() const
{
    return m_panel->wanted() && m_panel->layout() == m_plot->plotLayout();
}

QRect RooflineChart::summaryRect() const
{
    return hasSummaryPanel() ? m_panel->outerRect() : QRect();
}

void RooflineChart::setScene(ChartScene scene, bool fit)
{
    setScene(std::make_shared<ChartScene>(std::move(scene)), fit);
}

bool RooflineChart::onlyKernelsMove(const ChartScene& next) const
{
    // While a kernel of a group is dragged the group's batch changes: every kernel of the group moves,
    // usually nothing else does. Anything else (a new roof, another title, the review panel) takes the
    // full path.
    if (!m_hasScene || m_dragKernel < 0 || !m_analysis || m_analysis->movingGroup() < 0) {
        return false;
    }
    const ChartScene& now = *m_scene;
    if (next.kernels.size() != now.kernels.size() || next.devices.size() != now.devices.size()
        || next.xLevel != now.xLevel || next.showFeasibleRegion != now.showFeasibleRegion
        || next.showRegionLabels != now.showRegionLabels || next.labelIntensity != now.labelIntensity
        || next.style.review || now.style.review || !now.decorations.arrows.empty()) {
        return false; // an annotation's arrow between kernels is drawn with the roofs' labels
    }
    // The verdict's captions follow the group's batch: the same lines, other words (drawn with the kernels).
    ChartDecorations decorations = next.decorations;
    if (decorations.captions.size() != now.decorations.captions.size()) {
        return false;
    }
    decorations.captions = now.decorations.captions;
    if (!(decorations == now.decorations)) {
        return false;
    }
    for (size_t d = 0; d < next.devices.size(); ++d) {
        if (!next.devices[d].sameRoofs(now.devices[d])) {
            return false;
        }
    }
    for (size_t k = 0; k < next.kernels.size(); ++k) {
        if (next.kernels[k].hidden != now.kernels[k].hidden || next.kernels[k].name != now.kernels[k].name) {
            return false;
        }
    }
    return true;
}

void RooflineChart::setScene(std::shared_ptr<ChartScene> scene, bool fit)
{
    if (scene && !fit && onlyKernelsMove(*scene)) {
        std::shared_ptr<ChartScene> retired = std::move(m_scene);
        m_scene = std::move(scene);
        m_cloud->setScene(m_scene.get());
        m_dragCloud->setScene(m_scene.get());
        m_panel->setScene(m_scene.get());
        for (int i = 0; i < static_cast<int>(m_scene->kernels.size()); ++i) {
            moveKernelItems(i);
        }
        m_decorator->followKernels(*m_scene);
        m_decorator->setCaptions(m_scene->decorations.captions);
        // The roofs' buffer stays as drawn; the release builds the chart whole again (labels placed
        // around the markers where they are now).
        m_movedKernelsOnly = true;
        if (m_decorator->captionRoomStale()) {
            m_plot->replot(); // a verdict's words now wrap in more or fewer lines: laid out again
        } else {
            m_plot->layer(kKernelLayer)->replot();
            m_plot->layer(QStringLiteral("overlay"))->replot();
        }
        retire(std::move(retired));
        return;
    }
    const bool first = !m_hasScene;
    clearScene();
    std::shared_ptr<ChartScene> retired = std::move(m_scene);
    m_scene = scene ? std::move(scene) : std::make_shared<ChartScene>();
    m_cloud->setScene(m_scene.get());
    m_dragCloud->setScene(m_scene.get());
    m_panel->setScene(m_scene.get());
    m_hasScene = true;
    applyStyle();

    const ChartRange fitted = m_scene->fitRange();
    m_domainLower = std::min(1e-4, fitted.xLower / 1e3);
    m_domainUpper = std::max(1e8, fitted.xUpper * 1e3);
    for (int i = 0; i < static_cast<int>(m_scene->devices.size()); ++i) {
        buildDevice(i);
    }
    m_shownKernels = static_cast<size_t>(std::count_if(
        m_scene->kernels.begin(), m_scene->kernels.end(), [](const ChartKernel& kernel) { return !kernel.hidden; }));
    for (int i = 0; i < static_cast<int>(m_scene->kernels.size()); ++i) {
        buildKernel(i);
    }
    buildRegions();
    m_decorator->build(*m_scene, m_domainLower, m_domainUpper,
        m_clipToView ? std::optional<ChartRange>(visibleRange()) : std::nullopt, font().family(), kRoofLabelLayer);
    if (m_selectedKernel >= static_cast<int>(m_scene->kernels.size())) {
        m_selectedKernel = -1;
    }
    if (m_dragKernel >= static_cast<int>(m_scene->kernels.size())) {
        m_dragKernel = -1;
        m_plot->setInteraction(QCP::iRangeDrag, true);
    }
    m_cloud->setHighlighted(m_selectedKernel);
    m_cloud->showAllExcept(m_dragKernel);
    m_dragCloud->showOnly(m_dragKernel);
    setKernelLabelLayer(m_dragKernel, QStringLiteral("overlay"));
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_emptyText->setVisible(m_scene->devices.empty());

    if (first || fit) {
        fitAll();
    } else {
        replotQueued();
    }
    retire(std::move(retired));
}

void RooflineChart::retire(std::shared_ptr<ChartScene> scene)
{
    // A scene of many kernels takes a while to free (a vector per kernel): when nothing else holds
    // it, it is freed on a worker thread, not between the change and its frame. It is plain data
    // (strings, colours, vectors); nothing points into it once the chart has moved on.
    constexpr size_t kLargeScene = 2000;
    if (scene && scene.use_count() == 1 && scene->kernels.size() >= kLargeScene) {
        QThreadPool::globalInstance()->start([scene = std::move(scene)]() mutable { scene.reset(); });
    }
}

void RooflineChart::setClipToView(bool clip)
{
    m_clipToView = clip;
    m_cloud->setStrictCulling(clip);
}

QCPGraph* RooflineChart::addLine(const std::vector<double>& xIn, const std::vector<double>& yIn, const QPen& pen)
{
    std::vector<double> x = xIn;
    std::vector<double> y = yIn;
    if (m_clipToView) {
        clipToBox(x, y, visibleRange());
    }
    QCPGraph* graph = new RoofGraph(m_plot->xAxis, m_plot->yAxis);
    graph->setData(QVector<double>(x.begin(), x.end()), QVector<double>(y.begin(), y.end())); // sorts by x
    graph->setPen(pen);
    graph->setLineStyle(QCPGraph::lsLine);
    graph->setAdaptiveSampling(false);
    graph->setSelectable(QCP::stNone);
    graph->setAntialiased(true);
    return graph;
}

QCPItemText* RooflineChart::addRoofLabel(const QString& text, const QColor& color)
{
    auto* item = new ChartTextItem(m_plot);
    item->setLayer(kRoofLabelLayer);
    item->setText(text);
    item->setFont(m_scene->style.font(font().family(), 8));
    item->setColor(m_scene->style.labelColor(color));
    QColor panel = m_scene->style.panel;
    panel.setAlpha(190);
    item->setBrush(panel);
    item->setPadding(QMargins(2, 0, 2, 0));
    item->setSelectable(false);
    return item;
}

void RooflineChart::buildDevice(int index)
{
    const ChartDevice& device = m_scene->devices[static_cast<size_t>(index)];
    m_legendGraphs.push_back(nullptr);
    const DeviceRoofGeometry g = roofGeometry(device, m_domainLower, m_domainUpper);
    if (!g.valid) {
        return;
    }
    const ChartStyle& style = m_scene->style;
    QPen flatPen(device.color, style.line(kFlatWidth));
    flatPen.setCapStyle(Qt::RoundCap);
    QPen slopePen(device.color, style.line(kSlopeWidth));
    slopePen.setCapStyle(Qt::RoundCap);
    const ChartLevel* main = device.defaultLevel();
    if (main && main->estimate) {
        slopePen.setStyle(Qt::DashLine); // an estimated bandwidth is drawn dashed (and says so in the legend)
    }
    if (index == 0 && m_scene->showFeasibleRegion) {
        // The attainable region under the first device's roof, faintly in its colour: one polygon,
        // drawn first so the roofs lie on top (one region only: overlapping shades turn muddy).
        QColor shade = device.color;
        shade.setAlpha(style.regionAlpha);
        QCPGraph* region = addLine(g.region.x, g.region.y, Qt::NoPen);
        region->setBrush(shade);
        region->setAntialiasedFill(false);
        m_hasRegion = true;
    }
    if (g.hasSlope) {
        const QCPGraph* slope = addLine(g.slope.x, g.slope.y, slopePen);
        m_drawnRoofs.push_back({ index, main->name, QString(), slope->pen().style() });
        ++m_roofCount;
    }
    QCPGraph* flat = addLine(g.flat.x, g.flat.y, flatPen);

    const QString estimate = tr(" (estimate)");
    QString legend = QStringLiteral("%1 (%2) · %3%4")
                         .arg(device.label, device.precision, quantity(g.peak, Dimension::FlopsPerSecond),
                             device.computeEstimate ? estimate : QString());
    QCPGraph* legendGraph = flat;
    if (g.hasSlope) {
        legend += QStringLiteral(" · %1%2 · ridge %3")
                      .arg(quantity(main->bytesPerSecond, Dimension::BytesPerSecond),
                          main->estimate ? estimate : QString(), QString::fromStdString(formatNumber(g.ridge, 3)));
        legendGraph = addLine({ g.ridge }, { g.peak }, flatPen);
        legendGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(device.color, style.line(2.0)),
            QBrush(style.hollowFill), 9.0 * style.markerScale));
    }
    if (!device.unlike.isEmpty()) { // not like-for-like: said beside its figures, as in the comparison
        legend += QStringLiteral(" · * ") + device.unlike;
    }
    legendGraph->setName(legend);
    m_plot->legend->addItem(new ChartLegendItem(m_plot->legend, legendGraph)); // keeps its text's layout
    m_legendGraphs.back() = legendGraph;

    m_labels->addObstacle(g.ridge, g.peak);

    const QColor tint = lighterTint(device.color, kLevelTint);
    for (const auto& level : g.levels) {
        const QPen pen(tint, style.line(kLevelWidth), level.level->estimate ? Qt::DashLine : Qt::SolidLine);
        const QCPGraph* line = addLine(level.line.x, level.line.y, pen);
        ++m_roofCount;
        const QString text = QStringLiteral("%1 %2%3").arg(level.level->name.toUpper(),
            quantity(level.level->bytesPerSecond, Dimension::BytesPerSecond),
            level.level->estimate ? estimate : QString());
        m_drawnRoofs.push_back({ index, level.level->name, text, line->pen().style() });
        m_labels->addSlanted(addRoofLabel(text, device.color), level.label.bytesPerSecond, level.label.from,
            level.label.to, level.labelAbove);
    }
    for (const auto& [other, line] : g.otherComputeRoofs) {
        addLine(line.line.x, line.line.y, QPen(tint, style.line(kLevelWidth)));
        const QString text
            = QStringLiteral("%1 %2").arg(other->precision, quantity(line.value, Dimension::FlopsPerSecond));
        m_labels->addFlat(addRoofLabel(text, device.color), line.value, line.labelX);
    }
    const QPen ceilingPen(tint, style.line(kCeilingWidth), Qt::DashLine);
    for (const auto& ceiling : g.ceilings) {
        addLine(ceiling.line.x, ceiling.line.y, ceilingPen);
        const bool compute = ceiling.ceiling->kind == ChartCeiling::Kind::Compute;
        const QString text = QStringLiteral("%1 %2").arg(ceiling.ceiling->name,
            quantity(ceiling.ceiling->value, compute ? Dimension::FlopsPerSecond : Dimension::BytesPerSecond));
        if (compute) {
            m_labels->addFlat(addRoofLabel(text, device.color), ceiling.ceiling->value, ceiling.labelX);
        } else {
            m_labels->addSlanted(addRoofLabel(text, device.color), ceiling.slanted.bytesPerSecond, ceiling.slanted.from,
                ceiling.slanted.to, false);
        }
        ++m_ceilingCount;
    }
}

void RooflineChart::buildRegions()
{
    if (m_scene->devices.empty()) {
        return;
    }
    const ChartDevice& device = m_scene->devices.front();
    const ChartLevel* main = device.defaultLevel();
    if (!m_scene->showRegionLabels || !main || !positiveFinite(device.computeRoof)
        || !positiveFinite(main->bytesPerSecond)) {
        return;
    }
    const double ridge = device.computeRoof / main->bytesPerSecond;
    auto* ridgeLine = new QCPItemStraightLine(m_plot);
    ridgeLine->setLayer(QStringLiteral("main"));
    ridgeLine->setPen(QPen(lighterTint(device.color, 0.5), m_scene->style.line(1.0), Qt::DashDotLine));
    ridgeLine->point1->setCoords(ridge, 1.0);
    ridgeLine->point2->setCoords(ridge, 10.0);
    ridgeLine->setSelectable(false);
    const QString names[2] = { tr("memory-bound"), tr("compute-bound") };
    for (int side = 0; side < 2; ++side) {
        auto* text = new ChartTextItem(m_plot);
        text->setLayer(kRoofLabelLayer);
        text->setText(side == 0 ? QStringLiteral("\u25C2 ") + names[0] : names[1] + QStringLiteral(" \u25B8"));
        text->setFont(m_scene->style.font(font().family(), 10, QFont::DemiBold));
        text->setColor(m_scene->style.labelColor(device.color).lighter(115));
        // Inside the shaded region, a decade and a half under the compute roof, either side of the ridge.
        text->position->setCoords(side == 0 ? ridge / 1.3 : ridge * 1.3, device.computeRoof / 30.0);
        text->setPositionAlignment((side == 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
        text->setPadding(QMargins(6, 0, 6, 0));
        text->setSelectable(false);
        m_regionLabels.push_back(text);
    }
}

QStringList RooflineChart::regionLabels() const
{
    QStringList labels;
    for (const QCPItemText* text : m_regionLabels) {
        labels << text->text();
    }
    return labels;
}

void RooflineChart::fitAll()
{
    setVisibleRange(m_scene->fitRange());
}

void RooflineChart::replotQueued()
{
    replotUnlessHidden(m_plot);
}

void RooflineChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    replotIfMarked(m_plot); // edits, sweeps and run arrows that came while another tab was in front
}

void RooflineChart::setVisibleRange(const ChartRange& range)
{
    if (!range.isValid()) {
        return;
    }
    m_plot->xAxis->setRange(range.xLower, range.xUpper);
    m_plot->yAxis->setRange(range.yLower, range.yUpper);
    replotQueued();
}

ChartRange RooflineChart::visibleRange() const
{
    const QCPRange x = m_plot->xAxis->range();
    const QCPRange y = m_plot->yAxis->range();
    return { x.lower, x.upper, y.lower, y.upper };
}

int RooflineChart::kernelMarkerCount() const
{
    int count = 0;
    for (const ChartKernel& kernel : m_scene->kernels) {
        count += static_cast<int>(std::count_if(
            kernel.points.begin(), kernel.points.end(), [](const ChartKernelPoint& p) { return placeable(p); }));
    }
    return count;
}

std::optional<QPointF> RooflineChart::markerPosition(int kernel, int device) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_scene->kernels.size())) {
        return std::nullopt;
    }
    for (const ChartKernelPoint& point : m_scene->kernels[static_cast<size_t>(kernel)].points) {
        if (point.device == device && placeable(point)) { // an unbounded intensity: pinned by the right edge
            return QPointF(
                edge::intensityPixel(m_plot->xAxis, point.intensity), m_plot->yAxis->coordToPixel(point.attainable));
        }
    }
    return std::nullopt;
}

std::vector<QRectF> RooflineChart::markerRects(const QRectF& area) const
{
    // The markers the label placer kept labels clear of in this layout (placed after each layout,
    // before any layer draws), as boxes of the largest marker's size.
    std::vector<QRectF> rects;
    const double radius = 7.0 * m_scene->style.markerScale; // the largest marker is 14 px wide at 1x
    for (const QPointF& at : m_labels->markerPixels()) {
        if (area.contains(at)) {
            rects.emplace_back(at.x() - radius, at.y() - radius, 2.0 * radius, 2.0 * radius);
        }
    }
    return rects;
}

QString RooflineChart::legendText(int device) const
{
    if (device < 0 || device >= static_cast<int>(m_legendGraphs.size())
        || !m_legendGraphs[static_cast<size_t>(device)]) {
        return {};
    }
    return m_legendGraphs[static_cast<size_t>(device)]->name();
}

QString RooflineChart::xTickLabel(double flopsPerByte)
{
    return formatIntensityTick(flopsPerByte);
}

QString RooflineChart::yTickLabel(double flopsPerSecond)
{
    return formatPerformanceTick(flopsPerSecond);
}

QWidget* RooflineChart::plotWidget() const
{
    return m_plot;
}

QPixmap RooflineChart::toPixmap() const
{
    return m_plot->toPixmap();
}

} // namespace roofscope

#include "moc_RooflineChart.cpp"
