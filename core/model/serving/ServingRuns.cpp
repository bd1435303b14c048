#include "model/serving/ServingRuns.h"

#include "model/ChipScaling.h"
#include "model/Hardware.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/Requests.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

std::string runFigureText(double value)
{
    return formatNumber(value, 4);
}

// The group's shape with the run's operating point and layout in place of the group's own.
TemplateInstance runInstance(const ServingRun& run, const TemplateInstance& group, double concurrency)
{
    TemplateInstance at = group;
    for (const char* name : { "batch", "seq", "isl", "osl", "concurrency", "tp", "pp", "dp", "ep", "chips" }) {
        at.params.erase(name);
    }
    at.options.erase("phase");
    const auto setIf = [&](const char* name, const std::optional<double>& value) {
        if (value) {
            at.params[name] = *value;
        }
    };
    setIf("tp", run.tp);
    setIf("pp", run.pp);
    setIf("dp", run.dp);
    setIf("ep", run.ep);
    at.params["isl"] = std::max(1.0, std::round(run.isl.value_or(1.0)));
    at.params["osl"] = std::max(1.0, std::round(run.osl.value_or(1.0)));
    at.params["concurrency"] = concurrency;
    if (!run.computeDtype.empty()) {
        at.options["dtype"] = run.computeDtype;
    }
    if (!run.weightDtype.empty()) {
        at.options["weight_dtype"] = run.weightDtype;
    }
    if (!run.kvDtype.empty()) {
        at.options["kv_dtype"] = run.kvDtype;
    }
    return at;
}

// The requests in flight per data-parallel replica and stage come in whole micro-batches.
double wholeMicroBatches(double concurrency, double dpTimesPp)
{
    return std::max(dpTimesPp, std::floor(concurrency / dpTimesPp) * dpTimesPp);
}

RunEfficiency throughputEfficiency(double measured, double bound)
{
    RunEfficiency e;
    e.measured = measured;
    e.bound = bound;
    e.efficiency = measured / bound;
    e.beyond = e.efficiency > 1.0;
    return e;
}

RunEfficiency timeEfficiency(double measured, double bound)
{
    RunEfficiency e;
    e.measured = measured;
    e.bound = bound;
    e.efficiency = bound / measured;
    e.beyond = e.efficiency > 1.0;
    return e;
}

std::vector<std::string> likelyCauses(const ServingRun& run, const ServingRunGap& gap)
{
    std::vector<std::string> out;
    if (run.hasFlag("speculative_decoding")) {
        out.emplace_back("speculative decoding: several tokens per target-model step");
    }
    if (run.hasFlag("prefix_caching")) {
        out.emplace_back("prefix caching: cached prompt tokens are not prefilled");
    }
    if (run.weightDtype.empty() || run.kvDtype.empty() || run.computeDtype.empty()) {
        out.push_back("precision: the run does not state all of weights, compute and KV cache; the bound used "
            + gap.step.config.weightDtype + " weights, " + gap.step.config.dtype + " compute, "
            + gap.step.config.kvDtype + " KV cache (a narrower type is faster)");
    }
    if (gap.tpot && gap.tpot->beyond) {
        out.emplace_back("occupancy under the concurrency: fewer requests decoding at once than the bound's full "
                         "batch makes each step faster");
    }
    if (gap.ttft && gap.ttft->beyond) {
        out.emplace_back("time to first token: a prefix-cache hit or a prompt shorter than the mean skips prefill");
    }
    out.push_back("a wrong device or chip count: the bound is for " + std::to_string(static_cast<long long>(run.chips))
        + " x " + run.device);
    return out;
}

} // namespace

