#include "session/ViewCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

namespace roofscope {

ViewCommand::ViewCommand(SessionDocument* document, ViewSettings before, ViewSettings after, const QString& text)
    : QUndoCommand(elidedName(text, kShownTextChars))
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
