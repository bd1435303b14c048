#include "widgets/HardwareDock.h"
#include "session/QtText.h"
#include "widgets/HardwareDockText.h"

#include "session/DisplayName.h"

#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "model/Text.h"
#include "model/Units.h"
#include "scene/ChartPalette.h"
#include "scene/SceneBuilder.h"
#include "session/SessionDocument.h"
#include "widgets/DeviceDatasheetDialog.h"
#include "widgets/DeviceEntryDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QPixmap>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace roofscope {

namespace {
constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;
constexpr int kLevelRole = Qt::UserRole + 3;
constexpr int kSwatchRole = Qt::UserRole + 4; // the colour of the swatch shown (0: none)
constexpr int kLabelRole = Qt::UserRole + 5; // a device row's label without its chip count

QIcon emptySwatch()
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    return QIcon(pixmap);
}

int findSelection(const Session& session, const std::string& id)
{
    for (size_t i = 0; i < session.devices.size(); ++i) {
        if (session.devices[i].id == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}
} // namespace

HardwareDock::HardwareDock(const HardwareDatabase& hardware, SessionAnalysis* analysis, QWidget* parent)
    : QDockWidget(tr("Hardware"), parent)
    , m_hardware(hardware)
    , m_analysis(analysis)
    , m_document(analysis->document())
{
    setObjectName(QStringLiteral("hardwareDock"));
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter = new QLineEdit(content);
    m_filter->setPlaceholderText(tr("Filter devices"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    m_tree = new QTreeWidget(content);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({ tr("Device"), tr("Precision") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setUniformRowHeights(false); // rows take the precision boxes' height (see build())
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->setExpandsOnDoubleClick(false); // a device's double click opens its datasheet
    layout->addWidget(m_tree, 1);
    m_sustained = new QCheckBox(tr("Sustained roofs (measured factors instead of peaks)"), content);
    m_sustained->setToolTip(tr("Scale each roof by the device's sustained factors, where its file gives them"));
    layout->addWidget(m_sustained);
    setWidget(content);

    build();
    syncFromSession();

    connect(m_tree, &QTreeWidget::itemChanged, this, &HardwareDock::onItemChanged);
    connect(m_tree, &QTreeWidget::itemDoubleClicked, this, &HardwareDock::onDoubleClicked);
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        if (QMenu* menu = createContextMenu(m_tree->itemAt(pos))) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(m_tree->viewport()->mapToGlobal(pos));
        }
    });
    connect(m_filter, &QLineEdit::textChanged, this, &HardwareDock::applyFilter);
    connect(m_sustained, &QCheckBox::toggled, this, [this](bool on) {
        if (m_syncing || m_document->session().view.sustained == on) {
            return;
        }
        ViewSettings view = m_document->session().view;
        view.sustained = on;
        m_document->setView(view, on ? tr("Use sustained roofs") : tr("Use peak roofs"));
    });
    for (auto signal :
        { &SessionAnalysis::devicesChanged, &SessionAnalysis::sessionReset, &SessionAnalysis::viewChanged }) {
        connect(m_analysis, signal, this, &HardwareDock::syncFromSession);
    }
}

void HardwareDock::build()
{
    m_syncing = true;
    m_tree->clear();
    // vendor -> family -> devices, each sorted by name; devices keep the database's order inside.
    std::map<std::string, std::map<std::string, std::vector<const Hardware*>>> groups;
    for (const Hardware& hw : m_hardware.devices()) {
        groups[hw.vendor.empty() ? std::string("Other") : hw.vendor][hw.family.empty() ? hw.id : hw.family].push_back(
            &hw);
    }
    for (const auto& [vendor, families] : groups) {
        auto* vendorItem = new QTreeWidgetItem(m_tree, { qs(vendor) });
        vendorItem->setData(0, kKindRole, Vendor);
        vendorItem->setData(0, kIdRole, qs(vendor));
        vendorItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        vendorItem->setCheckState(0, Qt::Unchecked);
        QFont bold = vendorItem->font(0);
        bold.setBold(true);
        vendorItem->setFont(0, bold);
        for (const auto& [family, devices] : families) {
            QTreeWidgetItem* parent = vendorItem;
            if (devices.size() > 1 || devices.front()->family != "") {
                auto* familyItem = new QTreeWidgetItem(vendorItem, { qs(family) });
                familyItem->setData(0, kKindRole, Group);
                familyItem->setData(0, kIdRole, qs(vendor + "/" + family));
                familyItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                familyItem->setCheckState(0, Qt::Unchecked);
                parent = familyItem;
            }
            for (const Hardware* hw : devices) {
                const QString label = elidedName(deviceRowLabel(*hw, devices));
                auto* item = new QTreeWidgetItem(parent, { label });
                item->setData(0, kLabelRole, label);
                item->setData(0, kKindRole, Device);
                item->setData(0, kIdRole, qs(hw->id));
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
                item->setCheckState(0, Qt::Unchecked);
                item->setToolTip(0, deviceToolTip(*hw));
                for (const BandwidthLevel& level : hw->levels) {
                    const QString text = QStringLiteral("%1 %2").arg(qs(level.name).toUpper(),
                        qs(formatQuantity(level.bytesPerSecond, Dimension::BytesPerSecond, 3)));
                    auto* levelItem = new QTreeWidgetItem(item, { text });
                    levelItem->setData(0, kKindRole, Level);
                    levelItem->setData(0, kIdRole, qs(hw->id));
                    levelItem->setData(0, kLevelRole, qs(level.name));
                    levelItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                    levelItem->setCheckState(0, Qt::Checked);
                    QString levelTip = level.kind == LevelKind::Interconnect
                        ? tr("Interconnect roof: uncheck to leave it out")
                        : tr("Memory roof: uncheck to leave it out");
                    if (level.estimate) { // in italics, as in the datasheet; drawn dashed
                        QFont italic = levelItem->font(0);
                        italic.setItalic(true);
                        levelItem->setFont(0, italic);
                        levelTip += tr("\nAn estimate (derived or measured by a third party): drawn dashed, "
                                       "labelled \"(estimate)\"");
                    }
                    levelItem->setToolTip(0, levelTip);
                }
                auto* combo = new QComboBox(m_tree);
                combo->addItem(tr("auto"), QString());
                for (const std::string& precision : hw->precisions()) {
                    combo->addItem(qs(precision), qs(precision));
                }
                combo->setToolTip(tr("The precision of %1's compute roof; auto follows each kernel").arg(label));
                combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
                const QString id = qs(hw->id);
                connect(combo, &QComboBox::activated, this,
                    [this, combo, id](int index) { onPrecisionChosen(id, combo->itemData(index).toString()); });
                m_tree->setItemWidget(item, 1, combo);
                m_rowHeight = std::max(m_rowHeight, combo->sizeHint().height());
            }
        }
        vendorItem->setExpanded(true);
        for (int i = 0; i < vendorItem->childCount(); ++i) {
            vendorItem->child(i)->setExpanded(true);
        }
    }
    // Every row as tall as the precision boxes, so the boxes line up with their devices.
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        (*it)->setSizeHint(0, QSize(-1, m_rowHeight));
    }
    m_syncing = false;
}

void HardwareDock::onDoubleClicked(QTreeWidgetItem* item)
{
    if (!item) {
        return;
    }
    const int kind = item->data(0, kKindRole).toInt();
    if (kind == Device) {
        showDatasheet(item->data(0, kIdRole).toString());
    } else if (kind == Vendor || kind == Group) {
        item->setExpanded(!item->isExpanded()); // what a double click does elsewhere in a tree
    }
}

DeviceDatasheetDialog* HardwareDock::showDatasheet(const QString& id)
{
    const Hardware* hw = m_hardware.find(id.toStdString());
    if (!hw) {
        return nullptr;
    }
    auto* dialog = new DeviceDatasheetDialog(*hw, window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("datasheet-") + id);
    dialog->show();
    return dialog;
}

DeviceEntryDialog* HardwareDock::showDeviceEntry(const QString& id)
{
    const Hardware* hw = m_hardware.find(id.toStdString());
    const int index = findSelection(m_document->session(), id.toStdString());
    if (!hw || index < 0) {
        return nullptr;
    }
    auto* dialog = new DeviceEntryDialog(*hw, m_document->session().devices[static_cast<size_t>(index)], window());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, id, dialog] {
        const int at = findSelection(m_document->session(), id.toStdString());
        if (at < 0) {
            return; // the device left the session meanwhile
        }
        const DeviceSelection& now = m_document->session().devices[static_cast<size_t>(at)];
        const DeviceSelection next = dialog->result();
        if (next.chips == now.chips && next.priceDollars == now.priceDollars
            && next.pricePerHourDollars == now.pricePerHourDollars && next.tdpWatts == now.tdpWatts) {
            return; // nothing changed: no undo step
        }
        m_document->setDeviceSelection(at, next, tr("Purchasing figures of %1").arg(id));
    });
    dialog->open();
    return dialog;
}

