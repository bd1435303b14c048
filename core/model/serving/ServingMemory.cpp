#include "model/serving/ServingMemory.h"

#include "model/Precision.h"
#include "model/serving/Experts.h"
#include "model/serving/StepKernels.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

WeightCounts weightCounts(const TransformerConfig& c)
{
    WeightCounts w;
    const double h = c.hidden;
    const double matrices = c.gatedFfn ? 3.0 : 2.0;
    const double denseLayers = c.moe() ? c.denseLayers : c.layers;
    const double moeLayers = c.layers - denseLayers;
    w.replicated = c.layers * 2.0 * h + h; // norms
    if (c.mla()) {
        const double latent = c.kvLoraRank + c.qkRopeHeadDim;
        const double qHead = c.qkNopeHeadDim + c.qkRopeHeadDim;
        const double qIn = c.qLoraRank > 0.0 ? c.qLoraRank : h;
        w.replicated += c.layers * (h * (c.qLoraRank + latent) + c.qLoraRank + c.kvLoraRank);
        w.split += c.layers
            * (qIn * c.heads * qHead + c.kvLoraRank * c.heads * (c.qkNopeHeadDim + c.vHeadDim)
                + c.heads * c.vHeadDim * h);
    } else {
        const double qWidth = c.heads * c.headDim();
        w.split += c.layers * 2.0 * h * qWidth;
        w.kv = c.layers * 2.0 * h * c.kvHeads * c.headDim();
    }
    w.split += denseLayers * matrices * h * c.ffn + moeLayers * c.sharedExperts * matrices * h * c.expertFfn;
    w.replicated += moeLayers * h * c.experts;
    w.routed = moeLayers * c.experts * matrices * h * c.expertFfn;
    w.embedding = c.tiedEmbeddings ? 0.0 : c.vocab * h;
    w.head = c.vocab * h;
    return w;
}

namespace {

// The share of the layers the largest pipeline stage holds: ceil(layers / pp) / layers.
double largestStageShare(const TransformerConfig& c)
{
    return c.layers > 0.0 ? std::ceil(c.layers / c.pp) / c.layers : 1.0;
}

double weightsPerChip(const TransformerConfig& c)
{
    const WeightCounts w = weightCounts(c);
    const double sw = *bytesPerElement(c.weightDtype);
    const double sh = *bytesPerElement(c.lmHeadDtype);
    const double se = *bytesPerElement(c.expertDtype);
    const double perStage = w.split * sw / c.tp + w.replicated * sw + w.kv * sw / std::min(c.tp, c.kvHeads)
        + w.routed * se / (c.moe() ? expertWeightDivisor(c) : 1.0) + (w.embedding * sw + w.head * sh) / c.tp;
    return perStage * largestStageShare(c);
}

} // namespace

ChipBytes bytesPerChip(const TransformerExpansion& step)
{
    const TransformerConfig& c = step.config;
    ChipBytes b;
    b.weights = weightsPerChip(c);
    // pp micro-batches are in flight, each stage holding their cache for its layers.
    const double cache = c.pp * c.batch * c.seq * c.layers * c.kvCacheWidth() * *bytesPerElement(c.kvDtype);
    b.kvCache = cache * largestStageShare(c) / (c.kvShardBatch ? c.tp : std::min(c.tp, c.kvGroups()));
    const double stageChips = c.tp * c.dp; // each kernel runs on the chips of one stage
    for (const auto& info : step.info) {
        if (!info.collective) {
            b.activations = std::max(b.activations, info.activationBytes / stageChips);
        }
    }
    return b;
}

ServingMemory servingMemory(const TransformerExpansion& step, const Hardware& device)
{
    ServingMemory m;
    const ChipBytes chip = bytesPerChip(step);
    const double chips = step.config.chips();
    // The chips hold the layers once: with uneven stages the others hold less than the largest stage's chips.
    const double held = 1.0 / (step.config.pp * largestStageShare(step.config));
    m.weightsBytes = chip.weights * chips * held;
    m.kvCacheBytes = chip.kvCache * chips * held;
    m.activationsBytes = chip.activations * chips;
    m.perChipBytes = chip.total();
    const BandwidthLevel* level = device.defaultLevelPtr();
    if (!level || !level->capacityBytes) {
        return m;
    }
    const double reported = *level->capacityBytes / (device.chips >= 1.0 ? device.chips : 1.0);
    m.memoryUtilization = step.config.memoryUtilization;
    m.deviceCapacityPerChipBytes = reported;
    const double capacity = reported * step.config.memoryUtilization;
    m.capacityPerChipBytes = capacity;
    m.fits = m.perChipBytes <= capacity;
    // One sequence's cache and activations: the step at batch 1 less its weights.
    TransformerExpansion one;
    one.config = step.config;
    one.config.batch = 1.0;
    buildStepKernels(one.config, one.kernels, one.info);
    const ChipBytes single = bytesPerChip(one);
    const double perSequence = single.kvCache + single.activations;
    m.maxBatch
        = capacity < chip.weights || !(perSequence > 0.0) ? 0.0 : std::floor((capacity - chip.weights) / perSequence);
    return m;
}

} // namespace roofscope
