// Every worked number of seeds 000 and 001, through the core API (one row each).
#include "SeedCases.h"
#include "TestMain.h"

#include <QTest>

using namespace roofscope;
using namespace roofscope::test;

class TestSeeds : public QObject {
    Q_OBJECT

private:
    HardwareDatabase m_database;

private Q_SLOTS:
    void initTestCase()
    {
        m_database.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY2(m_database.diagnostics().empty(),
            m_database.diagnostics().empty() ? "" : m_database.diagnostics().front().toString().c_str());
    }

    void workedNumber_data()
    {
        QTest::addColumn<int>("index");
        const auto& cases = seedCases();
        for (size_t i = 0; i < cases.size(); ++i) {
            const auto& c = cases[i];
            QTest::newRow((c.name + " | " + c.field).c_str()) << static_cast<int>(i);
        }
    }

    void workedNumber()
    {
        QFETCH(int, index);
        const SeedCase& c = seedCases()[static_cast<size_t>(index)];
        nlohmann::json object;
        try {
            object = seedCoreJson(c, m_database);
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QCOMPARE(QString::fromStdString(seedRender(c, object)), QString::fromStdString(c.expected));
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestSeeds)
#include "test_seeds.moc"
