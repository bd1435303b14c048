#pragma once

#include "model/KernelProbe.h"
#include "model/RegimeMap.h"
#include "model/Sweep.h"
#include "model/serving/ServingStep.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A transformer step swept over one of its parameters (batch, seq, tp, ...) or mapped over two
// (docs/serving-chart.md): each point is the served step (evaluateServing) at that value.

// One served step in brief.
struct ServingPoint {
    double value = 0.0;
    double tMin = 0.0; // per step, s
    double tMax = 0.0;
    double tokensPerSecond = 0.0; // a bound (from T_min)
    double tokensPerSecondTMax = 0.0;
    double collectiveShare = 0.0;
    double flops = 0.0; // the step's
    double intensity = 0.0; // FLOPs over the bytes on the default level
    double attainable = 0.0; // FLOPs / T_min
    Regime regime = Regime::MemoryBound; // of the resource that takes most of T_min
    std::string binding; // "compute", a memory level, or the link when collectives take longer
    std::optional<bool> fits;
    double perChipBytes = 0.0;
    std::optional<double> maxBatch;
    std::optional<double> usdPerMillionTokens;
    // Per chip, per user (1 / T_min), per $/hour of the system and per joule (ServingCost).
    double tokensPerSecondPerChip = 0.0;
    double tokensPerSecondPerUser = 0.0;
    std::optional<double> joulesPerToken;
    std::optional<double> tokensPerSecondPerUsdHour;
    std::optional<double> tokensPerJoule;
    std::optional<double> mfu; // ServingStep::mfu and ::mbu: fractions of the step's roofs
    std::optional<double> mbu;
    // A request mix (model/serving/Requests.h): TTFT, TPOT and the run's output tokens/s; empty otherwise.
    std::optional<double> ttftSeconds;
    std::optional<double> tpotSeconds;
    std::optional<double> runTokensPerSecond;
    std::optional<double> maxConcurrency;
    // The kernel that takes most of the step (among the collectives when they take longer than the
    // rest), and its share of T_min.
    std::string bindingKernel;
    double bindingKernelShare = 0.0;
};

// One served step in brief: the one point type of `sweep`, `map` and the window's serving chart.
ServingPoint servingPoint(const ServingStep& step, double value);

struct ServingSweepDevice {
    std::string hardwareId;
    std::string hardwareLabel;
    std::vector<ServingPoint> points;
    std::vector<SweepCrossing> crossings; // where the step's binding changes (the first whole value after it)
    std::optional<double> maxBatch; // batch sweeps: the largest batch that fits; the points end there
    std::optional<double> maxConcurrency; // concurrency sweeps of a request mix: the same in requests in flight
    // Values of a parallel degree that the model's shape does not split (tp must divide the heads,
    // ...): left out of the points, each with the rule, "tp=6: transformer: tp (6) must divide heads (64)".
    std::vector<std::string> skipped;
    std::string error;
};

struct ServingSweep {
    std::string vary;
    std::vector<double> values; // the axis' values (a device's points may end earlier, at max_batch)
    std::vector<ServingSweepDevice> devices;
    std::string error;
};

// `devices` are single chips used `chips` wide; with vary=tp (or pp, dp) the chips follow tp x pp x dp
// at each value. A batch sweep stops at max_batch: points above it are dropped and max_batch itself
// is the last point when it lies in the range (a device where not even batch 1 fits keeps its
// points, each marked fits = false). A concurrency sweep of a request mix stops the same way at the
// most requests in flight that fit, and leaves out concurrencies that dp x pp does not divide.
ServingSweep sweepServing(const TemplateInstance& instance, const std::vector<Hardware>& devices, double chips,
    const ServingOptions& options, const ParameterAxis& axis);

// The step over a grid of two parameters: a regime map (model/RegimeMap.h) whose cells are the served
// steps, and the points themselves (points[d][iy * xValues.size() + ix]).
struct ServingMap {
    RegimeMap map;
    std::vector<std::vector<ServingPoint>> points;
};
ServingMap mapServing(const TemplateInstance& instance, const std::vector<Hardware>& devices, double chips,
    const ServingOptions& options, const ParameterAxis& x, const ParameterAxis& y);

} // namespace roofscope
