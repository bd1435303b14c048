#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace roofscope {

class SessionAnalysis;
struct ChartSummary;

// The throughput of each kernel group (a transformer step) of a session on each shown device: the
// step's T_min is the sum of its kernels' T_min times their counts, and tokens per second are the
// step's tokens (batch x seq in prefill, batch in decode) over that time.
struct GroupThroughput {
    QString group; // the group's name
    double tokensPerStep = 0.0;
    struct Device {
        int sceneDevice = -1;
        QString label;
        double stepSeconds = 0.0; // T_min of one step (0: a kernel could not be evaluated)
        double tokensPerSecond = 0.0;
    };
    std::vector<Device> devices; // per scene device
};

std::vector<GroupThroughput> groupThroughputs(const SessionAnalysis& analysis);

// "1.23M tokens/s".
QString tokensPerSecondText(double tokensPerSecond);

// One line per group: "llama: 64 tokens per step · H100 ×8 1.2M tokens/s (52.1 µs per step) · ...".
QStringList groupThroughputLines(const std::vector<GroupThroughput>& groups);

// Review mode: with one group in the session, each device's row of the panel beside the chart ends
// with its tokens per second.
void addGroupThroughput(ChartSummary& summary, const std::vector<GroupThroughput>& groups);

} // namespace roofscope
