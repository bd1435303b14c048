// The hardware catalogue in the window, through the real widgets (offscreen): a device's datasheet
// opened from the hardware dock, a user device created from a shipped one through the device editor
// (refused at the field, then saved into the user folder, shown in the dock and on the chart, one undo
// step), and estimated levels drawn dashed with "(estimate)" in their labels and the legend. Expected
// figures are the device files' own, read by hand.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "session/SessionDocument.h"
#include "widgets/DeviceDatasheetDialog.h"
#include "widgets/DeviceEditorDialog.h"
#include "widgets/DeviceEntryDialog.h"
#include "widgets/HardwareDock.h"
#include "widgets/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>

#include <memory>

using namespace roofscope;
using namespace roofscope::test;

namespace {

// A point inside a device row's name cell, clear of its checkbox.
QPoint rowPoint(HardwareDock* dock, QTreeWidgetItem* item)
{
    QTreeWidget* tree = dock->tree();
    tree->scrollToItem(item);
    const QRect row = tree->visualItemRect(item);
    const int right = tree->header()->sectionViewportPosition(0) + tree->header()->sectionSize(0);
    return QPoint(right - 6, row.center().y());
}

// Right-clicks a row as a user would and returns the context menu that pops up.
QMenu* rightClick(HardwareDock* dock, QTreeWidgetItem* item)
{
    QWidget* viewport = dock->tree()->viewport();
    const QPoint at = rowPoint(dock, item);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
    QApplication::sendEvent(viewport, &event);
    return qobject_cast<QMenu*>(QApplication::activePopupWidget());
}

QAction* actionInMenu(QMenu* menu, const char* name)
{
    return menu ? menu->findChild<QAction*>(QString::fromLatin1(name)) : nullptr;
}

QStringList column(QTableWidget* table, int c)
{
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r) {
        out << table->item(r, c)->text();
    }
    return out;
}

// Selects everything in a line edit and types `text`, as a user would.
void retype(QLineEdit* field, const QString& text)
{
    field->setFocus();
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(field, Qt::Key_Delete);
    QTest::keyClicks(field, text);
}

