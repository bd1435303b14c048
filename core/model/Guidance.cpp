#include "model/Guidance.h"

namespace roofscope {

std::string guidance(const Evaluation& ev)
{
    if (ev.aboveRoof && *ev.aboveRoof) {
        return "above its roof: check the precision (a faster unit than assumed?) and the bytes counted "
               "(traffic a counter missed?)";
    }
    const bool memory = ev.regime == Regime::MemoryBound;
    const bool compute = ev.regime == Regime::ComputeBound;
    if (!ev.fractionOfRoof) {
        if (memory) {
            return "memory-bound: raise the intensity (fusion, lower precision, a bigger batch) or use faster "
                   "memory";
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
    if (compute) {
        return close ? "compute-bound, close to the roof: well optimised; look for algorithmic gains or scale out"
                     : "compute-bound, far from the roof: check unit utilisation, vectorisation, pipeline stalls";
    }
    return close ? "balanced, close to the roof: only fewer FLOPs and fewer bytes together help"
                 : "balanced, far from the roof: check tiling and unit utilisation";
}

} // namespace roofscope
