#pragma once

#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/KernelProbe.h"

#include <string>
#include <vector>

namespace roofscope {

struct RegimeCell {
    Regime regime = Regime::ComputeBound;
    int binding = -1; // -1: compute; else an index into RegimeMapDevice::levels
    double tMin = 0.0; // s
    double attainable = 0.0; // FLOP/s
};

struct RegimeMapDevice {
    std::string hardwareId;
    std::string hardwareName;
    std::string hardwareLabel; // Hardware::shortLabel()
    std::vector<std::string> levels; // the device's level names (binding indices point here)
    std::vector<bool> network; // per level: an interconnect
    std::vector<RegimeCell> cells; // row-major: cells[iy * xValues.size() + ix]
    std::string error; // set when the kernel cannot be evaluated on the device (cells then empty)

    const RegimeCell& cell(size_t ix, size_t iy, size_t width) const { return cells[iy * width + ix]; }
    // "compute" or the level's name.
    std::string bindingName(int binding) const;
};

struct RegimeMap {
    std::string xName;
    std::string yName;
    std::vector<double> xValues; // log-spaced (whole numbers for integer parameters)
    std::vector<double> yValues;
    std::vector<RegimeMapDevice> devices;
    std::string error; // a bad axis: nothing was evaluated
};

// The kernel over a grid of two parameters (template parameters or "chips") on each device, `chips`
// wide: per cell the regime, binding resource, T_min and attainable FLOP/s. The kernels are derived
// once per cell and shared by the devices.
RegimeMap regimeMap(const Kernel& kernel, const std::vector<Hardware>& devices, const EvalOptions& options,
    const ParameterAxis& x, const ParameterAxis& y, double chips = 1.0);

} // namespace roofscope
