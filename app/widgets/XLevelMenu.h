#pragma once

#include <QMenu>

class QActionGroup;

namespace roofscope {

class SessionAnalysis;
class SessionDocument;

// View > X-Axis Level: which level's intensity the chart's x-axis shows (view.x_level): each device's
// default level, the level that binds each kernel (every marker then sits on a drawn roof), or one
// of the levels the shown devices have. Choosing one is one undo step; the checked entry follows
// undo, redo and opening another session, and the levels follow the devices shown.
class XLevelMenu : public QMenu {
    Q_OBJECT

public:
    XLevelMenu(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent = nullptr);

    // Chooses an entry as the user would ("" default level, "binding", or a level name); false when
    // the menu has no such entry or it is disabled.
    bool choose(const QString& level);
    // A named level is offered only when some shown kernel moves bytes on it (else every marker would
    // stay where it is); the others are disabled and say why. Done when the menu opens.
    void updateEnabled();

private:
    void rebuild();
    void addEntry(const QString& text, const QString& level);

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    QActionGroup* m_group = nullptr;
};

} // namespace roofscope
