#include "gui/SessionCommands.h"

#include "gui/SessionDocument.h"

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
    m_document->applyKernel(m_index, m_before);
}

void KernelEditCommand::redo()
{
    m_document->applyKernel(m_index, m_after);
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

DeviceSelectionCommand::DeviceSelectionCommand(
    SessionDocument* document, int index, DeviceSelection before, DeviceSelection after, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_index(index)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void DeviceSelectionCommand::undo()
{
    m_document->applyDeviceSelection(m_index, m_before);
}

void DeviceSelectionCommand::redo()
{
    m_document->applyDeviceSelection(m_index, m_after);
}

ViewCommand::ViewCommand(SessionDocument* document, ViewSettings before, ViewSettings after, const QString& text)
    : QUndoCommand(text)
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void ViewCommand::undo()
{
    m_document->applyView(m_before);
}

void ViewCommand::redo()
{
    m_document->applyView(m_after);
}

} // namespace roofscope
