#include "chart/RooflineChart.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/ChartPalette.h"
#include "chart/KernelMarkerStyle.h"
#include "chart/SiLogTicker.h"
#include "model/Units.h"

#include <QFontMetricsF>
#include <QMouseEvent>
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

QColor textColor(const QColor& color)
{
    return color.darker(135);
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
    m_plot->addLayer(kRoofLabelLayer, m_plot->layer("main"), QCustomPlot::limAbove);
    m_plot->addLayer(kKernelLayer, m_plot->layer(kRoofLabelLayer), QCustomPlot::limAbove);
    m_plot->setCurrentLayer("main");

    const QFont tickFont(font().family(), 9);
    const QFont titleFont(font().family(), 10);
    auto setupAxis = [&](QCPAxis* axis, std::function<QString(double)> formatter, const QString& title) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<SiLogTicker>::create(std::move(formatter)));
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(titleFont);
        axis->setLabel(title);
        axis->setNumberPrecision(3);
        axis->grid()->setSubGridVisible(true);
        axis->grid()->setPen(QPen(QColor(200, 200, 200), 1, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(QColor(232, 232, 232), 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    };
    setupAxis(m_plot->xAxis, &formatIntensityTick, tr("Arithmetic intensity (FLOP/byte)"));
    setupAxis(m_plot->yAxis, &formatPerformanceTick, tr("Attainable performance (FLOP/s)"));
    m_plot->axisRect()->setupFullAxesBox(true); // a closed frame; top and right axes mirror the ranges

    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_plot->legend->setVisible(false);
    m_plot->legend->setFont(QFont(font().family(), 9));
    m_plot->legend->setBrush(QColor(255, 255, 255, 230));
    m_plot->legend->setBorderPen(QPen(QColor(180, 180, 180)));
    m_plot->legend->setIconSize(36, 14);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);

    m_emptyText = new QCPItemText(m_plot);
    m_emptyText->setLayer(kRoofLabelLayer);
    m_emptyText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyText->position->setCoords(0.5, 0.5);
    m_emptyText->setFont(QFont(font().family(), 12));
    m_emptyText->setColor(QColor(120, 120, 120));
    m_emptyText->setText(tr("No devices to show"));
    m_emptyText->setVisible(false);

    const ChartRange range;
    m_plot->xAxis->setRange(range.xLower, range.xUpper);
    m_plot->yAxis->setRange(range.yLower, range.yUpper);

    connect(m_plot, &QCustomPlot::afterLayout, this, [this] { m_labels->place(); });
    connect(m_plot, &QCustomPlot::mousePress, this, &RooflineChart::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &RooflineChart::onMouseRelease);
}

std::optional<int> RooflineChart::kernelAt(const QPointF& pos, double radius) const
{
    std::optional<int> best;
    double bestDistance = radius * radius;
    for (int k = 0; k < static_cast<int>(m_scene.kernels.size()); ++k) {
        for (const auto& point : m_scene.kernels[static_cast<size_t>(k)].points) {
            const auto marker = markerPosition(k, point.device);
            if (!marker) {
                continue;
            }
            const QPointF d = *marker - pos;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = k;
            }
        }
    }
    return best;
}

void RooflineChart::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        return;
    }
    if (auto kernel = kernelAt(event->position())) {
        m_dragKernel = *kernel;
        m_plot->setInteraction(QCP::iRangeDrag, false); // the press moves the kernel, not the view
    }
}

void RooflineChart::onMouseMove(QMouseEvent* event)
{
    if (m_dragKernel < 0) {
        return;
    }
    const double intensity = m_plot->xAxis->pixelToCoord(event->position().x());
    if (std::isfinite(intensity) && intensity > 0.0) {
        Q_EMIT kernelDragged(m_dragKernel, intensity);
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
    m_roofCount = 0;
    m_ceilingCount = 0;
}

void RooflineChart::setScene(ChartScene scene, bool fit)
{
    const bool first = !m_hasScene;
    clearScene();
    m_scene = std::move(scene);
    m_hasScene = true;

    const ChartRange fitted = m_scene.fitRange();
    m_domainLower = std::min(1e-4, fitted.xLower / 1e3);
    m_domainUpper = std::max(1e8, fitted.xUpper * 1e3);
    for (int i = 0; i < static_cast<int>(m_scene.devices.size()); ++i) {
        buildDevice(i);
    }
    for (int i = 0; i < static_cast<int>(m_scene.kernels.size()); ++i) {
        buildKernel(i);
    }
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_emptyText->setVisible(m_scene.devices.empty());

    if (first || fit) {
        fitAll();
    } else {
        m_plot->replot();
    }
}

QCPGraph* RooflineChart::addLine(const std::vector<double>& x, const std::vector<double>& y, const QPen& pen)
{
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
    item->setFont(QFont(font().family(), 8));
    item->setColor(textColor(color));
    item->setBrush(QColor(255, 255, 255, 190));
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

    QPen flatPen(device.color, kFlatWidth);
    flatPen.setCapStyle(Qt::RoundCap);
    QPen slopePen(device.color, kSlopeWidth);
    slopePen.setCapStyle(Qt::RoundCap);
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
        legendGraph->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(device.color, 2.0), QBrush(Qt::white), 9));
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
        addLine(x, y, QPen(tint, kLevelWidth));
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
        addLine(x, y, QPen(tint, kLevelWidth));
        const QString text = QStringLiteral("%1 %2").arg(other.precision, quantity(value, Dimension::FlopsPerSecond));
        m_labels->addFlat(addRoofLabel(text, device.color), value, x.front());
    }

    const QPen ceilingPen(tint, kCeilingWidth, Qt::DashLine);
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

