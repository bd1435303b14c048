#include "widgets/RegimeMapView.h"

#include "figures/KernelRegimeMap.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
// Where `value` lies between the first and last of log-spaced `values`, from 0 to 1.
double logFraction(const std::vector<double>& values, double value)
{
    const double a = std::log(values.front());
    const double b = std::log(values.back());
    return b > a && value > 0.0 ? (std::log(value) - a) / (b - a) : 0.0;
}
} // namespace

RegimeMapView::RegimeMapView(const KernelRegimeMap* map, QWidget* parent)
    : QWidget(parent)
    , m_map(map)
{
    setObjectName(QStringLiteral("regimeMapView"));
    setMouseTracking(true);
    // The dock scrolls on small screens (down, and across only below one panel's width); a larger
    // dock draws it larger.
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(m_map, &KernelRegimeMap::changed, this, [this] {
        m_layout.reset();
        updateGeometry(); // another count of panels: another height in the scroll area
        update();
    });
}

void RegimeMapView::setShade(RegimeMapShade shade)
{
    m_shade = shade;
    update();
}

void RegimeMapView::setCurrent(std::optional<std::pair<double, double>> values)
{
    m_current = values;
    update();
}

bool RegimeMapView::hasCells() const
{
    const RegimeMap& map = m_map->map();
    if (map.devices.empty() || map.xValues.empty() || map.yValues.empty()) {
        return false;
    }
    const size_t cells = map.xValues.size() * map.yValues.size();
    return std::any_of(map.devices.begin(), map.devices.end(),
        [cells](const RegimeMapDevice& device) { return device.cells.size() == cells; });
}

int RegimeMapView::panelCount() const
{
    return hasCells() ? static_cast<int>(m_map->map().devices.size()) : 0;
}

namespace {
constexpr int kTitle = 44; // above each panel: its title
constexpr int kAxis = 48; // below: its tick labels and the x axis' name
constexpr int kMinPanelWidth = 100;
constexpr int kMinPanelHeight = 80;
constexpr int kRight = 6; // room right of the last column
} // namespace

RegimeMapView::Layout RegimeMapView::layoutFor(QSize size) const
{
    if (!m_layout || m_layout->first != size) {
        m_layout.emplace(size, computeLayout(size));
    }
    return m_layout->second;
}

RegimeMapView::Layout RegimeMapView::computeLayout(QSize size) const
{
    // The grid whose panels are largest (the smaller of width and height), the legend right of the
    // panels or below them; panels never narrower than kMinPanelWidth (the view is then wider than
    // the dock, and scrolls) nor lower than kMinPanelHeight (it scrolls down).
    const int n = std::max(1, panelCount());
    const int legendWide = 14 + kRegimeMapLegend;
    // The legend's height below the panels (the same for every grid: it reads every cell once).
    const int legendBelow = regimeMapLegendHeight(m_map->map(), size.width() - kRegimeMapMargin - kRight) + 8;
    Layout best;
    double bestScore = -1.0;
    for (const bool below : { false, true }) {
        for (int columns = 1; columns <= n; ++columns) {
            const int rows = (n + columns - 1) / columns;
            const int panelWidth = (size.width() - (below ? 0 : legendWide) - kRight) / columns - kRegimeMapMargin;
            if (panelWidth < kMinPanelWidth) {
                continue;
            }
            const int legend = below ? legendBelow : 0;
            const int room = (size.height() - legend) / rows - kTitle - kAxis;
            // Room too short: as low as a useful panel, the view scrolls down.
            const int panelHeight
                = room >= kMinPanelHeight ? room : std::max(kMinPanelHeight, std::min(panelWidth, 160) * 3 / 4);
            // Panels that fit score their smaller side; a grid that scrolls anyway scores half its
            // panels' width (up to a useful one), fewer rows first.
            const double score = room >= kMinPanelHeight ? std::min(panelWidth, panelHeight)
                                                         : 0.5 * std::min(panelWidth, 160) - 0.01 * rows;
            if (score > bestScore) {
                bestScore = score;
                best = { columns, rows, QSize(panelWidth, panelHeight), below,
                    rows * (kTitle + panelHeight + kAxis) + legend };
            }
        }
    }
    if (bestScore < 0.0) { // too narrow for any grid: one column, wider than the view
        const int legend = regimeMapLegendHeight(m_map->map()) + 8;
        best = { 1, n, QSize(kMinPanelWidth, kMinPanelHeight), true, n * (kTitle + kMinPanelHeight + kAxis) + legend };
    }
    if (!best.legendBelow) {
        best.height = std::max(best.height, kTitle + regimeMapLegendHeight(m_map->map()));
    }
    return best;
}

