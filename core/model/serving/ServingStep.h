#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/TransformerWorkload.h"
#include "model/serving/Requests.h"
#include "model/serving/ServingCost.h"
#include "model/serving/ServingMemory.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A transformer step served on one device used N-wide (docs/model.md#step-time-and-throughput): the serving
// model's one entry point for the command line, `table`/`compare` and the window.
//
//   ServingOptions o;               // roofs, precision, prices
//   o.eval.sustained = true;
//   const ServingStep s = evaluateServing(group.templ, hardwareOnChips(h100, 8), o);
//   if (!s.error.empty()) ...;      // refused parameters (e.g. tp x pp x dp != chips)
//   s.tokensPerSecond, s.memory.fits, s.cost.usdPerMillionTokens, s.collectiveShare, s.mfu, ...
//
// Times: every non-collective kernel is evaluated on the whole device (its flops and bytes are
// device totals); as a kernel runs on the tp x dp chips of one pipeline stage its time on the step
// is pp x that evaluation. A collective's time per launch is collectiveSeconds() on the scale-up
// link (model/serving/Parallelism.h). The step's
//   T_min = max(sum of the compute/memory kernels' times, sum of the collectives' times)
//   T_max = sum of every kernel's T_max, collectives included
// is the latency of one step through all pp stages; pp steps are in flight and one leaves every
// largest-stage time (ceil(layers / pp) of the layers), so
//   tokens_per_s = tokens per step (all dp replicas) x layers / ceil(layers / pp) / T_min
//   (tokens_per_s_t_max: / T_max; with even stages layers / ceil(layers / pp) = pp),
//   collective_share = collectives' time / T_max,
//   t_min_with_launch_s = T_min with every launch at least the device's launch overhead.
// With isl and osl the step is a request mix's decode step and `requests` holds TTFT, TPOT and the
// run's tokens/s (model/serving/Requests.h).
// "compute bf16, weights fp8, KV cache bf16", and for a weight-only narrow format what computing or
// caching in it would allow.
std::string precisionSentence(const TransformerConfig& config);

struct ServingOptions {
    EvalOptions eval; // sustained roofs, precision and unit overrides (links derate too)
    std::optional<double> pricePerHourPerChip; // USD per chip-hour
    std::optional<double> tdpWattsPerChip; // replaces the device's TDP / chips
};

struct ServingKernel {
    Kernel kernel; // device totals; collective bytes on the device's scale-up level
    StepKernelInfo info;
    Evaluation evaluation; // the roofline evaluation on the device (a collective: on its link's roof)
    double seconds = 0.0; // per launch, as it adds to the step (pp x T_min; collectives: formula)
    double maxSeconds = 0.0; // per launch, T_max counterpart
    double secondsWithLaunch = 0.0; // seconds, at least the launch overhead
};

struct ServingStep {
    std::string error; // the parameters or the device refused; nothing else is set
    TransformerConfig config;
    std::string hardwareId;
    std::string hardwareLabel;
    double chips = 1.0;
    std::string roofs = "peak"; // "peak" or "sustained"
    std::string link; // the scale-up level the collectives use (empty: none)
    std::vector<ServingKernel> kernels;
    double tokensPerStep = 0.0; // all dp replicas
    double computeMemorySeconds = 0.0; // sum over compute and memory kernels
    double collectiveSeconds = 0.0; // sum over collectives
    double tMin = 0.0;
    double tMax = 0.0;
    double tMinWithLaunch = 0.0;
    double tokensPerSecond = 0.0; // from T_min: a bound
    double tokensPerSecondTMax = 0.0;
    double collectiveShare = 0.0;
    ServingMemory memory;
    ServingCost cost;
    // Utilization of the roofs the step was evaluated on at the bound (docs/model.md#utilization): with
    // T_step = T_min / (layers / ceil(layers / pp)), the time between two steps leaving the pipeline (T_min
    // when pp = 1, = tokens_per_step / tokens_per_s), and the device's roofs, which are chips x a chip's,
    //   mfu = the compute and memory kernels' FLOPs / (T_step x compute roof at the step's precision)
    //   mbu = their bytes on the main memory (the default level) / (T_step x its bandwidth roof)
    // Peak or sustained roofs as `roofs` says (after any communication fraction): a fraction of those roofs,
    // never of the datasheet when sustained. Left out: the collectives' FLOPs and link bytes, launch overhead
    // (T_min, not t_min_with_launch_s), bytes on other levels. FLOPs and bytes are the step's kernels' as
    // counted (attention, work each tp chip repeats), not 2 x parameters x tokens. Both at most 1. Empty
    // without a step time; mbu also when no kernel moves bytes on an enabled main memory (said in the
    // assumptions).
    std::optional<double> mfu;
    std::optional<double> mbu;
    std::vector<std::string> assumptions; // what the model had to assume, as short sentences
    // With isl and osl (a request mix, model/serving/Requests.h): TTFT, TPOT and the run's tokens/s. This
    // step is then the decode step at full occupancy and its memory is checked at context isl + osl.
    std::optional<RequestFigures> requests;

    // "does not fit: 226 GB needed per chip, 80 GB available" when the step does not fit; empty otherwise.
    std::string fitText() const;
};

ServingStep evaluateServing(const TemplateInstance& instance, const Hardware& device, const ServingOptions& options);
// The same for a step already expanded (for `device`'s chips), without the request figures.
ServingStep evaluateExpandedStep(
    const TransformerExpansion& step, const Hardware& device, const ServingOptions& options);

// Ranks the same step on several devices (1 = first; 0 for a step with an error): steps that fit
// (or whose fit is unknown) before steps that do not, so a device that does not fit is never
// ranked above one that does; within each, the lowest $ per million tokens first when every
// such step has one, else the most tokens/s.
std::vector<int> servingRanks(const std::vector<const ServingStep*>& steps);

} // namespace roofscope
