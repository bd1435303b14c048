#pragma once

#include "model/Session.h"

#include <QUndoCommand>

#include <vector>

namespace roofscope {

class SessionDocument;

// Replaces the session's device list: a device or a whole group switched on or off, a precision or
// a level changed. One command per user action, however many devices it touches.
class DeviceListCommand : public QUndoCommand {
public:
    DeviceListCommand(SessionDocument* document, std::vector<DeviceSelection> before,
        std::vector<DeviceSelection> after, const QString& text);
    void undo() override;
    void redo() override;

private:
    SessionDocument* m_document;
    std::vector<DeviceSelection> m_before;
    std::vector<DeviceSelection> m_after;
};

} // namespace roofscope
