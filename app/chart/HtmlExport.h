#pragma once

#include "model/serving/Verdict.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace roofscope {

class RooflineChart;
struct SceneBuildResult;
struct Session;

// The interactive HTML page of a chart (docs/cli.md#export): one self-contained file that works offline. The
// chart is inline SVG drawn from the laid-out chart's own axes and the scene (roofs, markers, labels,
// title, communication roofs, the shaded band and annotations), every device's elements in one group
// and every marker tagged with its kernel and device, so that a small script can show a tooltip per
// marker (the same evaluation text as the window's), switch devices on and off from the legend and
// isolate a kernel on a click. Below the chart: the results table (kernel x device) and the workload
// comparison, with the marks and notes of the other exports, and each transformer group's verdict
// (htmlGroupTables()). `chart` must have been replotted. Returns the page.
// A session of more than kHtmlListedKernels kernels keeps the page small and quick to open: the table,
// the tooltips and the kernels' own markers are for the kHtmlListedKernels kernels that take the most
// time; the others are drawn as dots (one per pixel and device, as the chart's dense mode), and a note
// above the table says how many were left out and by which measure the listed ones were chosen.
QString htmlPage(const RooflineChart& chart, const SceneBuildResult& built, const Session& session,
    const std::vector<GroupVerdict>& verdicts = {});

inline constexpr std::size_t kHtmlListedKernels = 200;

} // namespace roofscope
