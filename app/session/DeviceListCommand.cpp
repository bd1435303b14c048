#include "session/DeviceListCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

namespace roofscope {

DeviceListCommand::DeviceListCommand(SessionDocument* document, std::vector<DeviceSelection> before,
    std::vector<DeviceSelection> after, const QString& text)
    : QUndoCommand(elidedName(text, kShownTextChars))
    , m_document(document)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void DeviceListCommand::undo()
{
    m_document->applyDevices(m_before);
}

void DeviceListCommand::redo()
{
    m_document->applyDevices(m_after);
}

} // namespace roofscope
