#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace roofscope {

class SessionDocument;

// Shown above the fields of a kernel measured in a run: says it is read-only and offers a copy to
// edit ("Duplicate as What-if").
class RunKernelNote : public QWidget {
    Q_OBJECT

public:
    RunKernelNote(SessionDocument* document, int kernel, QWidget* parent = nullptr);

    QLabel* label() const { return m_label; }
    QPushButton* duplicateButton() const { return m_duplicate; }

private:
    QLabel* m_label;
    QPushButton* m_duplicate;
};

} // namespace roofscope
