// The shipped hardware/ files are data under test: all load cleanly, cite sources, and carry the seeds' figures.
#include "TestUtil.h"
#include "io/HardwareLoader.h"

#include <QDir>

using namespace roofscope;

class TestHardwareData : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void everyFileLoadsCleanly()
    {
        for (const auto& d : m_db.diagnostics()) {
            qWarning("%s", d.toString().c_str());
        }
        QVERIFY(m_db.diagnostics().empty());
        const auto files = QDir(ROOFSCOPE_HARDWARE_DIR).entryList({ "*.yaml" });
        QCOMPARE(m_db.devices().size(), static_cast<size_t>(files.size()));
    }

    void requiredDevicesArePresent_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : { "google-tpu-v4", "google-tpu-v5e", "google-tpu-v5p", "google-tpu-v6e", "google-tpu-v7x",
                 "nvidia-a100-sxm-80gb", "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200", "amd-instinct-mi300x",
                 "amd-instinct-mi325x", "intel-gaudi-3", "amd-epyc-9654" }) {
            QTest::newRow(id) << id;
        }
    }
    void requiredDevicesArePresent()
    {
        QFETCH(QString, id);
        const Hardware* hw = m_db.find(id.toStdString());
        QVERIFY(hw);
        QVERIFY(!hw->sources.empty());
        QVERIFY(hw->defaultLevelPtr());
        QVERIFY(!hw->mainPrecision().empty());
        for (const auto& c : hw->compute) {
            QVERIFY(!c.source.empty());
            if (c.sparseFlopsPerSecond) {
                QVERIFY2(*c.sparseFlopsPerSecond > c.flopsPerSecond, "a sparse figure must exceed the dense peak");
            }
        }
        for (const auto& l : hw->levels) {
            QVERIFY(!l.source.empty());
        }
    }

    void seedFigures_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("hbm");
        QTest::newRow("v5e (seed 000 s3.1)") << "google-tpu-v5e"
                                             << "bf16"
                                             << "" << 1.97e14 << 8.2e11;
        QTest::newRow("v5e int8 (seed 000 s6.1)") << "google-tpu-v5e"
                                                  << "int8"
                                                  << "" << 3.94e14 << 8.2e11;
        QTest::newRow("v6e (seed 001)") << "google-tpu-v6e"
                                        << "bf16"
                                        << "" << 918e12 << 1.6e12;
        QTest::newRow("v5p MXU (seed 001)") << "google-tpu-v5p"
                                            << "bf16"
                                            << "mxu" << 459e12 << 2.76e12;
        QTest::newRow("v5p VPU (seed 000 s3.5)") << "google-tpu-v5p"
                                                 << "bf16"
                                                 << "vpu" << 7e12 << 2.76e12;
        QTest::newRow("v7x bf16 (seed 001)") << "google-tpu-v7x"
                                             << "bf16"
                                             << "" << 2307e12 << 7.2e12;
        QTest::newRow("v7x fp8 (seed 001)") << "google-tpu-v7x"
                                            << "fp8"
                                            << "" << 4614e12 << 7.2e12;
        QTest::newRow("H100 (seed 000 s3.3)") << "nvidia-h100-sxm"
                                              << "bf16"
                                              << "" << 9.89e14 << 3.35e12;
    }
    void seedFigures()
    {
        QFETCH(QString, id);
        QFETCH(QString, precision);
        QFETCH(QString, unit);
        QFETCH(double, peak);
        QFETCH(double, hbm);
        const Hardware* hw = m_db.find(id.toStdString());
        QVERIFY(hw);
        auto p = hw->peak(precision.toStdString(), unit.toStdString());
        QVERIFY(p);
        ROOFSCOPE_COMPARE_REL(*p, peak, 1e-12);
        ROOFSCOPE_COMPARE_REL(hw->findLevel("hbm")->bytesPerSecond, hbm, 1e-12);
    }

    void sustainedFactorsOfTheSeeds()
    {
        ROOFSCOPE_COMPARE_REL(m_db.find("nvidia-h100-sxm")->sustained->compute, 0.80, 1e-12);
        ROOFSCOPE_COMPARE_REL(m_db.find("google-tpu-v6e")->sustained->compute, 0.95, 1e-12);
    }

    void profilerLevelNamesResolve()
    {
        // Nsight Compute names device memory "dram": it must land on the HBM roof.
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        QVERIFY(h100->findLevel("dram"));
        QCOMPARE(h100->findLevel("dram")->name, std::string("hbm"));
    }
};

QTEST_APPLESS_MAIN(TestHardwareData)
#include "test_hardware_data.moc"
