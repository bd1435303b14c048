#pragma once

#include <QDialog>

#include <optional>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace roofscope {

class SessionAnalysis;
class SessionDocument;

// View > Communication Roofs…: the session's communication fractions (view.comm_fractions), each
// drawn as every device's effective roof at (1 - f) of its ideal one, dashed and labelled ("60 %
// comm"). Typing a fraction ("0.4" or "40 %") and Enter, or Add, adds one; Remove takes the selected
// one off. Each is one undo step on the document; a bad entry changes nothing and says why under the
// field. The list follows undo, redo and opening another session.
class CommFractionsDialog : public QDialog {
    Q_OBJECT

public:
    explicit CommFractionsDialog(SessionAnalysis* analysis, QWidget* parent = nullptr);

    // "0.4", ".4", "40%", "40 %" -> 0.4; nullopt for anything else (`error` says why).
    static std::optional<double> parseFraction(const QString& text, QString* error);

    // For tests: what the last refused entry said (empty after a good one).
    QString errorText() const;

private:
    void addFromField();
    void removeSelected();
    void sync();

    SessionAnalysis* m_analysis;
    SessionDocument* m_document;
    QListWidget* m_list = nullptr;
    QLineEdit* m_field = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace roofscope
