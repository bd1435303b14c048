#pragma once

#include "chart/RegimeMapImage.h"

#include <QWidget>

#include <optional>
#include <utility>

namespace roofscope {

class KernelRegimeMap;

// Paints a KernelRegimeMap's device panel (the drawing of the `map -o` image: cells coloured by the
// binding resource, shaded, boundaries, axes, legend) with a cross at the kernel's own values.
// Hovering a cell shows what binds and its T_min; clicking one emits cellClicked.
class RegimeMapView : public QWidget {
    Q_OBJECT

public:
    RegimeMapView(const KernelRegimeMap* map, QWidget* parent = nullptr);

    void setShade(RegimeMapShade shade);
    RegimeMapShade shade() const { return m_shade; }
    // The kernel's current values, marked with a cross (nullopt: none).
    void setCurrent(std::optional<std::pair<double, double>> values);
    // The device's compute roof (FLOP/s) for the hover text's share of the roof (0: not said).
    void setComputeRoof(double flopsPerSecond) { m_computeRoof = flopsPerSecond; }

    // Where the cells are drawn, in widget pixels.
    QRect panelArea() const;
    // The cell under a widget pixel (column, row; row 0 at the bottom), if any.
    std::optional<std::pair<size_t, size_t>> cellAt(const QPoint& pos) const;
    QPoint cellCenter(size_t ix, size_t iy) const;
    // What the hover tooltip says for a cell.
    QString cellText(size_t ix, size_t iy) const;

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
    double m_computeRoof = 0.0;
};

} // namespace roofscope
