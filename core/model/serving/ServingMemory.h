#pragma once

#include "model/Hardware.h"
#include "model/TransformerWorkload.h"

#include <optional>

namespace roofscope {

// Memory per chip of a transformer served on tp x pp x dp chips (docs/model.md#memory-per-chip), against
// the capacity of the device's default memory level:
//   weights: every parameter at its dtype (embeddings at weight_dtype, the head at lm_head_dtype,
//     tied embeddings one matrix at the head's dtype, routed experts at expert_dtype) / tp; K/V
//     projections / min(tp, kv_heads) (replicated past kv_heads); what every tp chip holds whole
//     (routers, norms, MLA's down-projections) / 1; routed experts / max(tp, ep); each of these for
//     the layers of the largest pipeline stage, ceil(layers / pp) of them;
//   KV cache: pp micro-batches in flight x batch x seq x ceil(layers / pp) x the cache width
//     (2 x kv_heads x head_dim, or MLA's kv_lora_rank + qk_rope_head_dim) x s_kv / min(tp, KV heads),
//     or / tp with kv_shard=batch;
//   activations: the inputs and outputs of the largest kernel on one chip (weights and cache not
//     counted again).
struct ServingMemory {
    double weightsBytes = 0.0; // what all chips hold together (copies included; every stage's own layers)
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

// The model's weights by where they live, in elements (parameters).
struct WeightCounts {
    double split = 0.0; // split over tp: attention's q and o (MLA's up-projections), dense FFNs, shared experts
    double replicated = 0.0; // whole on every tp chip: norms, routers, MLA's down-projections
    double kv = 0.0; // K/V projections, split over min(tp, kv_heads)
    double routed = 0.0; // routed experts (at expert_dtype)
    double embedding = 0.0; // the embedding table (0 when tied)
    double head = 0.0; // the head (the tied table)
    double total() const { return split + replicated + kv + routed + embedding + head; }
};
WeightCounts weightCounts(const TransformerConfig& config);

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
