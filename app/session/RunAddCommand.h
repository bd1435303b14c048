#pragma once

#include "model/Session.h"

#include <QUndoCommand>

#include <vector>

namespace roofscope {

class SessionDocument;

// A run added to the session (File > Import): its `runs:` entry and the kernels read from its file,
// after the session's own; undo takes both out again. The kernels move between the command and the
// session, so a run of 100,000 launches is held once.
class RunAddCommand : public QUndoCommand {
public:
    RunAddCommand(SessionDocument* document, RunReference run, std::vector<Kernel> kernels, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    RunReference m_run;
    std::vector<Kernel> m_kernels; // empty while they are in the session
};

} // namespace roofscope
