#include "widgets/XLevelMenu.h"

#include "figures/SessionAnalysis.h"
#include "session/SessionDocument.h"

#include <QActionGroup>
#include <QSet>

namespace roofscope {

XLevelMenu::XLevelMenu(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent)
    : QMenu(tr("&X-Axis Level"), parent)
    , m_document(document)
    , m_analysis(analysis)
{
    setObjectName(QStringLiteral("xLevelMenu"));
    menuAction()->setStatusTip(tr("Which level's intensity the x-axis shows"));
    connect(analysis, &SessionAnalysis::sceneChanged, this, &XLevelMenu::rebuild);
    connect(analysis, &SessionAnalysis::viewChanged, this, &XLevelMenu::rebuild);
    connect(this, &QMenu::aboutToShow, this, &XLevelMenu::updateEnabled);
    setToolTipsVisible(true);
    rebuild();
}

bool XLevelMenu::choose(const QString& level)
{
    updateEnabled();
    for (QAction* action : actions()) {
        if (action->isCheckable() && action->isVisible() && action->isEnabled() && action->data().toString() == level) {
            action->trigger();
            return true;
        }
    }
    return false;
}

void XLevelMenu::addEntry(const QString& text, const QString& level)
{
    QAction* action = addAction(text);
    action->setCheckable(true);
    action->setData(level);
    m_group->addAction(action);
    connect(action, &QAction::triggered, this, [this, level] {
        ViewSettings view = m_document->session().view;
        if (view.xLevel == level.toStdString()) {
            return;
        }
        view.xLevel = level.toStdString();
        const QString where = level.isEmpty()       ? tr("the default level")
            : level == QLatin1String(kBindingLevel) ? tr("the binding level")
                                                    : level.toUpper();
        m_document->setView(view, tr("X-axis on %1").arg(where));
    });
}

void XLevelMenu::updateEnabled()
{
    // The levels some kernel has bytes on, on some shown device (stops looking once all are found).
    QStringList named;
    for (QAction* action : actions()) {
        const QString level = action->data().toString();
        if (action->isCheckable() && action->isVisible() && !level.isEmpty() && level != QLatin1String(kBindingLevel)) {
            named << level;
        }
    }
    QSet<QString> withBytes;
    const size_t kernels = m_analysis->scene().kernels.size();
    const size_t devices = m_analysis->scene().devices.size();
    for (size_t k = 0; k < kernels && withBytes.size() < named.size(); ++k) {
        for (size_t d = 0; d < devices; ++d) {
            if (const Evaluation* ev = m_analysis->evaluation(k, d)) {
                for (const LevelEvaluation& level : ev->levels) {
                    if (level.bytes > 0.0) {
                        withBytes.insert(QString::fromStdString(level.name).toLower());
                    }
                }
            }
        }
    }
    for (QAction* action : actions()) {
        const QString level = action->data().toString();
        if (!action->isCheckable() || level.isEmpty() || level == QLatin1String(kBindingLevel)) {
            continue;
        }
        const bool has = withBytes.contains(level.toLower());
        action->setEnabled(has || action->isChecked()); // the current choice can always be left
        action->setText(has ? level.toUpper() : tr("%1 (no kernel has %1 bytes)").arg(level.toUpper()));
        action->setToolTip(has
                ? tr("Intensities on %1").arg(level.toUpper())
                : tr("No shown kernel moves bytes on %1: its markers would stay where they are").arg(level.toUpper()));
    }
}

void XLevelMenu::rebuild()
{
    const QString current = QString::fromStdString(m_document->session().view.xLevel);
    QStringList levels; // the levels of the shown devices, fastest first on the first device that has them
    for (const ChartDevice& device : m_analysis->scene().devices) {
        for (const ChartLevel& level : device.levels) {
            if (!levels.contains(level.name)) {
                levels << level.name;
            }
        }
    }
    if (!current.isEmpty() && current != QLatin1String(kBindingLevel) && !levels.contains(current)) {
        levels << current; // chosen in the session, though no shown device has it
    }
    // Actions are added and hidden, never deleted: this runs inside an action's own triggered signal.
    if (!m_group) {
        m_group = new QActionGroup(this);
        addEntry(tr("&Default Level of Each Device"), QString());
        addEntry(tr("&Binding Level of Each Kernel"), QString::fromLatin1(kBindingLevel));
        addSeparator();
    }
    for (QAction* action : actions()) {
        const QString level = action->data().toString();
        if (action->isCheckable() && !level.isEmpty() && level != QLatin1String(kBindingLevel)) {
            action->setVisible(levels.contains(level));
            levels.removeAll(level);
        }
    }
    for (const QString& level : levels) {
        addEntry(level.toUpper(), level);
    }
    for (QAction* action : actions()) {
        if (action->isCheckable()) {
            action->setChecked(action->data().toString() == current);
        }
    }
}

} // namespace roofscope

#include "moc_XLevelMenu.cpp"
