#pragma once

#include "model/Evaluation.h"

#include <cstddef>
#include <string>
#include <vector>

namespace roofscope {

// The time a kernel would need on each roof of a device if that roof were the only one: the compute
// roof (T_math) and every enabled level it moves bytes on (T_l), read from its evaluation, with the
// roof that binds and how far that roof's time must fall before another one binds.
// docs/model.md#time-on-each-roof gives the formulas.

enum class RoofKind { Compute, Memory, Interconnect };

struct RoofTime {
    std::string name; // "compute" or the level's name, as Evaluation::binding spells it
    RoofKind kind = RoofKind::Compute;
    double seconds = 0.0; // T_math, or the level's bytes / its bandwidth roof
};

struct RoofTimes {
    std::vector<RoofTime> roofs; // compute first, then the levels in the evaluation's (the device's) order
    std::size_t binding = 0; // the roof that binds (Evaluation::binding): its time is T_min
    // The roof that binds once the binding roof's time has fallen by `headroom`: the longest of the
    // others; -1 when no other roof takes any time (nothing but the binding roof counts).
    int next = -1;
    // The binding roof's time over the next roof's (>= 1; 1 when they tie); +inf without a next roof.
    double headroom = 0.0;
    double tMin = 0.0; // the evaluation's
    double tMax = 0.0; // the evaluation's: the sum of every roof's time
    // Whether T_min and T_max are the roofs' (the longest time and the sum). A kernel group's
    // collective is timed by the serving model instead (evaluateGroupPart(): bytes per chip over the
    // link's collective bandwidth plus hops x latency, T_min = T_max): its roofs then say only which
    // one its bytes would bind, not how long it takes, and the headroom is no lever.
    bool fromRoofs = true;

    const RoofTime& bindingRoof() const { return roofs[binding]; }
    const RoofTime* nextRoof() const { return next >= 0 ? &roofs[static_cast<std::size_t>(next)] : nullptr; }
};

// Never throws. The binding roof is the evaluation's own (its tie rules), so T_min and the binding
// level are always those of the results table and the tooltips.
RoofTimes roofTimes(const Evaluation& evaluation);

} // namespace roofscope
