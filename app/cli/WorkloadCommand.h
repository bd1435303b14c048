#pragma once

#include "model/Kernel.h"
#include "model/serving/ServingStep.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

class CliArgs;

// `roofscope workload transformer --param NAME=VALUE[,NAME=VALUE...] ... --hardware IDS [--chips N]
// [--price-per-hour USD] [--tdp W] [--sustained] [--json]` (docs/cli.md#transformer-steps): one transformer step on
// each device used N-wide (model/serving/ServingStep.h): T_min/T_max, tokens per second (a bound),
// memory per chip and whether it fits, collectives, cost and energy per token, each kernel's
// binding and share. Throws CliError for bad input.
int workloadCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The transformer's parameters from every `--param` list (numbers in params, options as text).
TemplateInstance readTransformerParams(const CliArgs& opts);
// --model ID: the catalogue model as the instance's `model` option (an unknown id names the known ones).
void setTransformerModel(const CliArgs& opts, TemplateInstance& t);

// --price-per-hour and --tdp (per chip) with the evaluation options.
ServingOptions servingOptions(const CliArgs& opts, const EvalOptions& eval);

} // namespace roofscope
