#pragma once

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct Hardware;
struct ServingOptions;
struct ServingStep;

// A request mix served on one device (docs/serving.md#requests; the formulas in docs/model.md#requests):
// every request reads isl input tokens and writes osl output tokens, and `concurrency` requests are in
// flight over the whole device (concurrency / dp per data-parallel replica, in pp micro-batches of
// b = concurrency / (dp x pp)). Every figure is a bound, the best the roofs allow, with its assumptions:
//
//   ttft_s                = T_min of the prefill of one request of isl tokens alone
//   tpot_s                = T_min of the decode step at batch b (every request decoding: full
//                           occupancy) and the mean context isl + osl/2
//   tokens_per_s_per_user = 1 / tpot_s
//   run_tokens_per_s      = concurrency x osl / T_cycle, T_cycle = (osl - 1) x T_step: a cycle serves every
//                           request in flight in osl - 1 steps, each carrying b decode tokens and
//                           b x isl / (osl - 1) prompt tokens per micro-batch (chunked prefill, weights
//                           read once per step), each prompt's attention one causal prefill of isl spread
//                           over the cycle; with osl 1, T_cycle is one prefill step of the b requests
//   lower = c x osl / ((osl - 1) x tpot_s + c x ttft_s) <= run_tokens_per_s <= c x osl / ((osl - 1) x tpot_s)
//
// The step evaluateServing() returns for a request mix is the TPOT step; its memory is checked at the
// longest context, isl + osl, with every request's cache held.
struct RequestFigures {
    double isl = 0.0;
    double osl = 0.0;
    double concurrency = 0.0; // requests in flight over the whole device
    double requestsPerReplica = 0.0; // concurrency / dp
    double meanContext = 0.0; // isl + osl/2: the TPOT step's context
    double ttftSeconds = 0.0;
    std::optional<double> tpotSeconds; // empty with osl 1: no token is decoded
    std::optional<double> tokensPerSecondPerUser; // 1 / tpot_s
    double runStepSeconds = 0.0; // T_step: one step of a cycle (osl 1: the prefill of a micro-batch)
    double runStepTokens = 0.0; // tokens one such step processes over the device (decode and prompt)
    double cycleSeconds = 0.0; // T_cycle
    double runTokensPerSecond = 0.0; // output tokens per second of the whole run
    double runLowerLimit = 0.0; // prefill never overlapping decode
    std::optional<double> runUpperLimit; // prefill for free; empty with osl 1
    std::optional<double> maxConcurrency; // the most requests in flight that fit at context isl + osl
    std::vector<std::string> assumptions; // what these figures assume, as short sentences
};

// Fills step.requests for a step that evaluateServing() expanded from a request mix (its config has
// isl and osl), and replaces step.memory with the memory at context isl + osl. Returns an error (a
// step of the mix refused on the device), empty on success.
std::string evaluateRequests(ServingStep& step, const Hardware& device, const ServingOptions& options);

// The standard mixes, isl/osl: "1k/1k" (1024, 1024), "1k/8k" (1024, 8192), "8k/1k" (8192, 1024).
struct RequestScenario {
    std::string name;
    double isl = 0.0;
    double osl = 0.0;
};
const std::vector<RequestScenario>& requestScenarios();
// The scenario of that name; empty when there is none.
std::optional<RequestScenario> findRequestScenario(const std::string& name);

} // namespace roofscope
