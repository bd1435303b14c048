#include "chart/ServingChart.h"

#include "chart/ChartExport.h"

#include "io/VerdictFormat.h"

#include "chart/PlotStyle.h"

#include "chart/ChartText.h"
#include "chart/SiLogTicker.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QFile>
#include <QMouseEvent>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

constexpr double kCurveWidth = 2.2;
constexpr double kMarginFactor = 1.6; // log-axis margin around the data
const char* const kOverlayLayer = "overlay";

// The batches written on a curve: 1, then every eighth power (8, 64, 512, ...) nearest a point,
// never the last point (the wall says its own batch).
std::vector<size_t> labelledPoints(const std::vector<ServingCurvePoint>& points)
{
    std::vector<size_t> out;
    if (points.empty()) {
        return out;
    }
    out.push_back(0);
    for (double b = 8.0; b < points.back().batch; b *= 8.0) {
        size_t nearest = 0;
        double bestDistance = std::numeric_limits<double>::infinity();
        for (size_t i = 0; i < points.size(); ++i) {
            const double distance = std::abs(std::log(points[i].batch / b));
            if (distance < bestDistance) {
                bestDistance = distance;
                nearest = i;
            }
        }
        if (nearest + 1 < points.size() && nearest != out.back()) {
            out.push_back(nearest);
        }
    }
    return out;
}

} // namespace

ServingChart::ServingChart(QWidget* parent)
    : QWidget(parent)
{
    m_plot = new QCustomPlot(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAutoAddPlottableToLegend(false);
    m_plot->setAntialiasedElements(QCP::aePlottables | QCP::aeItems | QCP::aeScatters | QCP::aeLegendItems);
    // Curves as segments, not one stroked polyline: the pens' round caps make the joins, and a
    // polyline's stroke (its joins computed over the whole path) cost most of a replot.
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setMouseTracking(true);
    for (QCPAxis* axis : { m_plot->xAxis, m_plot->yAxis }) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<SiLogTicker>::create([](double v) { return servingNumber(v); }));
        axis->grid()->setSubGridVisible(true);
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_plot->axisRect()->setupFullAxesBox(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ServingChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) { m_pressPos = event->position(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &ServingChart::onMouseRelease);
    connect(m_plot, &QCustomPlot::afterLayout, this, &ServingChart::placeLabels);
    applyStyle();
}

ServingChart::~ServingChart() = default;

QString ServingChart::xAxisTitle() const
{
    return servingXAxisTitle(m_settings.x);
}

QString ServingChart::yAxisTitle() const
{
    return servingYAxisTitle(m_settings.y);
}

void ServingChart::applyStyle()
{
    applyPlotStyle(*m_plot, m_settings.style, font().family());
}

void ServingChart::setCurves(ServingCurves curves, const Settings& settings)
{
    m_curves = std::move(curves);
    m_settings = settings;
    rebuild();
}

void ServingChart::buildTitle()
{
    const ChartStyle& style = m_settings.style;
    const QString family = font().family();
    m_plot->xAxis->setLabel(xAxisTitle());
    m_plot->yAxis->setLabel(yAxisTitle());
    // The top axis carries the title: the group and what every figure is.
    if (m_plot->plotLayout()->rowCount() < 2 || !qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))) {
        m_plot->plotLayout()->insertRow(0);
        m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot));
    }
    auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0));
    title->setText(m_settings.title.isEmpty()
            ? (m_curves.group.isEmpty() ? tr("No transformer group to serve")
                                        : (m_settings.verdict && !m_settings.verdict->devices.empty()
                                                    && m_settings.verdict->devices.front().step.requests
                                                ? tr("Serving %1: a bound on %2 roofs, per concurrency")
                                                : tr("Serving %1: a bound on %2 roofs, per batch"))
                                              .arg(m_curves.group, m_curves.roofs))
            : m_settings.title);
    title->setFont(style.font(family, 11, QFont::DemiBold));
    title->setTextColor(style.text);
    // Under the title, the verdict's headline (a row of the layout: it never covers the plot).
    QCPTextElement* caption = nullptr;
    for (int row = 0; row < m_plot->plotLayout()->rowCount(); ++row) {
        auto* element = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(row, 0));
        if (element && element->objectName() == QLatin1String("verdict")) {
            caption = element;
        }
    }
    const bool headline = m_settings.verdict && m_settings.headline;
    if (headline && !caption) {
        m_plot->plotLayout()->insertRow(1);
        caption = new QCPTextElement(m_plot);
        caption->setObjectName(QStringLiteral("verdict"));
        m_plot->plotLayout()->addElement(1, 0, caption);
    } else if (!headline && caption) {
        m_plot->plotLayout()->remove(caption);
        m_plot->plotLayout()->simplify();
        caption = nullptr;
    }
    if (caption) {
        caption->setText(
            QString::fromStdString(m_settings.verdict->headline).replace(QStringLiteral("; "), QStringLiteral(";\n")));
        caption->setFont(style.font(family, style.review ? 7.5 : 8.5));
        caption->setTextColor(style.text);
    }
}

