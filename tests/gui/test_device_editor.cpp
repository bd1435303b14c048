// Creating a user device from a shipped one: edited figures are SI quantities, validation is the
// loader's (the copy is written and loaded back strictly), and the saved file loads as a device.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "widgets/DeviceEditorDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>

using namespace roofscope;

class TestDeviceEditor : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

    QPushButton* saveButton(DeviceEditorDialog& dialog)
    {
        return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save);
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.diagnostics().empty());
    }

    void anUntouchedCopyKeepsEveryFigure()
    {
        QTemporaryDir dir;
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        DeviceEditorDialog dialog(*h100, dir.path());
        QCOMPARE(dialog.idEdit()->text(), QString("nvidia-h100-sxm-copy"));
        QString error;
        auto copy = dialog.edited(&error);
        QVERIFY2(copy, qPrintable(error));
        QCOMPARE(copy->compute.size(), h100->compute.size());
        for (size_t i = 0; i < h100->compute.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(copy->compute[i].flopsPerSecond, h100->compute[i].flopsPerSecond, 1e-12);
            QCOMPARE(
                copy->compute[i].sparseFlopsPerSecond.has_value(), h100->compute[i].sparseFlopsPerSecond.has_value());
            QCOMPARE(copy->compute[i].estimate, h100->compute[i].estimate);
        }
        for (size_t i = 0; i < h100->levels.size(); ++i) {
            ROOFSCOPE_COMPARE_REL(copy->levels[i].bytesPerSecond, h100->levels[i].bytesPerSecond, 1e-12);
            QCOMPARE(copy->levels[i].estimate, h100->levels[i].estimate);
        }
    }

    void editedFiguresAreSavedAndLoadBack()
    {
        QTemporaryDir dir;
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        DeviceEditorDialog dialog(*h100, dir.path() + "/user-hardware");
        dialog.idEdit()->setText("my-h100-tuned");
        dialog.nameEdit()->setText("My H100 at 600 W");
        dialog.peakEdits().front()->setText("850 TFLOP/s"); // bf16
        dialog.bandwidthEdits()[2]->setText("3.0 TB/s"); // hbm (after l1, l2)
        QVERIFY(saveButton(dialog)->isEnabled());
        QString error;
        const QString path = dialog.save(&error);
        QVERIFY2(!path.isEmpty(), qPrintable(error));
        QVERIFY(path.endsWith("user-hardware/my-h100-tuned.yaml"));

        HardwareDatabase user;
        user.loadDirectory((dir.path() + "/user-hardware").toStdString());
        QVERIFY(user.diagnostics().empty());
        const Hardware* saved = user.find("my-h100-tuned");
        QVERIFY(saved);
        QCOMPARE(saved->name, std::string("My H100 at 600 W"));
        ROOFSCOPE_COMPARE_REL(*saved->peak("bf16"), 850e12, 1e-12);
        QVERIFY(!saved->compute.front().sparseFlopsPerSecond); // NVIDIA's sparse figure is not kept for an edited peak
        ROOFSCOPE_COMPARE_REL(saved->findLevel("hbm")->bytesPerSecond, 3.0e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(*saved->peak("fp8"), *h100->peak("fp8"), 1e-12); // untouched
        // An edited figure cites the editor, not the original's source (which gives another value);
        // an untouched one keeps its source.
        QCOMPARE(saved->compute.front().source, std::string("user-edit"));
        QCOMPARE(saved->findLevel("hbm")->source, std::string("user-edit"));
        QCOMPARE(saved->findLevel("l2")->source, h100->findLevel("l2")->source);
        QCOMPARE(saved->sources.back().id, std::string("user-edit"));
        QCOMPARE(saved->sources.size(), h100->sources.size() + 1);
        QCOMPARE(saved->findLevel("l1")->estimate, true);

        // The same id twice is refused rather than overwritten.
        QVERIFY(dialog.save(&error).isEmpty());
        QVERIFY(error.contains("already exists"));
    }

    // Save and Cancel sit at the bottom, under the status line (they were once drawn over the first field).
    void theButtonsSitUnderTheStatusLine()
    {
        QTemporaryDir dir;
        DeviceEditorDialog dialog(*m_db.find("nvidia-h100-sxm"), dir.path());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* box = dialog.findChild<QDialogButtonBox*>();
        auto* status = dialog.findChild<QLabel*>("statusLabel");
        QVERIFY(dialog.layout()->indexOf(box) >= 0);
        QVERIFY(box->geometry().top() >= status->geometry().bottom());
    }

    void badFieldsAreRefusedWithTheLoadersRules_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("peak without unit") << "peak"
                                           << "989"
                                           << "bf16 peak";
        QTest::newRow("peak in a byte rate") << "peak"
                                             << "989 TB/s"
                                             << "bf16 peak";
        QTest::newRow("negative bandwidth") << "bandwidth"
                                            << "-3 TB/s"
                                            << "bandwidth";
        QTest::newRow("zero bandwidth") << "bandwidth"
                                        << "0 TB/s"
                                        << "bandwidth";
        QTest::newRow("id with capitals") << "id"
                                          << "My Device"
                                          << "may use only";
        QTest::newRow("empty name") << "name"
                                    << ""
                                    << "name";
        QTest::newRow("id already loaded") << "id"
                                           << "nvidia-h200-sxm"
                                           << "already a loaded device";
    }
    void badFieldsAreRefusedWithTheLoadersRules()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir;
        DeviceEditorDialog dialog(*m_db.find("nvidia-h100-sxm"), dir.path());
        std::set<std::string> taken;
        for (const auto& d : m_db.devices()) {
            taken.insert(d.id);
        }
        dialog.setTakenIds(taken);
        QVERIFY(saveButton(dialog)->isEnabled());
        QLineEdit* edit = field == "peak" ? dialog.peakEdits().front()
            : field == "bandwidth"        ? dialog.bandwidthEdits().back()
            : field == "id"               ? dialog.idEdit()
                                          : dialog.nameEdit();
        edit->setText(value);
        QString error;
        QVERIFY(!dialog.edited(&error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(!saveButton(dialog)->isEnabled());
        // Refused at the field: it is shaded and carries the reason.
        QCOMPARE(dialog.refusedField(), edit);
        QVERIFY(!edit->styleSheet().isEmpty());
        QCOMPARE(edit->toolTip(), error);
        QCOMPARE(dialog.findChild<QLabel*>("statusLabel")->text(), error);
        QVERIFY(dialog.save(&error).isEmpty());
        QVERIFY(QDir(dir.path()).entryList({ "*.yaml" }).isEmpty()); // nothing partial written
    }
};

ROOFSCOPE_TEST_MAIN(TestDeviceEditor)
#include "test_device_editor.moc"
