#pragma once

#include "figures/ServingCurves.h"
#include "model/serving/Verdict.h"
#include "scene/ChartStyle.h"

#include <QByteArray>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QMouseEvent;
class QCPItemText;

namespace roofscope {

// The serving chart: for one transformer group, one curve per device of tokens/s per chip (or per
// $/hour, or per joule) against ms per output token (or tokens/s per user), log-log, from a batch
// sweep (figures/ServingCurves.h). The batch is written at a few points; each curve ends at its
// memory wall with a bar and "max batch N (KV cache full)". A latency target draws a line and rings
// the best operating point of each device, listed in a box. Hovering a point shows its figures;
// clicking it emits pointClicked().
class ServingChart : public QWidget {
    Q_OBJECT

public:
    explicit ServingChart(QWidget* parent = nullptr);
    ~ServingChart() override;

    struct Settings {
        ServingXAxis x = ServingXAxis::MsPerToken;
        ServingYAxis y = ServingYAxis::TokensPerSecondPerChip;
        std::optional<double> targetMs;
        ChartStyle style = ChartStyle::make(false, false);
        QString title; // above the plot
        // The group's verdict on the curves' devices (the same order): each device's operating point
        // is ringed, and its headline is the box over the plot (pickLines(): the verdict's lines).
        std::optional<GroupVerdict> verdict;
        // The headline under the title (exports); the window's Serving tab lists the verdict under the
        // chart instead, leaving the plot its height.
        bool headline = true;
    };
    // Draws the curves (and fits the axes to them).
    void setCurves(ServingCurves curves, const Settings& settings);
    const ServingCurves& curves() const { return m_curves; }
    const Settings& settings() const { return m_settings; }

    // The point under a widget position (curve index, point index), within `radius` pixels.
    std::optional<std::pair<int, size_t>> pointAt(const QPointF& pos, double radius = 8.0) const;
    // Where a point is drawn, in widget coordinates (empty when it is not drawn).
    std::optional<QPointF> pointPosition(int curve, size_t point) const;
    // What is drawn: curves with points, the wall labels, the batch labels, the picks' lines.
    int drawnCurveCount() const { return m_drawnCurves; }
    QStringList wallLabels() const { return m_wallLabels; }
    QStringList batchLabels() const { return m_batchLabels; }
    // The verdict as lines (headline, devices best first, what the figures rest on); empty without one.
    QStringList pickLines() const { return m_pickLines; }
    // Where each curve's operating point is ringed (plot coordinates; empty: none on that curve).
    std::vector<std::optional<QPointF>> operatingPoints() const { return m_operatingPoints; }
    QString xAxisTitle() const;
    QString yAxisTitle() const;

    // A measured serving run as drawn (ServingChartMeasured.cpp): the verdict's runs of each device in its
    // colour, published runs in grey, each joined by a thin line to its bound at the same concurrency.
    struct MeasuredPoint {
        int curve = -1;
        QString label; // "vLLM c64: 28.7 % of bound"
        QString tip; // the run against its bound in full (hover)
        double x = 0.0; // plot coordinates of the measurement
        double y = 0.0;
        double boundX = 0.0; // of its bound
        double boundY = 0.0;
        double efficiency = 0.0; // output tokens/s against the bound's
        bool beyond = false; // some figure beats its bound: drawn loudly, never clipped
        bool published = false;
        bool xFromBound = false; // the run measured no TPOT: drawn at its bound's time per token
    };
    const std::vector<MeasuredPoint>& measuredPoints() const { return m_measured; }

    // Renders the chart into a file's bytes by `suffix` (png, svg, pdf); `title` names a PDF/SVG.
    // Returns false when it could not be drawn.
    bool render(const QString& suffix, int width, int height, double scale, QByteArray& bytes);

    QCustomPlot* plot() const { return m_plot; }

Q_SIGNALS:
    void pointClicked(int curve, int point);

private:
    // The data's extent on the axes, for their ranges.
    struct ServingExtent {
        double xMin = std::numeric_limits<double>::infinity();
        double xMax = 0.0;
        double yMin = std::numeric_limits<double>::infinity();
        double yMax = 0.0;
        void add(double x, double y)
        {
            if (x > 0.0 && y > 0.0 && std::isfinite(x) && std::isfinite(y)) {
                xMin = std::min(xMin, x);
                xMax = std::max(xMax, x);
                yMin = std::min(yMin, y);
                yMax = std::max(yMax, y);
            }
        }
    };

    void rebuild();
    void buildTitle(); // the title and the verdict's headline under it
    void buildCurve(const ServingCurve& curve, ServingExtent& extent); // with its batch labels and wall
    void buildOperatingPoints(); // the verdict's operating point ringed on each curve, its pick lines
    void applyStyle();
    void onMouseMove(QMouseEvent* event);
    void onMouseRelease(QMouseEvent* event);
    // After every layout: the walls' and batches' labels where none overlaps another, the legend or
    // the picks' box (ServingChartLabels.cpp); a batch label with no free corner is hidden.
    void placeLabels();
    // The verdict's measured and published runs (after the curves); `extend` widens the axes' range.
    void drawMeasuredRuns(const std::function<void(double, double)>& extend);
    std::optional<MeasuredPoint> measuredPoint(int curve, const ServingRunGap& gap, bool published) const;

    QCustomPlot* m_plot = nullptr;
    ServingCurves m_curves;
    Settings m_settings;
    int m_drawnCurves = 0;
    QStringList m_wallLabels;
    QStringList m_batchLabels;
    QStringList m_pickLines;
    std::vector<std::optional<QPointF>> m_operatingPoints;
    std::vector<MeasuredPoint> m_measured;
    QPointF m_pressPos;
    struct LabelAnchor {
        QCPItemText* text = nullptr;
        double x = 0.0; // the point it names, plot coordinates
        double y = 0.0;
    };
    std::vector<LabelAnchor> m_wallItems;
    std::vector<LabelAnchor> m_batchItems;
    std::vector<const QCPItemText*> m_fixedTexts; // the target's label and the picks' box
};

} // namespace roofscope
