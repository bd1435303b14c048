#include "session/RunAddCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

#include <utility>

namespace roofscope {

RunAddCommand::RunAddCommand(
    SessionDocument* document, RunReference run, std::vector<Kernel> kernels, const QString& text)
    : QUndoCommand(elidedName(text, kShownTextChars))
    , m_document(document)
    , m_run(std::move(run))
    , m_kernels(std::move(kernels))
{
}

void RunAddCommand::undo()
{
    m_kernels = m_document->applyRemoveRun(m_run.name);
}

void RunAddCommand::redo()
{
    m_document->applyAddRun(m_run, std::exchange(m_kernels, {}));
}

} // namespace roofscope
