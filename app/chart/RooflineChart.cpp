#include "chart/RooflineChart.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/ChartPalette.h"
#include "chart/ComparisonPanel.h"
#include "chart/KernelCloud.h"
#include "chart/KernelMarkerStyle.h"
#include "chart/SiLogTicker.h"
#include "model/Units.h"

#include <QFontMetricsF>
#include <QMouseEvent>
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
constexpr int kMaxKernelLabelChars = 28;

bool positiveFinite(double value)
{
    return std::isfinite(value) && value > 0.0;
}

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
    m_cloud = new KernelCloud(m_plot, m_plot->xAxis, m_plot->yAxis, QString::fromLatin1(kKernelLayer));
    m_dragCloud = new KernelCloud(m_plot, m_plot->xAxis, m_plot->yAxis, QStringLiteral("overlay"));
    m_cloud->setScene(&m_scene);
    m_dragCloud->setScene(&m_scene);
    m_dragCloud->showOnly(-1);
    m_panel = new ComparisonPanel(m_plot);
    m_panel->setLayer(QStringLiteral("overlay")); // redrawn with the dragged kernel: its totals move too
    m_panel->setScene(&m_scene);
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

    m_emptyText = new QCPItemText(m_plot);
    m_emptyText->setLayer(kRoofLabelLayer);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setText(tr("No devices to show"));
    m_emptyText->setVisible(false);
    applyStyle();

    const ChartRange range;
    m_plot->xAxis->setRange(range.xLower, range.xUpper);
    m_plot->yAxis->setRange(range.yLower, range.yUpper);

    connect(m_plot, &QCustomPlot::afterLayout, this, [this] { m_labels->place(); });
    connect(m_plot, &QCustomPlot::mousePress, this, &RooflineChart::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &RooflineChart::onMouseRelease);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        if (event->button() == Qt::LeftButton && !kernelAt(event->position())) {
            Q_EMIT fitRequested();
        }
    });
}

std::optional<ChartHit> RooflineChart::hitTest(const QPointF& pos, double radius) const
{
    std::optional<ChartHit> best;
    double bestDistance = radius * radius;
    const QCPAxis* xAxis = m_plot->xAxis;
    const QCPAxis* yAxis = m_plot->yAxis;
    auto consider = [&](int kernel, int device, double x, double y) {
        const double dx = xAxis->coordToPixel(x) - pos.x();
        const double dy = yAxis->coordToPixel(y) - pos.y();
        const double distance = dx * dx + dy * dy;
        // The selected kernel wins ties, so a press on stacked markers grabs what the user is editing.
        if (distance < bestDistance || (distance == bestDistance && kernel == m_selectedKernel)) {
            bestDistance = distance;
            best = ChartHit { kernel, device };
        }
    };
    for (int k = 0; k < static_cast<int>(m_scene.kernels.size()); ++k) {
        const ChartKernel& kernel = m_scene.kernels[static_cast<size_t>(k)];
        if (kernel.hidden) {
            continue;
        }
        for (const auto& point : kernel.points) {
            if (positiveFinite(point.intensity) && positiveFinite(point.attainable)) {
                consider(k, point.device, point.intensity, point.attainable);
            }
        }
        if (kernel.achieved && !kernel.points.empty() && positiveFinite(*kernel.achieved)) {
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
    if (kernel < -1 || kernel >= static_cast<int>(m_scene.kernels.size())) {
        kernel = -1;
    }
    if (kernel == m_selectedKernel) {
        return;
    }
    m_selectedKernel = kernel;
    m_cloud->setHighlighted(kernel);
    m_plot->replot();
}

void RooflineChart::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        return;
    }
    const std::optional<int> kernel = kernelAt(event->position());
    Q_EMIT kernelClicked(kernel.value_or(-1));
    if (!kernel) {
        return;
    }
    m_dragKernel = *kernel;
    m_plot->setInteraction(QCP::iRangeDrag, false); // the press moves the kernel, not the view
    m_selectedKernel = *kernel;
    m_cloud->setHighlighted(*kernel);
    m_cloud->showAllExcept(*kernel);
    m_dragCloud->showOnly(*kernel);
    if (QCPItemText* label = m_kernelItems[static_cast<size_t>(*kernel)].label) {
        label->setLayer(QStringLiteral("overlay"));
    }
    m_plot->replot();
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
        Q_EMIT kernelDragged(m_dragKernel, intensity);
        const auto& points = m_scene.kernels[static_cast<size_t>(m_dragKernel)].points;
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
    if (static_cast<size_t>(kernel) < m_kernelItems.size()) {
        if (QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label) {
            label->setLayer(QString::fromLatin1(kKernelLayer));
        }
    }
    m_plot->replot();
    Q_EMIT kernelDragFinished(kernel);
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
}

