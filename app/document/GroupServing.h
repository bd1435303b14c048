#pragma once

#include <QString>
#include <QStringList>

namespace roofscope {

class SessionAnalysis;
struct ChartSummary;

// The serving figures of each transformer group on each shown device (SPEC 6.6), for the comparison
// dock: one line per group and device, ranked (a device that does not fit never first): fits, memory
// per chip, max batch, tokens/s, tokens/s per chip, $ per million tokens and J per token, each a bound
// on the roofs the session uses. Empty without transformer groups.
QStringList groupServingLines(const SessionAnalysis& analysis);

// Review mode: with a latency target in the session's view (view.serving_target_ms), each device's row
// of the panel beside the chart ends with its best operating point under it for the session's first
// transformer group ("<= 50 ms/token: 1.9k tok/s/chip, $0.41/Mtok").
void addServingPicks(ChartSummary& summary, const SessionAnalysis& analysis);

} // namespace roofscope
