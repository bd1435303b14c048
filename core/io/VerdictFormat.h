#pragma once

#include "model/serving/Verdict.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace roofscope {

// The verdict (model/serving/Verdict.h) as every view prints it: the same words in the window's
// comparison dock and serving tab, review mode, the exports' captions, `compare` and `table`.

// One device in a line: "1. MI300X x8 at batch 329: 1.02k tokens/s per chip (8.16k tokens/s),
// $0.0629/Mtok ($0.021/Mtok owned), 0.7 J/token, TPOT 49.9 ms, collectives 12 % of T_max, fits
// (123 GB of 192 GB per chip, max batch 1.02k)" or "- H100 x8: does not fit: ... (fits on 16 chips)".
std::string verdictDeviceLine(const GroupVerdict& verdict, const VerdictDevice& device);

// The device's answer in a few words, for a panel row or a table cell: "4.13k tokens/s per chip at batch
// 385, $0.194/Mtok", "does not fit at batch 64 (fits on 16 chips)", "misses the 50 ms target (batch 1:
// 62.1 ms/token)", with "(not ranked: ...)" when it cannot be set beside the others.
std::string verdictBrief(const GroupVerdict& verdict, const VerdictDevice& device);

// What every figure rests on: "Each figure is a bound on peak roofs at bf16 (T_min with the
// collectives overlapped, no launch overhead), not a measurement."
std::string verdictBoundLine(const GroupVerdict& verdict);

// The headline, the devices best first (verdictDeviceLine), and the bound line.
std::vector<std::string> verdictLines(const GroupVerdict& verdict);

// `compare --format json`'s `answer` entry of one group: {group, target_ms, scenario, headline,
// roofs, primary, devices: [{id, label, chips, batch, fits, min_chips, tokens_per_s,
// tokens_per_s_per_chip, usd_per_million_tokens, usd_per_million_tokens_owned, joules_per_token,
// tpot_s, ttft_s, run_tokens_per_s, collective_share, roofs, comparable, caveats, ranks: {criterion: n | null},
// why_unranked, error, assumptions}]}; null where a figure is unknown. scenario is the group's request mix,
// {isl, osl, concurrency}, and ttft_s and run_tokens_per_s its figures (docs/serving.md#requests); null
// for a single step.
nlohmann::json verdictToJson(const GroupVerdict& verdict);

// A measured run against its bound in a line: "measured SGLang, 509 in / 515 out, no concurrency limit:
// 4.52k tokens/s, 41 % of the bound 11k; TPOT ... [source]", loud when it beats its bound.
std::string measuredRunLine(const ServingRunGap& gap);
// The `measured` array of compare's JSON, per group per device: [{source, engine, tokens_per_s, tpot_s,
// ttft_s, bound_tokens_per_s, efficiency: {tokens_per_s, tpot_s, ttft_s}, ...}].
nlohmann::json measuredToJson(const std::vector<ServingRunGap>& gaps);

} // namespace roofscope
