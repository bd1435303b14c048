#pragma once

#include "io/EvaluationFormat.h"
#include "model/Comparison.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace roofscope {

// A cell of the comparison table: SI units for people ("3.81 ms", "2.41x", "62 %", "1.3 TFLOP/s/W"),
// exact numbers in SI base units for CSV (shares as fractions); empty where there is no figure.
std::string comparisonCell(const ComparisonEntry& entry, ComparisonColumn column, bool forCsv);

// The comparison table as aligned text, CSV or Markdown (one row per device). A device that cannot be
// compared like-for-like is marked '*' in text and Markdown, with its caveats and every device's notes
// (why a cell is blank) below the table; CSV carries them in the columns complete, comparable, left_out,
// levels_off, caveats and notes.
std::string formatComparison(const Comparison& comparison, TableFormat format);

// {"baseline": ID, "devices": [{"id", "hardware", "name", "flops", "t_min_s", "t_max_s", "speedup",
// "baseline", "compute_share", "memory_share", "network_share", "flops_per_s", "flops_per_s_per_w",
// "flops_per_s_per_usd", "errors", "chips", "price_usd", "price_usd_per_hour", "workload_cost_usd", "roofs" ("peak" |
// "sustained"), "complete", "left_out": [{"kernel", "reason"}], "levels_off", "comparable", "caveats", "notes"}],
// "warnings": [...]}; figures a device cannot give are null and its notes say why.
// With transformer groups (docs/serving.md) also "groups": [{"name", "devices": [servingStepToJson's keys
// (io/ServingJson.h) with "id", "name", "chips" and "rank" (1 = first, null when not ranked), or
// {"hardware", "error"}]}], one device per comparison entry in its order.
nlohmann::json comparisonToJson(const Comparison& comparison);
nlohmann::json groupsToJson(const Comparison& comparison);

} // namespace roofscope
