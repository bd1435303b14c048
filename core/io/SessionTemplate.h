#pragma once

#include "io/YamlSchema.h"
#include "model/Kernel.h"

#include <string>

namespace roofscope {

// Reads `template`, `params`, `model` and `free` of a session kernel at `path` into the kernel and applies
// the template (its FLOPs and bytes); every problem is an error at its node.
void readKernelTemplate(YamlSchema& s, const YAML::Node& item, const std::string& path, Kernel& kernel);

} // namespace roofscope