void ServingChart::buildCurve(const ServingCurve& c, ServingExtent& extent)
{
    const ChartStyle& style = m_settings.style;
    const QFont labelFont = style.font(font().family(), 8);
    QColor panel = style.panel;
    panel.setAlpha(200);
    QVector<double> xs;
    QVector<double> ys;
    for (const ServingCurvePoint& p : c.points) {
        const auto y = p.y(m_settings.y);
        if (y && *y > 0.0) {
            xs << p.x(m_settings.x);
            ys << *y;
            extent.add(xs.back(), ys.back());
        }
    }
    auto* curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    QPen pen(c.color, style.line(kCurveWidth));
    pen.setCapStyle(Qt::RoundCap);
    curve->setPen(pen);
    curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.color, 3.0 * style.markerScale));
    curve->setData(xs, ys);
    curve->setName(
        xs.isEmpty() ? tr("%1: %2").arg(c.label, c.note.isEmpty() ? tr("no figure for this axis") : c.note) : c.label);
    curve->setSelectable(QCP::stNone);
    m_plot->legend->addItem(new QCPPlottableLegendItem(m_plot->legend, curve));
    if (xs.isEmpty()) {
        return;
    }
    ++m_drawnCurves;
    // Batches written at a few points.
    for (size_t i : labelledPoints(c.points)) {
        const auto y = c.points[i].y(m_settings.y);
        if (!y) {
            continue;
        }
        auto* text = new ChartTextItem(m_plot);
        text->position->setCoords(c.points[i].x(m_settings.x), *y);
        text->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        text->setText(tr("B=%1").arg(servingNumber(c.points[i].batch)));
        text->setFont(labelFont);
        text->setColor(style.labelColor(c.color));
        text->setPadding(QMargins(2, 0, 4, 2));
        m_batchLabels << text->text();
        m_batchItems.push_back({ text, c.points[i].x(m_settings.x), *y });
    }
    // The wall: the last point is the largest batch that fits.
    if (c.endsAtWall && !c.points.empty()) {
        const ServingCurvePoint& last = c.points.back();
        if (const auto y = last.y(m_settings.y)) {
            auto* wall = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            wall->setData(QVector<double> { last.x(m_settings.x) }, QVector<double> { *y });
            wall->setLineStyle(QCPCurve::lsNone);
            wall->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(style.text, style.line(1.4)),
                QBrush(c.color), 10.0 * style.markerScale));
            auto* text = new ChartTextItem(m_plot);
            text->position->setCoords(last.x(m_settings.x), *y);
            // Alternately above and below the wall, so that walls at one height keep their labels apart.
            text->setPositionAlignment(Qt::AlignLeft | (m_wallLabels.size() % 2 == 0 ? Qt::AlignBottom : Qt::AlignTop));
            text->setText(tr("max batch %1 (KV cache full)").arg(servingNumber(last.batch)));
            text->setFont(labelFont);
            text->setColor(style.labelColor(c.color));
            text->setBrush(panel);
            text->setPadding(QMargins(8, 1, 3, 1));
            m_wallLabels << QStringLiteral("%1: %2").arg(c.label, text->text());
            m_wallItems.push_back({ text, last.x(m_settings.x), *y });
        }
    }
}