QMenu* HardwareDock::createContextMenu(QTreeWidgetItem* item)
{
    const int kind = item ? item->data(0, kKindRole).toInt() : 0;
    if (kind != Device && kind != Level) {
        return nullptr;
    }
    const QString id = item->data(0, kIdRole).toString();
    auto* menu = new QMenu(this);
    QAction* datasheet = menu->addAction(tr("Datasheet…"));
    datasheet->setObjectName(QStringLiteral("datasheetAction"));
    connect(datasheet, &QAction::triggered, this, [this, id] { showDatasheet(id); });
    QAction* entry = menu->addAction(tr("Session &Settings…"));
    entry->setObjectName(QStringLiteral("deviceEntryAction"));
    entry->setToolTip(tr("Chips, purchase price, hourly price and TDP of this device in this session"));
    entry->setEnabled(findSelection(m_document->session(), id.toStdString()) >= 0);
    connect(entry, &QAction::triggered, this, [this, id] { showDeviceEntry(id); });
    QAction* copy = menu->addAction(tr("New Device From This…"));
    copy->setObjectName(QStringLiteral("newDeviceAction"));
    copy->setToolTip(tr("Copy this device with your own figures into your hardware folder"));
    connect(copy, &QAction::triggered, this, [this, id] { Q_EMIT newDeviceRequested(id); });
    return menu;
}

