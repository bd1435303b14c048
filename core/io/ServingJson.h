#pragma once

#include "model/serving/ServingStep.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace roofscope {

// One device's serving figures (docs/serving.md) as JSON, the same keys in `workload transformer --json`,
// `table --format json` and `compare --format json`: hardware, hardware_name, chips, roofs,
// tokens_per_step, t_min_s, t_max_s, t_min_with_launch_s, tokens_per_s, tokens_per_s_t_max,
// tokens_per_s_per_chip, collective_share, collective_s, usd_per_million_tokens, joules_per_token, mfu, mbu
// (fractions of the roofs in `roofs`, ServingStep::mfu), memory {weights_bytes, kv_cache_bytes, activations_bytes,
// per_chip_bytes, capacity_per_chip_bytes, fits, max_batch}, parallel {tp, pp, dp, ep}, link, fit (the "does not fit:
// ..." sentence or null), bound (what tokens_per_s stands on, as a sentence), assumptions, and with `kernels` the
// step's kernels {name, count, flops, bytes, precision, regime, binding, t_min_s (per launch on the step), t_max_s,
// t_min_step_s, share, collective, bytes_per_chip (collectives)}. Unknown figures are null. With a request mix
// (docs/serving.md#requests) also ttft_s, tpot_s, tokens_per_s_per_user, run_tokens_per_s, run_tokens_per_s_lower,
// run_tokens_per_s_upper and requests {isl, osl, concurrency, requests_per_replica, mean_context, fit_context,
// run_step_s, run_step_tokens, cycle_s, max_concurrency, figures (what each figure is, by key), assumptions}; the
// memory is then the one at context isl + osl.
nlohmann::json servingStepToJson(const ServingStep& step, bool kernels);

// A request mix's figures for people, one line each, every one saying which figure it is and what it
// rests on: "ttft_s 12.3 ms: the prefill of one request of 1024 tokens alone ...". Empty without a mix.
std::vector<std::string> requestLines(const ServingStep& step);

// "MFU 12.3 %, MBU 85.1 %" of the step's roofs (ServingStep::mfu, ::mbu), "-" for an empty one.
std::string utilizationText(const ServingStep& step);

// "bound on peak roofs (bf16): T_min overlaps compute, memory and collectives" - what the step's
// tokens/s and the figures derived from it rest on.
std::string servingBoundText(const ServingStep& step);

} // namespace roofscope
