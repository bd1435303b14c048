#include "model/Guidance.h"

#include "model/ChipScaling.h"
#include "model/Text.h"
#include <cctype>

namespace roofscope {

namespace {
// The advice for a kernel an interconnect level binds, without a measured runtime or close to its roof.
std::string networkAdvice(const Evaluation& ev, const Kernel* kernel, const std::string& where)
{
    const std::string head = "network-bound on " + toUpper(ev.binding) + where;
    if (kernel && isShardedKernel(*kernel)) {
        return head
            + ": its partial sums on the link grow with the tokens as fast as its FLOPs, so a bigger batch "
              "does not help; use fewer chips, overlap the collective with compute, or shard differently";
    }
    return head
        + ": send fewer bytes over the link (overlap it with compute, another sharding, compression) or use "
          "a faster interconnect";
}
} // namespace

std::string guidance(const Evaluation& ev, const Kernel* kernel)
{
    if (ev.aboveRoof && *ev.aboveRoof) {
        return "above its roof: check the precision (a faster unit than assumed?) and the bytes counted "
               "(traffic a counter missed?)";
    }
    const bool memory = ev.regime == Regime::MemoryBound;
    const bool compute = ev.regime == Regime::ComputeBound;
    const bool network = ev.regime == Regime::NetworkBound;
    if (!ev.fractionOfRoof) {
        if (memory) {
            return "memory-bound: raise the intensity (fusion, lower precision, a bigger batch) or use faster "
                   "memory";
        }
        if (network) {
            return networkAdvice(ev, kernel, "");
        }
        if (compute) {
            return "compute-bound: fewer FLOPs or faster units; moving fewer bytes will not help";
        }
        return "balanced: both FLOPs and bytes limit it; gains need both";
    }
    const double fraction = *ev.fractionOfRoof;
    if (fraction < kFarBelowRoof) {
        return "far below both roofs: profile launch overhead, synchronisation and cache thrashing; the "
               "roofline cannot diagnose these";
    }
    const bool close = fraction >= kCloseToRoof;
    if (memory) {
        return close ? "memory-bound, close to the roof: kernel fusion, lower precision, a bigger batch"
                     : "memory-bound, far from the roof: better tiling, data layout, fewer unnecessary reads";
    }
    if (network) {
        return close ? networkAdvice(ev, kernel, ", close to the roof")
                     : "network-bound on " + toUpper(ev.binding)
                + ", far from the roof: check that the transfers overlap compute and use every link";
    }
    if (compute) {
        return close ? "compute-bound, close to the roof: well optimised; look for algorithmic gains or scale out"
                     : "compute-bound, far from the roof: check unit utilisation, vectorisation, pipeline stalls";
    }
    return close ? "balanced, close to the roof: only fewer FLOPs and fewer bytes together help"
                 : "balanced, far from the roof: check tiling and unit utilisation";
}

} // namespace roofscope
