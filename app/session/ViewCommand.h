#pragma once

#include "model/Session.h"

#include <QUndoCommand>

namespace roofscope {

class SessionDocument;

class ViewCommand : public QUndoCommand {
public:
    ViewCommand(SessionDocument* document, ViewSettings before, ViewSettings after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    ViewSettings m_before;
    ViewSettings m_after;
};

} // namespace roofscope
