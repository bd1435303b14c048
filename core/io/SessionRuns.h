#pragma once

#include "io/Importers.h"
#include "io/SessionFile.h"
#include "model/Diagnostic.h"
#include "model/RunDiff.h"
#include "model/Session.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct RunLoadResult {
    std::vector<Kernel> kernels; // named uniquely within the run, `fromRun` set to the run's name
    std::string format; // the importer that read it
    Diagnostics diagnostics;

    bool ok() const { return !hasErrors(diagnostics); }
};

// Reads one run's file (RunReference::path) with the importer its format names, or the one
// detected from the file. Launches of one name stay separate kernels named "NAME #ID" unless the
// run aggregates them. A file that yields a device and no kernels is an error. Never throws.
RunLoadResult loadRun(const RunReference& run, const ImportOptions& options = {});

// Reads a session file, then each of its runs, whose kernels follow the session's own. The session
// is returned when its file is valid, even if a run cannot be read: that run's error is a
// diagnostic at the run's entry in the session file ("session.yaml:7:9: run 'before' cannot be
// read: profiles/before.csv:12:3: ..."), followed by the importer's diagnostics.
SessionLoadResult loadSessionWithRuns(const std::string& path, const ImportOptions& options = {});

// Reads the runs of a session already loaded (without its runs' kernels) and appends their kernels.
void loadSessionRuns(
    Session& session, const std::string& sessionPath, Diagnostics& diagnostics, const ImportOptions& options = {});

// Puts `kernels` in place of the kernels of run `runName` (at the position of the first of them,
// else at the end): what the window does when a run's file changes on disk.
void replaceRunKernels(Session& session, const std::string& runName, std::vector<Kernel> kernels);

// Two runs of a session compared, before and after (the window's overlay and its table): each run's
// file is read again with the launches of each name merged, so kernels match by name however the
// session shows them. Empty with an error when a run is not in the session or cannot be read.
struct SessionRunDiff {
    std::optional<RunDiff> diff;
    Diagnostics diagnostics;
};
SessionRunDiff diffSessionRuns(const Session& session, const std::string& before, const std::string& after,
    const RunDiffOptions& options, const ImportOptions& importOptions = {});

} // namespace roofscope