void RooflineChart::applyStyle()
{
    const ChartStyle& style = m_scene.style;
    const QString family = font().family();
    m_plot->setBackground(style.background);
    m_plot->axisRect()->setBackground(style.plotBackground);
    const QPen axisPen(style.axis, style.review ? 1.6 : 1.0);
    for (QCPAxis* axis : m_plot->axisRect()->axes()) {
        axis->setTickLabelFont(style.font(family, 9));
        axis->setLabelFont(style.font(family, 10));
        axis->setTickLabelColor(style.text);
        axis->setLabelColor(style.text);
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLengthIn(static_cast<int>(5 * style.lineScale));
        axis->setSubTickLengthIn(static_cast<int>(2 * style.lineScale));
        axis->grid()->setPen(QPen(style.grid, 1, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(style.subGrid, 1, Qt::SolidLine));
    }
    m_plot->legend->setFont(style.font(family, 9));
    m_plot->legend->setTextColor(style.text);
    m_plot->legend->setBrush(style.panel);
    m_plot->legend->setBorderPen(QPen(style.panelBorder));
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
    m_scene.summary = std::move(summary);
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
    const bool first = !m_hasScene;
    clearScene();
    m_scene = std::move(scene);
    m_hasScene = true;
    applyStyle();

    const ChartRange fitted = m_scene.fitRange();
    m_domainLower = std::min(1e-4, fitted.xLower / 1e3);
    m_domainUpper = std::max(1e8, fitted.xUpper * 1e3);
    for (int i = 0; i < static_cast<int>(m_scene.devices.size()); ++i) {
        buildDevice(i);
    }
    m_shownKernels = static_cast<size_t>(std::count_if(
        m_scene.kernels.begin(), m_scene.kernels.end(), [](const ChartKernel& kernel) { return !kernel.hidden; }));
    for (int i = 0; i < static_cast<int>(m_scene.kernels.size()); ++i) {
        buildKernel(i);
    }
    buildRegions();
    if (m_selectedKernel >= static_cast<int>(m_scene.kernels.size())) {
        m_selectedKernel = -1;
    }
    if (m_dragKernel >= static_cast<int>(m_scene.kernels.size())) {
        m_dragKernel = -1;
        m_plot->setInteraction(QCP::iRangeDrag, true);
    }
    m_cloud->setHighlighted(m_selectedKernel);
    m_cloud->showAllExcept(m_dragKernel);
    m_dragCloud->showOnly(m_dragKernel);
    if (m_dragKernel >= 0) {
        if (QCPItemText* label = m_kernelItems[static_cast<size_t>(m_dragKernel)].label) {
            label->setLayer(QStringLiteral("overlay"));
        }
    }
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_emptyText->setVisible(m_scene.devices.empty());

    if (first || fit) {
        fitAll();
    } else {
        m_plot->replot();
    }
}

namespace {
// Clips a polyline to a box in log-log space (Liang-Barsky per segment). Roofs and ceilings rise
// monotonically, so what is left is one piece.
void clipToBox(std::vector<double>& x, std::vector<double>& y, const ChartRange& box)
{
    std::vector<double> outX;
    std::vector<double> outY;
    const double x0 = std::log(box.xLower);
    const double x1 = std::log(box.xUpper);
    const double y0 = std::log(box.yLower);
    const double y1 = std::log(box.yUpper);
    auto keep = [&](double lx, double ly) {
        const double px = std::exp(lx);
        const double py = std::exp(ly);
        if (outX.empty() || std::fabs(outX.back() - px) > 1e-12 * px || std::fabs(outY.back() - py) > 1e-12 * py) {
            outX.push_back(px);
            outY.push_back(py);
        }
    };
    if (x.size() == 1) {
        const double lx = std::log(x[0]);
        const double ly = std::log(y[0]);
        if (lx >= x0 && lx <= x1 && ly >= y0 && ly <= y1) {
            keep(lx, ly);
        }
    }
    for (size_t i = 0; i + 1 < x.size(); ++i) {
        const double ax = std::log(x[i]);
        const double ay = std::log(y[i]);
        const double dx = std::log(x[i + 1]) - ax;
        const double dy = std::log(y[i + 1]) - ay;
        double t0 = 0.0;
        double t1 = 1.0;
        const double p[4] = { -dx, dx, -dy, dy };
        const double q[4] = { ax - x0, x1 - ax, ay - y0, y1 - ay };
        bool visible = true;
        for (int k = 0; k < 4 && visible; ++k) {
            if (p[k] == 0.0) {
                visible = q[k] >= 0.0;
            } else {
                const double t = q[k] / p[k];
                if (p[k] < 0.0) {
                    t0 = std::max(t0, t);
                } else {
                    t1 = std::min(t1, t);
                }
                visible = t0 <= t1;
            }
        }
        if (visible) {
            keep(ax + t0 * dx, ay + t0 * dy);
            keep(ax + t1 * dx, ay + t1 * dy);
        }
    }
    x = std::move(outX);
    y = std::move(outY);
}
} // namespace

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
    QCPGraph* graph = m_plot->addGraph();
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
    auto* item = new QCPItemText(m_plot);
    item->setLayer(kRoofLabelLayer);
    item->setText(text);
    item->setFont(m_scene.style.font(font().family(), 8));
    item->setColor(m_scene.style.labelColor(color));
    QColor panel = m_scene.style.panel;
    panel.setAlpha(190);
    item->setBrush(panel);
    item->setPadding(QMargins(2, 0, 2, 0));
    item->setSelectable(false);
    return item;
}

