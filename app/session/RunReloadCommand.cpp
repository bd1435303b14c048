#include "session/RunReloadCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

namespace roofscope {

RunReloadCommand::RunReloadCommand(SessionDocument* document, std::string runName, std::vector<Kernel> before,
    std::vector<Kernel> after, const QString& text)
    : QUndoCommand(elidedName(text, kShownTextChars))
    , m_document(document)
    , m_runName(std::move(runName))
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void RunReloadCommand::undo()
{
    m_document->applyRunKernels(m_runName, m_before);
}

void RunReloadCommand::redo()
{
    m_document->applyRunKernels(m_runName, m_after);
}

} // namespace roofscope
