#pragma once

#include "scene/ChartModel.h"

#include <QPixmap>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPItemStraightLine;
class QCPItemText;
class QMouseEvent;

namespace roofscope {

class ChartDecorator;
class ChartLabelPlacer;
class SessionAnalysis;
class ComparisonPanel;
class KernelCloud;

// A bandwidth roof as drawn: its device (index into ChartScene), level, label text (empty for the
// default level, whose figure the legend gives) and pen style (dashed when the level is an estimate).
struct DrawnRoof {
    int device = -1;
    QString level;
    QString label;
    Qt::PenStyle penStyle = Qt::SolidLine;
};

// A kernel's marker on one device (indices into ChartScene).
struct ChartHit {
    int kernel = -1;
    int device = -1;
};

// The log-log roofline chart: per device a memory slope (thin) and a compute flat (thick) in the
// device's colour with a ridge marker, lighter roofs for its other shown levels, dashed ceilings
// (estimated levels are dashed too, and their labels say "(estimate)");
// per kernel a dotted intensity guide, a marker on every device's roof (one shape per kernel, filled
// with the device colour), a measured point when known, and a label at the top (the name and, unless
// the view leaves it out, the intensity: "AI=108"), tied to its marker by a thin leader line where
// the label had to move off its guide or be shortened.
//
// Layers (bottom to top): "grid", "main" (roofs, shaded regions), "roofLabels", "kernels" (guides,
// markers, measured points, labels), "axes", "legend", "overlay" (buffered: the kernel being
// dragged, so a drag step repaints only that layer). Roofs are built once per setScene(); replots
// only re-place the labels. Kernels are drawn by KernelCloud straight from the scene.
class RooflineChart : public QWidget {
    Q_OBJECT

public:
    explicit RooflineChart(QWidget* parent = nullptr);
    ~RooflineChart() override;

    // Follows a session analysis: its scene (refitted when it says so), moved kernels, selection and
    // review summary; tooltips come from it, and a drag edits its document, one undo step per drag.
    void setAnalysis(SessionAnalysis* analysis);
    // Replaces everything drawn. The first scene, and any scene when `fit` is set, is fitted.
    void setScene(ChartScene scene, bool fit = false);
    // The same for a scene shared with its owner (a session analysis), which may change a kernel of it
    // in place and then call updateKernel(index).
    void setScene(std::shared_ptr<ChartScene> scene, bool fit = false);
    // Replaces one kernel (same devices): the drag fast path. While that kernel is dragged only the
    // overlay layer is repainted. `scene` carries compute roofs the kernel may have added.
    void updateKernel(int index, ChartKernel kernel);
    void updateKernel(int index);
    // The kernel whose guide is drawn even when there are many, and that arrow keys move.
    void setSelectedKernel(int kernel);
    int selectedKernel() const { return m_selectedKernel; }
    // Text for the hover tooltip of a kernel's marker on a device (rich text allowed); device -1 asks
    // for a brief plain-text line per device, shown while the kernel is dragged.
    void setToolTipProvider(std::function<QString(int kernel, int device)> provider);
    const ChartScene& scene() const { return *m_scene; }
    const ChartDecorator& decorator() const { return *m_decorator; }
    // Replaces the workload comparison drawn beside the plot in review mode, without a replot: the
    // next one (a drag step's overlay repaint included) shows it.
    void setSummary(ChartSummary summary);
    // Whether the comparison panel is laid out beside the plot, and where (widget pixels of plot()).
    bool hasSummaryPanel() const;
    QRect summaryRect() const;

    // Export mode for SVG: lines built by the next setScene() are clipped to the range shown then,
    // and markers off the plot area are left out (SVG keeps no clip paths).
    void setClipToView(bool clip);

    // Shows every roof, ridge and kernel (ChartScene::fitRange()).
    void fitAll();
    void setVisibleRange(const ChartRange& range);
    ChartRange visibleRange() const;

    QCustomPlot* plot() const { return m_plot; }
    // The plot as a plain widget (for event filters outside app/chart) and as a picture of what is shown.
    QWidget* plotWidget() const;
    QPixmap toPixmap() const;
    // Bandwidth roofs drawn: one per device with a default level plus its other shown levels.
    int roofCount() const { return m_roofCount; }
    int ceilingCount() const { return m_ceilingCount; }
    const std::vector<DrawnRoof>& drawnRoofs() const { return m_drawnRoofs; }
    // Whether the feasible region under the first device's roof is shaded.
    bool hasShadedRegion() const { return m_hasRegion; }
    int kernelMarkerCount() const;
    // Where a kernel's marker on a device is drawn, in widget pixels of plot(); empty when the kernel
    // has no point on that device. Valid after a replot (setScene and fitAll replot).
    std::optional<QPointF> markerPosition(int kernel, int device) const;
    // The boxes of the kernels' markers inside `area` (widget pixels; the largest marker's size), the
    // markers the label placer keeps its labels clear of: what labels drawn under the markers avoid.
    std::vector<QRectF> markerRects(const QRectF& area) const;
    QString legendText(int device) const;
    // The text of a kernel's label at the top and whether it is shown (hidden when off-screen).
    QString kernelLabelText(int kernel) const;
    bool kernelLabelVisible(int kernel) const;
    // Where a kernel's label is drawn now (widget pixels of plot(), padding included); empty when hidden.
    std::optional<QRectF> kernelLabelRect(int kernel) const;
    // Where the last replot put the labels and the legend (outlines, markers kept clear of).
    const ChartLabelPlacer& labelPlacer() const { return *m_labels; }

