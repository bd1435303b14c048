// Strict, safe loading of device files: every invalid input has a fixture, a message and a position.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"

#include <QElapsedTimer>

using namespace roofscope;

namespace {
std::string fixture(const QString& name)
{
    return (QStringLiteral(ROOFSCOPE_TEST_DATA_DIR "/hardware-invalid/") + name).toStdString();
}
} // namespace

class TestHardwareLoader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void validFixtureLoads()
    {
        auto r = loadHardwareFile(fixture("valid.yaml"));
        QVERIFY2(r.hardware, r.diagnostics.empty() ? "" : r.diagnostics.front().toString().c_str());
        QCOMPARE(r.hardware->id, std::string("test-device"));
        ROOFSCOPE_COMPARE_REL(*r.hardware->peak("bf16"), 100e12, 1e-12);
        ROOFSCOPE_COMPARE_REL(r.hardware->defaultLevelPtr()->bytesPerSecond, 2e12, 1e-12);
    }

    void invalidFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("missing unit") << "missing-unit.yaml"
                                      << "has no unit" << 19 << 16;
        QTest::newRow("negative peak") << "negative-peak.yaml"
                                       << "must be greater than zero" << 15 << 11;
        QTest::newRow("non-finite peak") << "infinite-peak.yaml"
                                         << "is not a number" << 15 << 11;
        QTest::newRow("overflowing peak") << "overflow-peak.yaml"
                                          << "not a finite number" << 15 << 11;
        QTest::newRow("zero capacity") << "zero-capacity.yaml"
                                       << "must be greater than zero" << 20 << 15;
        QTest::newRow("unknown key") << "unknown-key.yaml"
                                     << "unknown key 'colour'" << 8 << 1;
        QTest::newRow("duplicate key") << "duplicate-key.yaml"
                                       << "duplicate key 'vendor'" << 5 << 1;
        QTest::newRow("missing default level") << "missing-default-level.yaml"
                                               << "missing required key 'default_level'" << 1 << 1;
        QTest::newRow("unknown source") << "unknown-source.yaml"
                                        << "unknown source 'nowhere'" << 20 << 13;
        QTest::newRow("syntax error") << "syntax-error.yaml"
                                      << "YAML syntax error" << 3 << 1;
        QTest::newRow("anchor") << "anchor.yaml"
                                << "anchors (&name) are not allowed" << 8 << 8;
        QTest::newRow("alias bomb") << "alias-bomb.yaml"
                                    << "anchors (&name) are not allowed" << 1 << 5;
        QTest::newRow("deep nesting") << "deep-nesting.yaml"
                                      << "nesting deeper than 32 levels" << 1 << 35;
        QTest::newRow("too large") << "too-large.yaml"
                                   << "file is too large" << 0 << 0;
        QTest::newRow("binary garbage") << "binary-garbage.yaml"
                                        << "NUL bytes" << 0 << 0;
        QTest::newRow("missing file") << "no-such-file.yaml"
                                      << "cannot open file" << 0 << 0;
    }
    void invalidFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        QFETCH(int, line);
        QFETCH(int, column);
        QElapsedTimer timer;
        timer.start();
        auto r = loadHardwareFile(fixture(file));
        QVERIFY(!r.hardware);
        QVERIFY(hasErrors(r.diagnostics));
        const Diagnostic& d = r.diagnostics.front();
        QVERIFY2(QString::fromStdString(d.message).contains(message), d.toString().c_str());
        QCOMPARE(d.file, fixture(file));
        QCOMPARE(d.line, line);
        QCOMPARE(d.column, column);
        QVERIFY(QString::fromStdString(d.toString()).startsWith(QString::fromStdString(fixture(file))));
    }

    void duplicateIdsAcrossFiles()
    {
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_TEST_DATA_DIR "/hardware-duplicate");
        QCOMPARE(db.devices().size(), size_t(1));
        QCOMPARE(db.diagnostics().size(), size_t(1));
        const auto& d = db.diagnostics().front();
        QVERIFY(QString::fromStdString(d.message).contains("duplicate device id 'test-device'"));
        QVERIFY(QString::fromStdString(d.file).endsWith("b.yaml"));
        QVERIFY(QString::fromStdString(d.message).contains("a.yaml"));
    }

    // The program's own device folder is read without the YAML strictness pass: the devices it gives
    // are the strict read's, value for value (the strict read of the same folder has no diagnostic:
    // test_hardware_data), and a folder that is not the program's own is still read strictly.
    void shippedFolderReadOnceGivesTheStrictDevices()
    {
        HardwareDatabase strict;
        strict.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        HardwareDatabase once;
        once.loadDirectory(ROOFSCOPE_HARDWARE_DIR, false, true);
        QVERIFY(strict.diagnostics().empty());
        QVERIFY(once.diagnostics().empty());
        QCOMPARE(once.devices().size(), strict.devices().size());
        QVERIFY(strict.devices().size() > 30);
        for (size_t i = 0; i < strict.devices().size(); ++i) {
            QCOMPARE(hardwareToYaml(once.devices()[i]), hardwareToYaml(strict.devices()[i]));
        }
        // Read without the strictness pass, a duplicate key is still refused (by the schema check),
        // not read as its first value.
        const auto duplicate = loadHardwareFile(fixture("duplicate-key.yaml"), true);
        QVERIFY(!duplicate.hardware);
        QVERIFY(!duplicate.diagnostics.empty());
        QVERIFY2(duplicate.diagnostics.front().message.find("duplicate key 'vendor'") != std::string::npos,
            duplicate.diagnostics.front().message.c_str());
        HardwareDatabase user;
        user.loadDirectory(ROOFSCOPE_TEST_DATA_DIR "/hardware-invalid", true, false);
        bool refused = false;
        for (const Diagnostic& d : user.diagnostics()) {
            refused = refused || d.message.find("duplicate key 'vendor'") != std::string::npos;
        }
        QVERIFY(refused);
    }

    void missingFolderIsReported()
    {
        HardwareDatabase db;
        db.loadDirectory("/nonexistent-roofscope-dir", true);
        QVERIFY(db.diagnostics().empty());
        db.loadDirectory("/nonexistent-roofscope-dir", false);
        QCOMPARE(db.diagnostics().size(), size_t(1));
    }

    void everyFieldIsChecked_data()
    {
        QTest::addColumn<QString>("replace");
        QTest::addColumn<QString>("with");
        QTest::addColumn<QString>("message");
        QTest::newRow("schema version") << "roofscope-hardware/1"
                                        << "roofscope-hardware/9"
                                        << "unsupported schema";
        QTest::newRow("id characters") << "id: test-device"
                                       << "id: Test Device"
                                       << "may use only";
        QTest::newRow("unknown precision") << "precision: bf16"
                                           << "precision: bf17"
                                           << "unknown precision 'bf17'";
        QTest::newRow("rate in the wrong unit") << "peak: 100 TFLOP/s"
                                                << "peak: 100 TB/s"
                                                << "expected a compute rate";
        QTest::newRow("year out of range") << "year: 2024"
                                           << "year: 3024"
                                           << "out of range";
        QTest::newRow("level kind") << "  - name: hbm"
                                    << "  - name: hbm\n    kind: cache"
                                    << "kind must be";
        QTest::newRow("default level unknown") << "default_level: hbm"
                                               << "default_level: sram"
                                               << "is not listed";
        QTest::newRow("sustained factor above one")
            << "default_level: hbm"
            << "default_level: hbm\nsustained:\n  compute: 1.5\n  bandwidth: 0.9\n  source: s"
            << "out of range";
        QTest::newRow("ceiling needs one target")
            << "default_level: hbm"
            << "default_level: hbm\nceilings:\n  - name: x\n    factor: 0.5\n    source: s"
            << "exactly one of 'precision'";
        QTest::newRow("empty compute")
            << "compute:\n  - unit: tensor\n    precision: bf16\n    peak: 100 TFLOP/s\n    source: s"
            << "compute: []"
            << "at least one compute peak";
        QTest::newRow("estimate not a boolean") << "    bandwidth: 2 TB/s"
                                                << "    bandwidth: 2 TB/s\n    estimate: maybe"
                                                << "expected true or false";
        QTest::newRow("source without url") << "    document: test data"
                                            << "    note: x"
                                            << "unknown key 'note'";
        QTest::newRow("capacity source unknown") << "    bandwidth: 2 TB/s"
                                                 << "    bandwidth: 2 TB/s\n    capacity: 80 GiB\n"
                                                    "    capacity_source: smi"
                                                 << "unknown source 'smi'";
        QTest::newRow("capacity source without a capacity") << "    bandwidth: 2 TB/s"
                                                            << "    bandwidth: 2 TB/s\n    capacity_source: s"
                                                            << "need a capacity";
        QTest::newRow("capacity estimate not a boolean")
            << "    bandwidth: 2 TB/s"
            << "    bandwidth: 2 TB/s\n    capacity: 80 GiB\n    capacity_estimate: perhaps"
            << "expected true or false";
        QTest::newRow("launch overhead source unknown") << "year: 2024"
                                                        << "year: 2024\nlaunch_overhead: 4 us\n"
                                                           "launch_overhead_source: blog"
                                                        << "unknown source 'blog'";
        QTest::newRow("launch overhead estimate without the overhead") << "year: 2024"
                                                                       << "year: 2024\nlaunch_overhead_estimate: true"
                                                                       << "need a launch_overhead";
    }
    void everyFieldIsChecked()
    {
        QFETCH(QString, replace);
        QFETCH(QString, with);
        QFETCH(QString, message);
        QFile valid(QString::fromStdString(fixture("valid.yaml")));
        QVERIFY(valid.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(valid.readAll());
        QVERIFY(text.contains(replace));
        text.replace(replace, with);
        auto r = loadHardwareText(text.toStdString(), "edited.yaml");
        QVERIFY(!r.hardware);
        QVERIFY2(
            QString::fromStdString(firstError(r.diagnostics)).contains(message), firstError(r.diagnostics).c_str());
        QVERIFY(r.diagnostics.front().line > 0);
    }

    void estimateFlagLoadsAndRoundTrips()
    {
        QFile valid(QString::fromStdString(fixture("valid.yaml")));
        QVERIFY(valid.open(QIODevice::ReadOnly));
        const QString plain = QString::fromUtf8(valid.readAll());
        auto r = loadHardwareText(plain.toStdString(), "plain.yaml");
        QVERIFY(r.hardware);
        QVERIFY(!r.hardware->levels.front().estimate);
        QVERIFY(!r.hardware->compute.front().estimate);
        QVERIFY(!QString::fromStdString(hardwareToYaml(*r.hardware)).contains("estimate"));

        QString text = plain;
        text.replace("    bandwidth: 2 TB/s", "    bandwidth: 2 TB/s\n    estimate: true");
        text.replace("    peak: 100 TFLOP/s", "    peak: 100 TFLOP/s\n    estimate: true");
        r = loadHardwareText(text.toStdString(), "estimated.yaml");
        QVERIFY2(r.hardware, firstError(r.diagnostics).c_str());
        QVERIFY(r.hardware->levels.front().estimate);
        QVERIFY(r.hardware->compute.front().estimate);
        const std::string written = hardwareToYaml(*r.hardware);
        auto back = loadHardwareText(written, "written.yaml");
        QVERIFY2(back.hardware, firstError(back.diagnostics).c_str());
        QVERIFY(back.hardware->levels.front().estimate);
        QVERIFY(back.hardware->compute.front().estimate);
        QCOMPARE(hardwareToYaml(*back.hardware), written);
    }

    // A capacity's own source and estimate flag, and the launch overhead's, load and survive a write.
    void capacityAndLaunchOverheadSourcesRoundTrip()
    {
        QFile valid(QString::fromStdString(fixture("valid.yaml")));
        QVERIFY(valid.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(valid.readAll());
        text.replace("    document: test data",
            "    document: test data\n  - id: smi\n    title: nvidia-smi reading\n"
            "    url: https://github.com/o/r/issues/1");
        text.replace("    bandwidth: 2 TB/s",
            "    bandwidth: 2 TB/s\n    capacity: 81559 MiB\n    capacity_source: smi\n    capacity_estimate: true");
        text.replace("year: 2024",
            "year: 2024\nlaunch_overhead: 4 us\nlaunch_overhead_source: s\n"
            "launch_overhead_estimate: true");
        auto r = loadHardwareText(text.toStdString(), "sourced.yaml");
        QVERIFY2(r.hardware, firstError(r.diagnostics).c_str());
        const BandwidthLevel& hbm = r.hardware->levels.front();
        QCOMPARE(*hbm.capacityBytes, 81559.0 * 1024 * 1024);
        QCOMPARE(hbm.capacitySource, std::string("smi"));
        QVERIFY(hbm.capacityEstimate);
        QVERIFY(!hbm.estimate); // the bandwidth's flag is its own
        QCOMPARE(r.hardware->launchOverheadSource, std::string("s"));
        QVERIFY(r.hardware->launchOverheadEstimate);
        const std::string written = hardwareToYaml(*r.hardware);
        auto back = loadHardwareText(written, "written.yaml");
        QVERIFY2(back.hardware, firstError(back.diagnostics).c_str());
        QCOMPARE(back.hardware->levels.front().capacitySource, std::string("smi"));
        QVERIFY(back.hardware->levels.front().capacityEstimate);
        QCOMPARE(back.hardware->launchOverheadSource, std::string("s"));
        QVERIFY(back.hardware->launchOverheadEstimate);
        QCOMPARE(hardwareToYaml(*back.hardware), written);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestHardwareLoader)
#include "test_hardware_loader.moc"