void HardwareDock::reloadDevices()
{
    build();
    syncFromSession();
    applyFilter(m_filter->text());
}

void HardwareDock::syncFromSession()
{
    m_syncing = true;
    const Session& session = m_document->session();
    m_sustained->setChecked(session.view.sustained);
    const std::vector<QColor> colors = sessionDeviceColors(session);
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        QTreeWidgetItem* item = *it;
        const int kind = item->data(0, kKindRole).toInt();
        const std::string id = item->data(0, kIdRole).toString().toStdString();
        const int index = findSelection(session, id);
        const DeviceSelection* selection = index >= 0 ? &session.devices[static_cast<size_t>(index)] : nullptr;
        const bool shown = selection && selection->visible;
        if (kind == Device) {
            item->setCheckState(0, shown ? Qt::Checked : Qt::Unchecked);
            // An N-wide device says so ("TPU v5e x8"), as the chart and the tables do.
            const QString base = item->data(0, kLabelRole).toString();
            const QString wide
                = selection && selection->chips > 1 ? QStringLiteral(" x%1").arg(selection->chips) : QString();
            const QString label = wide.isEmpty() || base.endsWith(wide) ? base : base + wide;
            if (item->text(0) != label) {
                item->setText(0, label);
            }
            // A new icon repaints the row even when it looks the same: only a changed colour sets one.
            const QRgb swatch = shown ? colors[static_cast<size_t>(index)].rgba() : 0;
            const QVariant drawn = item->data(0, kSwatchRole);
            if (!drawn.isValid() || drawn.toUInt() != swatch) {
                item->setIcon(0, shown ? deviceSwatch(colors[static_cast<size_t>(index)]) : emptySwatch());
                item->setData(0, kSwatchRole, swatch);
            }
            if (auto* combo = qobject_cast<QComboBox*>(m_tree->itemWidget(item, 1))) {
                const int at = combo->findData(selection ? qs(selection->precision) : QString());
                combo->setCurrentIndex(std::max(0, at));
                combo->setEnabled(shown);
            }
        } else if (kind == Level) {
            const std::string level = item->data(0, kLevelRole).toString().toStdString();
            const bool disabled = selection
                && std::any_of(selection->disabledLevels.begin(), selection->disabledLevels.end(),
                    [&](const std::string& name) { return equalsIgnoreCase(name, level); });
            item->setCheckState(0, disabled ? Qt::Unchecked : Qt::Checked);
            item->setDisabled(!shown);
        }
    }
    // Group and vendor boxes summarise their devices.
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        QTreeWidgetItem* item = *it;
        const int kind = item->data(0, kKindRole).toInt();
        if (kind != Vendor && kind != Group) {
            continue;
        }
        int on = 0;
        const QStringList ids = deviceIdsUnder(item);
        for (const QString& id : ids) {
            const int index = findSelection(session, id.toStdString());
            on += index >= 0 && session.devices[static_cast<size_t>(index)].visible ? 1 : 0;
        }
        item->setCheckState(0, on == 0 ? Qt::Unchecked : on == ids.size() ? Qt::Checked : Qt::PartiallyChecked);
    }
    m_syncing = false;
}

