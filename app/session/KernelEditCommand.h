#pragma once

#include "model/Session.h"

#include <QUndoCommand>

namespace roofscope {

class SessionDocument;

// Replaces one kernel. Commands with the same merge id (one drag) collapse into one undo step. A
// rename carries the session's annotation arrows that name the kernel along, in the same step
// (unless another kernel keeps the old name).
class KernelEditCommand : public QUndoCommand {
public:
    KernelEditCommand(
        SessionDocument* document, int index, Kernel before, Kernel after, const QString& text, int mergeId = -1);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId >= 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    SessionDocument* m_document;
    int m_index;
    Kernel m_before;
    Kernel m_after;
    int m_mergeId;
    bool m_renamesAnnotations = false;
    std::vector<Annotation> m_annotationsBefore;
    std::vector<Annotation> m_annotationsAfter;
};

} // namespace roofscope
