// The CSV reader under the importers: RFC 4180 quoting, positions, limits; and the profilers' numbers.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/CsvReader.h"
#include "io/ImportUtil.h"

using namespace roofscope;

namespace {
std::vector<std::string> fieldsOf(const CsvReader& r)
{
    return { r.fields().begin(), r.fields().end() };
}
} // namespace

class TestCsvReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void quotedFieldsAndPositions()
    {
        const std::string text = "a,\"b, with comma\",\"say \"\"hi\"\"\"\r\n"
                                 "\n"
                                 "\"two\nlines\",x,\n"
                                 "last,row";
        CsvReader r(text, "t.csv", 1024);
        QVERIFY(r.next());
        QCOMPARE(fieldsOf(r), (std::vector<std::string> { "a", "b, with comma", "say \"hi\"" }));
        QCOMPARE(r.line(), 1);
        QCOMPARE(r.column(0), 1);
        QCOMPARE(r.column(1), 3);
        QCOMPARE(r.column(2), 19);
        QVERIFY(r.next()); // the empty line 2 is skipped
        QCOMPARE(r.line(), 3);
        QCOMPARE(fieldsOf(r), (std::vector<std::string> { "two\nlines", "x", "" })); // trailing comma: empty field
        QCOMPARE(r.column(1), 8); // on line 4, after the quoted line break
        QVERIFY(r.next());
        QCOMPARE(r.line(), 5);
        QCOMPARE(fieldsOf(r), (std::vector<std::string> { "last", "row" }));
        QVERIFY(!r.next());
        QVERIFY(!r.failed());
    }

    void seekStartsOnALaterLine()
    {
        const std::string text = "junk \"unbalanced\nmore junk\nh1,h2\n1,2\n";
        CsvReader r(text, "t.csv", 1024);
        r.seek(text.find("h1"), 3);
        QVERIFY(r.next());
        QCOMPARE(r.line(), 3);
        QCOMPARE(fieldsOf(r), (std::vector<std::string> { "h1", "h2" }));
        QVERIFY(r.next());
        QCOMPARE(r.line(), 4);
    }

    void errors_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        QTest::newRow("unterminated quote") << QByteArray("a,b\n1,\"never\nclosed\n") << 2 << 3 << "never closes";
        QTest::newRow("text after a closing quote")
            << QByteArray("a,b\n\"x\"y,2\n") << 2 << 4 << "after a closing quote";
        QTest::newRow("NUL byte") << QByteArray("a,b\n1,2\0z\n", 10) << 2 << 4 << "binary data";
        QTest::newRow("NUL in a quoted field") << QByteArray("a,\"b\nc\0\"\n", 9) << 2 << 2 << "binary data";
        QTest::newRow("record over the limit")
            << QByteArray("a,b\n" + QByteArray(200, 'x') + "\n") << 2 << 0 << "longer than";
        QTest::newRow("quoted record over the limit")
            << QByteArray("a,b\n\"" + QByteArray(200, 'x') + "\"\n") << 2 << 0 << "longer than";
    }

    void errors()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const std::string data(text.constData(), static_cast<size_t>(text.size()));
        CsvReader r(data, "bad.csv", 100);
        while (r.next()) { }
        QVERIFY(r.failed());
        QCOMPARE(r.error().file, std::string("bad.csv"));
        QCOMPARE(r.error().line, line);
        QCOMPARE(r.error().column, column);
        QVERIFY2(r.error().message.find(message.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void counters_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("status");
        QTest::addColumn<double>("value");
        using importutil::NumberStatus;
        QTest::newRow("thousands separators") << "134,957,158,144" << int(NumberStatus::Ok) << 134957158144.0;
        QTest::newRow("decimal with separators") << "1,619,726,202.90" << int(NumberStatus::Ok) << 1619726202.90;
        QTest::newRow("scientific") << "1.5e9" << int(NumberStatus::Ok) << 1.5e9;
        QTest::newRow("spaces") << "  42 " << int(NumberStatus::Ok) << 42.0;
        QTest::newRow("nan") << "nan" << int(NumberStatus::NotANumber) << 0.0;
        QTest::newRow("NaN") << "NaN" << int(NumberStatus::NotANumber) << 0.0;
        QTest::newRow("empty") << "" << int(NumberStatus::Missing) << 0.0;
        QTest::newRow("n/a") << "n/a" << int(NumberStatus::Missing) << 0.0;
        QTest::newRow("inf") << "inf" << int(NumberStatus::Invalid) << 0.0;
        QTest::newRow("overflow") << "1e999" << int(NumberStatus::Invalid) << 0.0;
        QTest::newRow("text") << "lots" << int(NumberStatus::Invalid) << 0.0;
        QTest::newRow("very long") << QString(500, '9') << int(NumberStatus::Invalid) << 0.0;
    }

    void counters()
    {
        QFETCH(QString, text);
        QFETCH(int, status);
        QFETCH(double, value);
        const auto parsed = importutil::parseCounter(text.toStdString());
        QCOMPARE(int(parsed.status), status);
        ROOFSCOPE_COMPARE_REL(parsed.value, value, 1e-15);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestCsvReader)
#include "test_csv_reader.moc"