void RooflineChart::buildDevice(int index)
{
    const ChartDevice& device = m_scene.devices[static_cast<size_t>(index)];
    m_legendGraphs.push_back(nullptr);
    const double peak = device.computeRoof;
    if (!positiveFinite(peak)) {
        return;
    }
    const ChartLevel* main = device.defaultLevel();
    const bool hasSlope = main && positiveFinite(main->bytesPerSecond);
    const double ridge = hasSlope ? peak / main->bytesPerSecond : m_domainLower;
    const double lower = m_domainLower;
    const double upper = m_domainUpper;

    const ChartStyle& style = m_scene.style;
    QPen flatPen(device.color, style.line(kFlatWidth));
    flatPen.setCapStyle(Qt::RoundCap);
    QPen slopePen(device.color, style.line(kSlopeWidth));
    slopePen.setCapStyle(Qt::RoundCap);
    if (index == 0 && m_scene.showFeasibleRegion) {
        // The attainable region under the first device's roof, faintly in its colour: one polygon,
        // drawn first so the roofs lie on top (one region only: overlapping shades turn muddy).
        QColor shade = device.color;
        shade.setAlpha(style.regionAlpha);
        QCPGraph* region = hasSlope
            ? addLine({ lower, ridge, upper }, { main->bytesPerSecond * lower, peak, peak }, Qt::NoPen)
            : addLine({ lower, upper }, { peak, peak }, Qt::NoPen);
        region->setBrush(shade);
        region->setAntialiasedFill(false);
        m_hasRegion = true;
    }
    if (hasSlope) {
        addLine({ lower, ridge }, { main->bytesPerSecond * lower, peak }, slopePen);
        ++m_roofCount;
    }
    QCPGraph* flat = addLine({ ridge, upper }, { peak, peak }, flatPen);

    QString legend
        = QStringLiteral("%1 (%2) · %3").arg(device.label, device.precision, quantity(peak, Dimension::FlopsPerSecond));
    QCPGraph* legendGraph = flat;
    if (hasSlope) {
        legend += QStringLiteral(" · %1 · ridge %2")
                      .arg(quantity(main->bytesPerSecond, Dimension::BytesPerSecond),
                          QString::fromStdString(formatNumber(ridge, 3)));
        legendGraph = addLine({ ridge }, { peak }, flatPen);
        legendGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(device.color, style.line(2.0)),
            QBrush(style.hollowFill), 9.0 * style.markerScale));
    }
    legendGraph->setName(legend);
    legendGraph->addToLegend();
    m_legendGraphs.back() = legendGraph;

    m_labels->addObstacle(ridge, peak);

    const QColor tint = lighterTint(device.color, kLevelTint);
    for (const ChartLevel& level : device.levels) {
        if (level.isDefault || !level.visible || !positiveFinite(level.bytesPerSecond)) {
            continue;
        }
        const double levelRidge = peak / level.bytesPerSecond;
        std::vector<double> x { lower, levelRidge };
        std::vector<double> y { level.bytesPerSecond * lower, peak };
        if (hasSlope && levelRidge < ridge) { // its flat joins the device's compute roof at the ridge
            x.push_back(ridge);
            y.push_back(peak);
        }
        addLine(x, y, QPen(tint, style.line(kLevelWidth)));
        ++m_roofCount;
        const QString text = QStringLiteral("%1 %2").arg(
            level.name.toUpper(), quantity(level.bytesPerSecond, Dimension::BytesPerSecond));
        const bool above = !hasSlope || level.bytesPerSecond > main->bytesPerSecond;
        m_labels->addSlanted(addRoofLabel(text, device.color), level.bytesPerSecond, lower, levelRidge, above);
    }

    for (const ChartComputeRoof& other : device.otherComputeRoofs) {
        const double value = other.flopsPerSecond;
        if (!positiveFinite(value)) {
            continue;
        }
        std::vector<double> x { lower, upper };
        std::vector<double> y { value, value };
        if (hasSlope) { // min(value, beta * I): its slope part runs on the device's own slope
            const double otherRidge = value / main->bytesPerSecond;
            x = { otherRidge, upper };
            if (ridge < otherRidge) {
                x.insert(x.begin(), ridge);
                y.insert(y.begin(), peak);
            }
        }
        addLine(x, y, QPen(tint, style.line(kLevelWidth)));
        const QString text = QStringLiteral("%1 %2").arg(other.precision, quantity(value, Dimension::FlopsPerSecond));
        m_labels->addFlat(addRoofLabel(text, device.color), value, x.front());
    }

    const QPen ceilingPen(tint, style.line(kCeilingWidth), Qt::DashLine);
    for (const ChartCeiling& ceiling : device.ceilings) {
        if (!positiveFinite(ceiling.value)) {
            continue;
        }
        if (ceiling.kind == ChartCeiling::Kind::Compute) {
            const double start = hasSlope ? ceiling.value / main->bytesPerSecond : lower;
            addLine({ start, upper }, { ceiling.value, ceiling.value }, ceilingPen);
            const QString text
                = QStringLiteral("%1 %2").arg(ceiling.name, quantity(ceiling.value, Dimension::FlopsPerSecond));
            m_labels->addFlat(addRoofLabel(text, device.color), ceiling.value, start);
        } else {
            const double end = peak / ceiling.value;
            addLine({ lower, end }, { ceiling.value * lower, peak }, ceilingPen);
            const QString text
                = QStringLiteral("%1 %2").arg(ceiling.name, quantity(ceiling.value, Dimension::BytesPerSecond));
            m_labels->addSlanted(addRoofLabel(text, device.color), ceiling.value, lower, end, false);
        }
        ++m_ceilingCount;
    }
}

