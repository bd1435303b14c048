#include "session/KernelEditCommand.h"

#include "session/DisplayName.h"
#include "session/SessionDocument.h"

namespace roofscope {

KernelEditCommand::KernelEditCommand(
    SessionDocument* document, int index, Kernel before, Kernel after, const QString& text, int mergeId)
    : QUndoCommand(elidedName(text, kShownTextChars))
    , m_document(document)
    , m_index(index)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_mergeId(mergeId)
{
    const Session& session = document->session();
    if (m_before.name == m_after.name) {
        return;
    }
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        if (static_cast<int>(k) != index && session.kernels[k].name == m_before.name) {
            return; // the arrows may mean the other kernel of that name
        }
    }
    m_annotationsBefore = session.annotations;
    m_annotationsAfter = session.annotations;
    for (Annotation& annotation : m_annotationsAfter) {
        for (std::string* end : { &annotation.from, &annotation.to }) {
            if (*end == m_before.name) {
                *end = m_after.name;
                m_renamesAnnotations = true;
            }
        }
    }
}

void KernelEditCommand::undo()
{
    if (m_renamesAnnotations) {
        m_document->applyAnnotations(m_annotationsBefore); // applyKernel's signal redraws them
    }
    m_document->applyKernel(m_index, m_before, m_mergeId >= 0);
}

void KernelEditCommand::redo()
{
    if (m_renamesAnnotations) {
        m_document->applyAnnotations(m_annotationsAfter);
    }
    m_document->applyKernel(m_index, m_after, m_mergeId >= 0);
}

bool KernelEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* edit = dynamic_cast<const KernelEditCommand*>(other);
    if (!edit || m_mergeId < 0 || edit->m_mergeId != m_mergeId || edit->m_index != m_index || m_renamesAnnotations
        || edit->m_renamesAnnotations) {
        return false;
    }
    m_after = edit->m_after;
    return true;
}

} // namespace roofscope
