#pragma once

#include "chart/RegimeMapImage.h"

#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

namespace roofscope {

class KernelRegimeMap;

// Paints a KernelRegimeMap's device panels in a grid (side by side when they fit) (the drawing of the `map -o` image:
// cells coloured by the binding resource, shaded, boundaries, axes; each titled with the device's label; one legend for
// all) with a cross at the kernel's own values. Hovering a cell of any panel shows what binds there on that device and
// its T_min; clicking one emits cellClicked.
class RegimeMapView : public QWidget {
    Q_OBJECT

public:
    RegimeMapView(const KernelRegimeMap* map, QWidget* parent = nullptr);

    void setShade(RegimeMapShade shade);
    RegimeMapShade shade() const { return m_shade; }
    // The kernel's current values, marked with a cross (nullopt: none).
    void setCurrent(std::optional<std::pair<double, double>> values);
    const std::optional<std::pair<double, double>>& current() const { return m_current; }
    // Per panel, the device's compute roof (FLOP/s) for the hover text's share of the roof (0: not said).
    void setComputeRoofs(std::vector<double> flopsPerSecond) { m_computeRoofs = std::move(flopsPerSecond); }

    // How many device panels are drawn.
    int panelCount() const;
    // Where a panel's cells are drawn, in widget pixels.
    QRect panelArea(int panel = 0) const;
    // The panel under a widget pixel (-1: none).
    int panelAt(const QPoint& pos) const;
    // The cell under a widget pixel (column, row; row 0 at the bottom) in whichever panel, if any.
    std::optional<std::pair<size_t, size_t>> cellAt(const QPoint& pos) const;
    QPoint cellCenter(size_t ix, size_t iy, int panel = 0) const;
    // What the hover tooltip says for a cell of a panel.
    QString cellText(size_t ix, size_t iy, int panel = 0) const;

    // Where the one legend is drawn (widget pixels): right of the panels, or below them when the
    // width has no room for it beside panels of a useful size.
    QRect legendArea() const;
    // The box of every text the last paint drew (titles, ticks, axis names, legend), for checks.
    const std::vector<QRect>& drawnTexts() const { return m_texts; }

    QSize sizeHint() const override { return { 520, 420 }; }
    QSize minimumSizeHint() const override;
    // Panels in a grid as wide as given; taller than the room in the scroll area when the panels need it.
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    void cellClicked(size_t ix, size_t iy);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    bool hasCells() const;
    // The panels' grid for a widget of `size`: columns, each panel's size, the legend's place.
    struct Layout {
        int columns = 1;
        int rows = 1;
        QSize panel;
        bool legendBelow = false;
        int height = 0; // all of it: the rows and the legend below them
    };
    Layout layoutFor(QSize size) const;
    Layout computeLayout(QSize size) const;
    // The room the view has to show in: its scroll area's viewport when it has one.
    int shownHeight() const;

    const KernelRegimeMap* m_map;
    RegimeMapShade m_shade = RegimeMapShade::TMin;
    std::optional<std::pair<double, double>> m_current;
    std::vector<double> m_computeRoofs;
    std::vector<QRect> m_texts;
    // The last layout and the size it is for: a mouse move asks for it several times, and each
    // computation reads every cell for the legend. Dropped when the map changes.
    mutable std::optional<std::pair<QSize, Layout>> m_layout;
};

} // namespace roofscope
