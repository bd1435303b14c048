#include "figures/ServingCurves.h"

#include "model/Hardware.h"
#include "model/KernelProbe.h"
#include "model/Session.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/ServingStep.h"
#include "model/serving/ServingSweep.h"
#include "scene/ChartModel.h"
#include "scene/SceneBuilder.h"

#include <QObject>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>

namespace roofscope {

namespace {
constexpr double kBatchWithoutCapacity = 1024.0; // sweep end when a device gives no memory capacity
constexpr double kLargestBatch = 1e6;
} // namespace

ServingXAxis servingXAxis(const std::string& name)
{
    return name == "tokens_per_s_per_user" ? ServingXAxis::TokensPerSecondPerUser : ServingXAxis::MsPerToken;
}

ServingYAxis servingYAxis(const std::string& name)
{
    if (name == "tokens_per_s_per_usd_hour") {
        return ServingYAxis::TokensPerSecondPerUsdHour;
    }
    return name == "tokens_per_joule" ? ServingYAxis::TokensPerJoule : ServingYAxis::TokensPerSecondPerChip;
}

std::string servingXAxisName(ServingXAxis axis)
{
    return axis == ServingXAxis::TokensPerSecondPerUser ? "tokens_per_s_per_user" : "ms_per_token";
}

std::string servingYAxisName(ServingYAxis axis)
{
    switch (axis) {
    case ServingYAxis::TokensPerSecondPerUsdHour:
        return "tokens_per_s_per_usd_hour";
    case ServingYAxis::TokensPerJoule:
        return "tokens_per_joule";
    case ServingYAxis::TokensPerSecondPerChip:
        break;
    }
    return "tokens_per_s_per_chip";
}

QString servingXAxisTitle(ServingXAxis axis)
{
    return axis == ServingXAxis::TokensPerSecondPerUser ? QObject::tr("tokens/s per user (1 / T_min of a step)")
                                                        : QObject::tr("ms per output token (T_min of a step)");
}

QString servingYAxisTitle(ServingYAxis axis)
{
    switch (axis) {
    case ServingYAxis::TokensPerSecondPerUsdHour:
        return QObject::tr("tokens/s per $/hour of the system");
    case ServingYAxis::TokensPerJoule:
        return QObject::tr("tokens per joule (at TDP)");
    case ServingYAxis::TokensPerSecondPerChip:
        break;
    }
    return QObject::tr("tokens/s per chip");
}

double ServingCurvePoint::x(ServingXAxis axis) const
{
    return axis == ServingXAxis::TokensPerSecondPerUser ? tokensPerSecondPerUser : msPerToken;
}

std::optional<double> ServingCurvePoint::y(ServingYAxis axis) const
{
    switch (axis) {
    case ServingYAxis::TokensPerSecondPerUsdHour:
        return tokensPerSecondPerUsdHour;
    case ServingYAxis::TokensPerJoule:
        return tokensPerJoule;
    case ServingYAxis::TokensPerSecondPerChip:
        break;
    }
    return tokensPerSecondPerChip;
}

int servingGroupIndex(const Session& session, int preferred)
{
    const auto isTransformer = [&](int i) {
        const Kernel& k = session.kernels[static_cast<size_t>(i)];
        return isKernelGroup(k) && k.templ && k.templ->name == kTransformerTemplate;
    };
    if (preferred >= 0 && preferred < static_cast<int>(session.kernels.size()) && isTransformer(preferred)) {
        return preferred;
    }
    for (int i = 0; i < static_cast<int>(session.kernels.size()); ++i) {
        if (isTransformer(i)) {
            return i;
        }
    }
    return -1;
}

ServingCurvePoint servingCurvePoint(const ServingStep& step, double batch)
{
    const ServingPoint brief = servingPoint(step, batch);
    ServingCurvePoint p;
    p.batch = batch;
    p.tokensPerSecond = brief.tokensPerSecond;
    p.tokensPerSecondPerChip = brief.tokensPerSecondPerChip;
    p.msPerToken = brief.tMin * 1e3;
    p.tokensPerSecondPerUser = brief.tokensPerSecondPerUser;
    p.usdPerMillionTokens = brief.usdPerMillionTokens;
    p.joulesPerToken = brief.joulesPerToken;
    p.tokensPerSecondPerUsdHour = brief.tokensPerSecondPerUsdHour;
    p.tokensPerJoule = brief.tokensPerJoule;
    p.binding = QString::fromStdString(brief.binding);
    p.bindingKernel = QString::fromStdString(brief.bindingKernel);
    p.bindingKernelShare = brief.bindingKernelShare;
    p.fits = brief.fits.value_or(true);
    // A request mix: the run's output tokens/s (prefill included), as the verdict ranks it; the per-token
    // costs scale inversely. The x-axis keeps the decode step's time per token (its TPOT).
    if (brief.runTokensPerSecond && *brief.runTokensPerSecond > 0.0 && brief.tokensPerSecond > 0.0) {
        const double scale = *brief.runTokensPerSecond / brief.tokensPerSecond;
        const auto times = [](std::optional<double>& v, double f) {
            if (v) {
                *v *= f;
            }
        };
        p.run = true;
        p.tokensPerSecond = *brief.runTokensPerSecond;
        p.tokensPerSecondPerChip *= scale;
        times(p.usdPerMillionTokens, 1.0 / scale);
        times(p.joulesPerToken, 1.0 / scale);
        times(p.tokensPerSecondPerUsdHour, scale);
        times(p.tokensPerJoule, scale);
    }
    return p;
}

namespace {

// The batches a curve is drawn at: every batch up to 8, then four per octave, on the powers of two
// and their 1.25, 1.5 and 1.75 multiples (10, 12, 14, 16, 20, ..., 64, 80, ...: the batches serving
// benchmarks sweep, so a curve's B=64 is batch 64), and the last batch (the memory wall, or the
// largest batch drawn).
std::vector<double> servingBatches(double last)
{
    std::vector<double> out;
    for (double b = 1.0; b <= 8.0 && b < last; b += 1.0) {
        out.push_back(b);
    }
    for (double octave = 8.0; octave < last; octave *= 2.0) {
        for (double f : { 1.25, 1.5, 1.75, 2.0 }) {
            if (octave * f < last) {
                out.push_back(octave * f);
            }
        }
    }
    out.push_back(last);
    return out;
}

// One device's curve: the step at batch 1 (for max_batch), then at each batch of the sweep.
ServingCurve deviceCurve(const Session& session, const std::vector<SceneDevice>& devices, const ChartScene& scene,
    size_t d, TemplateInstance instance)
{
    const SceneDevice& device = devices[d];
    ServingCurve curve;
    curve.sceneDevice = static_cast<int>(d);
    if (d < scene.devices.size()) {
        curve.label = scene.devices[d].label;
        curve.color = scene.devices[d].color;
    }
    if (!device.hardware) {
        curve.note = QObject::tr("not in the hardware database");
        return curve;
    }
    if (curve.label.isEmpty()) {
        curve.label = QString::fromStdString(device.hardware->shortLabel());
    }
    const DeviceSelection* selection
        = device.sessionIndex < session.devices.size() ? &session.devices[device.sessionIndex] : nullptr;
    ServingOptions options;
    options.eval = device.options;
    if (selection) {
        options.pricePerHourPerChip = selection->pricePerHourDollars;
        options.tdpWattsPerChip = selection->tdpWatts;
    }
    curve.chips = static_cast<double>(std::max(device.chips, 1));
    // A request mix (isl, osl, concurrency) sweeps its concurrency: batch b is b x dp x pp requests in flight.
    setTransformerParameter(instance, "batch", 1.0);
    const ServingStep first = evaluateServing(instance, *device.hardware, options);
    if (!first.error.empty()) {
        curve.note = QString::fromStdString(first.error);
        return curve;
    }
    curve.chips = first.chips;
    curve.maxBatch = first.memory.maxBatch;
    if (curve.maxBatch && *curve.maxBatch < 1.0) {
        curve.note = QString::fromStdString(first.fitText());
        if (curve.note.isEmpty()) {
            curve.note = QObject::tr("does not fit at batch 1");
        }
        return curve;
    }
    const double last = std::min(curve.maxBatch.value_or(kBatchWithoutCapacity), kLargestBatch);
    curve.endsAtWall = curve.maxBatch.has_value() && *curve.maxBatch <= kLargestBatch;
    const std::vector<double> batches = servingBatches(std::max(last, 1.0));
    curve.points.reserve(batches.size());
    for (double batch : batches) {
        if (batch == 1.0) {
            curve.points.push_back(servingCurvePoint(first, batch));
            continue;
        }
        setTransformerParameter(instance, "batch", batch);
        const ServingStep step = evaluateServing(instance, *device.hardware, options);
        if (!step.error.empty()) {
            curve.note = QString::fromStdString(step.error);
            break;
        }
        curve.points.push_back(servingCurvePoint(step, batch));
    }
    return curve;
}

} // namespace

ServingCurves computeServingCurves(
    const Session& session, const std::vector<SceneDevice>& devices, const ChartScene& scene, int sessionKernel)
{
    ServingCurves out;
    out.roofs = session.view.sustained ? QStringLiteral("sustained") : QStringLiteral("peak");
    if (sessionKernel < 0 || sessionKernel >= static_cast<int>(session.kernels.size())) {
        return out;
    }
    const Kernel& group = session.kernels[static_cast<size_t>(sessionKernel)];
    if (!group.templ) {
        return out;
    }
    out.sessionKernel = sessionKernel;
    out.group = QString::fromStdString(group.name);
    // The devices shared out to as many threads as there are cores, this one among them, each taking
    // the next device not taken yet: the steps are pure functions of the group and the device. (A
    // thread per device, started on every edit, cost more to start than a device takes to compute.)
    out.curves.resize(devices.size());
    std::atomic<size_t> next { 0 };
    std::vector<std::exception_ptr> failed(devices.size()); // per device: the first in device order is rethrown
    const auto work = [&] {
        for (size_t d = next++; d < devices.size(); d = next++) {
            try {
                out.curves[d] = deviceCurve(session, devices, scene, d, *group.templ);
            } catch (...) {
                failed[d] = std::current_exception();
            }
        }
    };
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> helpers;
    helpers.reserve(cores);
    for (size_t i = 1; i < std::min(cores, devices.size()); ++i) {
        try {
            helpers.emplace_back(work);
        } catch (...) { // no thread to be had (or no memory for one): the others do it
            break;
        }
    }
    work();
    for (std::thread& helper : helpers) {
        helper.join();
    }
    for (const std::exception_ptr& error : failed) {
        if (error) {
            std::rethrow_exception(error);
        }
    }
    return out;
}

QString servingNumber(double value)
{
    return std::isfinite(value) ? QString::fromStdString(formatSi(value)) : QStringLiteral("-");
}

QString servingPointText(const ServingCurve& curve, const ServingCurvePoint& p, const QString& roofs)
{
    QStringList lines;
    lines << QObject::tr("%1 · batch %2").arg(curve.label, servingNumber(p.batch));
    lines << (p.run ? QObject::tr("%1 tokens/s over the run, prefill included (%2 per chip, %3 per user)")
                    : QObject::tr("%1 tokens/s (%2 per chip, %3 per user)"))
                 .arg(servingNumber(p.tokensPerSecond), servingNumber(p.tokensPerSecondPerChip),
                     servingNumber(p.tokensPerSecondPerUser));
    lines << QObject::tr("%1 ms per output token").arg(servingNumber(p.msPerToken));
    lines << (p.usdPerMillionTokens ? QObject::tr("$%1 per million tokens").arg(servingNumber(*p.usdPerMillionTokens))
                                    : QObject::tr("$ per million tokens: no price per hour"));
    lines << (p.joulesPerToken ? QObject::tr("%1 J per token").arg(servingNumber(*p.joulesPerToken))
                               : QObject::tr("J per token: no TDP"));
    lines << QObject::tr("binds: %1 (%2, %3 % of the step)")
                 .arg(p.binding, p.bindingKernel, QString::number(std::round(p.bindingKernelShare * 100.0)));
    if (!p.fits) {
        lines << QObject::tr("does not fit in memory");
    }
    lines << QObject::tr("a bound on %1 roofs").arg(roofs);
    return lines.join(QLatin1Char('\n'));
}

} // namespace roofscope
