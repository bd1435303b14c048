#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

#include <optional>

#include "model/serving/ServingStep.h"
#include <string>
#include <vector>

namespace roofscope {

struct ChartScene;
struct AnalysisDevice;
using SceneDevice = AnalysisDevice;
struct Session;

// The serving chart's data (docs/serving-chart.md: the served step of docs/model.md#serving-a-transformer
// over a batch sweep): for one transformer group, one curve per shown device of the served step at
// the batches serving benchmarks sweep, from 1 to the device's max_batch (where the KV cache fills
// memory), each point a bound on the roofs the session uses.

enum class ServingXAxis { MsPerToken, TokensPerSecondPerUser };
enum class ServingYAxis { TokensPerSecondPerChip, TokensPerSecondPerUsdHour, TokensPerJoule };

// The session's view names ("ms_per_token", "tokens_per_s_per_chip", ...) and back; unknown: the default.
ServingXAxis servingXAxis(const std::string& name);
ServingYAxis servingYAxis(const std::string& name);
std::string servingXAxisName(ServingXAxis axis);
std::string servingYAxisName(ServingYAxis axis);
// "ms per output token", "tokens/s per chip", ...
QString servingXAxisTitle(ServingXAxis axis);
QString servingYAxisTitle(ServingYAxis axis);

struct ServingCurvePoint {
    double batch = 0.0; // per data-parallel replica
    double tokensPerSecond = 0.0; // the whole device (all chips, all replicas): a bound from T_min
    bool run = false; // a request mix: the tokens/s and per-token figures are the run's, prefill included
    double tokensPerSecondPerChip = 0.0;
    double msPerToken = 0.0; // a user's time per output token: one step's T_min
    double tokensPerSecondPerUser = 0.0; // 1 / T_min
    std::optional<double> usdPerMillionTokens;
    std::optional<double> joulesPerToken;
    std::optional<double> tokensPerSecondPerUsdHour; // tokens/s over the device's price per hour
    std::optional<double> tokensPerJoule;
    QString binding; // what binds the step: "compute", a memory level, or the link
    QString bindingKernel; // the kernel taking the most time of the step ("ffn_down")
    double bindingKernelShare = 0.0; // its share of the step's T_min
    bool fits = true;

    double x(ServingXAxis axis) const;
    std::optional<double> y(ServingYAxis axis) const;
};

struct ServingCurve {
    int sceneDevice = -1;
    QString label; // "B200 x8", as the roofline's legend names it
    QColor color;
    double chips = 1.0;
    std::vector<ServingCurvePoint> points; // by batch
    std::optional<double> maxBatch; // the largest batch that fits (empty: no capacity known)
    bool endsAtWall = false; // the last point is max_batch: the KV cache fills memory there
    QString note; // why there is no curve ("does not fit: 226 GB needed per chip, 80 GB available")
};

struct ServingCurves {
    int sessionKernel = -1; // the group (-1: the session has none)
    QString group; // its name
    QString roofs; // "peak" or "sustained"
    std::vector<ServingCurve> curves; // per scene device
};

// The session kernel the serving chart shows: `preferred` when it is a transformer group, else the
// session's first one; -1 when it has none.
int servingGroupIndex(const Session& session, int preferred);

// Sweeps group `sessionKernel` of `session` over the batches serving benchmarks use (every batch to
// 8, then 10, 12, 14, 16, 20, ...: four per octave, the powers of two among them) up to each scene
// device's memory wall (`devices`, colours and labels from `scene`). The batch the group has stays as
// it is; only the sweep changes it.
ServingCurves computeServingCurves(
    const Session& session, const std::vector<SceneDevice>& devices, const ChartScene& scene, int sessionKernel);

// One point of a curve: the served step at that batch in the chart's terms, every figure read from
// the core's point (servingPoint(): per chip, per user, per $/hour of the system, per joule).
ServingCurvePoint servingCurvePoint(const ServingStep& step, double batch);

// The point's tooltip: batch, tokens/s, latency, $/Mtok, J/token, what binds.
QString servingPointText(const ServingCurve& curve, const ServingCurvePoint& point, const QString& roofs);

// "1.9k", "12.3", "0.041": a figure in three significant digits with an SI suffix (formatSi()).
QString servingNumber(double value);

} // namespace roofscope
