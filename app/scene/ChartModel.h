#pragma once

#include "model/Evaluation.h"
#include "scene/ChartStyle.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// Plain data the roofline chart draws: computed once from core evaluations (see gui/SceneBuilder)
// and handed to RooflineChart::setScene(). Every quantity is in SI base units (FLOP/s, B/s, FLOP/B).

// One bandwidth roof of a device.
struct ChartLevel {
    QString name; // "hbm", "l2", "vmem", ...
    double bytesPerSecond = 0.0; // the roof drawn (after sustained and communication factors)
    bool isDefault = false; // the device's main roof (drawn as its memory slope)
    bool visible = true; // drawn as its own lighter roof (ignored for the default level, always drawn)
    bool estimate = false; // the device file marks its bandwidth an estimate: drawn dashed, labelled so

    bool operator==(const ChartLevel&) const = default;
};

// A named ceiling below a roof, drawn dashed.
struct ChartCeiling {
    enum class Kind { Compute, Bandwidth };
    QString name;
    Kind kind = Kind::Compute;
    double value = 0.0; // FLOP/s (compute) or B/s (bandwidth)

    bool operator==(const ChartCeiling&) const = default;
};

// The compute roof of another precision some kernels run at on a device (drawn lighter).
struct ChartComputeRoof {
    QString precision;
    std::string precisionStd; // the same, for comparisons without conversions
    double flopsPerSecond = 0.0;

    bool operator==(const ChartComputeRoof&) const = default;
};

struct ChartDevice {
    QString id;
    QString label; // short, for the legend ("H100", "TPU v6e")
    QString fullName; // "NVIDIA H100 SXM5 80 GB"
    QString precision; // of the compute roof drawn
    std::string precisionStd;
    QColor color;
    double computeRoof = 0.0; // FLOP/s
    bool computeEstimate = false; // the peak behind the compute roof is an estimate (said in the legend)
    // Why this device's workload figures are not like-for-like (ComparisonBasis::brief(): "fp4 vs bf16
    // kernels", "HBM on GDDR"); empty when they are. Said in the legend.
    QString unlike;
    std::vector<ChartLevel> levels; // enabled levels, fastest first; at most one isDefault
    std::vector<ChartCeiling> ceilings;
    std::vector<ChartComputeRoof> otherComputeRoofs; // so that every kernel's point lies on a drawn roof
    // Names the kernel points this device has in the scene: two scenes whose device has the same
    // non-zero key hold the same points for it (a chart may reuse their pixel positions).
    std::uint64_t pointsKey = 0;

    const ChartLevel* defaultLevel() const;
    // Whether `other` draws the same roofs, ceilings and legend entry (its points may differ).
    bool sameRoofs(const ChartDevice& other) const;
    // computeRoof / default bandwidth (FLOP/B); 0 without a default level.
    double ridge() const;
    // min(computeRoof, beta * intensity) on the default level.
    double roofAt(double intensity) const;
};

// Where one kernel sits on one device.
struct ChartKernelPoint {
    int device = -1; // index into ChartScene::devices
    double intensity = 0.0; // FLOP/B on the scene's x-axis level (ChartScene::xLevel): the chart's x
    double attainable = 0.0; // FLOP/s
    Regime regime = Regime::ComputeBound;
    // > 0 when a level other than the x-axis one binds the kernel: its intensity on that level, where
    // it sits on that level's roof at the same attainable FLOP/s (drawn joined to the marker).
    double bindingIntensity = 0.0;
};

// A kernel that moved 0 bytes on every counted level (all of its data stayed above them, as a GEMM
// whose operands sit in L2) has no finite intensity: its point's `intensity` is +infinity. It is
// compute-bound by definition and sits on its compute roof; charts draw it at the right edge of the
// x range shown, with an arrow pointing on, and say why (unboundedIntensityText()).
bool unboundedIntensity(double intensity);
// Whether a point can be drawn: a positive, finite attainable FLOP/s at a positive finite or unbounded
// intensity.
bool placeable(const ChartKernelPoint& point);
// Why such a kernel sits at the chart's right edge (tooltips, the HTML page, the problems list).
QString unboundedIntensityText();

// Places an evaluation on the chart's x-axis level (see ChartScene::xLevel): `intensity` on that level
// (a device or kernel without it: the default level), `bindingIntensity` on the binding level when
// that is another one. `attainable` and `regime` are the evaluation's.
void placeOnXLevel(ChartKernelPoint& point, const Evaluation& evaluation, const std::string& xLevel);
// The x-axis title for a view.x_level: "Arithmetic intensity (FLOP/byte)" on the default level,
// "Arithmetic intensity on the binding level (FLOP/byte)", "Arithmetic intensity on ICI (FLOP/byte)".
QString xAxisTitle(const std::string& xLevel);

// A measured kernel's achieved throughput at its intensity on one memory level (hierarchical roofline).
struct ChartLevelPoint {
    QString level;
    double intensity = 0.0; // FLOP/B on that level
};

