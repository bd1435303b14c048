#pragma once

#include "document/GroupThroughput.h"

#include <QString>

#include <vector>

namespace roofscope {

class RooflineChart;
struct SceneBuildResult;
struct Session;

// The interactive HTML page of a chart (SPEC 6.5): one self-contained file that works offline. The
// chart is inline SVG drawn from the laid-out chart's own axes and the scene (roofs, markers, labels,
// title, communication roofs, the shaded band and annotations), every device's elements in one group
// and every marker tagged with its kernel and device, so that a small script can show a tooltip per
// marker (the same evaluation text as the window's), switch devices on and off from the legend and
// isolate a kernel on a click. Below the chart: the results table (kernel x device) and the workload
// comparison, with the marks and notes of the other exports, and one table per kernel group (tokens/s,
// each group ranked on its own). `chart` must have been replotted. Returns the page.
QString htmlPage(const RooflineChart& chart, const SceneBuildResult& built, const Session& session,
    const std::vector<GroupThroughput>& groups = {});

} // namespace roofscope
