#pragma once

#include "model/Hardware.h"
#include "model/TransformerWorkload.h"

#include <optional>

namespace roofscope {

// Memory per chip of a transformer served on tp x pp x dp chips (docs/model.md#memory-per-chip), against
// the capacity of the device's default memory level:
//   weights: every parameter at its dtype (embeddings at weight_dtype, the head at lm_head_dtype,
//     tied embeddings one matrix at the head's dtype) / (tp x pp); K/V projections / (min(tp,
//     kv_heads) x pp) (replicated past kv_heads); routed experts / (ep x pp);
//   KV cache: batch x seq x layers x 2 x kv_heads x head_dim x s_kv / (min(tp, kv_heads) x pp),
//     or / (tp x pp) with kv_shard=batch;
//   activations: the inputs and outputs of the largest kernel on one chip (weights and cache not
//     counted again).
struct ServingMemory {
    double weightsBytes = 0.0; // what all chips hold together (copies included)
    double kvCacheBytes = 0.0;
    double activationsBytes = 0.0;
    double perChipBytes = 0.0; // weights + KV cache + activations of one chip
    // What the step may fill on one chip: the level's capacity / chips x memory_utilization; empty: the
    // default level gives no capacity.
    std::optional<double> capacityPerChipBytes;
    std::optional<double> deviceCapacityPerChipBytes; // the capacity the driver reports, before memory_utilization
    double memoryUtilization = 1.0;
    std::optional<bool> fits; // per chip <= capacity (empty without a capacity)
    std::optional<double> maxBatch; // largest batch per replica that fits at this seq; 0: not one
};

// The three per-chip figures of a step (weights, KV cache, activations).
struct ChipBytes {
    double weights = 0.0;
    double kvCache = 0.0;
    double activations = 0.0;
    double total() const { return weights + kvCache + activations; }
};
ChipBytes bytesPerChip(const TransformerExpansion& step);

// The step's memory on a device (the device as used N-wide: capacities are its totals / chips).
// max_batch uses that weights do not depend on the batch while cache and activations grow in
// proportion to it: floor((capacity - weights) / (bytes of one sequence)).
ServingMemory servingMemory(const TransformerExpansion& step, const Hardware& device);

} // namespace roofscope
