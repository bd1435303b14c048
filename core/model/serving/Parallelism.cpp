#include "model/serving/Parallelism.h"

#include "model/Precision.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/StepKernels.h"

#include <array>

namespace roofscope {

double ringAllReduceBytesPerChip(double chips, double messageBytes)
{
    return chips > 1.0 ? 2.0 * (chips - 1.0) / chips * messageBytes : 0.0;
}

double ringAllReduceHops(double chips)
{
    return chips > 1.0 ? 2.0 * (chips - 1.0) : 0.0;
}

double ringAllReduceFlopsPerChip(double chips, double elements)
{
    return chips > 1.0 ? (chips - 1.0) / chips * elements : 0.0;
}

double allToAllBytesPerChip(double chips, double bytes)
{
    return chips > 1.0 ? (chips - 1.0) / chips * bytes : 0.0;
}

double allToAllHops(double chips)
{
    return chips > 1.0 ? chips - 1.0 : 0.0;
}

ScaleUpLink scaleUpLink(const Hardware& hardware, bool sustained)
{
    ScaleUpLink link;
    const BandwidthLevel* level = nullptr;
    for (const auto& l : hardware.levels) {
        if (l.kind == LevelKind::Interconnect) {
            level = &l;
            break;
        }
    }
    if (!level) {
        link.assumptions.push_back("the device file gives no interconnect level: collectives cannot be timed");
        return link;
    }
    link.found = true;
    link.level = level->name;
    const double chips = hardware.chips >= 1.0 ? hardware.chips : 1.0;
    if (level->collectiveBytesPerSecond) {
        link.bytesPerSecond = *level->collectiveBytesPerSecond;
    } else {
        link.bytesPerSecond = level->bytesPerSecond / chips;
        link.assumptions.push_back("no collective_bandwidth on " + level->name + ": collectives use its bandwidth, "
            + formatQuantity(link.bytesPerSecond, Dimension::BytesPerSecond) + " per chip");
    }
    if (level->latencySeconds) {
        link.latencySeconds = *level->latencySeconds;
    } else {
        link.assumptions.push_back("no latency on " + level->name + ": collectives' per-hop latency taken as 0");
    }
    link.oneHop = level->topology == "switch" || level->topology == "mesh";
    link.switchReduces = level->switchReduction;
    if (level->topology.empty()) {
        link.assumptions.push_back(
            "no topology on " + level->name + ": collectives run as rings (one_shot, two_shot need switch or mesh)");
    }
    if (sustained && hardware.sustained) {
        link.bytesPerSecond *= hardware.sustained->bandwidth;
    }
    return link;
}

double collectiveSeconds(double bytesPerChip, double hops, const ScaleUpLink& link)
{
    const double transfer = link.bytesPerSecond > 0.0 ? bytesPerChip / link.bytesPerSecond : 0.0;
    return transfer + hops * link.latencySeconds;
}

namespace {

struct Algorithm {
    const char* name;
    double bytesPerChip;
    double hops;
    bool allowed;
};

} // namespace

std::string chooseCollectiveAlgorithm(StepKernelInfo& info, const ScaleUpLink& link, const std::string& pinned)
{
    const double n = info.participants;
    const double m = info.messageBytes;
    const double spread = link.oneHop ? 1.0 : (n > 1.0 ? n - 1.0 : 0.0);
    switch (info.kind) {
    case CollectiveKind::None:
        return {};
    case CollectiveKind::AllToAll:
        info.algorithm = "all_to_all";
        info.bytesPerChip = m; // the builder gives the share that leaves the chip
        info.hops = n > 1.0 ? spread : 0.0;
        return {};
    case CollectiveKind::Gather:
        info.algorithm = "gather";
        info.bytesPerChip = n > 1.0 ? m / n : 0.0;
        info.hops = n > 1.0 ? spread : 0.0;
        return {};
    case CollectiveKind::Send:
        info.algorithm = "send";
        info.bytesPerChip = m;
        info.hops = 1.0;
        return {};
    case CollectiveKind::AllReduce:
        break;
    }
    const std::array<Algorithm, 4> algorithms { {
        { "ring", ringAllReduceBytesPerChip(n, m), ringAllReduceHops(n), true },
        { "two_shot", ringAllReduceBytesPerChip(n, m), n > 1.0 ? 2.0 : 0.0, link.oneHop },
        { "one_shot", n > 1.0 ? (n - 1.0) * m : 0.0, n > 1.0 ? 1.0 : 0.0, link.oneHop },
        { "in_switch", n > 1.0 ? (n + 1.0) / n * m : 0.0, n > 1.0 ? 2.0 : 0.0, link.switchReduces },
    } };
    const Algorithm* best = nullptr;
    for (const Algorithm& a : algorithms) {
        if (!pinned.empty() && pinned != "auto") {
            if (pinned != a.name) {
                continue;
            }
            if (!a.allowed) {
                return std::string("allreduce=") + a.name + " needs "
                    + (a.name == std::string("in_switch") ? "a switch that reduces (switch_reduction) on "
                                                          : "every chip one hop from every other (topology switch or "
                                                            "mesh) on ")
                    + link.level;
            }
            best = &a;
            break;
        }
        if (a.allowed
            && (!best
                || collectiveSeconds(a.bytesPerChip, a.hops, link)
                    < collectiveSeconds(best->bytesPerChip, best->hops, link))) {
            best = &a;
        }
    }
    if (!best) {
        return "allreduce: unknown algorithm '" + pinned + "'";
    }
    info.algorithm = best->name;
    info.bytesPerChip = best->bytesPerChip;
    info.hops = best->hops;
    return {};
}

std::string placeCollective(
    Kernel& kernel, StepKernelInfo& info, const ScaleUpLink& peakLink, const TransformerConfig& c)
{
    if (std::string error = chooseCollectiveAlgorithm(info, peakLink, c.allReduce); !error.empty()) {
        return error;
    }
    for (auto& b : kernel.bytes) {
        b.bytes = c.tp * c.dp * info.bytesPerChip;
    }
    return {};
}

void placeScaleUpBytes(Kernel& kernel, const Hardware& hardware)
{
    for (auto& b : kernel.bytes) {
        if (b.level != kScaleUpLevel) {
            continue;
        }
        for (const auto& l : hardware.levels) {
            if (l.kind == LevelKind::Interconnect) {
                b.level = l.name;
                break;
            }
        }
    }
}

void addAllReduce(StepBuilder& b, std::string_view name, double count)
{
    const TransformerConfig& c = b.config();
    const double elements = c.tokensPerStep() * c.hidden;
    const double message = elements * *bytesPerElement(c.dtype);
    b.collective(name, c.tp > 1.0 ? count : 0.0, CollectiveKind::AllReduce, message, c.tp,
        ringAllReduceFlopsPerChip(c.tp, elements));
}

void addEmbedding(StepBuilder& b)
{
    // Each tp chip looks up the tokens its vocabulary shard holds (rows of zeros for the others, a lookup
    // too small to count); the all-reduce joins them.
    addAllReduce(b, "allreduce_embed", 1.0);
}

void addLogitsGather(StepBuilder& b, double tokens)
{
    const TransformerConfig& c = b.config();
    const double message = tokens * c.vocab * *bytesPerElement(c.dtype);
    b.collective("gather_logits", c.tp > 1.0 ? 1.0 : 0.0, CollectiveKind::Gather, message, c.tp);
}

void addPipelineSends(StepBuilder& b)
{
    const TransformerConfig& c = b.config();
    const double message = c.tokensPerStep() * c.hidden * *bytesPerElement(c.dtype);
    b.collective("pp_send", c.pp - 1.0, CollectiveKind::Send, message, 2.0);
}

} // namespace roofscope
