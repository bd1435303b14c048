#pragma once

#include "model/Hardware.h"
#include "model/Kernel.h"

#include <string>
#include <vector>

namespace roofscope {

class StepBuilder;

// Tensor, pipeline and data parallelism and their collectives (docs/model.md#collectives). Collectives run
// on the scale-up link: the device's first interconnect level (NVLink, ICI, Infinity Fabric; PCIe where
// that is all there is). One formula each:
//   ring all-reduce of M bytes over n chips: each chip sends 2 (n-1)/n x M bytes, 2 (n-1) hops;
//   all-to-all over n chips: each chip sends (n-1)/n of its bytes, n-1 hops;
//   a collective's time per launch: bytes per chip / collective bandwidth + hops x latency.
double ringAllReduceBytesPerChip(double chips, double messageBytes);
double ringAllReduceHops(double chips);
// The additions of a ring all-reduce of `elements` values over n chips, per chip: its reduce-scatter
// half adds a chunk of elements / n on each of n - 1 steps, (n-1)/n x elements (the all-gather half
// only copies). So an all-reduce's intensity on the link is 1 / (2 x bytes per element): 0.25 FLOP/B
// in bf16, whatever n is.
double ringAllReduceFlopsPerChip(double chips, double elements);
double allToAllBytesPerChip(double chips, double bytes);
double allToAllHops(double chips);

// The scale-up link of a device as the collectives see it.
struct ScaleUpLink {
    bool found = false; // false: the device has no interconnect level (a collective cannot run)
    std::string level; // the level's name ("nvlink")
    double bytesPerSecond = 0.0; // per chip, one direction; sustained-derated when asked
    double latencySeconds = 0.0; // per hop
    std::vector<std::string> assumptions; // the figures that had to be assumed, as sentences
};

// Reads the first interconnect level: its collective_bandwidth (else its bandwidth per chip: the
// device's figure / chips, said so in assumptions) and latency (else 0, said so). `sustained`
// derates the bandwidth by the device's sustained bandwidth factor.
ScaleUpLink scaleUpLink(const Hardware& hardware, bool sustained);

// bytesPerChip / link.bytesPerSecond + hops x link.latencySeconds.
double collectiveSeconds(double bytesPerChip, double hops, const ScaleUpLink& link);

// Renames a kernel's kScaleUpLevel bytes to the device's first interconnect level (kept as they
// are on a device without one, so the evaluation reports the missing level).
void placeScaleUpBytes(Kernel& kernel, const Hardware& hardware);

// The collectives of a step, appended to the builder (tp, pp from its config; M = tokens x hidden
// x s_a per replica): allreduce_attn / allreduce_ffn (count layers each, tp > 1; with their
// additions as FLOPs) and pp_send (one per stage boundary: M from each chip of a stage to its peer,
// 1 hop; pp > 1; no FLOPs).
void addAllReduce(StepBuilder& builder, const std::string& name);
void addPipelineSends(StepBuilder& builder);

} // namespace roofscope