int sceneDevice(const RooflineChart* chart, const QString& id)
{
    const auto& devices = chart->scene().devices;
    for (size_t i = 0; i < devices.size(); ++i) {
        if (devices[i].id == id) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

const DrawnRoof* drawnRoof(const RooflineChart* chart, int device, const QString& level)
{
    for (const DrawnRoof& roof : chart->drawnRoofs()) {
        if (roof.device == device && roof.level == level) {
            return &roof;
        }
    }
    return nullptr;
}

// XDG_DATA_HOME pointed at a temporary folder while it lives (the user hardware folder is under it).
class TemporaryDataHome {
public:
    TemporaryDataHome()
        : m_previous(qgetenv("XDG_DATA_HOME"))
    {
        qputenv("XDG_DATA_HOME", m_dir.path().toUtf8());
    }
    ~TemporaryDataHome() { qputenv("XDG_DATA_HOME", m_previous); }
    QString userHardware() const { return m_dir.path() + QStringLiteral("/roofscope/hardware"); }

private:
    QTemporaryDir m_dir;
    QByteArray m_previous;
};

} // namespace

class TestCatalogueJourneys : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.diagnostics().empty());
    }

    // The dock groups the 2026 families under their vendors, and devices a family shares one
    // generation with are told apart by name.
    void familiesLandUnderTheirVendors_data()
    {
        QTest::addColumn<QString>("vendor");
        QTest::addColumn<QString>("family");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("label");
        QTest::newRow("ada-lovelace-l40s") << "NVIDIA"
                                           << "Ada Lovelace"
                                           << "nvidia-l40s"
                                           << "L40S";
        QTest::newRow("geforce-rtx-5090") << "NVIDIA"
                                          << "GeForce"
                                          << "nvidia-rtx-5090"
                                          << "RTX 5090";
        QTest::newRow("instinct-mi350-mi355x") << "AMD"
                                               << "Instinct MI350"
                                               << "amd-instinct-mi355x"
                                               << "MI355X";
        QTest::newRow("trainium-trainium3") << "AWS"
                                            << "Trainium"
                                            << "aws-trainium3"
                                            << "Trainium3";
        QTest::newRow("inferentia-inferentia2") << "AWS"
                                                << "Inferentia"
                                                << "aws-inferentia2"
                                                << "Inferentia2";
        QTest::newRow("xeon-6980p") << "Intel"
                                    << "Xeon"
                                    << "intel-xeon-6980p"
                                    << "Xeon 6 (Granite Rapids)";
        QTest::newRow("grace-superchip") << "NVIDIA"
                                         << "Grace"
                                         << "nvidia-grace-cpu-superchip"
                                         << "Grace";
        QTest::newRow("apple-silicon-m4-max") << "Apple"
                                              << "Apple silicon"
                                              << "apple-m4-max"
                                              << "M4 Max";
        // Two "H100" and two "A100" files: their short labels say which is which.
        QTest::newRow("shared-generation-h100-pcie") << "NVIDIA"
                                                     << "Hopper"
                                                     << "nvidia-h100-pcie"
                                                     << "H100 PCIe";
        QTest::newRow("shared-generation-a100-40gb") << "NVIDIA"
                                                     << "Ampere"
                                                     << "nvidia-a100-sxm-40gb"
                                                     << "A100 40 GB";
    }
    void familiesLandUnderTheirVendors()
    {
        QFETCH(QString, vendor);
        QFETCH(QString, family);
        QFETCH(QString, id);
        QFETCH(QString, label);
        SessionDocument document;
        SessionAnalysis analysis(&document, m_db);
        HardwareDock dock(m_db, &analysis);
        QTreeWidgetItem* item = dock.deviceItem(id);
        QVERIFY(item);
        QCOMPARE(item->text(0), label);
        QTreeWidgetItem* group = dock.groupItem(vendor, family);
        QVERIFY(group);
        QCOMPARE(item->parent(), group);
        QCOMPARE(group->parent(), dock.groupItem(vendor));
    }

    // Double click, or right-click > Datasheet…, on a device row opens its datasheet with the file's
    // figures and its sources as links.
    void datasheetOpensFromTheDock_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("doubleClick");
        QTest::addColumn<QString>("bf16Peak"); // the file's dense bf16 peak, formatted
        QTest::addColumn<QString>("estimatedLevel"); // a level marked estimate in the file ("" if none)
        QTest::addColumn<QString>("url"); // one of its sources
        QTest::newRow("h100-double-click") << "nvidia-h100-sxm" << true << "989 TFLOP/s"
                                           << "5.5 TB/s (estimate)"
                                           << "https://www.nvidia.com/en-us/data-center/h100/";
        QTest::newRow("mi355x-context-menu")
            << "amd-instinct-mi355x" << false << "2.517 PFLOP/s"
            << "1.075 TB/s (estimate)"
            << "https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html";
        QTest::newRow("trainium2-double-click")
            << "aws-trainium2" << true << "667 TFLOP/s"
            << ""
            << "https://awsdocs-neuron.readthedocs-hosted.com/en/latest/about-neuron/arch/neuron-hardware/"
               "trainium2.html";
    }
    void datasheetOpensFromTheDock()
    {
        QFETCH(QString, id);
        QFETCH(bool, doubleClick);
        QFETCH(QString, bf16Peak);
        QFETCH(QString, estimatedLevel);
        QFETCH(QString, url);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        HardwareDock* dock = window.hardwareDock();
        QTreeWidgetItem* item = dock->deviceItem(id);
        QVERIFY(item);
        const Qt::CheckState before = item->checkState(0);
        if (doubleClick) {
            // What a mouse sends: press, release, then the second press as a double click, release.
            const QPoint at = rowPoint(dock, item);
            QTest::mouseClick(dock->tree()->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseDClick(dock->tree()->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseRelease(dock->tree()->viewport(), Qt::LeftButton, {}, at);

        } else {
            QMenu* menu = rightClick(dock, item);
            QAction* datasheet = actionInMenu(menu, "datasheetAction");
            QVERIFY(datasheet);
            QCOMPARE(datasheet->text(), QStringLiteral("Datasheet…"));
            datasheet->trigger();
            menu->close();
        }
        const auto dialogs = window.findChildren<DeviceDatasheetDialog*>();
        QCOMPARE(dialogs.size(), 1);
        DeviceDatasheetDialog* sheet = dialogs.front();
        QVERIFY(sheet->isVisible());
        QVERIFY(!sheet->isModal()); // the chart stays usable beside it
        QCOMPARE(QString::fromStdString(sheet->hardware().id), id);
        const QStringList precisions = column(sheet->computeTable(), 1);
        const int bf16 = static_cast<int>(precisions.indexOf(QStringLiteral("bf16")));
        QVERIFY(bf16 >= 0);
        QCOMPARE(sheet->computeTable()->item(bf16, 2)->text(), bf16Peak);
        const QStringList bandwidths = column(sheet->levelTable(), 2);
        if (estimatedLevel.isEmpty()) {
            QVERIFY(!bandwidths.join(QLatin1Char('|')).contains(QLatin1String("estimate")));
        } else {
            QVERIFY2(bandwidths.contains(estimatedLevel), qPrintable(bandwidths.join(QLatin1Char('|'))));
        }
        QVERIFY(sheet->sourcesLabel()->openExternalLinks());
        QVERIFY(sheet->sourcesLabel()->text().contains(QStringLiteral("<a href=\"%1\">").arg(url)));
        QCOMPARE(item->checkState(0), before); // opening the datasheet shows or hides nothing
        QCOMPARE(window.document()->undoStack()->count(), 0);
        sheet->close();
    }

    // A double click on a vendor or family row folds or unfolds it, as in any tree, and opens nothing.
    void doubleClickOnAGroupFoldsIt()
    {
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        HardwareDock* dock = window.hardwareDock();
        QTreeWidgetItem* hopper = dock->groupItem(QStringLiteral("NVIDIA"), QStringLiteral("Hopper"));
        QVERIFY(hopper->isExpanded());
        const QPoint at = rowPoint(dock, hopper);
        QTest::mouseClick(dock->tree()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(dock->tree()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(dock->tree()->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(!hopper->isExpanded());
        QVERIFY(window.findChildren<DeviceDatasheetDialog*>().isEmpty());
        QCOMPARE(hopper->checkState(0), Qt::PartiallyChecked); // the example shows one Hopper device of four
    }

    // Vendor and family rows have no device menu; a level row offers its device's.
    void onlyDeviceRowsHaveTheDeviceMenu()
    {
        SessionDocument document;
        SessionAnalysis analysis(&document, m_db);
        HardwareDock dock(m_db, &analysis);
        QVERIFY(!dock.createContextMenu(dock.groupItem(QStringLiteral("NVIDIA"))));
        QVERIFY(!dock.createContextMenu(dock.groupItem(QStringLiteral("NVIDIA"), QStringLiteral("Hopper"))));
        std::unique_ptr<QMenu> menu(
            dock.createContextMenu(dock.levelItem(QStringLiteral("nvidia-h100-sxm"), QStringLiteral("l2"))));
        QVERIFY(actionInMenu(menu.get(), "datasheetAction"));
        QVERIFY(actionInMenu(menu.get(), "newDeviceAction"));
    }

    // Right-click > New Device From This…: a bad entry is refused at its field (shaded, the reason in
    // the line under the fields, Save off); a good one is saved into the user folder, joins the dock
    // and the chart, checked, as one undo step; undo takes it off the chart, redo brings it back.
    void newDeviceFromAShippedOne_data()
    {
        QTest::addColumn<QString>("field"); // object name of the field given a bad entry
        QTest::addColumn<QString>("bad");
        QTest::addColumn<QString>("reason"); // part of the message
        QTest::newRow("bandwidth-without-unit") << "bandwidth-hbm"
                                                << "3"
                                                << "hbm bandwidth";
        QTest::newRow("peak-not-a-quantity") << "peak-tensor-bf16"
                                             << "fast"
                                             << "tensor bf16 peak";
        QTest::newRow("bandwidth-zero") << "bandwidth-hbm"
                                        << "0 TB/s"
                                        << "greater than zero";
        QTest::newRow("id-already-loaded") << "idEdit"
                                           << "nvidia-h100-pcie"
                                           << "already a loaded device";
        QTest::newRow("id-with-spaces") << "idEdit"
                                        << "my h100"
                                        << "may use only";
        QTest::newRow("short-label-empty") << "generationEdit"
                                           << ""
                                           << "generation";
    }
    void newDeviceFromAShippedOne()
    {
        QFETCH(QString, field);
        QFETCH(QString, bad);
        QFETCH(QString, reason);
        TemporaryDataHome home;
        HardwareDatabase db = m_db; // the new device joins this copy only
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        HardwareDock* dock = window.hardwareDock();
        QMenu* menu = rightClick(dock, dock->deviceItem(QStringLiteral("nvidia-h100-sxm")));
        QAction* newDevice = actionInMenu(menu, "newDeviceAction");
        QVERIFY(newDevice);
        newDevice->trigger();
        menu->close();
        QPointer<DeviceEditorDialog> editor = window.findChild<DeviceEditorDialog*>();
        QVERIFY(editor);
        QVERIFY(editor->isVisible());
        QPushButton* save = editor->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);

        // The bad entry first.
        retype(editor->idEdit(), QStringLiteral("my-h100-600w"));
        auto* badField = editor->findChild<QLineEdit*>(field);
        QVERIFY(badField);
        retype(badField, bad);
        QCOMPARE(editor->refusedField(), badField);
        QVERIFY2(editor->statusText().contains(reason), qPrintable(editor->statusText()));
        QVERIFY(!badField->styleSheet().isEmpty());
        QCOMPARE(badField->toolTip(), editor->statusText());
        QVERIFY(!save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton); // a disabled button saves nothing
        QVERIFY(editor);
        QVERIFY(!QFileInfo::exists(home.userHardware() + QStringLiteral("/my-h100-600w.yaml")));

        // Then good entries: 850 TFLOP/s bf16, 3 TB/s HBM.
        retype(editor->idEdit(), QStringLiteral("my-h100-600w"));
        retype(editor->nameEdit(), QStringLiteral("My H100 at 600 W"));
        retype(editor->generationEdit(), QStringLiteral("H100 600 W"));
        retype(editor->findChild<QLineEdit*>(QStringLiteral("peak-tensor-bf16")), QStringLiteral("850 TFLOP/s"));
        retype(editor->findChild<QLineEdit*>(QStringLiteral("bandwidth-hbm")), QStringLiteral("3 TB/s"));
        QVERIFY2(!editor->refusedField(), qPrintable(editor->statusText()));
        QVERIFY(badField->styleSheet().isEmpty());
        QVERIFY(save->isEnabled());
        const int steps = window.document()->undoStack()->count();
        QTest::mouseClick(save, Qt::LeftButton);
        QApplication::processEvents(); // the dialog's deferred deletion
        QTRY_VERIFY(!editor);

        const QString file = home.userHardware() + QStringLiteral("/my-h100-600w.yaml");
        QVERIFY(QFileInfo::exists(file));
        const Hardware* added = db.find("my-h100-600w");
        QVERIFY(added);
        QCOMPARE(QString::fromStdString(added->origin), file);
        ROOFSCOPE_COMPARE_REL(*added->peak("bf16"), 850e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(added->findLevel("hbm")->bytesPerSecond, 3e12, 1e-12);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1); // one undo step

        // In the dock: under its original's family, checked.
        QTreeWidgetItem* row = dock->deviceItem(QStringLiteral("my-h100-600w"));
        QVERIFY(row);
        QCOMPARE(row->text(0), QStringLiteral("H100 600 W"));
        QCOMPARE(row->parent(), dock->groupItem(QStringLiteral("NVIDIA"), QStringLiteral("Hopper")));
        QCOMPARE(row->checkState(0), Qt::Checked);
        // On the chart: its roofs, 850 TFLOP/s and 3 TB/s, ridge 850e12 / 3e12 = 283.3 FLOP/B.
        const int shown = sceneDevice(window.chart(), QStringLiteral("my-h100-600w"));
        QVERIFY(shown >= 0);
        ROOFSCOPE_COMPARE_REL(window.chart()->scene().devices[static_cast<size_t>(shown)].ridge(), 850.0 / 3.0, 1e-9);
        const QString legend = window.chart()->legendText(shown);
        QVERIFY2(legend.startsWith(QStringLiteral("H100 600 W (bf16) · 850 TFLOP/s · 3 TB/s · ridge 283")),
            qPrintable(legend));
        // Its datasheet opens from its row like a shipped device's, naming its file.
        DeviceDatasheetDialog* sheet = dock->showDatasheet(QStringLiteral("my-h100-600w"));
        QVERIFY(sheet);
        const int edited = static_cast<int>(column(sheet->computeTable(), 2).indexOf(QStringLiteral("850 TFLOP/s")));
        QVERIFY(edited >= 0);
        QCOMPARE(sheet->computeTable()->item(edited, 4)->text(), QStringLiteral("Entered in the device editor"));
        sheet->close();

        window.document()->undoStack()->undo();
        QCOMPARE(sceneDevice(window.chart(), QStringLiteral("my-h100-600w")), -1);
        QCOMPARE(dock->deviceItem(QStringLiteral("my-h100-600w"))->checkState(0), Qt::Unchecked);
        window.document()->undoStack()->redo();
        QVERIFY(sceneDevice(window.chart(), QStringLiteral("my-h100-600w")) >= 0);
        QCOMPARE(dock->deviceItem(QStringLiteral("my-h100-600w"))->checkState(0), Qt::Checked);

        // The saved file loads at the next start, from the user folder.
        HardwareDatabase next;
        next.loadDirectory(home.userHardware().toStdString());
        QVERIFY(next.diagnostics().empty());
        QVERIFY(next.find("my-h100-600w"));
    }

    // Issue 24: chips, purchase price, hourly price and TDP of a session's device entry were only in
    // YAML. "Session Settings…" in the device's context menu sets them: a bad entry is refused at its
    // field, OK is one undo step, the comparison's per-dollar, per-watt and cost follow, and the session
    // file keeps them.
    void deviceEntrySettingsFromTheDock()
    {
        QTemporaryDir dir;
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        HardwareDock* dock = window.hardwareDock();
        const auto h100Index = [&window] {
            const auto& devices = window.session().devices;
            for (size_t i = 0; i < devices.size(); ++i) {
                if (devices[i].id == "nvidia-h100-sxm") {
                    return i;
                }
            }
            return devices.size();
        };
        const size_t index = h100Index();
        QVERIFY(index < window.session().devices.size());
        // A device outside the session has the entry disabled.
        QMenu* other = rightClick(dock, dock->deviceItem(QStringLiteral("nvidia-b200")));
        QVERIFY(actionInMenu(other, "deviceEntryAction"));
        QVERIFY(!actionInMenu(other, "deviceEntryAction")->isEnabled());
        other->close();

        QMenu* menu = rightClick(dock, dock->deviceItem(QStringLiteral("nvidia-h100-sxm")));
        QAction* entry = actionInMenu(menu, "deviceEntryAction");
        QVERIFY(entry && entry->isEnabled());
        entry->trigger();
        menu->close();
        QPointer<DeviceEntryDialog> dialog = window.findChild<DeviceEntryDialog*>();
        QVERIFY(dialog);
        QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        // The bad entry first: refused at its field, OK disabled.
        retype(dialog->hourlyEdit(), QStringLiteral("cheap"));
        QVERIFY2(dialog->statusText().contains(QStringLiteral("price per hour")), qPrintable(dialog->statusText()));
        QVERIFY(!ok->isEnabled());
        // Then: 2 chips, 30000 USD and 3.6 USD/h per chip, 700 W per chip.
        dialog->chipsBox()->setFocus();
        dialog->chipsBox()->selectAll();
        QTest::keyClicks(dialog->chipsBox(), QStringLiteral("2"));
        retype(dialog->priceEdit(), QStringLiteral("30000 USD"));
        retype(dialog->hourlyEdit(), QStringLiteral("3.6 USD/h"));
        retype(dialog->tdpEdit(), QStringLiteral("700 W"));
        QVERIFY2(dialog->statusText().isEmpty(), qPrintable(dialog->statusText()));
        QVERIFY(ok->isEnabled());
        const int steps = window.document()->undoStack()->count();
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY(!dialog);
        QCOMPARE(window.document()->undoStack()->count(), steps + 1); // one undo step
        const DeviceSelection& set = window.session().devices[index];
        QCOMPARE(set.chips, 2);
        QCOMPARE(set.priceDollars.value_or(0.0), 30000.0);
        QCOMPARE(set.pricePerHourDollars.value_or(0.0), 3.6);
        QCOMPARE(set.tdpWatts.value_or(0.0), 700.0);

        // The comparison follows: per dollar over 2 x 30000 USD, per watt over 2 x 700 W, and the
        // workload cost at 2 x 3.6 USD/h.
        const auto entryOf = [&window](const std::string& id) -> const ComparisonEntry* {
            for (const ComparisonEntry& e : window.analysis()->comparison().entries) {
                if (e.totals.hardwareId == id) {
                    return &e;
                }
            }
            return nullptr;
        };
        const ComparisonEntry* h100 = entryOf("nvidia-h100-sxm");
        QVERIFY(h100 && h100->totals.tMin > 0.0);
        const double rate = h100->totals.flops / h100->totals.tMin;
        ROOFSCOPE_COMPARE_REL(*comparisonNumber(*h100, ComparisonColumn::PerDollar), rate / 60000.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(*comparisonNumber(*h100, ComparisonColumn::PerWatt), rate / 1400.0, 1e-12);
        ROOFSCOPE_COMPARE_REL(
            *comparisonNumber(*h100, ComparisonColumn::WorkloadCost), h100->totals.tMin * 7.2 / 3600.0, 1e-12);

        // Undo and redo, as one step.
        window.document()->undoStack()->undo();
        QCOMPARE(window.session().devices[index].chips, 1);
        QVERIFY(!window.session().devices[index].priceDollars && !window.session().devices[index].pricePerHourDollars
            && !window.session().devices[index].tdpWatts);
        QVERIFY(!comparisonNumber(*entryOf("nvidia-h100-sxm"), ComparisonColumn::PerDollar));
        window.document()->undoStack()->redo();
        QCOMPARE(window.session().devices[index].chips, 2);
        QCOMPARE(window.session().devices[index].pricePerHourDollars.value_or(0.0), 3.6);

        // Saved and opened again: the same entry.
        const QString path = dir.filePath(QStringLiteral("entry.yaml"));
        QVERIFY(window.saveSessionAs(path).isEmpty());
        const auto reopened = loadSessionFile(path.toStdString());
        QVERIFY(reopened.session);
        const DeviceSelection& back = reopened.session->devices[index];
        QCOMPARE(back.chips, 2);
        QCOMPARE(back.priceDollars.value_or(0.0), 30000.0);
        QCOMPARE(back.pricePerHourDollars.value_or(0.0), 3.6);
        QCOMPARE(back.tdpWatts.value_or(0.0), 700.0);

        // Cancel changes nothing.
        DeviceEntryDialog* again = dock->showDeviceEntry(QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(again);
        QCOMPARE(again->chipsBox()->value(), 2);
        QCOMPARE(again->hourlyEdit()->text(), QStringLiteral("3.6 USD/h"));
        const int before = window.document()->undoStack()->count();
        again->reject();
        QCOMPARE(window.document()->undoStack()->count(), before);
        QVERIFY(!dock->showDeviceEntry(QStringLiteral("nvidia-b200"))); // not in the session
    }

    // Cancel saves nothing and edits nothing.
    void cancellingTheEditorChangesNothing()
    {
        TemporaryDataHome home;
        HardwareDatabase db = m_db;
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        QPointer<DeviceEditorDialog> editor = window.newDeviceFrom(QStringLiteral("google-tpu-v5e"));
        QVERIFY(editor);
        QCOMPARE(editor->idEdit()->text(), QStringLiteral("google-tpu-v5e-copy"));
        QTest::mouseClick(editor->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!editor);
        QCOMPARE(db.devices().size(), m_db.devices().size());
        QCOMPARE(window.document()->undoStack()->count(), 0);
        QVERIFY(!QFileInfo::exists(home.userHardware() + QStringLiteral("/google-tpu-v5e-copy.yaml")));
        QVERIFY(!window.newDeviceFrom(QStringLiteral("no-such-device")));
    }

    // An estimated level is drawn dashed and its label says "(estimate)"; a vendor figure is drawn
    // solid and says nothing. The default level's figure is in the legend, which says it there.
    void estimatedLevelsAreDashedAndSaySo_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("level");
        QTest::addColumn<bool>("estimate");
        QTest::addColumn<QString>("label"); // "" for the default level (its figure is in the legend)
        QTest::addColumn<QString>("legendPart");
        QTest::newRow("h100-l2-measured") << "nvidia-h100-sxm"
                                          << "l2" << true << "L2 5.5 TB/s (estimate)"
                                          << "989 TFLOP/s · 3.35 TB/s · ridge";
        QTest::newRow("h100-l1-derived") << "nvidia-h100-sxm"
                                         << "l1" << true << "L1 30.9 TB/s (estimate)"
                                         << "989 TFLOP/s · 3.35 TB/s · ridge";
        QTest::newRow("h100-hbm-vendor-figure") << "nvidia-h100-sxm"
                                                << "hbm" << false << ""
                                                << "989 TFLOP/s · 3.35 TB/s · ridge";
        QTest::newRow("tpu-v5e-vmem") << "google-tpu-v5e"
                                      << "vmem" << true << "VMEM 17.8 TB/s (estimate)"
                                      << "197 TFLOP/s · 820 GB/s · ridge";
        QTest::newRow("h20-default-level-and-peak-estimated") << "nvidia-h20"
                                                              << "hbm" << true << ""
                                                              << "148 TFLOP/s (estimate) · 4 TB/s (estimate) · ridge";
    }
    void estimatedLevelsAreDashedAndSaySo()
    {
        QFETCH(QString, id);
        QFETCH(QString, level);
        QFETCH(bool, estimate);
        QFETCH(QString, label);
        QFETCH(QString, legendPart);
        MainWindow window(m_db);
        window.setAutosaveDelay(-1);
        window.setSession(exampleSession());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.hardwareDock()->setDeviceChecked(id, true);
        const int device = sceneDevice(window.chart(), id);
        QVERIFY(device >= 0);
        const DrawnRoof* roof = drawnRoof(window.chart(), device, level);
        QVERIFY(roof);
        QCOMPARE(roof->penStyle, estimate ? Qt::DashLine : Qt::SolidLine);
        QCOMPARE(roof->label, label);
        const QString legend = window.chart()->legendText(device);
        QVERIFY2(legend.contains(legendPart), qPrintable(legend));
        // The dock's row for the level says so too, in italics like the datasheet.
        QTreeWidgetItem* row = window.hardwareDock()->levelItem(id, level);
        QVERIFY(row);
        QCOMPARE(row->font(0).italic(), estimate);
        // The device's tooltip lists its estimated levels (and peaks) by name.
        const QString tip = window.hardwareDock()->deviceItem(id)->toolTip(0);
        const qsizetype at = tip.indexOf(QStringLiteral("Estimated levels (drawn dashed): "));
        const QString estimatedLevels = at < 0 ? QString() : tip.mid(at).section(QStringLiteral("<br>"), 0, 0);
        QCOMPARE(estimatedLevels.contains(level.toUpper()), estimate);
    }

private:
    HardwareDatabase m_db;
};

ROOFSCOPE_TEST_MAIN(TestCatalogueJourneys)
#include "test_catalogue_journeys.moc"
