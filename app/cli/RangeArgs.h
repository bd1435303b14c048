#pragma once

#include "model/KernelProbe.h"

#include <string>

namespace roofscope {

// Reads an axis of `sweep --vary` or `map --x/--y`: NAME=FROM:TO[:STEPS] (numbers take SI
// suffixes). `option` names the option in errors; `steps` is used when the text gives none.
// Throws CliError for bad input.
ParameterAxis parseAxisArgument(const std::string& option, const std::string& text, int steps);

} // namespace roofscope
