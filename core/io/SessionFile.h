#pragma once

#include "model/Diagnostic.h"
#include "model/Session.h"

#include <optional>
#include <string>

namespace roofscope {

struct SessionLoadResult {
    std::optional<Session> session;
    Diagnostics diagnostics;
};

// Reads a session file (schema roofscope-session/1). Strict like the hardware loader; device ids
// are not checked against a database here (the caller reports unknown devices). Runs are listed
// with their files resolved, not read: see loadSessionWithRuns().
SessionLoadResult loadSessionFile(const std::string& path);
SessionLoadResult loadSessionText(const std::string& text, const std::string& fileLabel);

// The session's own kernels and its run references (not the kernels read from runs). With
// `sessionPath`, runs' files are written relative to that file's folder.
std::string sessionToYaml(const Session& session, const std::string& sessionPath = {});

// Writes through SafeFileWriter (io/SafeFileWriter.h): links followed, mode kept, only regular
// files, every write checked, the previous file untouched on failure. Returns an error message,
// empty on success.
std::string saveSessionFile(const Session& session, const std::string& path);
std::string writeFileAtomically(const std::string& path, const std::string& content);

} // namespace roofscope
