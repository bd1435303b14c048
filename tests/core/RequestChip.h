#pragma once

// The ad-hoc chip of the request-mix suites (test_requests, test_serving_runs): 3 GFLOP/s bf16 and 1 GB/s
// of memory holding `capacity` bytes (ridge 3 FLOP/B), so a kernel takes max(F / 3, B) nanoseconds for
// F FLOPs and B bytes, which keeps every figure countable by hand.

#include "model/Hardware.h"

namespace roofscope::test {

inline Hardware requestChip(double capacity = 16384.0)
{
    Hardware h;
    h.id = "request-chip";
    h.name = "request chip";
    h.compute = { { "tensor", "bf16", 3e9, std::nullopt, "", false } };
    BandwidthLevel hbm;
    hbm.name = "hbm";
    hbm.bytesPerSecond = 1e9;
    hbm.capacityBytes = capacity;
    h.levels = { hbm };
    h.defaultLevel = "hbm";
    return h;
}

} // namespace roofscope::test