void ServingChart::buildOperatingPoints()
{
    const ChartStyle& style = m_settings.style;
    // The verdict: each device's operating point ringed on its curve, the headline over the plot.
    m_operatingPoints.assign(m_curves.curves.size(), std::nullopt);
    if (m_settings.verdict) {
        const GroupVerdict& verdict = *m_settings.verdict;
        for (size_t i = 0; i < m_curves.curves.size(); ++i) {
            const ServingCurve& c = m_curves.curves[i];
            const auto d = static_cast<size_t>(c.sceneDevice);
            if (c.sceneDevice < 0 || d >= verdict.devices.size() || !verdict.devices[d].error.empty()) {
                continue;
            }
            const VerdictDevice& v = verdict.devices[d];
            const ServingCurvePoint p = servingCurvePoint(v.step, v.batch);
            const std::optional<double> y = p.y(m_settings.y);
            if (!y || !(*y > 0.0) || !(p.x(m_settings.x) > 0.0)) {
                continue;
            }
            m_operatingPoints[i] = QPointF(p.x(m_settings.x), *y);
            auto* ring = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            ring->setData(QVector<double> { p.x(m_settings.x) }, QVector<double> { *y });
            ring->setLineStyle(QCPCurve::lsNone);
            ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                QPen(c.color, style.line(2.4),
                    std::any_of(v.ranks.begin(), v.ranks.end(), [](int r) { return r > 0; }) ? Qt::SolidLine
                                                                                             : Qt::DotLine),
                Qt::NoBrush, 16.0 * style.markerScale));
            ring->removeFromLegend();
        }
        for (const std::string& line : verdictLines(verdict)) {
            m_pickLines << QString::fromStdString(line);
        }
    }
}

void ServingChart::rebuild()
{
    applyStyle();
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->legend->clearItems();
    m_drawnCurves = 0;
    m_wallLabels.clear();
    m_batchLabels.clear();
    m_pickLines.clear();
    m_wallItems.clear();
    m_batchItems.clear();
    m_fixedTexts.clear();
    m_measured.clear();
    const ChartStyle& style = m_settings.style;
    const QString family = font().family();
    buildTitle();
    ServingExtent extent;
    for (const ServingCurve& c : m_curves.curves) {
        buildCurve(c, extent);
    }
    // The latency target, if any, as a line.
    if (m_settings.targetMs && *m_settings.targetMs > 0.0) {
        const double target = *m_settings.targetMs;
        const double xTarget = m_settings.x == ServingXAxis::MsPerToken ? target : 1e3 / target;
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(xTarget, 1.0);
        line->point2->setCoords(xTarget, 2.0);
        line->setPen(QPen(style.text, style.line(1.4), Qt::DashLine));
        auto* lineText = new ChartTextItem(m_plot);
        lineText->position->setTypeX(QCPItemPosition::ptPlotCoords);
        lineText->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        lineText->position->setCoords(xTarget, 1.0); // at the bottom: the picks' box is at the top
        lineText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        lineText->setText(tr("target %1 ms/token").arg(servingNumber(target)));
        lineText->setFont(style.font(family, 9, QFont::DemiBold));
        lineText->setColor(style.text);
        lineText->setPadding(QMargins(4, 2, 2, 2));
        m_fixedTexts.push_back(lineText);
        extent.xMin = std::min(extent.xMin, xTarget);
        extent.xMax = std::max(extent.xMax, xTarget);
    }
    buildOperatingPoints();
    drawMeasuredRuns([&extent](double x, double y) { extent.add(x, y); });
    if (m_drawnCurves == 0) {
        auto* empty = new ChartTextItem(m_plot);
        empty->position->setType(QCPItemPosition::ptAxisRectRatio);
        empty->position->setCoords(0.5, 0.5);
        // The legend says why for each device; with no device there is no legend to point to.
        empty->setText(m_curves.group.isEmpty() ? tr("No transformer group in this session")
                : m_curves.curves.empty() ? tr("No device to serve %1: the session shows no device").arg(m_curves.group)
                                          : tr("No device serves %1 (see the legend)").arg(m_curves.group));
        empty->setFont(style.font(family, 12));
        empty->setColor(style.mutedText);
        extent = {};
        extent.add(1.0, 1.0);
        extent.add(1e3, 1e4);
    }
    if (!(extent.xMax > 0.0)) {
        extent.xMin = 1.0;
        extent.xMax = 1e3;
    }
    if (!(extent.yMax > 0.0)) {
        extent.yMin = 1.0;
        extent.yMax = 1e4;
    }
    // Room for the wall labels on the right (ms/token) or the batch-1 labels (per user), the picks above.
    m_plot->xAxis->setRange(extent.xMin / kMarginFactor, extent.xMax * kMarginFactor * 2.5);
    m_plot->yAxis->setRange(extent.yMin / kMarginFactor, extent.yMax * kMarginFactor);
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_plot->replot();
}

