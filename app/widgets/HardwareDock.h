#pragma once

#include <QDockWidget>
#include <QHash>
#include <QString>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QMenu;
class QTreeWidget;
class QTreeWidgetItem;

namespace roofscope {

class DeviceDatasheetDialog;
class DeviceEntryDialog;
class HardwareDatabase;
class SessionAnalysis;
class SessionDocument;

// The hardware dock: every device of the database grouped by vendor and family (generation), with a
// checkbox per device, per group and per vendor, a checkbox per roof level under each device, a
// precision selector per device ("auto": each kernel's own precision) and the sustained-vs-peak
// switch. Every change is one undoable edit of the session's device list; the dock follows the
// session (undo, redo, opening a file) without emitting edits of its own. A device's context menu
// (or a double click on it) opens its datasheet; "New Device From This…" asks the window for the
// device editor (the window adds the saved device to the database and shows it).
class HardwareDock : public QDockWidget {
    Q_OBJECT

public:
    HardwareDock(const HardwareDatabase& hardware, SessionAnalysis* analysis, QWidget* parent = nullptr);

    QTreeWidget* tree() const { return m_tree; }
    QCheckBox* sustainedBox() const { return m_sustained; }
    QLineEdit* filterEdit() const { return m_filter; }

    // Items by what they stand for (nullptr when absent).
    QTreeWidgetItem* deviceItem(const QString& id) const;
    QTreeWidgetItem* groupItem(const QString& vendor, const QString& family = {}) const;
    QTreeWidgetItem* levelItem(const QString& id, const QString& level) const;
    QComboBox* precisionBox(const QString& id) const;

    // Rebuilds the tree after devices were added to the database (an import).
    void reloadDevices();

    // The same as clicking the item's checkbox.
    void setDeviceChecked(const QString& id, bool checked);

    // The device's datasheet, opened beside the window (non-modal, deleted when closed); nullptr for
    // an unknown id. What "Datasheet…" and a double click on a device row do.
    DeviceDatasheetDialog* showDatasheet(const QString& id);
    // The device entry's purchasing figures (chips, prices, TDP) in a small dialog, opened beside the
    // window; OK applies them as one undo step. nullptr when the device is not in the session. What
    // "Session Settings…" in the context menu does.
    DeviceEntryDialog* showDeviceEntry(const QString& id);
    // The context menu of a row: a device's (or one of its levels') offers "Datasheet…", "Session
    // Settings…" (while the device is in the session) and "New Device From This…"; nullptr for vendor
    // and family rows. The caller owns the menu.
    QMenu* createContextMenu(QTreeWidgetItem* item);

Q_SIGNALS:
    // "New Device From This…": create a user device from a copy of `id`.
    void newDeviceRequested(const QString& id);

private:
    enum Kind { Vendor = 1, Group, Device, Level };

    void build();
    void syncFromSession();
    void onItemChanged(QTreeWidgetItem* item, int column);
    void onPrecisionChosen(const QString& id, const QString& precision);
    void applyFilter(const QString& text);
    void onDoubleClicked(QTreeWidgetItem* item);
    // Shows (or hides) every device under `item` as one edit.
    void setDevicesShown(const QStringList& ids, bool shown, const QString& actionText);
    void setLevelEnabled(const QString& id, const QString& level, bool enabled);
    static QStringList deviceIdsUnder(const QTreeWidgetItem* item);
    // Whether a device below `item` passes the filter.
    static bool anyDeviceShown(const QTreeWidgetItem* item);

    const HardwareDatabase& m_hardware;
    SessionAnalysis* m_analysis;
    SessionDocument* m_document;
    QTreeWidget* m_tree = nullptr;
    QCheckBox* m_sustained = nullptr;
    QLineEdit* m_filter = nullptr;
    QHash<QString, QStringList> m_groupMemory; // group key -> devices shown when it was unchecked
    bool m_syncing = false;
    int m_rowHeight = 0;
};

} // namespace roofscope
