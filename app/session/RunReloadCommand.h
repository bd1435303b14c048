#pragma once

#include "model/Kernel.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace roofscope {

class SessionDocument;

// The kernels of one run replaced by those read again from its file (and back on undo).
class RunReloadCommand : public QUndoCommand {
public:
    RunReloadCommand(SessionDocument* document, std::string runName, std::vector<Kernel> before,
        std::vector<Kernel> after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    std::string m_runName;
    std::vector<Kernel> m_before;
    std::vector<Kernel> m_after;
};

} // namespace roofscope