int RegimeMapView::shownHeight() const
{
    // Inside a scroll area the viewport says how much shows; the view itself may be taller.
    const QWidget* viewport = parentWidget();
    return viewport && viewport->objectName() == QLatin1String("qt_scrollarea_viewport") ? viewport->height()
                                                                                         : height();
}

int RegimeMapView::heightForWidth(int w) const
{
    return layoutFor(QSize(w, shownHeight())).height;
}

QSize RegimeMapView::minimumSizeHint() const
{
    return { kRegimeMapMargin + kMinPanelWidth + kRight, kTitle + kMinPanelHeight + kAxis };
}

QRect RegimeMapView::panelArea(int panel) const
{
    const Layout layout = layoutFor(QSize(width(), std::min(height(), shownHeight())));
    const int index = std::clamp(panel, 0, std::max(1, panelCount()) - 1);
    const int column = index % layout.columns;
    const int row = index / layout.columns;
    return { kRegimeMapMargin + column * (layout.panel.width() + kRegimeMapMargin),
        kTitle + row * (kTitle + layout.panel.height() + kAxis), layout.panel.width(), layout.panel.height() };
}

QRect RegimeMapView::legendArea() const
{
    const Layout layout = layoutFor(QSize(width(), std::min(height(), shownHeight())));
    if (layout.legendBelow) {
        const int top = layout.rows * (kTitle + layout.panel.height() + kAxis) + 8;
        const int wide = width() - kRegimeMapMargin - kRight;
        return { kRegimeMapMargin, top, wide, regimeMapLegendHeight(m_map->map(), wide) };
    }
    const int left
        = kRegimeMapMargin + layout.columns * (layout.panel.width() + kRegimeMapMargin) - kRegimeMapMargin + 14;
    return { left, kTitle, kRegimeMapLegend, regimeMapLegendHeight(m_map->map()) };
}

int RegimeMapView::panelAt(const QPoint& pos) const
{
    for (int panel = 0; panel < panelCount(); ++panel) {
        if (panelArea(panel).contains(pos)) {
            return panel;
        }
    }
    return -1;
}

std::optional<std::pair<size_t, size_t>> RegimeMapView::cellAt(const QPoint& pos) const
{
    const int panel = panelAt(pos);
    if (panel < 0) {
        return std::nullopt;
    }
    const QRect area = panelArea(panel);
    const RegimeMap& map = m_map->map();
    const double fx = (pos.x() - area.left()) / static_cast<double>(area.width());
    const double fy = (area.bottom() + 1 - pos.y()) / static_cast<double>(area.height());
    const auto nx = map.xValues.size();
    const auto ny = map.yValues.size();
    const size_t ix = std::min(nx - 1, static_cast<size_t>(std::max(0.0, fx * static_cast<double>(nx))));
    const size_t iy = std::min(ny - 1, static_cast<size_t>(std::max(0.0, fy * static_cast<double>(ny))));
    return std::make_pair(ix, iy);
}

QPoint RegimeMapView::cellCenter(size_t ix, size_t iy, int panel) const
{
    const RegimeMap& map = m_map->map();
    const QRect area = panelArea(panel);
    const double cw = area.width() / static_cast<double>(std::max<size_t>(1, map.xValues.size()));
    const double ch = area.height() / static_cast<double>(std::max<size_t>(1, map.yValues.size()));
    return QPointF(
        area.left() + cw * (static_cast<double>(ix) + 0.5), area.bottom() + 1 - ch * (static_cast<double>(iy) + 0.5))
        .toPoint();
}

