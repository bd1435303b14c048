#include "model/serving/Experts.h"

#include "model/Precision.h"
#include "model/TransformerWorkload.h"
#include "model/serving/Parallelism.h"
#include "model/serving/StepKernels.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

double expectedDistinctExperts(double experts, double topK, double tokens)
{
    if (!(experts > 0.0)) {
        return 0.0;
    }
    return experts * (1.0 - std::pow(1.0 - topK / experts, tokens));
}

double expertWeightDivisor(const TransformerConfig& c)
{
    return std::max(c.tp, c.ep);
}

double busiestChipExperts(const TransformerConfig& c)
{
    const double groupTokens = c.tokensPerStep() * std::max(c.ep / c.tp, 1.0);
    const double touched = expectedDistinctExperts(c.experts, c.topK, groupTokens);
    const double sharing = std::max(c.tp / c.ep, 1.0); // chips holding a share of each expert
    return std::max(touched / c.ep, 1.0) / sharing;
}

namespace {

// The routed experts of one MoE layer: gate/up, the activation, down, for T x k pairs; every tp chip
// reads what the busiest chip reads.
void addRoutedExperts(StepBuilder& b, double layers)
{
    const TransformerConfig& c = b.config();
    const double sa = *bytesPerElement(c.dtype);
    const double se = *bytesPerElement(c.expertDtype);
    const double pairs = c.tokensPerStep() * c.topK; // token-expert pairs
    const double sharing = std::max(c.tp / c.ep, 1.0);
    const double weightCopies = c.tp * busiestChipExperts(c);
    // Column-parallel within an expert's chips: each reads the pairs' inputs; row-parallel: each writes
    // partial sums.
    const MatmulShape in { pairs, c.hidden, c.expertFfn, sa, se, sa, sharing, 1.0, weightCopies, 1.0 };
    if (c.gatedFfn && c.fusedProjections) {
        MatmulShape gateUp = in;
        gateUp.n = 2.0 * c.expertFfn;
        b.matmul("expert_gate_up", layers, gateUp);
    } else {
        if (c.gatedFfn) {
            b.matmul("expert_gate", layers, in);
        }
        b.matmul("expert_up", layers, in);
    }
    if (c.gatedFfn) {
        b.gatedActivation("expert_act", layers, pairs * c.expertFfn);
    }
    b.matmul("expert_down", layers,
        MatmulShape { pairs, c.expertFfn, c.hidden, sa, se, sa, 1.0, sharing, weightCopies, 1.0 });
}

void addSharedExperts(StepBuilder& b, double layers)
{
    const TransformerConfig& c = b.config();
    const double sa = *bytesPerElement(c.dtype);
    const double sw = *bytesPerElement(c.weightDtype);
    const double T = c.tokensPerStep();
    const double width = c.sharedExperts * c.expertFfn;
    const MatmulShape column { T, c.hidden, width, sa, sw, sa, c.tp, 1.0, 1.0, 1.0 };
    if (c.gatedFfn && c.fusedProjections) {
        MatmulShape gateUp = column;
        gateUp.n = 2.0 * width;
        b.matmul("shared_expert_gate_up", layers, gateUp);
    } else {
        if (c.gatedFfn) {
            b.matmul("shared_expert_gate", layers, column);
        }
        b.matmul("shared_expert_up", layers, column);
    }
    if (c.gatedFfn) {
        b.gatedActivation("shared_expert_act", layers, T * width);
    }
    b.matmul("shared_expert_down", layers, MatmulShape { T, width, c.hidden, sa, sw, sa, 1.0, c.tp, 1.0, 1.0 });
}

} // namespace

void addExpertLayers(StepBuilder& b)
{
    const TransformerConfig& c = b.config();
    const double layers = c.layers - c.denseLayers;
    const double sa = *bytesPerElement(c.dtype);
    const double sw = *bytesPerElement(c.weightDtype);
    const double T = c.tokensPerStep();
    const double h = c.hidden;

    // Every tp chip routes every token: the router's weights and work are repeated on each.
    b.matmul("router", layers, MatmulShape { T, h, c.experts, sa, sw, sa, c.tp, c.tp, c.tp, c.tp });
    // Past the replica: each chip sends its T / tp tokens' pairs whose experts sit outside its replica.
    const double remote = c.ep > c.tp ? (c.ep - c.tp) / c.ep : 0.0;
    const double send = T / c.tp * c.topK * h * sa * remote;
    if (remote > 0.0) {
        b.collective("alltoall_dispatch", layers, CollectiveKind::AllToAll, send, c.ep);
    }
    addRoutedExperts(b, layers);
    if (remote > 0.0) {
        b.collective("alltoall_combine", layers, CollectiveKind::AllToAll, send, c.ep);
    }
    if (c.sharedExperts > 0.0) {
        addSharedExperts(b, layers);
    }
}

} // namespace roofscope
