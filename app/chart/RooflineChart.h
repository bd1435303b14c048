#pragma once

#include "chart/ChartModel.h"

#include <QPointF>
#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QMouseEvent;

namespace roofscope {

class ChartLabelPlacer;

// The log-log roofline chart: per device a memory slope (thin) and a compute flat (thick) in the
// device's colour with a ridge marker, lighter roofs for its other shown levels, dashed ceilings;
// per kernel a dotted intensity guide, a marker on every device's roof (one shape per kernel, filled
// with the device colour), a measured point when known, and a label at the top.
//
// Layers (bottom to top): "grid", "main" (roofs), "roofLabels", "kernels" (every kernel item:
// guides, markers, labels), "axes", "legend", "overlay" (kept free for the item being dragged).
// Graphs and items are built once per setScene(); replots only re-place the labels.
class RooflineChart : public QWidget {
    Q_OBJECT

public:
    explicit RooflineChart(QWidget* parent = nullptr);
    ~RooflineChart() override;

    // Replaces everything drawn. The first scene, and any scene when `fit` is set, is fitted.
    void setScene(ChartScene scene, bool fit = false);
    const ChartScene& scene() const { return m_scene; }

    // Shows every roof, ridge and kernel (ChartScene::fitRange()).
    void fitAll();
    void setVisibleRange(const ChartRange& range);
    ChartRange visibleRange() const;

    QCustomPlot* plot() const { return m_plot; }
    // Bandwidth roofs drawn: one per device with a default level plus its other shown levels.
    int roofCount() const { return m_roofCount; }
    int ceilingCount() const { return m_ceilingCount; }
    int kernelMarkerCount() const;
    // Where a kernel's marker on a device is drawn, in widget pixels of plot(); empty when the kernel
    // has no point on that device. Valid after a replot (setScene and fitAll replot).
    std::optional<QPointF> markerPosition(int kernel, int device) const;
    QString legendText(int device) const;
    // The text of a kernel's label at the top and whether it is shown (hidden when off-screen).
    QString kernelLabelText(int kernel) const;
    bool kernelLabelVisible(int kernel) const;

    // The kernel whose marker is within `radius` pixels of `pos` (widget pixels of plot()), if any.
    std::optional<int> kernelAt(const QPointF& pos, double radius = 8.0) const;
    bool isDragging() const { return m_dragKernel >= 0; }

    static QString xTickLabel(double flopsPerByte);
    static QString yTickLabel(double flopsPerSecond);

Q_SIGNALS:
    // Pressing on a kernel's marker and moving horizontally: the intensity under the mouse.
    void kernelDragged(int kernel, double flopsPerByte);
    // The mouse was released: one drag is over.
    void kernelDragFinished(int kernel);

public:
    static constexpr const char* kRoofLabelLayer = "roofLabels";
    static constexpr const char* kKernelLayer = "kernels";

private:
    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);

    int m_dragKernel = -1;

    struct KernelItems {
        double x = 0.0; // the guide and label position
        std::vector<QCPGraph*> markers; // one per point, in ChartKernel::points order
        QCPItemText* label = nullptr;
    };

    void setupPlot();
    void clearScene();
    void buildDevice(int index);
    void buildKernel(int index);
    QCPGraph* addLine(const std::vector<double>& x, const std::vector<double>& y, const QPen& pen);
    QCPItemText* addRoofLabel(const QString& text, const QColor& color);

    QCustomPlot* m_plot = nullptr;
    ChartScene m_scene;
    bool m_hasScene = false;
    double m_domainLower = 1e-4; // x extent of the roof lines
    double m_domainUpper = 1e8;
    int m_roofCount = 0;
    int m_ceilingCount = 0;
    std::vector<QCPGraph*> m_legendGraphs; // per device (nullptr without a roof)
    std::unique_ptr<ChartLabelPlacer> m_labels;
    std::vector<KernelItems> m_kernelItems;
    QCPItemText* m_emptyText = nullptr;
};

} // namespace roofscope
