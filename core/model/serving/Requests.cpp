#include "model/serving/Requests.h"

#include "model/Units.h"
#include "model/serving/ServingStep.h"
#include "model/serving/StepKernels.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

std::string wholeText(double value)
{
    return formatNumber(value, 12);
}

// One step of the mix (its own batch, context and prompt work) on the device.
ServingStep mixStep(const TransformerConfig& config, const Hardware& device, const ServingOptions& options)
{
    TransformerExpansion expansion;
    expansion.config = config;
    buildStepKernels(expansion.config, expansion.kernels, expansion.info);
    return evaluateExpandedStep(expansion, device, options);
}

std::vector<std::string> requestAssumptions(const TransformerConfig& c)
{
    std::vector<std::string> out;
    out.push_back("ttft_s: the prefill of one request of " + wholeText(c.isl)
        + " tokens alone, through every stage; a queue only adds to it");
    if (c.osl > 1.0) {
        out.push_back("tpot_s: all " + wholeText(c.concurrency) + " requests decoding (full occupancy) at the mean "
            + "context isl + osl/2 = " + wholeText(c.seq) + " tokens; fewer in flight can be faster per token");
        out.push_back("run_tokens_per_s: chunked prefill: each of the osl - 1 steps of a cycle carries the decode "
                      "tokens and concurrency x isl / (osl - 1) prompt tokens, weights read once per step, each "
                      "prompt's attention one causal prefill of isl tokens");
    } else {
        out.emplace_back("osl 1: no token is decoded: tpot_s, tokens_per_s_per_user and the upper limit of "
                         "run_tokens_per_s are not given; a cycle is one prefill of every request in flight");
    }
    if (c.pp > 1.0) {
        out.push_back("pp > 1: each replica's requests go through the stages in " + wholeText(c.pp)
            + " micro-batches of " + wholeText(c.batch));
    }
    out.push_back(
        "fits and max_batch: every request's KV cache at its longest context, isl + osl = " + wholeText(c.isl + c.osl)
        + " tokens (each pipeline stage holds its pp micro-batches'); max_batch counts "
          "requests per replica and micro-batch");
    return out;
}

} // namespace

std::string evaluateRequests(ServingStep& step, const Hardware& device, const ServingOptions& options)
{
    const TransformerConfig& c = step.config;
    RequestFigures r;
    r.isl = c.isl;
    r.osl = c.osl;
    r.concurrency = c.concurrency;
    r.requestsPerReplica = c.concurrency / c.dp;
    r.meanContext = c.seq;

    // TTFT: one prompt alone (each replica's, at the same time).
    TransformerConfig first = c;
    first.prefill = true;
    first.batch = 1.0;
    first.seq = c.isl;
    const ServingStep prefill = mixStep(first, device, options);
    if (!prefill.error.empty()) {
        return "the prefill of one request: " + prefill.error;
    }
    r.ttftSeconds = prefill.tMin;

    // The run's step: the decode step with the prompts spread evenly over the cycle's osl - 1 steps.
    TransformerConfig run = c;
    if (c.osl > 1.0) {
        r.tpotSeconds = step.tMin;
        if (step.tMin > 0.0) {
            r.tokensPerSecondPerUser = 1.0 / step.tMin;
        }
        run.promptTokens = c.batch * c.isl / (c.osl - 1.0);
        run.prompts = c.batch / (c.osl - 1.0);
    } else {
        run.prefill = true;
        run.seq = c.isl;
    }
    const ServingStep runStep = mixStep(run, device, options);
    if (!runStep.error.empty()) {
        return "a step of the run: " + runStep.error;
    }
    r.runStepSeconds = runStep.tMin;
    r.runStepTokens = runStep.tokensPerStep;
    r.cycleSeconds = std::max(c.osl - 1.0, 1.0) * runStep.tMin;
    const double outputTokens = c.concurrency * c.osl;
    r.runTokensPerSecond = r.cycleSeconds > 0.0 ? outputTokens / r.cycleSeconds : 0.0;
    const double decodeSeconds = (c.osl - 1.0) * step.tMin;
    const double unoverlapped = decodeSeconds + c.concurrency * r.ttftSeconds;
    r.runLowerLimit = unoverlapped > 0.0 ? outputTokens / unoverlapped : 0.0;
    if (decodeSeconds > 0.0) {
        r.runUpperLimit = outputTokens / decodeSeconds;
    }

    // Memory: every request's cache held at its longest context.
    TransformerExpansion held;
    held.config = c;
    held.config.batch = c.batch; // one micro-batch: the memory counts the pp of them in flight
    held.config.seq = c.isl + c.osl;
    buildStepKernels(held.config, held.kernels, held.info);
    step.memory = servingMemory(held, device);
    if (step.memory.maxBatch) {
        r.maxConcurrency = *step.memory.maxBatch * c.pp * c.dp;
    }
    r.assumptions = requestAssumptions(c);
    step.requests = std::move(r);
    return {};
}

const std::vector<RequestScenario>& requestScenarios()
{
    static const std::vector<RequestScenario> scenarios { { "1k/1k", 1024.0, 1024.0 }, { "1k/8k", 1024.0, 8192.0 },
        { "8k/1k", 8192.0, 1024.0 } };
    return scenarios;
}

std::optional<RequestScenario> findRequestScenario(const std::string& name)
{
    for (const RequestScenario& s : requestScenarios()) {
        if (s.name == name) {
            return s;
        }
    }
    return std::nullopt;
}

} // namespace roofscope
