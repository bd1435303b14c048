#pragma once

class QWidget;

namespace roofscope {

// The fields of a pane's form behave alike, whatever widget they are:
// - A number field or a choice box takes the mouse wheel only once it has the focus (a click or
//   Tab gives it): the wheel over one that has not scrolls the form, instead of changing the value
//   under the pointer (each change an undo step the user never meant).
// - Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y in a field undo and redo the session, as everywhere else in
//   the window: a field commits on Enter or when the focus leaves it, each commit one undo step, so
//   the field's own text undo would show a value the session no longer has. Typing not entered yet
//   is dropped by the undo (Esc alone puts a field's last good value back).
// Applies to every such field inside `root` now (call it again after a form is rebuilt).
void guardFields(QWidget* root);

} // namespace roofscope