QString RooflineChart::kernelLabel(int index) const
{
    QString name = m_scene.kernels[static_cast<size_t>(index)].name;
    if (name.size() > kMaxKernelLabelChars) {
        name = name.left(kMaxKernelLabelChars - 1) + QChar(0x2026);
    }
    const char32_t glyph = kernelMarkerGlyph(index);
    if (QFontMetricsF(QFont(font().family(), 9)).inFontUcs4(glyph)) {
        name = QString::fromUcs4(&glyph, 1) + QLatin1Char(' ') + name;
    }
    return name;
}

void RooflineChart::buildKernel(int index)
{
    const ChartKernel& kernel = m_scene.kernels[static_cast<size_t>(index)];
    KernelItems items;
    const bool few = m_shownKernels <= KernelCloud::kManyKernels && !kernel.hidden;
    for (const ChartKernelPoint& point : kernel.points) {
        if (!positiveFinite(point.intensity) || !positiveFinite(point.attainable)) {
            continue;
        }
        if (items.x <= 0.0) { // the guide and label follow the first point
            items.x = point.intensity;
        }
        if (few) {
            m_labels->addObstacle(point.intensity, point.attainable);
        }
    }
    if (items.x <= 0.0 || !few) {
        m_kernelItems.push_back(items);
        return;
    }
    if (kernel.achieved && positiveFinite(*kernel.achieved)) {
        m_labels->addObstacle(items.x, *kernel.achieved);
    }
    items.label = new QCPItemText(m_plot);
    items.label->setLayer(kKernelLayer);
    items.label->setText(kernelLabel(index));
    const ChartStyle& style = m_scene.style;
    items.label->setFont(style.font(font().family(), 9));
    items.label->setColor(style.text);
    items.label->setBrush(style.panel);
    items.label->setPen(QPen(style.panelBorder));
    items.label->setPadding(QMargins(3, 1, 3, 1));
    items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    items.label->position->setTypeY(QCPItemPosition::ptAbsolute);
    items.label->setSelectable(false);
    m_labels->addKernel(items.label, items.x);
    m_kernelItems.push_back(items);
}

