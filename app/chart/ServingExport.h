#pragma once

#include "model/serving/Verdict.h"

#include <QString>

#include <vector>

namespace roofscope {

class HardwareDatabase;
struct ChartExportOptions;
struct SceneBuildResult;
struct Session;

// Writes the serving chart (chart/ServingChart.h) of a session's transformer group to .png, .svg or
// .pdf, as the window's Serving tab draws it: the view's axes and latency target (view.serving_x,
// serving_y, serving_target_ms), the theme and review styling of `options`. Through the safe writer;
// returns an error message, empty on success. A session without a transformer group is refused.
QString exportServingChart(
    const Session& session, const HardwareDatabase& hardware, const QString& path, const ChartExportOptions& options);

// The interactive page of the roofline (HtmlExport.h) with the serving chart added below it (inline
// SVG, each device's operating point under the target listed) when the session has a transformer
// group; `page` unchanged otherwise. `built` is the roofline's scene (its devices, colours, labels).
// `verdicts` are the groups' verdicts on the scene's devices (the analysis' verdicts).
QString addServingSection(QString page, const Session& session, const SceneBuildResult& built,
    const std::vector<GroupVerdict>& verdicts, const ChartExportOptions& options);

} // namespace roofscope
