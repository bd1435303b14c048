#pragma once

#include "model/Kernel.h"

#include <QDockWidget>
#include <QString>

#include <set>
#include <string>
#include <vector>

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

    // One row per session kernel; a kernel group (`template: transformer`) has its row, then, while
    // expanded, one row per kernel it expands into (a double click on the group's row, or the keys
    // + and -, expand and collapse it).
    QListWidget* list() const { return m_list; }
    KernelEditor* editor() const { return m_editor; }
    // The session kernel of the current row (a group's kernel: its group).
    int currentKernel() const;
    // Selects the row of a shown kernel (SessionAnalysis indices: a group's kernels one by one).
    void setCurrentKernel(int shown);
    // The row showing a shown kernel (-1: none; a collapsed group's kernels: the group's row).
    int rowOfShownKernel(int shown) const;
    int rowOfSessionKernel(int kernel) const;
    bool isGroupExpanded(int kernel) const;
    void setGroupExpanded(int kernel, bool expanded);

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
    void addTransformerGroup();
    void duplicateCurrent();
    void deleteCurrent();

Q_SIGNALS:
    void currentKernelChanged(int index);
    // An action the document refused (deleting a measured kernel), for the status line.
    void statusMessage(const QString& message);

private:
    struct Row {
        int kernel = -1; // session kernel
        int shown = -1; // shown kernel (a group's row: -1)
    };
    // `keepEditor`: the editor stays on its kernel (only the rows of a group changed).
    void rebuildList(bool keepEditor = false);
    // After an edit of a group: its rows again when the number of its kernels changed, else its text.
    void refreshKernelRow(int kernel);
    QString groupRowText(int kernel) const;
    void onRowChanged(int row);
    QString uniqueName(const QString& base) const;

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    QListWidget* m_list = nullptr;
    QToolButton* m_addButton = nullptr;
    QPushButton* m_duplicateButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    KernelEditor* m_editor = nullptr;
    bool m_syncing = false;
    std::vector<Row> m_rows; // per list row
    size_t m_builtKernels = 0; // session and shown kernels when the rows were built
    size_t m_builtShown = 0;
    std::set<std::string> m_collapsed; // groups shown without their kernels, by name
};

} // namespace roofscope