QString RegimeMapView::cellText(size_t ix, size_t iy, int panel) const
{
    const RegimeMap& map = m_map->map();
    if (!hasCells() || ix >= map.xValues.size() || iy >= map.yValues.size() || panel < 0 || panel >= panelCount()) {
        return {};
    }
    const RegimeMapDevice& device = map.devices[static_cast<size_t>(panel)];
    QString text = tr("%1 = %2, %3 = %4")
                       .arg(qs(map.xName), qs(formatNumber(map.xValues[ix], 4)), qs(map.yName),
                           qs(formatNumber(map.yValues[iy], 4)));
    if (map.devices.size() > 1) {
        text = tr("%1: %2").arg(qs(device.hardwareName), text);
    }
    if (device.cells.size() != map.xValues.size() * map.yValues.size()) {
        return text + QLatin1Char('\n') + qs(device.error);
    }
    const RegimeCell& cell = device.cell(ix, iy, map.xValues.size());
    text += QLatin1Char('\n')
        + tr("%1-bound (%2)").arg(qs(device.bindingName(cell.binding)), qs(regimeName(cell.regime)));
    text += QLatin1Char('\n')
        + tr("T_min %1, attainable %2")
              .arg(qs(formatQuantity(cell.tMin, Dimension::Seconds)),
                  qs(formatQuantity(cell.attainable, Dimension::FlopsPerSecond)));
    const double roof
        = static_cast<size_t>(panel) < m_computeRoofs.size() ? m_computeRoofs[static_cast<size_t>(panel)] : 0.0;
    if (roof > 0.0) {
        text += QLatin1Char('\n') + tr("%1 % of the compute roof").arg(100.0 * cell.attainable / roof, 0, 'f', 1);
    }
    text += QLatin1Char('\n') + tr("Click to set the kernel to these values");
    return text;
}

void RegimeMapView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    m_texts.clear();
    const RegimeMap& map = m_map->map();
    if (!hasCells()) {
        painter.setPen(Qt::darkGray);
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
            m_map->error().isEmpty() ? tr("Select a template kernel to map it over two of its parameters.")
                                     : m_map->error());
        return;
    }
    for (int panel = 0; panel < panelCount(); ++panel) {
        const QRect area = panelArea(panel);
        painter.setRenderHint(QPainter::Antialiasing, false);
        paintRegimeMapPanel(painter, map, map.devices[static_cast<size_t>(panel)], area, m_shade, false, &m_texts);
        if (!m_current || !(m_current->first > 0.0 && m_current->second > 0.0)) {
            continue;
        }
        const double x = area.left() + logFraction(map.xValues, m_current->first) * area.width();
        const double y = area.bottom() + 1 - logFraction(map.yValues, m_current->second) * area.height();
        if (area.adjusted(-1, -1, 1, 1).contains(QPointF(x, y).toPoint())) {
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.setPen(QPen(Qt::white, 4.0));
            painter.drawEllipse(QPointF(x, y), 6.0, 6.0);
            painter.setPen(QPen(Qt::black, 2.0));
            painter.drawEllipse(QPointF(x, y), 6.0, 6.0);
            painter.drawLine(QPointF(x - 10, y), QPointF(x - 6, y));
            painter.drawLine(QPointF(x + 6, y), QPointF(x + 10, y));
            painter.drawLine(QPointF(x, y - 10), QPointF(x, y - 6));
            painter.drawLine(QPointF(x, y + 6), QPointF(x, y + 10));
        }
    }
    const QRect legend = legendArea();
    paintRegimeMapLegend(painter, map, legend.topLeft(), m_shade, legend.width(), &m_texts);
}

void RegimeMapView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    const auto cell = cellAt(pos);
    if (cell) {
        QToolTip::showText(event->globalPosition().toPoint(), cellText(cell->first, cell->second, panelAt(pos)), this);
    } else {
        QToolTip::hideText();
    }
}

void RegimeMapView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        return;
    }
    if (const auto cell = cellAt(event->position().toPoint())) {
        Q_EMIT cellClicked(cell->first, cell->second);
    }
}

} // namespace roofscope

#include "moc_RegimeMapView.cpp"
