#pragma once

#include "document/GroupThroughput.h"

#include <QString>

#include <optional>
#include <vector>

namespace roofscope {

// The figures the comparison shows per kernel group (a transformer step) and device: one column per
// (group, metric) in the comparison table, one line per group in the review panel's rows and one
// table per group in the HTML page. This list is the one place a group figure is declared: a serving
// figure (fits, memory per chip, max batch, $/Mtok, J/token) is one more GroupMetric here, with its
// number added to GroupThroughput::Device; every view picks it up.
struct GroupMetric {
    const char* key; // "tokens_per_s": CSV and JSON
    const char* title; // "tokens/s": after the group's name in a column title
    const char* toolTip;
    // The figure for one device's step; empty when it cannot be given (a kernel not evaluated).
    std::optional<double> (*value)(const GroupThroughput::Device& device);
    // The figure as people read it ("1.23M tokens/s").
    QString (*text)(double value);
    bool higherIsBetter = true; // which end ranks first
};

const std::vector<GroupMetric>& groupMetrics();

// One column of the comparison table beyond comparisonColumns(): a metric of a group.
struct GroupColumn {
    size_t group = 0; // into the groups
    size_t metric = 0; // into groupMetrics()
    QString title; // "decode tokens/s"
};

std::vector<GroupColumn> groupColumns(const std::vector<GroupThroughput>& groups);

// A cell of a group column for the comparison entry shown on scene device `sceneDevice`: the figure's
// text, with " *" when the device's step is not like-for-like; empty without a figure.
QString groupCell(const std::vector<GroupThroughput>& groups, const GroupColumn& column, int sceneDevice);
std::optional<double> groupNumber(
    const std::vector<GroupThroughput>& groups, const GroupColumn& column, int sceneDevice);

} // namespace roofscope
