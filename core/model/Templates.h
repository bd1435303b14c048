#pragma once

#include "model/Kernel.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct TemplateParameter {
    std::string name;
    std::string description;
    double defaultValue = 0.0; // used when the parameter is optional, and as the GUI's starting value
    bool required = true; // must be given on the command line
    bool integer = true;
    bool size = true; // a problem size (what dragging edits by default)
    double minimum = 1.0;
    double maximum = 1e15;
};

// What a template derives from its parameters.
struct TemplateWork {
    double flops = 0.0;
    std::vector<LevelBytes> bytes; // "default" is the device's default level
    double workingSetBytes = 0.0; // operands resident at once (for capacity checks)
    std::string precision; // the compute precision (the template's dtype)
};

struct TemplateDefinition {
    std::string name;
    std::string signature; // "matmul(m,k,n)"
    std::string description;
    std::vector<TemplateParameter> parameters;
    std::vector<std::string> options; // string options: dtype, dtype_a, ..., link
    std::function<TemplateWork(const TemplateInstance&, const std::function<double(const std::string&)>&)> derive;

    const TemplateParameter* parameter(const std::string& name) const;
    // The parameter dragging edits when the kernel names none: the first size parameter.
    std::string defaultFreeParameter() const;
};

const std::vector<TemplateDefinition>& templateDefinitions();
const TemplateDefinition* findTemplate(const std::string& name);

struct TemplateResult {
    std::optional<TemplateWork> work;
    std::string error;
};

// Checks the instance (known template, known parameters and options, values in range,
// known dtypes) and derives FLOPs, bytes and the working set.
TemplateResult deriveTemplate(const TemplateInstance& instance, bool allowFractional = false);

// Fills a kernel's flops, bytes, working set and template precision from its template.
// Returns an error message, empty on success.
// `allowFractional` lets solvers probe between whole numbers.
std::string applyTemplate(Kernel& kernel, bool allowFractional = false);

} // namespace roofscope