bool ServingRun::hasFlag(const std::string& flag) const
{
    return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

std::string servingRunProblem(const ServingRun& run)
{
    if (run.device.empty()) {
        return "the run does not say its device (device)";
    }
    if (!(run.chips >= 1.0) || !std::isfinite(run.chips)) {
        return "the run does not say its chips (chips)";
    }
    if (!run.isl || !run.osl || !(*run.isl >= 1.0) || !(*run.osl >= 1.0)) {
        return "the run does not say its mean input and output lengths (isl, osl)";
    }
    if (run.concurrency && !(*run.concurrency >= 1.0)) {
        return "the run's concurrency must be at least 1";
    }
    const auto measured = [](const std::optional<double>& v) { return v && *v > 0.0 && std::isfinite(*v); };
    if (!measured(run.outputTokensPerSecond) && !measured(run.tpotSeconds()) && !measured(run.ttft.central())) {
        return "the run has no measured output tokens/s, TPOT or TTFT above 0";
    }
    return {};
}

ServingRunGap servingRunGap(
    const ServingRun& run, const TemplateInstance& group, const Hardware& chip, const ServingOptions& options)
{
    ServingRunGap gap;
    gap.run = run;
    if (auto problem = servingRunProblem(run); !problem.empty()) {
        gap.error = problem;
        return gap;
    }
    const Hardware device = hardwareOnChips(chip, run.chips);
    const double dpTimesPp = run.dp.value_or(1.0) * run.pp.value_or(1.0);
    // Without a concurrency (an offline run) the throughput is bounded at the most requests that fit.
    double concurrency = run.concurrency ? wholeMicroBatches(*run.concurrency, dpTimesPp) : dpTimesPp;
    ServingStep smallest = evaluateServing(runInstance(run, group, concurrency), device, options);
    if (!smallest.error.empty()) {
        gap.error = smallest.error;
        return gap;
    }
    const auto most = smallest.requests ? smallest.requests->maxConcurrency : std::nullopt;
    if (most ? *most < dpTimesPp : !run.concurrency) {
        gap.error = "the model does not fit on " + runFigureText(run.chips) + " x " + run.device
            + " at isl + osl = " + runFigureText(*run.isl + *run.osl) + " tokens";
        gap.step = smallest;
        return gap;
    }
    if (most && (!run.concurrency || *most < concurrency)) {
        // An offline run is bounded at the most requests that fit; more requests than fit at isl + osl
        // cannot be in flight at once (the engine queues the rest).
        concurrency = wholeMicroBatches(*most, dpTimesPp);
        gap.concurrencyFromMaxBatch = true;
        gap.step = evaluateServing(runInstance(run, group, concurrency), device, options);
        if (!gap.step.error.empty()) {
            gap.error = gap.step.error;
            return gap;
        }
    } else {
        gap.step = smallest;
    }
    gap.concurrency = concurrency;
    const RequestFigures& at = *gap.step.requests;
    if (run.outputTokensPerSecond && at.runTokensPerSecond > 0.0) {
        gap.tokensPerSecond = throughputEfficiency(*run.outputTokensPerSecond, at.runTokensPerSecond);
    }
    // A time's bound is a floor: at the run's concurrency (or the most that fit, when fewer do); with no
    // concurrency known, the smallest batch's.
    const RequestFigures& floorAt = run.concurrency ? *gap.step.requests : *smallest.requests;
    if (auto tpot = run.tpotSeconds(); tpot && *tpot > 0.0 && floorAt.tpotSeconds) {
        gap.tpot = timeEfficiency(*tpot, *floorAt.tpotSeconds);
    }
    if (auto ttft = run.ttft.central(); ttft && *ttft > 0.0 && floorAt.ttftSeconds > 0.0) {
        gap.ttft = timeEfficiency(*ttft, floorAt.ttftSeconds);
    }
    gap.beyondBound = (gap.tokensPerSecond && gap.tokensPerSecond->beyond) || (gap.tpot && gap.tpot->beyond)
        || (gap.ttft && gap.ttft->beyond);
    if (gap.beyondBound) {
        gap.likelyCauses = likelyCauses(run, gap);
    }
    gap.assumptions.push_back("the bound is computed at the run's own mean lengths, isl " + runFigureText(at.isl)
        + " and osl " + runFigureText(at.osl) + ", on " + runFigureText(run.chips) + " x " + run.device + " at "
        + gap.step.config.weightDtype + " weights, " + gap.step.config.dtype + " compute and a "
        + gap.step.config.kvDtype + " KV cache");
    if (gap.concurrencyFromMaxBatch) {
        gap.assumptions.push_back(
            std::string(run.concurrency ? "more requests than fit at isl + osl cannot be in flight"
                                        : "the run gives no concurrency")
            + ": its tokens/s is set against the bound at the most requests that fit, " + runFigureText(concurrency)
            + (run.concurrency ? std::string() : std::string("; TPOT against the smallest batch's")));
    }
    if (gap.ttft || gap.tpot) {
        gap.assumptions.push_back(std::string("times are the run's ") + (gap.ttft ? run.ttft.centralName() : "")
            + (gap.ttft && gap.tpot ? " TTFT and "
                    : gap.ttft      ? " TTFT"
                                    : "")
            + (gap.tpot ? std::string(run.tpot.centralName()) + " TPOT" : "")
            + "; a measured time includes queueing and scheduling the bound leaves out");
    }
    for (const std::string& a : gap.step.requests->assumptions) {
        gap.assumptions.push_back(a);
    }
    return gap;
}

bool sameScenario(const ServingRun& a, const ServingRun& b)
{
    if (!a.isl || !a.osl || !b.isl || !b.osl) {
        return false;
    }
    const auto near = [](double x, double y) { return std::abs(x - y) <= 0.1 * std::max(x, y); };
    return near(*a.isl, *b.isl) && near(*a.osl, *b.osl);
}

} // namespace roofscope