std::optional<QPointF> ServingChart::pointPosition(int curve, size_t point) const
{
    if (curve < 0 || curve >= static_cast<int>(m_curves.curves.size())) {
        return std::nullopt;
    }
    const ServingCurve& c = m_curves.curves[static_cast<size_t>(curve)];
    if (point >= c.points.size()) {
        return std::nullopt;
    }
    const auto y = c.points[point].y(m_settings.y);
    if (!y || !(*y > 0.0)) {
        return std::nullopt;
    }
    const QPointF plotPos(
        m_plot->xAxis->coordToPixel(c.points[point].x(m_settings.x)), m_plot->yAxis->coordToPixel(*y));
    return m_plot->mapTo(this, plotPos.toPoint());
}

std::optional<std::pair<int, size_t>> ServingChart::pointAt(const QPointF& pos, double radius) const
{
    std::optional<std::pair<int, size_t>> best;
    double bestDistance = radius * radius;
    for (int c = 0; c < static_cast<int>(m_curves.curves.size()); ++c) {
        const auto& points = m_curves.curves[static_cast<size_t>(c)].points;
        for (size_t i = 0; i < points.size(); ++i) {
            const auto at = pointPosition(c, i);
            if (!at) {
                continue;
            }
            const QPointF d = *at - pos;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance <= bestDistance) {
                bestDistance = distance;
                best = std::make_pair(c, i);
            }
        }
    }
    return best;
}

void ServingChart::onMouseMove(QMouseEvent* event)
{
    const QPointF at = m_plot->mapTo(this, event->position().toPoint());
    for (const MeasuredPoint& m : m_measured) {
        const QPointF p(m_plot->xAxis->coordToPixel(m.x), m_plot->yAxis->coordToPixel(m.y));
        if (QLineF(p, event->position()).length() <= 8.0) {
            QToolTip::showText(event->globalPosition().toPoint(), m.tip, m_plot);
            return;
        }
    }
    const auto hit = pointAt(at);
    if (!hit) {
        QToolTip::hideText();
        return;
    }
    const ServingCurve& c = m_curves.curves[static_cast<size_t>(hit->first)];
    QToolTip::showText(event->globalPosition().toPoint(),
        servingPointText(c, c.points[hit->second], m_curves.roofs) + tr("\nclick: set the group's batch here"), m_plot);
}

void ServingChart::onMouseRelease(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || (event->position() - m_pressPos).manhattanLength() > 4.0) {
        return; // a drag of the axes
    }
    if (const auto hit = pointAt(m_plot->mapTo(this, event->position().toPoint()))) {
        Q_EMIT pointClicked(hit->first, static_cast<int>(hit->second));
    }
}

bool ServingChart::render(const QString& suffix, int width, int height, double scale, QByteArray& bytes)
{
    m_plot->setViewport(QRect(0, 0, width, height));
    m_plot->replot();
    if (suffix == QLatin1String("png")) {
        QBuffer buffer(&bytes);
        return buffer.open(QIODevice::WriteOnly) && writeChartPng(m_plot, width, height, scale, &buffer);
    }
    if (suffix == QLatin1String("pdf")) {
        QTemporaryDir scratch;
        const QString temporary = scratch.filePath(QStringLiteral("serving.pdf"));
        bool ok = scratch.isValid()
            && m_plot->savePdf(
                temporary, width, height, QCP::epAllowCosmetic, QStringLiteral("Roofscope"), m_curves.group);
        QFile rendered(temporary);
        ok = ok && rendered.open(QIODevice::ReadOnly);
        if (ok) {
            bytes = rendered.readAll();
            ok = bytes.trimmed().endsWith("%%EOF");
        }
        return ok;
    }
    if (suffix == QLatin1String("svg")) {
        QBuffer buffer(&bytes);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(QSize(width, height));
        generator.setViewBox(QRect(0, 0, width, height));
        generator.setResolution(96);
        generator.setTitle(tr("Serving %1").arg(m_curves.group));
        generator.setDescription(QStringLiteral("Serving chart exported by Roofscope"));
        QCPPainter painter;
        if (!buffer.open(QIODevice::WriteOnly) || !painter.begin(&generator)) {
            return false;
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        m_plot->toPainter(&painter, width, height);
        return painter.end();
    }
    return false;
}

} // namespace roofscope

#include "moc_ServingChart.cpp"