QStringList HardwareDock::deviceIdsUnder(const QTreeWidgetItem* item)
{
    QStringList ids;
    for (int i = 0; i < item->childCount(); ++i) {
        const QTreeWidgetItem* child = item->child(i);
        if (child->data(0, kKindRole).toInt() == Device) {
            ids << child->data(0, kIdRole).toString();
        } else {
            ids += deviceIdsUnder(child);
        }
    }
    return ids;
}

void HardwareDock::onItemChanged(QTreeWidgetItem* item, int column)
{
    if (m_syncing || column != 0) {
        return;
    }
    const int kind = item->data(0, kKindRole).toInt();
    const bool checked = item->checkState(0) != Qt::Unchecked;
    const int step = m_document->undoStack()->index();
    switch (kind) {
    case Device:
        setDevicesShown({ item->data(0, kIdRole).toString() }, checked,
            checked ? tr("Show %1").arg(item->text(0)) : tr("Hide %1").arg(item->text(0)));
        break;
    case Vendor:
    case Group: {
        // Unchecking a group remembers which of its devices were shown, so checking it again brings
        // back exactly those (all of them when none was shown).
        const QString key = item->data(0, kIdRole).toString();
        const QStringList all = deviceIdsUnder(item);
        if (checked) {
            QStringList ids = m_groupMemory.value(key);
            if (ids.isEmpty()) {
                ids = all;
            }
            m_groupMemory.remove(key);
            setDevicesShown(ids, true, tr("Show %1").arg(item->text(0)));
        } else {
            QStringList shown;
            for (const QString& id : all) {
                const int index = findSelection(m_document->session(), id.toStdString());
                if (index >= 0 && m_document->session().devices[static_cast<size_t>(index)].visible) {
                    shown << id;
                }
            }
            m_groupMemory.insert(key, shown);
            setDevicesShown(all, false, tr("Hide %1").arg(item->text(0)));
        }
        break;
    }
    case Level:
        setLevelEnabled(item->data(0, kIdRole).toString(), item->data(0, kLevelRole).toString(), checked);
        break;
    default:
        break;
    }
    if (m_document->undoStack()->index() == step) {
        syncFromSession(); // nothing was edited (refused, or no change): put the boxes back
    }
}

void HardwareDock::setDevicesShown(const QStringList& ids, bool shown, const QString& actionText)
{
    std::vector<DeviceSelection> devices = m_document->session().devices;
    bool changed = false;
    for (const QString& qid : ids) {
        const std::string id = qid.toStdString();
        auto it = std::find_if(devices.begin(), devices.end(), [&](const DeviceSelection& d) { return d.id == id; });
        if (it != devices.end()) {
            changed |= it->visible != shown;
            it->visible = shown;
        } else if (shown) {
            DeviceSelection selection;
            selection.id = id;
            devices.push_back(selection);
            changed = true;
        }
    }
    if (changed) {
        m_document->setDevices(devices, actionText);
    }
}

void HardwareDock::setDeviceChecked(const QString& id, bool checked)
{
    if (QTreeWidgetItem* item = deviceItem(id)) {
        item->setCheckState(0, checked ? Qt::Checked : Qt::Unchecked);
    }
}

