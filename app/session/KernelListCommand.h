#pragma once

#include "model/Session.h"

#include <QUndoCommand>

#include <vector>

namespace roofscope {

class SessionDocument;

// Inserts (or, with `remove`, removes) a run of kernels starting at `index`: one kernel added or
// deleted, or every kernel of an import.
class KernelListCommand : public QUndoCommand {
public:
    KernelListCommand(
        SessionDocument* document, int index, std::vector<Kernel> kernels, bool remove, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    int m_index;
    std::vector<Kernel> m_kernels;
    bool m_remove;
};

} // namespace roofscope
