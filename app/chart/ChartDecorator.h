#pragma once

#include "scene/ChartModel.h"

#include <QFont>
#include <QString>

#include <optional>
#include <utility>
#include <vector>

class QCustomPlot;
class QCPCurve;
class QCPItemLine;
class QCPItemText;

namespace roofscope {

class ChartLabelPlacer;

// Draws a scene's decorations (docs/file-formats.md#sessions) on the roofline chart: the title and subtitle
// above the plot, each device's effective roofs for the communication fractions (dashed, "60 % comm" beside
// the first device's), the band between two levels' roofs, annotation arrows labelled with the T_min ratio,
// and free text. It also hands the label placer each measured point's "% of roof" label (drawn by the
// kernel cloud where the placer puts it).
class ChartDecorator {
public:
    // With `labels`, the arrows' labels are placed by it, clear of markers and other labels.
    explicit ChartDecorator(QCustomPlot* plot, ChartLabelPlacer* labels = nullptr);

    // After the chart removed its previous items and graphs. Lines span [domainLower, domainUpper]
    // in x; with `clip` (SVG export) they are cut to that range by hand.
    void build(const ChartScene& scene, double domainLower, double domainUpper, const std::optional<ChartRange>& clip,
        const QString& fontFamily, const char* labelLayer);
    // After a kernel moved: the arrows follow their kernels, their ratios too, and the measured
    // points' "% of roof" labels their points and fractions.
    void followKernels(const ChartScene& scene);
    // The verdict's caption lines with new words (as many lines as built).
    void setCaptions(const QStringList& captions);
    // The title and the captions as drawn now (wrapped lines joined by '\n', a cut line ends in an ellipsis).
    QStringList shownHeading() const;
    // Sets the room above the plot for the title, subtitle and the captions' lines as they wrap at the
    // plot's width, and lays the plot out again when that room changed (call it after each layout).
    void reserveCaptionRoom();
    // Whether the lines as they wrap now need another room than the one the plot was laid out with.
    bool captionRoomStale() const;
    // The caption lines as drawn.
    QStringList captions() const;
    // The layer the captions are drawn on (the chart's kernel layer).
    static constexpr const char* kCaptionLayer = "kernels";

    // For tests and exports: the texts drawn, in drawing order.
    const QString& title() const { return m_title; }
    const QString& subtitle() const { return m_subtitle; }
    QStringList labels() const;

private:
    void buildCommRoofs(const ChartScene& scene, double lower, double upper, const std::optional<ChartRange>& clip,
        const QString& family, const char* layer);
    int captionRoom() const; // the room above the plot the lines drawn now need, in pixels
    void buildBand(const ChartScene& scene, double lower, double upper, const std::optional<ChartRange>& clip);
    void followMeasured(const ChartScene& scene);
    QCPItemText* addText(const QString& text, const QFont& font, const QColor& color, const char* layer);

    QCustomPlot* m_plot;
    ChartLabelPlacer* m_labels = nullptr;
    QString m_title;
    QString m_subtitle;
    std::vector<std::pair<QCPItemLine*, QCPItemText*>> m_arrows; // per scene arrow
    std::vector<QCPItemText*> m_texts; // every label added, for labels()
    std::vector<QCPItemText*> m_captions; // the verdict's lines under the subtitle
    bool m_titled = false; // a title, subtitle or caption is drawn above the plot
    QCPItemText* m_titleItem = nullptr; // the title's item, when there is one
    double m_fontScale = 1.0; // the scene style's (review mode draws larger)
    bool m_measuredLabels = false; // kernels are few enough for measured points' labels
    QFont m_measuredFont;
    QCPCurve* m_band = nullptr; // not a graph: the chart's clearGraphs() leaves it, build() removes it
};

} // namespace roofscope
