#include "model/serving/Parallelism.h"

#include "model/Precision.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"
#include "model/serving/StepKernels.h"

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

void addAllReduce(StepBuilder& b, const std::string& name)
{
    const TransformerConfig& c = b.config();
    const double elements = c.tokensPerStep() * c.hidden;
    const double message = elements * *bytesPerElement(c.dtype);
    b.collective(name, c.tp > 1.0 ? c.layers : 0.0, ringAllReduceBytesPerChip(c.tp, message), ringAllReduceHops(c.tp),
        ringAllReduceFlopsPerChip(c.tp, elements));
}

void addPipelineSends(StepBuilder& b)
{
    const TransformerConfig& c = b.config();
    const double message = c.tokensPerStep() * c.hidden * *bytesPerElement(c.dtype);
    b.collective("pp_send", c.pp - 1.0, message, 1.0);
}

} // namespace roofscope
