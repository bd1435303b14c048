#include "model/serving/ServingMemory.h"

#include "model/Precision.h"
#include "model/serving/StepKernels.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {

double weightsPerChip(const TransformerConfig& c)
{
    const double sw = *bytesPerElement(c.weightDtype);
    const double sh = *bytesPerElement(c.lmHeadDtype);
    const double h = c.hidden;
    const double qWidth = c.heads * c.headDim();
    const double kvWidth = c.kvHeads * c.headDim();
    const double matrices = c.gatedFfn ? 3.0 : 2.0;
    const double denseLayers = c.moe() ? c.denseLayers : c.layers;
    const double moeLayers = c.layers - denseLayers;
    // Split over tp x pp: attention's q and o, norms, dense FFNs, routers, shared experts, the
    // embeddings and the head.
    double split = c.layers * (2.0 * h * qWidth + 2.0 * h) * sw + h * sw;
    split += denseLayers * matrices * h * c.ffn * sw;
    split += moeLayers * (h * c.experts + c.sharedExperts * matrices * h * c.expertFfn) * sw;
    split += c.tiedEmbeddings ? c.vocab * h * sh : c.vocab * h * (sw + sh);
    const double kv = c.layers * 2.0 * h * kvWidth * sw;
    const double routed = moeLayers * c.experts * matrices * h * c.expertFfn * sw;
    return split / (c.tp * c.pp) + kv / (std::min(c.tp, c.kvHeads) * c.pp) + routed / (c.ep * c.pp);
}

} // namespace

ChipBytes bytesPerChip(const TransformerExpansion& step)
{
    const TransformerConfig& c = step.config;
    ChipBytes b;
    b.weights = weightsPerChip(c);
    const double cache = c.batch * c.seq * c.layers * 2.0 * c.kvHeads * c.headDim() * *bytesPerElement(c.kvDtype);
    b.kvCache = cache / ((c.kvShardBatch ? c.tp : std::min(c.tp, c.kvHeads)) * c.pp);
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
    m.weightsBytes = chip.weights * chips;
    m.kvCacheBytes = chip.kvCache * chips;
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
