#pragma once

#include "model/Kernel.h"

#include <QDockWidget>
#include <QString>

#include <functional>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QToolButton;
class QWidget;

namespace roofscope {

class SessionDocument;
class SiSpinBox;

// The kernels dock: the session's kernels in a list (add a raw kernel or any template, duplicate,
// delete) and an editor for the selected one: name, precision, count, measured runtime and either
// raw FLOPs and bytes per level or the template's parameters (SI suffixes accepted), its options and
// the parameter a drag moves. Each finished entry is one undoable edit; an entry the model refuses
// (text in a number field, bytes <= 0, a parameter outside its range) is shown in red at the field
// with its message, and the session stays as it was.
class KernelDock : public QDockWidget {
    Q_OBJECT

public:
    explicit KernelDock(SessionDocument* document, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    int currentKernel() const;
    void setCurrentKernel(int index);

    // Editor fields (nullptr when the current kernel has none of that kind).
    QLineEdit* nameEdit() const { return m_name; }
    SiSpinBox* flopsBox() const { return m_flops; }
    SiSpinBox* countBox() const { return m_count; }
    QLineEdit* measuredEdit() const { return m_measured; }
    SiSpinBox* bytesBox(const QString& level) const;
    SiSpinBox* parameterBox(const QString& name) const;
    QComboBox* freeParameterBox() const { return m_free; }
    // The message shown under a field (empty when none).
    QString fieldMessage(QWidget* field) const;

    // For template kernels: one line per shown device, e.g. "compute-bound from m >= 243 on TPU v5e"
    // (asked of the provider for the current kernel whenever the editor refreshes).
    void setCrossoverProvider(std::function<QStringList(int kernel)> provider);
    void refreshCrossovers();
    QString crossoverText() const;

    void addRawKernel();
    void addTemplateKernel(const QString& templateName);
    void duplicateCurrent();
    void deleteCurrent();

Q_SIGNALS:
    void currentKernelChanged(int index);

private:
    void rebuildList();
    void rebuildEditor();
    void refreshEditorValues();
    // Pushes an edited copy of the current kernel; shows the refusal at `field` when there is one.
    bool commit(const Kernel& kernel, QWidget* field, const QString& actionText);
    void showMessage(QWidget* field, const QString& message);
    void addField(const QString& label, QWidget* field);
    QString uniqueName(const QString& base) const;

    SessionDocument* m_document;
    std::function<QStringList(int)> m_crossoverProvider;
    QListWidget* m_list = nullptr;
    QToolButton* m_addButton = nullptr;
    QPushButton* m_duplicateButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    QWidget* m_editor = nullptr;
    QFormLayout* m_form = nullptr;
    int m_editorKernel = -1; // the kernel the editor's fields were built for
    bool m_editorTemplate = false;
    QString m_editorTemplateName;
    std::vector<std::string> m_editorLevels;

    QLineEdit* m_name = nullptr;
    QComboBox* m_precision = nullptr;
    SiSpinBox* m_count = nullptr;
    QLineEdit* m_measured = nullptr;
    SiSpinBox* m_flops = nullptr;
    std::vector<std::pair<QString, SiSpinBox*>> m_bytes; // per level
    QLineEdit* m_newLevel = nullptr;
    std::vector<std::pair<QString, SiSpinBox*>> m_params;
    std::vector<std::pair<QString, QComboBox*>> m_options;
    QComboBox* m_free = nullptr;
    std::vector<std::pair<QWidget*, QLabel*>> m_messages; // field -> its message label
    bool m_syncing = false;
};

} // namespace roofscope
