#pragma once

#include "model/Kernel.h"

#include <QDockWidget>
#include <QString>

class QComboBox;
class QLineEdit;
class QListWidget;
class QPushButton;
class QToolButton;
class QWidget;

namespace roofscope {

class KernelEditor;
class SessionAnalysis;
class SessionDocument;
class SiSpinBox;

// The kernels dock: the session's kernels in a list (add a raw kernel or any template, duplicate,
// delete) above the editor of the selected one (KernelEditor). The list follows the document; the
// selection is the analysis' (the chart, the table and the status line share it).
class KernelDock : public QDockWidget {
    Q_OBJECT

public:
    KernelDock(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }
    KernelEditor* editor() const { return m_editor; }
    int currentKernel() const;
    void setCurrentKernel(int index);

    // Editor fields (nullptr when the current kernel has none of that kind).
    QLineEdit* nameEdit() const;
    SiSpinBox* flopsBox() const;
    SiSpinBox* countBox() const;
    QLineEdit* measuredEdit() const;
    SiSpinBox* bytesBox(const QString& level) const;
    SiSpinBox* parameterBox(const QString& name) const;
    QComboBox* freeParameterBox() const;
    // The message shown under a field (empty when none).
    QString fieldMessage(QWidget* field) const;
    // For template kernels: one line per shown device, e.g. "compute-bound from m >= 243 on TPU v5e".
    void refreshCrossovers();
    QString crossoverText() const;

    void addRawKernel();
    void addTemplateKernel(const QString& templateName);
    void duplicateCurrent();
    void deleteCurrent();

Q_SIGNALS:
    void currentKernelChanged(int index);
    // An action the document refused (deleting a measured kernel), for the status line.
    void statusMessage(const QString& message);

private:
    void rebuildList();
    QString uniqueName(const QString& base) const;

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    QListWidget* m_list = nullptr;
    QToolButton* m_addButton = nullptr;
    QPushButton* m_duplicateButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    KernelEditor* m_editor = nullptr;
    bool m_syncing = false;
};

} // namespace roofscope