void HardwareDock::setLevelEnabled(const QString& id, const QString& level, bool enabled)
{
    const int index = findSelection(m_document->session(), id.toStdString());
    if (index < 0) {
        return;
    }
    DeviceSelection selection = m_document->session().devices[static_cast<size_t>(index)];
    auto& disabled = selection.disabledLevels;
    const std::string name = level.toStdString();
    disabled.erase(std::remove_if(disabled.begin(), disabled.end(),
                       [&](const std::string& l) { return equalsIgnoreCase(l, name); }),
        disabled.end());
    if (!enabled) {
        disabled.push_back(name);
    }
    m_document->setDeviceSelection(index, selection,
        enabled ? tr("Show %1 roof of %2").arg(level.toUpper(), id)
                : tr("Hide %1 roof of %2").arg(level.toUpper(), id));
}

void HardwareDock::onPrecisionChosen(const QString& id, const QString& precision)
{
    if (m_syncing) {
        return;
    }
    const int index = findSelection(m_document->session(), id.toStdString());
    if (index < 0) {
        return;
    }
    DeviceSelection selection = m_document->session().devices[static_cast<size_t>(index)];
    if (selection.precision == precision.toStdString()) {
        return;
    }
    selection.precision = precision.toStdString();
    m_document->setDeviceSelection(
        index, selection, tr("%1 at %2").arg(id, precision.isEmpty() ? tr("auto precision") : precision));
}

void HardwareDock::applyFilter(const QString& text)
{
    const QString needle = text.trimmed();
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        QTreeWidgetItem* item = *it;
        if (item->data(0, kKindRole).toInt() != Device) {
            continue;
        }
        const Hardware* hw = m_hardware.find(item->data(0, kIdRole).toString().toStdString());
        const QString haystack = hw
            ? qs(hw->id + " " + hw->name + " " + hw->vendor + " " + hw->family + " " + hw->generation)
            : item->text(0);
        item->setHidden(!needle.isEmpty() && !haystack.contains(needle, Qt::CaseInsensitive));
    }
    // Hide groups left empty.
    for (QTreeWidgetItemIterator it(m_tree, QTreeWidgetItemIterator::All); *it; ++it) {
        const int kind = (*it)->data(0, kKindRole).toInt();
        if (kind == Group || kind == Vendor) {
            (*it)->setHidden(!anyDeviceShown(*it));
        }
    }
}

bool HardwareDock::anyDeviceShown(const QTreeWidgetItem* item)
{
    for (int i = 0; i < item->childCount(); ++i) {
        const QTreeWidgetItem* child = item->child(i);
        const int kind = child->data(0, kKindRole).toInt();
        if ((kind == Device && !child->isHidden()) || ((kind == Group || kind == Vendor) && anyDeviceShown(child))) {
            return true;
        }
    }
    return false;
}

QTreeWidgetItem* HardwareDock::deviceItem(const QString& id) const
{
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, kKindRole).toInt() == Device && (*it)->data(0, kIdRole).toString() == id) {
            return *it;
        }
    }
    return nullptr;
}

QTreeWidgetItem* HardwareDock::groupItem(const QString& vendor, const QString& family) const
{
    const QString key = family.isEmpty() ? vendor : vendor + QLatin1Char('/') + family;
    const int kind = family.isEmpty() ? Vendor : Group;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        if ((*it)->data(0, kKindRole).toInt() == kind && (*it)->data(0, kIdRole).toString() == key) {
            return *it;
        }
    }
    return nullptr;
}

QTreeWidgetItem* HardwareDock::levelItem(const QString& id, const QString& level) const
{
    if (QTreeWidgetItem* device = deviceItem(id)) {
        for (int i = 0; i < device->childCount(); ++i) {
            if (device->child(i)->data(0, kLevelRole).toString().compare(level, Qt::CaseInsensitive) == 0) {
                return device->child(i);
            }
        }
    }
    return nullptr;
}

QComboBox* HardwareDock::precisionBox(const QString& id) const
{
    QTreeWidgetItem* item = deviceItem(id);
    return item ? qobject_cast<QComboBox*>(m_tree->itemWidget(item, 1)) : nullptr;
}

} // namespace roofscope

#include "moc_HardwareDock.cpp"
