#pragma once

#include "model/Kernel.h"

#include <QDockWidget>
#include <QString>

class QComboBox;
class QLineEdit;
class QListView;
class QSortFilterProxyModel;
class QPushButton;
class QToolButton;
class QWidget;

namespace roofscope {

class KernelEditor;
class KernelListModel;
class SessionAnalysis;
class SessionDocument;
class SiSpinBox;

// The kernels dock: the session's kernels in a list (add a raw kernel or any template, duplicate,
// delete) above the editor of the selected one (KernelEditor). The list is a view over a model of the
// document (KernelListModel: no item per kernel, one row height), filtered by name as the user
// types in the box above it; the selection is the analysis' (the chart, the table and the status
// line share it). Rows are session kernel indices in the API below, whatever the filter shows.
class KernelDock : public QDockWidget {
    Q_OBJECT

public:
    KernelDock(SessionDocument* document, SessionAnalysis* analysis, QWidget* parent = nullptr);

    // One row per session kernel; a kernel group (`template: transformer`) has its row, then, while
    // expanded, one row per kernel it expands into (a double click on the group's row, or the keys
    // + and -, expand and collapse it).
    QListView* list() const { return m_list; }
    // The list's model (session order, unfiltered) and the filter box above the list.
    KernelListModel* listModel() const { return m_model; }
    QLineEdit* filterEdit() const { return m_filter; }
    // Shows only the rows whose text contains `text` (case-insensitive; empty: all).
    void setFilterText(const QString& text);
    // The rows the list shows.
    int shownCount() const;
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
    void syncList();
    // Makes model row `row` the list's current row (none when it is filtered out), without signals.
    void selectInList(int row);
    void onCurrentRowChanged(int row);
    QString uniqueName(const QString& base) const;

    SessionDocument* m_document;
    SessionAnalysis* m_analysis;
    KernelListModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLineEdit* m_filter = nullptr;
    QListView* m_list = nullptr;
    QToolButton* m_addButton = nullptr;
    QPushButton* m_duplicateButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    KernelEditor* m_editor = nullptr;
    bool m_syncing = false;
};

} // namespace roofscope
