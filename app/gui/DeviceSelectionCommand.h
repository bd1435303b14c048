#pragma once

#include "model/Session.h"

#include <QUndoCommand>

namespace roofscope {

class SessionDocument;

class DeviceSelectionCommand : public QUndoCommand {
public:
    DeviceSelectionCommand(
        SessionDocument* document, int index, DeviceSelection before, DeviceSelection after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    int m_index;
    DeviceSelection m_before;
    DeviceSelection m_after;
};

} // namespace roofscope
