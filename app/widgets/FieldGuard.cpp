#include "widgets/FieldGuard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLineEdit>
#include <QWidget>

namespace roofscope {

namespace {
bool isUndoOrRedo(const QKeyEvent* key)
{
    return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)
        || key->keyCombination() == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z)
        || key->keyCombination() == QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
}

class FieldGuardFilter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Wheel) {
            auto* field = qobject_cast<QWidget*>(watched);
            if (field && !field->hasFocus()
                && (qobject_cast<QAbstractSpinBox*>(field) || qobject_cast<QComboBox*>(field))) {
                // The field keeps its value: the pane around it scrolls. Handed to the scroll area
                // itself, because Qt passes a wheel event on to the parents only when it came from the
                // window system, not when a test or another widget sent it.
                for (QWidget* parent = field->parentWidget(); parent; parent = parent->parentWidget()) {
                    if (auto* area = qobject_cast<QAbstractScrollArea*>(parent)) {
                        QCoreApplication::sendEvent(area->viewport(), event);
                        return true;
                    }
                }
                event->ignore();
                return true;
            }
        } else if (event->type() == QEvent::ShortcutOverride && isUndoOrRedo(static_cast<QKeyEvent*>(event))) {
            // Not claimed by the field: the window's Undo and Redo shortcuts take the key.
            event->ignore();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }
};

void guard(QWidget* field, QObject* filter)
{
    field->removeEventFilter(filter); // once per field, however often the form is guarded
    field->installEventFilter(filter);
}
} // namespace

void guardFields(QWidget* root)
{
    if (!root) {
        return;
    }
    // Found by its type (findChild would take any QObject: the filter has no meta-object of its own).
    FieldGuardFilter* filter = nullptr;
    for (QObject* child : root->children()) {
        if (auto* mine = dynamic_cast<FieldGuardFilter*>(child)) {
            filter = mine;
            break;
        }
    }
    if (!filter) {
        filter = new FieldGuardFilter(root);
    }
    for (QAbstractSpinBox* spin : root->findChildren<QAbstractSpinBox*>()) {
        spin->setFocusPolicy(Qt::StrongFocus); // the wheel no longer gives it the focus
        guard(spin, filter);
    }
    for (QComboBox* combo : root->findChildren<QComboBox*>()) {
        combo->setFocusPolicy(Qt::StrongFocus);
        guard(combo, filter);
    }
    for (QLineEdit* edit : root->findChildren<QLineEdit*>()) { // those inside spin boxes too
        guard(edit, filter);
    }
}

} // namespace roofscope