void RooflineChart::buildKernel(int index)
{
    const ChartKernel& kernel = m_scene.kernels[static_cast<size_t>(index)];
    KernelItems items;
    const QPen outline(QColor(35, 35, 35), 1.0);
    std::vector<double> guides;
    for (const ChartKernelPoint& point : kernel.points) {
        const bool valid = positiveFinite(point.intensity) && positiveFinite(point.attainable) && point.device >= 0
            && point.device < static_cast<int>(m_scene.devices.size());
        if (!valid) {
            items.markers.push_back(nullptr);
            continue;
        }
        if (items.x <= 0.0) { // the guide and label follow the first point
            items.x = point.intensity;
        }
        const bool known = std::any_of(
            guides.begin(), guides.end(), [&](double x) { return std::fabs(x - point.intensity) <= 1e-9 * x; });
        if (!known) {
            guides.push_back(point.intensity);
        }
        const QColor fill = m_scene.devices[static_cast<size_t>(point.device)].color;
        QCPGraph* marker = m_plot->addGraph();
        marker->setLayer(kKernelLayer);
        marker->setLineStyle(QCPGraph::lsNone);
        marker->setScatterStyle(kernelMarkerStyle(index, fill, outline));
        marker->setSelectable(QCP::stNone);
        marker->addData(point.intensity, point.attainable);
        m_labels->addObstacle(point.intensity, point.attainable);
        items.markers.push_back(marker);
    }
    if (items.x <= 0.0) {
        m_kernelItems.push_back(items);
        return;
    }
    for (double x : guides) {
        auto* guide = new QCPItemStraightLine(m_plot);
        guide->setLayer(kKernelLayer);
        guide->setPen(QPen(QColor(90, 90, 90, 170), 1.0, Qt::DotLine));
        guide->point1->setCoords(x, 1.0);
        guide->point2->setCoords(x, 10.0);
        guide->setSelectable(false);
    }
    if (kernel.achieved && positiveFinite(*kernel.achieved)) {
        QCPGraph* measured = m_plot->addGraph();
        measured->setLayer(kKernelLayer);
        measured->setLineStyle(QCPGraph::lsNone);
        measured->setScatterStyle(kernelMarkerStyle(index, Qt::white, QPen(QColor(20, 20, 20), 1.6)));
        measured->setSelectable(QCP::stNone);
        measured->addData(items.x, *kernel.achieved);
        m_labels->addObstacle(items.x, *kernel.achieved);
    }
    items.label = new QCPItemText(m_plot);
    items.label->setLayer(kKernelLayer);
    QString name = kernel.name;
    if (name.size() > kMaxKernelLabelChars) {
        name = name.left(kMaxKernelLabelChars - 1) + QChar(0x2026);
    }
    const QFont labelFont(font().family(), 9);
    const char32_t glyph = kernelMarkerGlyph(index);
    if (QFontMetricsF(labelFont).inFontUcs4(glyph)) {
        name = QString::fromUcs4(&glyph, 1) + QLatin1Char(' ') + name;
    }
    items.label->setText(name);
    items.label->setFont(labelFont);
    items.label->setColor(QColor(40, 40, 40));
    items.label->setBrush(QColor(255, 255, 255, 220));
    items.label->setPen(QPen(QColor(170, 170, 170)));
    items.label->setPadding(QMargins(3, 1, 3, 1));
    items.label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    items.label->position->setTypeY(QCPItemPosition::ptAbsolute);
    items.label->setSelectable(false);
    m_labels->addKernel(items.label, items.x);
    m_kernelItems.push_back(items);
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
    for (const auto& items : m_kernelItems) {
        count += static_cast<int>(
            std::count_if(items.markers.begin(), items.markers.end(), [](const QCPGraph* g) { return g != nullptr; }));
    }
    return count;
}

std::optional<QPointF> RooflineChart::markerPosition(int kernel, int device) const
{
    if (kernel < 0 || kernel >= static_cast<int>(m_kernelItems.size())) {
        return std::nullopt;
    }
    const auto& points = m_scene.kernels[static_cast<size_t>(kernel)].points;
    const auto& markers = m_kernelItems[static_cast<size_t>(kernel)].markers;
    for (size_t i = 0; i < points.size() && i < markers.size(); ++i) {
        if (points[i].device == device && markers[i]) {
            return QPointF(
                m_plot->xAxis->coordToPixel(points[i].intensity), m_plot->yAxis->coordToPixel(points[i].attainable));
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