void RooflineChart::updateKernel(int index, ChartKernel kernel)
{
    if (index < 0 || index >= static_cast<int>(m_scene.kernels.size())) {
        return;
    }
    m_scene.kernels[static_cast<size_t>(index)] = std::move(kernel);
    const ChartKernel& updated = m_scene.kernels[static_cast<size_t>(index)];
    KernelItems& items = m_kernelItems[static_cast<size_t>(index)];
    items.x = 0.0;
    for (const ChartKernelPoint& point : updated.points) {
        if (positiveFinite(point.intensity) && positiveFinite(point.attainable)) {
            items.x = point.intensity;
            break;
        }
    }
    if (items.label) {
        items.label->setText(kernelLabel(index));
        m_labels->moveKernel(items.label, items.x);
        items.label->position->setCoords(items.x, items.label->position->coords().y());
        items.label->setVisible(items.x > 0.0);
    }
    if (index == m_dragKernel) {
        m_plot->layer(QStringLiteral("overlay"))->replot();
    } else {
        m_plot->replot();
    }
}

void RooflineChart::buildRegions()
{
    if (m_scene.devices.empty()) {
        return;
    }
    const ChartDevice& device = m_scene.devices.front();
    const ChartLevel* main = device.defaultLevel();
    if (!m_scene.showRegionLabels || !main || !positiveFinite(device.computeRoof)
        || !positiveFinite(main->bytesPerSecond)) {
        return;
    }
    const double ridge = device.computeRoof / main->bytesPerSecond;
    auto* ridgeLine = new QCPItemStraightLine(m_plot);
    ridgeLine->setLayer(QStringLiteral("main"));
    ridgeLine->setPen(QPen(lighterTint(device.color, 0.5), m_scene.style.line(1.0), Qt::DashDotLine));
    ridgeLine->point1->setCoords(ridge, 1.0);
    ridgeLine->point2->setCoords(ridge, 10.0);
    ridgeLine->setSelectable(false);
    const QString names[2] = { tr("memory-bound"), tr("compute-bound") };
    for (int side = 0; side < 2; ++side) {
        auto* text = new QCPItemText(m_plot);
        text->setLayer(kRoofLabelLayer);
        text->setText(side == 0 ? QStringLiteral("\u25C2 ") + names[0] : names[1] + QStringLiteral(" \u25B8"));
        text->setFont(m_scene.style.font(font().family(), 10, QFont::DemiBold));
        text->setColor(m_scene.style.labelColor(device.color).lighter(115));
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
    setVisibleRange(m_scene.fitRange());
}

void RooflineChart::setVisibleRange(const ChartRange& range)
{
    if (!range.isValid()) {
        return;
    }
    m_plot->xAxis->setRange(range.xLower, range.xUpper);
    m_plot->yAxis->setRange(range.yLower, range.yUpper);
    m_plot->replot();
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
    for (const ChartKernel& kernel : m_scene.kernels) {
        count += static_cast<int>(std::count_if(kernel.points.begin(), kernel.points.end(),
            [](const ChartKernelPoint& p) { return positiveFinite(p.intensity) && positiveFinite(p.attainable); }));
    }
    return count;
}

std::optional<QPointF> RooflineChart::markerPosition(int kernel, int device) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_scene.kernels.size())) {
        return std::nullopt;
    }
    for (const ChartKernelPoint& point : m_scene.kernels[static_cast<size_t>(kernel)].points) {
        if (point.device == device && positiveFinite(point.intensity) && positiveFinite(point.attainable)) {
            return QPointF(m_plot->xAxis->coordToPixel(point.intensity), m_plot->yAxis->coordToPixel(point.attainable));
        }
    }
    return std::nullopt;
}

QString RooflineChart::legendText(int device) const
{
    if (device < 0 || device >= static_cast<int>(m_legendGraphs.size())
        || !m_legendGraphs[static_cast<size_t>(device)]) {
        return {};
    }
    return m_legendGraphs[static_cast<size_t>(device)]->name();
}

QString RooflineChart::kernelLabelText(int kernel) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return {};
    }
    const QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label;
    return label ? label->text() : QString();
}

bool RooflineChart::kernelLabelVisible(int kernel) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return false;
    }
    const QCPItemText* label = m_kernelItems[static_cast<size_t>(kernel)].label;
    return label && label->visible();
}

QString RooflineChart::xTickLabel(double flopsPerByte)
{
    return formatIntensityTick(flopsPerByte);
}

QString RooflineChart::yTickLabel(double flopsPerSecond)
{
    return formatPerformanceTick(flopsPerSecond);
}

} // namespace roofscope
