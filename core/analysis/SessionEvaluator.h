#pragma once

#include "io/HardwareLoader.h"
#include "model/Comparison.h"
#include "model/Evaluation.h"
#include "model/Session.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace roofscope {

struct SessionRow {
    size_t kernelIndex = 0; // into the session's kernels
    size_t deviceIndex = 0;
    Evaluation evaluation;
    size_t expandedIndex = 0; // into SessionEvaluation::kernels (kernel groups expanded)
};

struct SessionEvaluation {
    std::vector<SessionRow> rows; // kernel-major: every device for kernel 0, then kernel 1, ...
    // The kernels evaluated: the session's, with every kernel group (template: transformer) replaced
    // by the kernels of its step. Expansion happens here, at evaluation time; the session keeps the group.
    std::vector<Kernel> kernels;
    std::vector<std::string> errors; // unknown devices, precisions a device lacks, ...
    // Kernel groups that cannot be served on a device (tp x pp x dp other than its chips, ...): their
    // parts are left out of that device's rows; a table says so and goes on.
    std::vector<std::string> groupErrors;
};

// The evaluation options of one device of a session (its precision, levels switched off, view settings).
EvalOptions sessionOptions(const Session& session, const DeviceSelection& device);

// Evaluates every kernel on every visible device of the session: each device with its entry's
// overrides and chips (sessionHardware), each kernel group expanded.
SessionEvaluation evaluateSession(const Session& session, const HardwareDatabase& database);
// The same, moving the session's kernels into the result (SessionEvaluation::kernels) instead of
// copying them: afterwards the session's kernels are left empty of content (their count stays).
// For a caller that prints the result and is done, such as `table` on a run of 100,000 launches.
SessionEvaluation evaluateSessionTakingKernels(Session& session, const HardwareDatabase& database);
// The same a block of `kernelsPerBlock` kernels at a time, so that memory follows a block, not the
// session (`table` of 100,000 kernels on 12 devices): `visit` gets each block's evaluation in order
// (its rows' kernelIndex into the whole session; an unknown device's error in every block) and
// returns false to stop. A session without kernels gives one empty block.
void evaluateSessionInBlocks(const Session& session, const HardwareDatabase& database, std::size_t kernelsPerBlock,
    const std::function<bool(SessionEvaluation&)>& visit);

// The device's short label (Hardware::shortLabel()), "x N" after it when the session uses it N chips
// wide ("TPU v5e x8"): the name of every view and export.
std::string deviceLabel(const Hardware& hardware, const DeviceSelection& selection);

// A device's name for people: its short label (Hardware::shortLabel()), "x N" when used N chips wide,
// with the selection's precision when it sets one ("TPU v7x (fp8)").
std::string deviceDisplayName(const Hardware& hardware, const DeviceSelection& selection);

// The session's workload (its kernels with their counts) on every visible device, against the view's
// baseline. Devices missing from the database are left out with a warning. The transformer groups'
// verdicts (analysis/SessionVerdict.h, with the session's criteria) are in Comparison::verdicts, and each
// group at its device's operating point in ComparisonEntry::groups; a step that does not fit makes its
// device not like-for-like (never ranked first). A group that cannot be served on a device is in that
// entry's left-out kernels with its reason.
Comparison compareSession(const Session& session, const HardwareDatabase& database);

} // namespace roofscope
