#pragma once

#include "model/serving/Verdict.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace roofscope {

class HardwareDatabase;
struct ChartSummary;
struct Session;

// The verdict of session kernel `sessionKernel` (a transformer group); null when it has none.
const GroupVerdict* verdictOfKernel(
    const std::vector<GroupVerdict>& verdicts, const Session& session, int sessionKernel);

// The verdict's figures (model/serving/Verdict.h) as the window's tables and panels show them: one
// column per (group, metric) in the comparison table, one table per group in the HTML page, one
// phrase per group in each row of review mode's panel. The figures are the verdict's, read here and
// never computed again: a new serving figure is one more GroupMetric (and its key in the verdict).
// The verdict's devices are the scene's, in the same order (SessionAnalysis::verdicts()).
struct GroupMetric {
    const char* key; // "tokens_per_s_per_chip": CSV and JSON
    const char* title; // "tok/s/chip": after the group's name in a column title
    const char* toolTip;
    // The figure for one device; empty when it cannot be given.
    std::optional<double> (*value)(const VerdictDevice& device);
    // The figure as people read it ("1.23M").
    QString (*text)(double value);
    bool ranked = false; // the column's bold cell is the device ranked first on this criterion
    VerdictCriterion criterion = VerdictCriterion::TokensPerSecondPerChip;
};

const std::vector<GroupMetric>& groupMetrics();

// One column of the comparison table beyond comparisonColumns(): a metric of a group.
struct GroupColumn {
    size_t group = 0; // into the verdicts
    size_t metric = 0; // into groupMetrics()
    QString title; // "llama batch"
};

std::vector<GroupColumn> groupColumns(const std::vector<GroupVerdict>& verdicts);

// The verdict's device on scene device `sceneDevice` (null when there is none).
const VerdictDevice* verdictDevice(const GroupVerdict& verdict, int sceneDevice);

// A cell of a group column for scene device `sceneDevice`: the figure's text, with " *" when the
// device is not ranked on the verdict's criteria; empty without a figure.
QString groupCell(const std::vector<GroupVerdict>& verdicts, const GroupColumn& column, int sceneDevice);
std::optional<double> groupNumber(
    const std::vector<GroupVerdict>& verdicts, const GroupColumn& column, int sceneDevice);

// Every group's verdict as lines (its headline, each device best first, what the figures rest on).
QStringList verdictTextLines(const std::vector<GroupVerdict>& verdicts);

// The chart's caption lines: each verdict's headline, split after its "; " so each line stays short.
QStringList verdictCaptions(const std::vector<GroupVerdict>& verdicts);

// Review mode: each device's row of the panel beside the chart ends with its answer per group
// ("llama: 1.9k tokens/s per chip at batch 256, $0.41/Mtok"; the group's name left out when there
// is one), and the panel's caption carries each group's headline.
void addVerdicts(ChartSummary& summary, const std::vector<GroupVerdict>& verdicts);

} // namespace roofscope
