#include "TestMain.h"
#include "TestUtil.h"
#include "model/Units.h"

using namespace roofscope;

class TestUnits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("dimension");
        QTest::addColumn<bool>("requireUnit");
        QTest::addColumn<double>("expected");
        const int rate = static_cast<int>(Dimension::FlopsPerSecond);
        const int bw = static_cast<int>(Dimension::BytesPerSecond);
        const int bytes = static_cast<int>(Dimension::Bytes);
        const int time = static_cast<int>(Dimension::Seconds);
        QTest::newRow("SI suffix 197T") << "197T" << rate << false << 197e12;
        QTest::newRow("scientific 1.97e14") << "1.97e14" << rate << false << 1.97e14;
        QTest::newRow("820G") << "820G" << bw << false << 820e9;
        QTest::newRow("3.35 TB/s") << "3.35 TB/s" << bw << true << 3.35e12;
        QTest::newRow("820 GB/s") << "820 GB/s" << bw << true << 820e9;
        QTest::newRow("989 TFLOP/s") << "989 TFLOP/s" << rate << true << 989e12;
        QTest::newRow("989 TFLOPS") << "989 TFLOPS" << rate << true << 989e12;
        QTest::newRow("394 TOP/s") << "394 TOP/s" << rate << true << 394e12;
        QTest::newRow("80 GiB") << "80 GiB" << bytes << true << 80.0 * 1073741824.0;
        QTest::newRow("4 us") << "4 us" << time << true << 4e-6;
        QTest::newRow("1.2 ms") << "1.2 ms" << time << false << 1.2e-3;
        QTest::newRow("plain seconds") << "0.5" << time << false << 0.5;
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(int, dimension);
        QFETCH(bool, requireUnit);
        QFETCH(double, expected);
        auto parsed = parseQuantity(text.toStdString(), static_cast<Dimension>(dimension), requireUnit);
        QVERIFY2(parsed.value.has_value(), parsed.error.c_str());
        ROOFSCOPE_COMPARE_REL(*parsed.value, expected, 1e-12);
    }

    void refuse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("dimension");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing unit") << "3.35" << static_cast<int>(Dimension::BytesPerSecond) << "has no unit";
        QTest::newRow("wrong dimension") << "3.35 TFLOP/s" << static_cast<int>(Dimension::BytesPerSecond)
                                         << "expected a bandwidth";
        QTest::newRow("text") << "fast" << static_cast<int>(Dimension::FlopsPerSecond) << "is not a number";
        QTest::newRow("unknown unit") << "3 furlongs" << static_cast<int>(Dimension::Bytes) << "unknown unit";
        QTest::newRow("overflow") << "1e400 B" << static_cast<int>(Dimension::Bytes) << "not a finite number";
        QTest::newRow("milli bytes") << "5 mB" << static_cast<int>(Dimension::Bytes) << "unknown unit";
    }
    void refuse()
    {
        QFETCH(QString, text);
        QFETCH(int, dimension);
        QFETCH(QString, message);
        auto parsed = parseQuantity(text.toStdString(), static_cast<Dimension>(dimension), true);
        QVERIFY(!parsed.value);
        QVERIFY2(QString::fromStdString(parsed.error).contains(message), parsed.error.c_str());
    }

    void format_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("dimension");
        QTest::addColumn<QString>("expected");
        QTest::newRow("989 TFLOP/s") << 989e12 << static_cast<int>(Dimension::FlopsPerSecond) << "989 TFLOP/s";
        QTest::newRow("3.35 TB/s") << 3.35e12 << static_cast<int>(Dimension::BytesPerSecond) << "3.35 TB/s";
        QTest::newRow("rounds up a prefix") << 999.96e9 << static_cast<int>(Dimension::BytesPerSecond) << "1 TB/s";
        QTest::newRow("1.2 ms") << 1.2e-3 << static_cast<int>(Dimension::Seconds) << "1.2 ms";
        QTest::newRow("45 GB/s") << 4.5e10 << static_cast<int>(Dimension::BytesPerSecond) << "45 GB/s";
        QTest::newRow("intensity") << 240.24 << static_cast<int>(Dimension::FlopsPerByte) << "240 FLOP/B";
        QTest::newRow("small intensity") << 0.5 << static_cast<int>(Dimension::FlopsPerByte) << "0.5 FLOP/B";
        QTest::newRow("zero seconds") << 0.0 << static_cast<int>(Dimension::Seconds) << "0 s";
    }
    void format()
    {
        QFETCH(double, value);
        QFETCH(int, dimension);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(formatQuantity(value, static_cast<Dimension>(dimension))), expected);
    }

    void exactRoundTrip()
    {
        for (double v : { 1.97e14, 0.1, 8755.555555555555, 3.35e12, 1e-9 }) {
            QCOMPARE(*parseNumber(formatExact(v)), v);
        }
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestUnits)
#include "test_units.moc"
