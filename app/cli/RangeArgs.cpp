#include "cli/RangeArgs.h"

#include "cli/CliArgs.h"
#include "model/Text.h"
#include "model/Units.h"

#include <cmath>

namespace roofscope {

ParameterAxis parseAxisArgument(const std::string& option, const std::string& text, int steps)
{
    const std::string usage = "--" + option + " '" + text + "': expected NAME=FROM:TO[:STEPS] (e.g. m=16:4096)";
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
        throw CliError(usage);
    }
    ParameterAxis axis;
    axis.name = trimmed(text.substr(0, eq));
    const auto parts = split(text.substr(eq + 1), ':');
    if (axis.name.empty() || parts.size() < 2 || parts.size() > 3) {
        throw CliError(usage);
    }
    const auto from = parseNumber(trimmed(parts[0]));
    const auto to = parseNumber(trimmed(parts[1]));
    if (!from || !to || !std::isfinite(*from) || !std::isfinite(*to)) {
        throw CliError(usage);
    }
    if (!(*from > 0.0) || !(*to > *from)) {
        throw CliError("--" + option + " " + axis.name + ": expected 0 < FROM < TO");
    }
    axis.from = *from;
    axis.to = *to;
    axis.steps = steps;
    if (parts.size() == 3) {
        const auto n = parseNumber(trimmed(parts[2]));
        if (!n || std::floor(*n) != *n || *n < 2.0 || *n > 100000.0) {
            throw CliError("--" + option + " " + axis.name + ": STEPS must be a whole number in [2, 100000]");
        }
        axis.steps = static_cast<int>(*n);
    }
    return axis;
}

} // namespace roofscope
