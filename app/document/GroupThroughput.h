#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace roofscope {

class SessionAnalysis;
struct ChartSummary;
struct Comparison;
struct Evaluation;
struct GroupServing;
struct Session;

// The throughput of each kernel group (a transformer step) of a session on each shown device: the
// step's T_min is the sum of its kernels' T_min times their counts (for a transformer served on the
// device, the serving model's step time: useServingFigures()), and tokens per second are the
// step's tokens (batch x seq in prefill, batch in decode) over that time. Each group is compared on
// its own: a decode step and a prefill step are never summed into one ranking.
struct GroupThroughput {
    QString group; // the group's name
    QString phase; // "decode" or "prefill"
    double tokensPerStep = 0.0;
    struct Device {
        int sceneDevice = -1;
        QString label;
        double stepSeconds = 0.0; // T_min of one step (0: a kernel could not be evaluated)
        double tokensPerSecond = 0.0;
        bool likeForLike = true; // the device's comparison row is like-for-like
        int rank = 0; // 1-based among the group's like-for-like devices with a time, most tokens/s first; 0: unranked
    };
    std::vector<Device> devices; // per scene device
};

std::vector<GroupThroughput> groupThroughputs(const SessionAnalysis& analysis);

// The same from any evaluations: `session` holds the groups, `shown` the same kernels with each group
// expanded (expandKernelGroups()), `evaluation(k, d)` is shown kernel k on scene device d (null when it
// could not be evaluated), and `comparison` (one entry per scene device) says which rows are like-for-like.
std::vector<GroupThroughput> groupThroughputs(const Session& session, const Session& shown,
    const std::vector<QString>& deviceLabels, const std::function<const Evaluation*(size_t, size_t)>& evaluation,
    const Comparison& comparison);

// Transformer groups served on the devices (SPEC 6.6: collectives on the scale-up link, KV heads
// copied past kv_heads, memory against capacity): each device's step time and tokens/s become the
// serving model's, so that the window, the review panel and every export give one tokens/s per group
// and device, the one `compare` prints; a step that does not fit is not like-for-like, never ranked
// first. `served[d]` holds the groups on scene device d (serveSessionGroups()); devices without it
// keep the sum of their kernels' T_min.
void useServingFigures(std::vector<GroupThroughput>& groups, const std::vector<std::vector<GroupServing>>& served);

// "1.23M tokens/s".
QString tokensPerSecondText(double tokensPerSecond);

// One line per group: "llama: 64 tokens per step · H100 ×8 1.2M tokens/s (52.1 µs per step) · ...".
QStringList groupThroughputLines(const std::vector<GroupThroughput>& groups);

// One short line per group for a caption above its columns: "llama-70b: decode, 64 tokens per step".
QStringList groupCaptionLines(const std::vector<GroupThroughput>& groups);

// Review mode: each device's row of the panel beside the chart ends with its tokens per second, per
// group ("llama 1.2M tokens/s"; the group's name is left out when there is only one).
void addGroupThroughput(ChartSummary& summary, const std::vector<GroupThroughput>& groups);

} // namespace roofscope
