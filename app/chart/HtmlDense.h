#pragma once

#include "chart/HtmlSvg.h"

#include <QString>

#include <vector>

namespace roofscope {

struct ChartScene;
struct SceneBuildResult;
struct Session;

// The HTML page of a session of many kernels (more than kHtmlListedKernels, HtmlExport.h): which
// kernels it lists with rows, markers and tooltips, and the dots it draws for the others.
namespace html {

// The kernels the page lists (table rows, markers with tooltips): every one up to kHtmlListedKernels,
// else the kHtmlListedKernels that take the most time in the workload, by one measure for all of
// them: the measured time x count when every kernel was measured, else T_min x count on the first
// device. `basis` says which, for the page's note.
std::vector<char> listedKernels(const SceneBuildResult& built, const Session& session, QString& basis);

// The kernels not listed (a page of many kernels): per device one path of dots, one dot per pixel
// however many kernels fall on it (as the chart's dense mode stamps a pixel once per device), and
// per device one path of the measured points compared with it. No tooltip: a dot may be many kernels.
QString denseSvg(const PixelMap& map, const ChartScene& scene, const std::vector<char>& detailed);

} // namespace html
} // namespace roofscope
