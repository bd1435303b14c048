#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"

#include <string>
#include <vector>

namespace roofscope {

// The numbers a sweep or a regime map needs at one point.
struct RangePoint {
    double intensity = 0.0; // FLOP/B on the default level (as Evaluation::intensity)
    double attainable = 0.0; // FLOP/s
    double tMin = 0.0; // s
    Regime regime = Regime::ComputeBound;
    int binding = -1; // -1: compute; else an index into the device's levels
};

// Evaluates many kernels of one shape (the same precision and the same byte levels, as a template
// gives while one parameter changes) on one device, N chips wide, with the arithmetic of evaluate()
// but none of its lookups: the roofs are resolved once in prepare(). Ranges call it thousands of
// times per frame.
class RangeEvaluator {
public:
    // Resolves the device's roofs for kernels shaped like `kernel`; false (with evaluate()'s message
    // in `error`) when evaluate() refuses the kernel.
    bool prepare(const Kernel& kernel, const Hardware& hardware, const EvalOptions& options, std::string& error);

    // `kernel` must have the shape given to prepare(); `chips` scales every roof (hardwareOnChips).
    RangePoint at(const Kernel& kernel, double chips = 1.0) const;

    // "compute" or the level's name.
    const std::string& bindingName(int binding) const;
    // Whether the binding is an interconnect level.
    bool isNetwork(int binding) const;

private:
    double m_computeRoof = 0.0;
    double m_tolerance = 0.05;
    std::vector<double> m_bandwidth; // per device level, after sustained and comm-fraction factors
    std::vector<bool> m_network; // per device level
    std::vector<bool> m_enabled; // per device level
    std::vector<std::string> m_names; // per device level
    std::vector<int> m_entryLevel; // per byte entry of the kernel: device level index, -1 when absent
    int m_defaultLevel = -1;
    std::string m_compute = "compute";
};

} // namespace roofscope
