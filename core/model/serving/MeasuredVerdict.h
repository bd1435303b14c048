#pragma once

#include "model/serving/ServingRuns.h"
#include "model/serving/Verdict.h"

#include <string>
#include <vector>

namespace roofscope {

// Measured serving runs in the verdict (docs/serving.md#ranking-with-measured-runs):
//
// - each device of the verdict gets the runs that measured this group (run.group is the group's
//   name, or run.model is, when the run names no group) on its device id and chip count, each set
//   against the bound at the run's own isl, osl, concurrency and precision (servingRunGap());
// - when every ranked device has a run of one scenario (isl and osl within 10 %, no speculative
//   decoding, the same weight precision), the devices are also ranked by measured output tokens/s per
//   chip (the best run of each), the verdict says so (measuredBasis), and when that order differs
//   from the order of the same runs' bounds the headline says both ("bounds rank MI300X x8 first;
//   measured runs rank H100 x8 first");
// - otherwise measuredNote says why the ranking stands on bounds alone.
void attachMeasuredRuns(GroupVerdict& verdict, const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const std::vector<ServingRun>& runs);

// Published runs beside the verdict (VerdictDevice::published): the runs of the group's model (run.model is
// the group's name, as `roofscope models list` names models) on each device and chip count, each against its
// bound; the ranking does not change.
void attachPublishedRuns(GroupVerdict& verdict, const Kernel& group, const std::vector<VerdictDeviceInput>& devices,
    const std::vector<ServingRun>& runs);

// Whether a run measured this group: run.group names it, or run.model does (case-insensitive) when the
// run names no group.
bool runMeasuresGroup(const ServingRun& run, const std::string& groupName);

} // namespace roofscope
