#pragma once

#include "model/serving/Verdict.h"

#include <QString>

#include <vector>

namespace roofscope {

struct Comparison;
struct SceneBuildResult;
struct Session;

// The tables of the HTML page (docs/cli.md#export), each row tagged with its kernel and device so that the
// page's script can hide it with its device or isolate its kernel.
// Kernel x device: attainable, % of peak, regime, binding, T_min, T_max, and "% of roof" where a
// runtime measured on that device is known (a runtime measured elsewhere says where instead).
// `listed` (when not empty) says which kernels get rows: a page of many kernels lists only some.
QString htmlResultsTable(const SceneBuildResult& built, const Session& session, const std::vector<char>& listed = {});
// The workload comparison: the columns of comparisonColumns() and the rank, '*' rows with their
// caveats, the level notes and why a figure is blank, below it.
QString htmlComparisonTable(const Comparison& comparison);
// One section per transformer group: its verdict's headline, then a table of its devices best first
// (operating batch, fits, tokens/s per chip and in all, $/Mtok rented and owned, J/token, TPOT, the
// ranks per criterion and why a device is unranked), the bound line under it. The page's legend greys
// a switched-off device's row and says the headline was computed with it: the page never re-ranks.
QString htmlGroupTables(const std::vector<GroupVerdict>& verdicts);

} // namespace roofscope
