#pragma once

#include "model/Evaluation.h"
#include "model/Kernel.h"

#include <string>

namespace roofscope {

// Appends to `out` the text that jsonText(evaluationToJson(ev, kernel)) gives, each line after the
// first indented by `indent` more spaces (as the object prints as an element of an indented array),
// without building the JSON tree: `table --format json` prints 100,000 of these. The keys come in
// the order the tree prints them (sorted); test_evaluation_json checks both give the same bytes.
void appendEvaluationJson(std::string& out, const Evaluation& ev, const Kernel& kernel, int indent = 0);

} // namespace roofscope
