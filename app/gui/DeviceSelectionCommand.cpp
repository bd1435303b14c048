#include "gui/DeviceSelectionCommand.h"

#include "gui/SessionDocument.h"

namespace roofscope {

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

} // namespace roofscope
