#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/KernelProbe.h"

#include <string>
#include <vector>

namespace roofscope {

struct SweepPoint {
    double value = 0.0;
    double intensity = 0.0; // FLOP/B on the default level
    double attainable = 0.0; // FLOP/s
    Regime regime = Regime::ComputeBound;
    std::string binding; // "compute" or a level name
    double tMin = 0.0; // s
};

// Where the regime or the binding resource changes: the exact parameter value (solved on the
// continuous parameter, not the nearest step), with the state on either side.
struct SweepCrossing {
    double value = 0.0;
    std::string kind; // "regime" or "binding"
    std::string from; // regime name or binding resource below `value`
    std::string to; // ... above it
};

struct SweepDevice {
    std::string hardwareId;
    std::string hardwareName;
    std::string hardwareLabel; // Hardware::shortLabel()
    std::vector<SweepPoint> points; // one per value
    std::vector<SweepCrossing> crossings; // in increasing value
    std::string error; // set when the kernel cannot be evaluated on the device (points then empty)
};

struct SweepResult {
    std::string vary;
    std::vector<double> values;
    std::vector<SweepDevice> devices;
    std::string error; // a bad axis: nothing was evaluated
};

// The kernel at each value of `axis` (a template parameter or "chips") on each device, `chips` wide
// (ChipScaling.h), and the crossings between.
//
// Crossings: wherever two neighbouring values differ in regime or binding, the change is located by
// bisection on the continuous parameter (geometric midpoints, whole-number parameters probed between
// whole numbers) down to a relative width of 1e-13; the two states of a crossing are evaluated
// exactly. When two changes fall between neighbouring values (the balanced band is narrower than a
// step), each is found in turn. Changes that leave and come back between two values are not seen.
SweepResult sweep(const Kernel& kernel, const std::vector<Hardware>& devices, const EvalOptions& options,
    const ParameterAxis& axis, double chips = 1.0);

} // namespace roofscope
