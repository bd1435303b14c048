#pragma once

#include <QPointer>

#include "model/Kernel.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace roofscope {

class SessionAnalysis;
class SessionDocument;
class SiSpinBox;

// The editor of one kernel: name, precision, count, measured runtime and either raw FLOPs and bytes
// per level (add a level as "l2=40 GB", remove one with its button) or the template's parameters
// (SI suffixes accepted), options, the parameter a drag moves and where it crosses each shown
// device's ridge. Each finished entry is one undoable edit through applyEdit(); an entry the model
// refuses is shown in red at the field with its message, and the session stays as it was.
//
// The fields are built for the shape of the kernel (template or raw, which levels). When an edit
// changes that shape, the fields are rebuilt later, from the event loop: never inside the handler of
// a field that the rebuild deletes.
class KernelEditor : public QWidget {
    Q_OBJECT

public:
    KernelEditor(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent = nullptr);

    // The kernel edited (-1: none). Fields are rebuilt at once.
    void setKernel(int index);
    int kernel() const { return m_kernel; }

    QLineEdit* nameEdit() const { return m_name; }
    SiSpinBox* flopsBox() const { return m_flops; }
    SiSpinBox* countBox() const { return m_count; }
    QLineEdit* measuredEdit() const { return m_measured; }
    QLineEdit* newLevelEdit() const { return m_newLevel; }
    QComboBox* precisionBox() const { return m_precision; }
    SiSpinBox* bytesBox(const QString& level) const;
    // The button that removes a level's bytes (nullptr when the kernel has one level only).
    QPushButton* removeLevelButton(const QString& level) const;
    SiSpinBox* parameterBox(const QString& name) const;
    // What an unset parameter of a transformer group is in the step ("auto (8)", its number in `value`);
    // empty: its plain default.
    QString autoParameterText(const Kernel& kernel, const QString& name, double* value = nullptr) const;
    QComboBox* freeParameterBox() const { return m_free; }
    QPushButton* convertButton() const { return m_convert; }
    // The message shown under a field (empty when none).
    QString fieldMessage(QWidget* field) const;
    QString crossoverText() const;
    void refreshCrossovers();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // Escape in a refused field: the message goes, the field shows the session's value again.
    void revertField(QWidget* field);
    // Copies the current kernel, lets `edit` change it and pushes the copy as one undo step; shows a
    // refusal at `field`. Returns whether the document took it.
    bool applyEdit(const std::function<void(Kernel&)>& edit, QWidget* field, const QString& actionText);
    // A template option chosen in `combo`: set to `value`, or back to the template's default when empty.
    void applyOption(QComboBox* combo, const QString& name, const QString& value, const QString& actionText);
    void rebuild();
    // Rebuilds once control is back in the event loop (several requests make one rebuild).
    void scheduleRebuild();
    void refreshValues();
    bool shapeMatches(const Kernel& kernel) const;
    void showMessage(QWidget* field, const QString& message);
    QLabel* addField(const QString& label, QWidget* field);
    void buildTemplateFields(const Kernel& kernel);
    // A kernel group (a transformer step): its sizes, phase and data types.
    void buildGroupFields(const Kernel& kernel);
    // The group's Preset menu: public model shapes (model/serving/ModelPresets.h), each one undo step
    // that sets the shape and leaves batch, seq and phase as they are (KernelEditorPresets.cpp).
    void addPresetField(const QString& group);
    void buildRawFields(const Kernel& kernel);
    void buildCommonFields();
    void addLevelFromText(QLineEdit* field);
    // Every level name (and alias) of the loaded devices, lower case, sorted; "default" among them.
    QStringList knownLevels() const;

    // Null once the document is gone: a field losing focus while the window is torn down must not edit it.
    QPointer<SessionDocument> m_document;
    SessionAnalysis* m_analysis;
    int m_kernel = -1;
    QFormLayout* m_form = nullptr;
    QWidget* m_fields = nullptr; // holds every field; replaced as a whole by a rebuild
    bool m_rebuildPending = false;
    // The shape the fields were built for.
    bool m_builtTemplate = false;
    std::string m_builtTemplateName;
    std::vector<std::string> m_builtLevels;

    QLineEdit* m_name = nullptr;
    QComboBox* m_precision = nullptr;
    SiSpinBox* m_count = nullptr;
    QLineEdit* m_measured = nullptr;
    SiSpinBox* m_flops = nullptr;
    std::vector<std::pair<QString, SiSpinBox*>> m_bytes; // per level
    std::vector<std::pair<QString, QPushButton*>> m_removeButtons;
    QLineEdit* m_newLevel = nullptr;
    std::vector<std::pair<QString, SiSpinBox*>> m_params;
    std::vector<std::pair<QString, QComboBox*>> m_options;
    QComboBox* m_free = nullptr;
    QLabel* m_derived = nullptr;
    QLabel* m_crossover = nullptr;
    QPushButton* m_convert = nullptr;
    std::vector<std::pair<QWidget*, QLabel*>> m_messages; // field -> its message label
};

} // namespace roofscope
