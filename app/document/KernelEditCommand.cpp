#include "document/KernelEditCommand.h"

#include "document/SessionDocument.h"

namespace roofscope {

KernelEditCommand::KernelEditCommand(
    SessionDocument* document, int index, Kernel before, Kernel after, const QString& text, int mergeId)
    : QUndoCommand(text)
    , m_document(document)
    , m_index(index)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeId(mergeId)
{
}

void KernelEditCommand::undo()
{
    m_document->applyKernel(m_index, m_before, m_mergeId >= 0);
}

void KernelEditCommand::redo()
{
    m_document->applyKernel(m_index, m_after, m_mergeId >= 0);
}

bool KernelEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* edit = dynamic_cast<const KernelEditCommand*>(other);
    if (!edit || m_mergeId < 0 || edit->m_mergeId != m_mergeId || edit->m_index != m_index) {
        return false;
    }
    m_after = edit->m_after;
    return true;
}

} // namespace roofscope