    // The kernel whose marker is within `radius` pixels of `pos` (widget pixels of plot()), if any.
    std::optional<int> kernelAt(const QPointF& pos, double radius = 8.0) const;
    std::optional<ChartHit> hitTest(const QPointF& pos, double radius = 8.0) const;
    // Region labels shown ("memory-bound", "compute-bound").
    QStringList regionLabels() const;
    bool isDragging() const { return m_dragKernel >= 0; }

    static QString xTickLabel(double flopsPerByte);
    static QString yTickLabel(double flopsPerSecond);

Q_SIGNALS:
    // Pressing on a kernel's marker and moving horizontally: the intensity under the mouse.
    void kernelDragged(int kernel, double flopsPerByte);
    // The mouse was released: one drag is over.
    void kernelDragFinished(int kernel);
    // A double click on empty space: show everything.
    void fitRequested();
    // A kernel's marker was clicked (-1: empty space).
    void kernelClicked(int kernel);
    // Something the user should read in the status line (why a dragged kernel stopped).
    void statusMessage(const QString& message);

public:
    static constexpr const char* kRoofLabelLayer = "roofLabels";
    static constexpr const char* kKernelLayer = "kernels";

protected:
    void showEvent(QShowEvent* event) override;

private:
    // Replots, or in a shown window where the chart is behind another tab, marks it to be replotted
    // when it shows: an edit made on the Serving tab does not draw the roofline nobody sees.
    void replotQueued();
    // Whether `next` differs from the scene drawn only in where its kernels are (a group's drag).
    bool onlyKernelsMove(const ChartScene& next) const;
    bool m_movedKernelsOnly = false; // since the press: the chart is built whole on the release
    // A kernel's guide and label to where the scene now has it (no replot).
    void moveKernelItems(int index);

    void onMousePress(QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    void showToolTip(const ChartHit& hit, const QPoint& globalPos);

    SessionAnalysis* m_analysis = nullptr;
    int m_dragKernel = -1;
    // The dragged marker's intensity on the default level over its x (1 unless the x-axis is another
    // level): a drag moves the default level's intensity by the pointer's ratio.
    double m_dragScale = 1.0;
    int m_selectedKernel = -1;
    std::function<QString(int, int)> m_toolTipProvider;

    struct KernelItems {
        double x = 0.0; // the guide and label position
        double y = 0.0; // the marker the label names: the highest at x
        QCPItemText* label = nullptr; // only while there are few kernels
        QCPItemLine* leader = nullptr; // with the label: to the marker when the label is moved or shortened
    };

    void setupPlot();
    void applyStyle(); // the scene's style: colours, fonts, pens, the comparison panel
    // A legend wider than the plot (review mode's large type at a report's width, a narrow window) is
    // set in a smaller type, down to 70 % of the style's, so it stays inside the plot; its entries keep
    // their figures. Run after each layout.
    void fitLegendToPlot();
    void clearScene();
    void retire(std::shared_ptr<ChartScene> scene); // frees a scene no longer shown
    void buildDevice(int index);
    void buildKernel(int index);
    void buildRegions();
    QString kernelLabel(int index) const;
    // The dragged kernel's label and leader go to the overlay layer, and back after the drag.
    void setKernelLabelLayer(int kernel, const QString& layer);
    QCPGraph* addLine(const std::vector<double>& x, const std::vector<double>& y, const QPen& pen);
    QCPItemText* addRoofLabel(const QString& text, const QColor& color);

    QCustomPlot* m_plot = nullptr;
    std::shared_ptr<ChartScene> m_scene = std::make_shared<ChartScene>();
    bool m_hasScene = false;
    double m_domainLower = 1e-4; // x extent of the roof lines
    double m_domainUpper = 1e8;
    int m_roofCount = 0;
    int m_ceilingCount = 0;
    bool m_hasRegion = false;
    bool m_clipToView = false;
    size_t m_shownKernels = 0; // kernels not hidden by the top-N filter
    std::vector<QCPGraph*> m_legendGraphs; // per device (nullptr without a roof)
    QString m_legendNames; // fitLegendToPlot(): the entries last measured, in the style's type,
    QFont m_legendBaseFont;
    double m_legendWidest = 0.0; // and the widest of them
    std::vector<DrawnRoof> m_drawnRoofs;
    std::unique_ptr<ChartLabelPlacer> m_labels;
    std::unique_ptr<ChartDecorator> m_decorator; // title, communication roofs, shaded band, annotations
    std::vector<KernelItems> m_kernelItems;
    QCPItemText* m_emptyText = nullptr;
    KernelCloud* m_cloud = nullptr; // every kernel but the dragged one
    KernelCloud* m_dragCloud = nullptr; // the dragged kernel, on the overlay layer
    ComparisonPanel* m_panel = nullptr; // beside the axis rect in review mode, else out of the layout
    std::vector<QCPItemText*> m_regionLabels;
};

} // namespace roofscope
