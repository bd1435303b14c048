#include "session/KernelListCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

namespace roofscope {

KernelListCommand::KernelListCommand(
    SessionDocument* document, int index, std::vector<Kernel> kernels, bool remove, const QString& text)
    : QUndoCommand(elidedName(text, kShownTextChars))
    , m_document(document)
    , m_index(index)
    , m_kernels(std::move(kernels))
    , m_remove(remove)
{
}

void KernelListCommand::undo()
{
    if (m_remove) {
        m_document->applyInsertKernels(m_index, m_kernels);
    } else {
        m_document->applyRemoveKernels(m_index, static_cast<int>(m_kernels.size()));
    }
}

void KernelListCommand::redo()
{
    if (m_remove) {
        m_document->applyRemoveKernels(m_index, static_cast<int>(m_kernels.size()));
    } else {
        m_document->applyInsertKernels(m_index, m_kernels);
    }
}

} // namespace roofscope
