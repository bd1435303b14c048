#pragma once

#include "chart/RegimeMapImage.h"

#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

namespace roofscope {

class KernelRegimeMap;

// Paints a KernelRegimeMap's device panels side by side (the drawing of the `map -o` image: cells
// coloured by the binding resource, shaded, boundaries, axes; each titled with the device's label;
// one legend for all) with a cross at the kernel's own values. Hovering a cell of any panel shows
// what binds there on that device and its T_min; clicking one emits cellClicked.
class RegimeMapView : public QWidget {
    Q_OBJECT

public:
    RegimeMapView(const KernelRegimeMap* map, QWidget* parent = nullptr);

    void setShade(RegimeMapShade shade);
    RegimeMapShade shade() const { return m_shade; }
    // The kernel's current values, marked with a cross (nullopt: none).
    void setCurrent(std::optional<std::pair<double, double>> values);
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

    QSize sizeHint() const override { return { 520, 420 }; }

Q_SIGNALS:
    void cellClicked(size_t ix, size_t iy);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    bool hasCells() const;

    const KernelRegimeMap* m_map;
    RegimeMapShade m_shade = RegimeMapShade::TMin;
    std::optional<std::pair<double, double>> m_current;
    std::vector<double> m_computeRoofs;
};

} // namespace roofscope
