#pragma once

#include "model/Kernel.h"

#include <string>
#include <vector>

namespace roofscope {

// One axis of a range: a template parameter of the kernel, or "chips" (the width of the device, see
// ChipScaling.h), from `from` to `to` in `steps` log-spaced values.
struct ParameterAxis {
    std::string name;
    double from = 1.0;
    double to = 1.0;
    int steps = 64;
};

// `steps` log-spaced values from `from` to `to` (both included). Whole-number parameters are rounded
// to whole numbers and repeated values dropped, so there may be fewer than `steps`.
std::vector<double> axisValues(double from, double to, int steps, bool integer);

// Derives a kernel again and again while one or two parameters change (sweeps, regime maps). The
// base kernel is checked once; derive() then only recomputes FLOPs and bytes.
class KernelProbe {
public:
    // `chips`: the device's width when no axis varies it.
    KernelProbe(const Kernel& base, double chips);

    // Checks that `axis` can vary on the kernel (a parameter of its template, or "chips") and that
    // its range lies inside the parameter's; returns an error, empty when fine. Sets `integer`.
    std::string checkAxis(const ParameterAxis& axis, bool& integer) const;

    // Sets a parameter (or "chips") for the next derive(). Fractional values are allowed (solvers).
    void set(const std::string& name, double value);

    // The kernel at the values set, as the whole work of the device's chips (kernelOnChips).
    const Kernel& derive();
    double chips() const { return m_chips; }
    // Whether derive() calls the template directly (the instance was checked once): then any value,
    // zero included, may be probed.
    bool direct() const { return m_definition && !m_failed; }

private:
    Kernel m_work;
    bool m_sharded = false;
    bool m_userChips = false; // the template's chips parameter was given (it then stays)
    double m_chips = 1.0;
    const struct TemplateDefinition* m_definition = nullptr;
    bool m_failed = true;
};

} // namespace roofscope
