#pragma once

#include "model/Session.h"

#include <QUndoCommand>

namespace roofscope {

class SessionDocument;

// Inserts (or, with `remove`, removes) one kernel.
class KernelListCommand : public QUndoCommand {
public:
    KernelListCommand(SessionDocument* document, int index, Kernel kernel, bool remove, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    int m_index;
    Kernel m_kernel;
    bool m_remove;
};

} // namespace roofscope