struct ChartKernel {
    QString name;
    double flops = 0.0; // per launch; with the points' attainable throughput it gives T_min
    std::vector<ChartKernelPoint> points; // one per device it could be evaluated on
    std::optional<double> achieved; // measured FLOP/s, drawn at the first point's intensity
    // achieved / the first point's attainable: the evaluation's fraction of roof on that device, the
    // number the results table gives in its row (drawn as "92 % of roof" beside the measured point).
    std::optional<double> fractionOfRoof;
    // With bytes on several enabled levels: the achieved point on each (same FLOP/s), joined by a line.
    std::vector<ChartLevelPoint> levelPoints;
    double runtimeShare = 0.0; // of the session's total time (measured, else the shortest T_min), x count
    double markerScale = 1.0; // marker size factor (by runtime share when switched on)
    bool hidden = false; // left out by the top-N filter
    bool aboveRoof = false; // measured faster than its roof: the wrong precision or uncounted bytes
};

struct ChartRange {
    double xLower = 0.05;
    double xUpper = 20000.0;
    double yLower = 1e9;
    double yUpper = 1e16;

    bool isValid() const;
};

// One device of the workload comparison shown beside the chart in review mode.
struct ChartSummaryRow {
    QString label; // short ("H100")
    QColor color;
    double tMin = 0.0; // the workload's T_min total (s)
    double speedup = 0.0; // against the baseline (0: unknown)
    double computeShare = 0.0; // of tMin, each in [0, 1]
    double memoryShare = 0.0;
    double networkShare = 0.0;
    bool baseline = false;
    int sceneDevice = -1; // into ChartScene::devices
    QString detail; // "90 % compute · 10 % memory · 1.28 TFLOP/s/W"
};

struct ChartSummary {
    QString title; // "Workload: 4 kernels, 8.8 TFLOP"
    std::vector<ChartSummaryRow> rows; // ranked (like-for-like) devices fastest first, then the others
    QString ordering; // how the rows are ordered: "Fastest first · bar: T_min total"
    QStringList headlines; // the serving verdicts' headlines, one per transformer group
};

// An annotation arrow between two kernels (indices into ChartScene::kernels), labelled with the ratio
// of their T_min on the first device both are drawn on ("4.0x"), then the arrow's own text.
struct ChartArrow {
    int from = -1;
    int to = -1;
    QString text;

    bool operator==(const ChartArrow&) const = default;
};

// Free text at a point of the chart.
struct ChartNote {
    QString text;
    double intensity = 0.0; // FLOP/B
    double flopsPerSecond = 0.0;

    bool operator==(const ChartNote&) const = default;
};

// What the session adds on top of roofs and kernels (docs/file-formats.md#sessions): a title and subtitle,
// effective roofs for communication fractions, a shaded band between two levels' roofs, annotations.
struct ChartDecorations {
    QString title; // the session's title
    QString subtitle; // "peak roofs · bf16", "sustained roofs · bf16, fp8"
    // Lines under the subtitle: each transformer group's verdict headline (split at its "; "), so the
    // window and every export carry the answer with its batch and roofs.
    QStringList captions;
    std::vector<double> commFractions; // effective roofs at (1 - f) of each device's ideal roof
    QString shadeLow; // level names; both set: the band between their roofs is shaded
    QString shadeHigh;
    std::vector<ChartArrow> arrows;
    std::vector<ChartNote> notes;

    bool operator==(const ChartDecorations&) const = default;
};

// The extent of a set of kernel points: intensities (and binding-level intensities) across, FLOP/s
// up; only positive, finite values count.
struct ChartPointBounds {
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = 0.0;

    void addX(double x);
    void addY(double y);
    void add(const ChartKernelPoint& point); // intensity, binding intensity, attainable
    void add(const ChartPointBounds& other);
};

struct ChartScene {
    // The x-axis (view.x_level): empty for each device's default level, "binding" for the level that
    // binds each kernel (so every marker sits on a drawn roof), or a level name.
    std::string xLevel;
    std::vector<ChartDevice> devices;
    std::vector<ChartKernel> kernels;
    bool showFeasibleRegion = true; // shade under each device's roof
    bool showRegionLabels = true; // "memory-bound" / "compute-bound" either side of the first ridge
    bool labelIntensity = true; // kernel labels carry their intensity ("AI=108") under the name
    ChartStyle style = ChartStyle::make(false, false);
    ChartSummary summary; // drawn beside the plot when the style is for review and it has rows
    ChartDecorations decorations;

    // The range that shows every roof, ridge and kernel with margins: x at least 0.05..20000 FLOP/B,
    // y from 1e-3 x the lowest compute roof to 3 x the highest one (widened to fit every point).
    ChartRange fitRange() const;
    // The kernels' extent as the scene builder found it, so that fitRange() need not visit every
    // point again. Whoever changes a kernel in place resets it.
    std::optional<ChartPointBounds> kernelBounds;
    // The kernels' extent, from their points and measured FLOP/s.
    ChartPointBounds measureKernels() const;
};

// fitRange() of these devices with kernels of that extent.
ChartRange fitRangeFor(const std::vector<ChartDevice>& devices, const ChartPointBounds& kernels);

} // namespace roofscope
