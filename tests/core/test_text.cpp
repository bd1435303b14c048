// Text that can be trusted: UTF-8 checked by every loader with file:line:column, control characters
// escaped for terminals, JSON text that never throws, numbers that never underflow to 0 silently.
#include "TestMain.h"
#include "io/CsvReader.h"
#include "io/EvaluationFormat.h"
#include "io/HardwareLoader.h"
#include "io/Importers.h"
#include "io/SessionFile.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace roofscope;

namespace {
const std::string kSession = "schema: roofscope-session/1\n"
                             "title: t\n"
                             "kernels:\n"
                             "  - {name: NAME, flops: 1e9, bytes: {hbm: 1e6}}\n";

std::string replaced(std::string text, const std::string& what, const std::string& with)
{
    text.replace(text.find(what), what.size(), with);
    return text;
}
} // namespace

class TestText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void findsInvalidUtf8_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("offset"); // -1: valid
        QTest::newRow("ascii") << QByteArray("plain text, long enough for the eight-byte path") << -1;
        QTest::newRow("two-byte e acute") << QByteArray("caf\xC3\xA9") << -1;
        QTest::newRow("three-byte euro") << QByteArray("\xE2\x82\xAC 5") << -1;
        QTest::newRow("four-byte emoji") << QByteArray("x \xF0\x9F\x98\x80") << -1;
        QTest::newRow("largest code point U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << -1;
        QTest::newRow("lone 0xFF after 9 ascii bytes") << QByteArray("abcdefghi\xFFz") << 9;
        QTest::newRow("continuation byte alone") << QByteArray("a\x80") << 1;
        QTest::newRow("overlong slash C0 AF") << QByteArray("\xC0\xAF") << 0;
        QTest::newRow("overlong E0 80 AF") << QByteArray("\xE0\x80\xAF") << 0;
        QTest::newRow("surrogate ED A0 80") << QByteArray("ok\xED\xA0\x80") << 2;
        QTest::newRow("above U+10FFFF F4 90") << QByteArray("\xF4\x90\x80\x80") << 0;
        QTest::newRow("F5 lead byte") << QByteArray("\xF5\x80\x80\x80") << 0;
        QTest::newRow("truncated at the end") << QByteArray("abc\xE2\x82") << 3;
        QTest::newRow("latin-1 e acute") << QByteArray("caf\xE9 au lait") << 3;
    }

    void findsInvalidUtf8()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, offset);
        const std::size_t at
            = findInvalidUtf8(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        QCOMPARE(at == std::string_view::npos ? -1 : static_cast<int>(at), offset);
    }

    void printableEscapes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("keepLayout");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("plain stays") << QByteArray("attention (fp8) caf\xC3\xA9") << false
                                     << QByteArray("attention (fp8) caf\xC3\xA9");
        QTest::newRow("escape sequence") << QByteArray("\x1B[31mred") << false << QByteArray("\\x1b[31mred");
        QTest::newRow("bell, backspace, CR, DEL") << QByteArray("a\x07"
                                                                "b\x08"
                                                                "c\rd\x7F")
                                                  << false << QByteArray("a\\x07b\\x08c\\x0dd\\x7f");
        QTest::newRow("line feed and tab escaped in a name")
            << QByteArray("a\nb\tc") << false << QByteArray("a\\x0ab\\x09c");
        QTest::newRow("line feed and tab kept in layout") << QByteArray("a\nb\tc") << true << QByteArray("a\nb\tc");
        QTest::newRow("C1 CSI U+009B") << QByteArray("x\xC2\x9B"
                                                     "2J")
                                       << false << QByteArray("x\\u009b2J");
        QTest::newRow("U+00A0 is not C1") << QByteArray("\xC2\xA0") << false << QByteArray("\xC2\xA0");
        QTest::newRow("invalid byte") << QByteArray("n\xFF") << true << QByteArray("n\\xff");
        QTest::newRow("long plain stretch, then an escape at its end")
            << QByteArray("[\n  {\"name\": \"k\"},\n  {\"name\": \"k\x1B\"}\n]\n") << true
            << QByteArray("[\n  {\"name\": \"k\"},\n  {\"name\": \"k\\x1b\"}\n]\n");
    }

    void printableEscapes()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, keepLayout);
        QFETCH(QByteArray, expected);
        const std::string out
            = printable(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), keepLayout);
        QCOMPARE(QByteArray::fromStdString(out), expected);
    }

    // One message, the same position rule (line, column in characters), for every loader.
    void loadersRefuseInvalidUtf8_data()
    {
        QTest::addColumn<QString>("loader");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("session yaml") << "session" << 4 << 14;
        QTest::newRow("hardware yaml") << "hardware" << 3 << 11;
        QTest::newRow("plain csv") << "csv" << 3 << 5;
        QTest::newRow("ncu csv") << "ncu" << 2 << 8;
        QTest::newRow("ert json") << "ert" << 2 << 12;
        QTest::newRow("csv reader, quoted field over two lines") << "csv-multiline" << 3 << 7;
    }

    void loadersRefuseInvalidUtf8()
    {
        QFETCH(QString, loader);
        QFETCH(int, line);
        QFETCH(int, column);
        Diagnostics diagnostics;
        if (loader == "session") {
            // Column 14: after "  - {name: k" and an e acute (one character, two bytes).
            auto r = loadSessionText(replaced(kSession, "NAME", "k\xC3\xA9\xFF"), "s.yaml");
            QVERIFY(!r.session);
            diagnostics = r.diagnostics;
        } else if (loader == "hardware") {
            auto r = loadHardwareText("schema: roofscope-hardware/1\nid: x\nname: bad \xFF name\n", "h.yaml");
            QVERIFY(!r.hardware);
            diagnostics = r.diagnostics;
        } else if (loader == "csv") {
            auto r = importPlainCsvText("name,flops,bytes\ngood,1e9,1e6\nbad \xFF,1e9,1e6\n", "k.csv");
            QVERIFY(r.kernels.empty());
            diagnostics = r.diagnostics;
        } else if (loader == "ncu") {
            auto r = importNcuCsvText("\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                                      "\"1\",\"\xE2\x82\xACk\xFF\",\"dram__bytes.sum\",\"byte\",\"1\"\n",
                "n.csv"); // column 8: after "1"," and a euro sign (one character, three bytes) and k
            QVERIFY(r.kernels.empty());
            diagnostics = r.diagnostics;
        } else if (loader == "ert") {
            auto r = importErtJsonText("{\n  \"name\": \"\xFF\"}\n", "roofline.json");
            QVERIFY(r.devices.empty());
            diagnostics = r.diagnostics;
        } else {
            CsvReader reader("a,b\n\"x\ny\",\"12\xFF\"\n", "m.csv", 1 << 20);
            QVERIFY(reader.next());
            QVERIFY(!reader.next());
            QVERIFY(reader.failed());
            diagnostics = { reader.error() };
        }
        QVERIFY(hasErrors(diagnostics));
        const Diagnostic* d = nullptr;
        for (const auto& e : diagnostics) {
            if (e.severity == Severity::Error) {
                d = &e;
                break;
            }
        }
        QVERIFY2(d->message.find("invalid UTF-8 (byte 0xff)") != std::string::npos, d->toString().c_str());
        QCOMPARE(d->line, line);
        QCOMPARE(d->column, column);
    }

    void jsonTextNeverThrows()
    {
        nlohmann::json value = { { "name", std::string("bad \xFF name") } };
        const std::string text = jsonText(value);
        const auto parsed = nlohmann::json::parse(text, nullptr, false);
        QVERIFY(!parsed.is_discarded());
        QCOMPARE(parsed["name"].get<std::string>(), std::string("bad \xEF\xBF\xBD name")); // U+FFFD
    }

    void underflowIsAnError_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("refused");
        QTest::newRow("1e-400 refused") << "1e-400" << true;
        QTest::newRow("0.5e-330 refused") << "0.5e-330" << true;
        QTest::newRow("0e-400 is zero") << "0e-400" << false;
        QTest::newRow("0.000 is zero") << "0.000" << false;
        QTest::newRow("1e-300 is fine") << "1e-300" << false;
        QTest::newRow("5e-324, the smallest subnormal, is kept") << "5e-324" << false;
    }

    void underflowIsAnError()
    {
        QFETCH(QString, text);
        QFETCH(bool, refused);
        const std::string s = text.toStdString();
        QCOMPARE(!parseNumber(s).has_value(), refused);
        QCOMPARE(roundsToZero(s), refused);
        const auto q = parseQuantity(s, Dimension::Flops, false);
        QCOMPARE(!q.value.has_value(), refused);
        if (!refused) {
            QCOMPARE(*parseNumber(s) > 0.0, text.front() != '0');
        } else {
            QVERIFY2(q.error.find(s) != std::string::npos && q.error.find("rounds to 0") != std::string::npos,
                q.error.c_str());
        }
    }

    void aUnitThatUnderflowsIsRefused()
    {
        // 1e-300 ns = 1e-309 s is a subnormal but not zero; 1e-320 ns is below every double.
        QVERIFY(parseQuantity("1e-300 ns", Dimension::Seconds).value.has_value());
        const auto q = parseQuantity("1e-320 ns", Dimension::Seconds);
        QVERIFY(!q.value);
        QVERIFY2(q.error.find("1e-320 ns") != std::string::npos, q.error.c_str());
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestText)
#include "test_text.moc"
