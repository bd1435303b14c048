#include "model/serving/Experts.h"

#include "model/Precision.h"
#include "model/serving/Parallelism.h"
#include "model/serving/StepKernels.h"

#include <cmath>

namespace roofscope {

double expectedDistinctExperts(double experts, double topK, double tokens)
{
    if (!(experts > 0.0)) {
        return 0.0;
    }
    return experts * (1.0 - std::pow(1.0 - topK / experts, tokens));
}

void addExpertLayers(StepBuilder& b)
{
    const TransformerConfig& c = b.config();
    const double layers = c.layers - c.denseLayers;
    const double sa = *bytesPerElement(c.dtype);
    const double sw = *bytesPerElement(c.weightDtype);
    const double T = c.tokensPerStep();
    const double h = c.hidden;
    const double pairs = T * c.topK; // token-expert pairs
    const double touched = expectedDistinctExperts(c.experts, c.topK, T);

    b.matmul("router", layers, MatmulShape { T, h, c.experts, sa, sw, sa, 1.0, 1.0, 1.0, 1.0 });
    if (c.ep > 1.0) {
        const double send = allToAllBytesPerChip(c.ep, pairs * h * sa);
        b.collective("alltoall_dispatch", layers, send, allToAllHops(c.ep));
    }
    // Routed experts: the pairs' tokens in, the touched experts' weights, split over ep.
    const MatmulShape in { pairs, h, c.expertFfn, sa, sw, sa, 1.0, 1.0, touched, 1.0 };
    if (c.gatedFfn) {
        b.matmul("expert_gate", layers, in);
    }
    b.matmul("expert_up", layers, in);
    if (c.gatedFfn) {
        b.gatedActivation("expert_act", layers, pairs * c.expertFfn);
    }
    b.matmul("expert_down", layers, MatmulShape { pairs, c.expertFfn, h, sa, sw, sa, 1.0, 1.0, touched, 1.0 });
    if (c.ep > 1.0) {
        const double send = allToAllBytesPerChip(c.ep, pairs * h * sa);
        b.collective("alltoall_combine", layers, send, allToAllHops(c.ep));
    }
    // Shared experts: every token, one FFN of width shared x expert_ffn split over tp.
    if (c.sharedExperts > 0.0) {
        const double width = c.sharedExperts * c.expertFfn;
        const MatmulShape column { T, h, width, sa, sw, sa, c.tp, 1.0, 1.0, 1.0 };
        if (c.gatedFfn) {
            b.matmul("shared_expert_gate", layers, column);
        }
        b.matmul("shared_expert_up", layers, column);
        if (c.gatedFfn) {
            b.gatedActivation("shared_expert_act", layers, T * width);
        }
        b.matmul("shared_expert_down", layers, MatmulShape { T, width, h, sa, sw, sa, 1.0, c.tp, 1.0, 1.0 });
    }
}

} // namespace roofscope
