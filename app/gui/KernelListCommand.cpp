#include "gui/KernelListCommand.h"

#include "gui/SessionDocument.h"

namespace roofscope {

KernelListCommand::KernelListCommand(
    SessionDocument* document, int index, Kernel kernel, bool remove, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_index(index)
    , m_kernel(std::move(kernel))
    , m_remove(remove)
{
}

void KernelListCommand::undo()
{
    if (m_remove) {
        m_document->applyInsertKernel(m_index, m_kernel);
    } else {
        m_document->applyRemoveKernel(m_index);
    }
}

void KernelListCommand::redo()
{
    if (m_remove) {
        m_document->applyRemoveKernel(m_index);
    } else {
        m_document->applyInsertKernel(m_index, m_kernel);
    }
}

} // namespace roofscope
