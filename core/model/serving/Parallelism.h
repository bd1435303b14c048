#pragma once

#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/TransformerWorkload.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

class StepBuilder;

// Tensor, pipeline, data and expert parallelism and their collectives (docs/model.md#collectives).
// Collectives run on the scale-up link: the device's first interconnect level (NVLink, ICI, Infinity
// Fabric; PCIe where that is all there is). A collective's time per launch: bytes per chip / collective
// bandwidth + hops x latency. The algorithms of an all-reduce of M bytes over n chips
// (docs/model.md#collective-algorithms):
//   ring       2 (n-1)/n x M bytes per chip, 2 (n-1) hops; on any link;
//   two_shot   2 (n-1)/n x M bytes, 2 hops (a direct reduce-scatter, then a direct all-gather);
//   one_shot   (n-1) x M bytes, 1 hop (every chip reads every peer's whole message and adds);
//              both need every chip one hop from every other (topology switch or mesh);
//   in_switch  (n+1)/n x M bytes, 2 hops (the switch adds the chunks it reads and multicasts the sums:
//              NVLink SHARP); needs switch_reduction.
// An all-to-all sends (n-1)/n of its bytes, a gather its shard, a pipeline send its message; their
// hops: 1 on a switch or mesh, n - 1 (a send: 1) on a ring, torus or an unnamed topology.
double ringAllReduceBytesPerChip(double chips, double messageBytes);
double ringAllReduceHops(double chips);
// The additions of an all-reduce of `elements` values over n chips, per chip: (n-1)/n x elements
// whatever the algorithm (each chip adds n - 1 partial values into its share of the result). So an
// all-reduce's intensity on the link is 1 / (2 x bytes per element) for a ring: 0.25 FLOP/B in bf16.
double ringAllReduceFlopsPerChip(double chips, double elements);
double allToAllBytesPerChip(double chips, double bytes);
double allToAllHops(double chips);

// The scale-up link of a device as the collectives see it.
struct ScaleUpLink {
    bool found = false; // false: the device has no interconnect level (a collective cannot run)
    std::string level; // the level's name ("nvlink")
    double bytesPerSecond = 0.0; // per chip, one direction; sustained-derated when asked
    double latencySeconds = 0.0; // per hop
    bool oneHop = false; // every chip one hop from every other (topology switch or mesh)
    bool switchReduces = false; // in-switch reduction (switch_reduction)
    std::vector<std::string> assumptions; // the figures that had to be assumed, as sentences
};

// Reads the first interconnect level: its collective_bandwidth (else its bandwidth per chip: the
// device's figure / chips, said so in assumptions), latency (else 0, said so) and topology. `sustained`
// derates the bandwidth by the device's sustained bandwidth factor.
ScaleUpLink scaleUpLink(const Hardware& hardware, bool sustained);

// bytesPerChip / link.bytesPerSecond + hops x link.latencySeconds.
double collectiveSeconds(double bytesPerChip, double hops, const ScaleUpLink& link);

// Sets a collective's algorithm, bytes per chip and hops for a link: for an all-reduce the least time
// over the algorithms the link allows, or `pinned` (the step's allreduce parameter: "ring", ...;
// "auto" or empty: the least). Returns an error when the pinned algorithm needs what the link lacks.
std::string chooseCollectiveAlgorithm(StepKernelInfo& info, const ScaleUpLink& link, const std::string& pinned);

// A collective of a step on a device: its algorithm chosen on the link (the peak link, so that every view
// names the same one; the step's allreduce parameter may pin it) and its bytes on the kernel, every chip of
// a stage sending its bytes per chip. An error when the pinned algorithm cannot run on the link.
std::string placeCollective(
    Kernel& kernel, StepKernelInfo& info, const ScaleUpLink& peakLink, const TransformerConfig& config);

// Renames a kernel's kScaleUpLevel bytes to the device's first interconnect level (kept as they
// are on a device without one, so the evaluation reports the missing level).
void placeScaleUpBytes(Kernel& kernel, const Hardware& hardware);

// The collectives of a step, appended to the builder (M = tokens x hidden x s_a per replica):
// an all-reduce over tp (`count` launches; tp > 1; with its additions as FLOPs); the embedding
// (each tp chip looks up the tokens of its vocabulary shard, an all-reduce joins them); the gather of
// the logits' vocabulary shards (tokens x vocab / tp x s_a from each chip); pp_send (one per stage
// boundary: M from each chip of a stage to its peer; pp > 1; no FLOPs).
void addAllReduce(StepBuilder& builder, std::string_view name, double count);
void addEmbedding(StepBuilder& builder);
void addLogitsGather(StepBuilder& builder, double tokens);
void addPipelineSends(StepBuilder& builder);

} // namespace roofscope
