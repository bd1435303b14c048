// Bad and hostile inputs for every importer: each ends in an error naming the file (and line and
// column where there is one), never a crash. Big inputs are made here in a temporary folder.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/Importers.h"

#include <QFile>
#include <QTemporaryDir>

#include <filesystem>
#include <fstream>
#include <random>

using namespace roofscope;

namespace {
const std::string kHostileData = ROOFSCOPE_TEST_DATA_DIR "/import/";

enum class Format { Ncu, Rocprof, Ert, Plain, Advisor };

ImportResult importAs(Format format, const std::string& path)
{
    switch (format) {
    case Format::Ncu:
        return importNcuCsv(path);
    case Format::Rocprof:
        return importRocprof({ path });
    case Format::Ert:
        return importErtJson(path);
    case Format::Plain:
        return importPlainCsv(path);
    case Format::Advisor:
        return importAdvisorCsv(path);
    }
    return {};
}

std::string readHostileFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

void writeHostileFile(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

const Diagnostic* firstErrorOf(const ImportResult& r)
{
    for (const auto& d : r.diagnostics) {
        if (d.severity == Severity::Error) {
            return &d;
        }
    }
    return nullptr;
}

void addFormats()
{
    QTest::addColumn<int>("format");
    QTest::newRow("ncu") << int(Format::Ncu);
    QTest::newRow("rocprof") << int(Format::Rocprof);
    QTest::newRow("ert") << int(Format::Ert);
    QTest::newRow("plain csv") << int(Format::Plain);
    QTest::newRow("advisor") << int(Format::Advisor);
}
} // namespace

class TestImportHostile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void truncatedFiles_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("cut"); // bytes kept
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        // output.csv cut after the opening quote of row 2's "Grid Size": the quote never closes.
        QTest::newRow("ncu inside a quoted value")
            << int(Format::Ncu) << "ncu/output.csv" << 250 << 2 << "never closes";
        // Cut after the 4th field of row 4: the row has fewer fields than the header.
        QTest::newRow("ncu inside a row")
            << int(Format::Ncu) << "ncu/output.csv" << 560 << 4 << "fields where the header";
        QTest::newRow("ncu inside the header") << int(Format::Ncu) << "ncu/output.csv" << 100 << 1 << "never closes";
        QTest::newRow("rocprof pmc_perf")
            << int(Format::Rocprof) << "rocprof-compute/pmc_perf.csv" << 1000 << 2 << "fields where the header";
        QTest::newRow("ert") << int(Format::Ert) << "ert/roofline.json" << 1500 << 68 << "not valid JSON";
        QTest::newRow("plain csv") << int(Format::Plain) << "plain/kernels.csv" << 160 << 3
                                   << "fields where the header";
        // survey.csv cut halfway along line 6 (and inside the quoted function name of line 11).
        QTest::newRow("advisor inside a row")
            << int(Format::Advisor) << "advisor/survey.csv" << 390 << 6 << "fields where the header";
        QTest::newRow("advisor inside a quoted name")
            << int(Format::Advisor) << "advisor/survey.csv" << 910 << 11 << "never closes";
    }

    void truncatedFiles()
    {
        QFETCH(int, format);
        QFETCH(QString, source);
        QFETCH(int, cut);
        QFETCH(int, line);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string path = dir.filePath("cut").toStdString();
        writeHostileFile(path, readHostileFile(kHostileData + source.toStdString()).substr(0, size_t(cut)));
        const auto r = importAs(Format(format), path);
        QVERIFY(!r.ok());
        QVERIFY(r.kernels.empty() && r.devices.empty());
        const Diagnostic* d = firstErrorOf(r);
        QVERIFY(d);
        QCOMPARE(d->file, path);
        QVERIFY2(d->message.find(message.toStdString()) != std::string::npos, d->toString().c_str());
        QCOMPARE(d->line, line);
    }

    void wrongColumns_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("message");
        QTest::newRow("rocprof file as ncu") << int(Format::Ncu) << "rocprof-compute/pmc_perf.csv"
                                             << "no Nsight Compute CSV header";
        QTest::newRow("ncu file as rocprof") << int(Format::Rocprof) << "ncu/output.csv"
                                             << "not a rocprof-compute";
        QTest::newRow("csv as ert") << int(Format::Ert) << "plain/kernels.csv"
                                    << "not valid JSON";
        QTest::newRow("ncu file as plain csv") << int(Format::Plain) << "ncu/output.csv"
                                               << "the header needs name";
        QTest::newRow("sysinfo alone") << int(Format::Rocprof) << "rocprof-compute/sysinfo.csv"
                                       << "yields nothing";
    }

    void wrongColumns()
    {
        QFETCH(int, format);
        QFETCH(QString, source);
        QFETCH(QString, message);
        const auto r = importAs(Format(format), kHostileData + source.toStdString());
        QVERIFY(!r.ok());
        const Diagnostic* d = firstErrorOf(r);
        QVERIFY2(d->message.find(message.toStdString()) != std::string::npos, d->toString().c_str());
    }

    void wrongColumnsInline_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("ncu: no metric columns")
            << int(Format::Ncu) << "\"ID\",\"Kernel Name\",\"Foo\"\n\"0\",\"k\",\"1\"\n"
            << "nor any roofline metric column";
        QTest::newRow("ncu: no kernel name") << int(Format::Ncu) << "\"ID\",\"Metric Name\",\"Metric Value\"\n"
                                             << "no \"Kernel Name\" column";
        QTest::newRow("ert: no empirical") << int(Format::Ert) << "{\"spec\": {}}"
                                           << "no 'empirical' object";
        QTest::newRow("ert: a level as a number") << int(Format::Ert)
                                                  << "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\", -5]]}, "
                                                     "\"gflops\": {\"data\": [[\"GFLOPs\", 1]]}}}"
                                                  << "positive number";
        QTest::newRow("ert: deep nesting") << int(Format::Ert) << QString(100000, '[') << "not valid JSON";
        QTest::newRow("plain: text flops") << int(Format::Plain) << "name,flops,bytes\nk,lots,5\n"
                                           << "not a number";
        QTest::newRow("plain: negative bytes") << int(Format::Plain) << "name,flops,bytes\nk,1,-5\n"
                                               << ">= 0";
        QTest::newRow("plain: too many fields") << int(Format::Plain) << "name,flops,bytes\nk,1,5,7\n"
                                                << "fields where the header has 3";
        QTest::newRow("plain: unknown precision") << int(Format::Plain) << "name,flops,bytes,precision\nk,1,5,fp13\n"
                                                  << "unknown precision";
        QTest::newRow("empty file") << int(Format::Plain) << ""
                                    << "empty";
    }

    void wrongColumnsInline()
    {
        QFETCH(int, format);
        QFETCH(QString, text);
        QFETCH(QString, message);
        const std::string data = text.toStdString();
        const auto r = Format(format) == Format::Ncu ? importNcuCsvText(data, "inline")
            : Format(format) == Format::Ert          ? importErtJsonText(data, "inline")
                                                     : importPlainCsvText(data, "inline");
        QVERIFY(!r.ok());
        QVERIFY(r.kernels.empty() && r.devices.empty());
        const Diagnostic* d = firstErrorOf(r);
        QVERIFY2(d->message.find(message.toStdString()) != std::string::npos, d->toString().c_str());
    }

    void binaryGarbage_data() { addFormats(); }

    void binaryGarbage()
    {
        QFETCH(int, format);
        QTemporaryDir dir;
        const std::string path = dir.filePath("garbage.bin").toStdString();
        std::mt19937 random(12345);
        std::string bytes(64 * 1024, '\0');
        for (auto& b : bytes) {
            b = static_cast<char>(random() & 0xff);
        }
        writeHostileFile(path, bytes);
        const auto r = importAs(Format(format), path);
        QVERIFY(!r.ok());
        QVERIFY(r.kernels.empty() && r.devices.empty());
        const Diagnostic* d = firstErrorOf(r);
        QCOMPARE(d->file, path);
        QVERIFY2(!d->message.empty(), d->toString().c_str());
    }

    void binaryAfterAValidHeader()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("half.csv").toStdString();
        std::string text = readHostileFile(kHostileData + "ncu/output.csv").substr(0, 400);
        text = text.substr(0, text.rfind('\n') + 1) + std::string("\"0\",\"1\0\0\0", 9);
        writeHostileFile(path, text);
        const auto r = importNcuCsv(path);
        QVERIFY(!r.ok());
        const Diagnostic* d = firstErrorOf(r);
        QVERIFY2(d->message.find("binary data") != std::string::npos, d->toString().c_str());
        QCOMPARE(d->line, 3);
        QCOMPARE(d->column, 7);
    }

    // A 200 MB file: refused by its size before anything is read.
    void twoHundredMegabytes_data() { addFormats(); }

    void twoHundredMegabytes()
    {
        QFETCH(int, format);
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.csv").toStdString();
        writeHostileFile(path, "\"ID\",\"Kernel Name\"\n");
        std::filesystem::resize_file(path, 200'000'000); // sparse: no disk used
        const auto r = importAs(Format(format), path);
        QVERIFY(!r.ok());
        const Diagnostic* d = firstErrorOf(r);
        QCOMPARE(d->file, path);
        QVERIFY2(d->message.find("the file is 200 MB, over the") != std::string::npos, d->toString().c_str());
    }

    void sizeLimitIsAnOption()
    {
        ImportOptions options;
        options.maxFileBytes = 1000;
        const auto r = importNcuCsv(kHostileData + "ncu/output.csv", options); // 3,067 bytes
        QVERIFY(!r.ok());
        QVERIFY2(firstErrorOf(r)->message.find("over the 1 kB") != std::string::npos, firstErrorOf(r)->message.c_str());
    }

    // One CSV line of 10 MB: refused at that line, the reader never builds it.
    void tenMegabyteLine_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("header");
        QTest::addColumn<bool>("quoted");
        QTest::newRow("ncu") << int(Format::Ncu)
                             << "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"" << true;
        QTest::newRow("ncu unquoted") << int(Format::Ncu)
                                      << "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\""
                                      << false;
        QTest::newRow("rocprof") << int(Format::Rocprof) << "Dispatch_ID,Kernel_Name,Start_Timestamp" << false;
        QTest::newRow("plain csv") << int(Format::Plain) << "name,flops,bytes,seconds" << true;
        QTest::newRow("advisor") << int(Format::Advisor) << "ID,Function Call Sites and Loops,Self GFLOP,Self Memory GB"
                                 << true;
    }

    void tenMegabyteLine()
    {
        QFETCH(int, format);
        QFETCH(QString, header);
        QFETCH(bool, quoted);
        QTemporaryDir dir;
        const std::string path = dir.filePath("long.csv").toStdString();
        const std::string name(10'000'000, 'k');
        writeHostileFile(path,
            header.toStdString() + "\n" + (quoted ? "\"0\",\"" + name + "\"" : "0," + name) + ",1,2,3\nnext,1,2,3\n");
        const auto r = importAs(Format(format), path);
        QVERIFY(!r.ok());
        const Diagnostic* d = firstErrorOf(r);
        QCOMPARE(d->file, path);
        QCOMPARE(d->line, 2);
        QVERIFY2(d->message.find("a record longer than 1 MiB") != std::string::npos, d->toString().c_str());
    }

    void missingFileAndFolder_data() { addFormats(); }

    void missingFileAndFolder()
    {
        QFETCH(int, format);
        QTemporaryDir dir;
        const auto missing = importAs(Format(format), dir.filePath("nothing.csv").toStdString());
        QVERIFY(!missing.ok());
        QVERIFY2(firstErrorOf(missing)->message.find("no such file") != std::string::npos,
            firstErrorOf(missing)->message.c_str());
        const auto folder = importAs(Format(format), dir.path().toStdString());
        QVERIFY(!folder.ok());
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestImportHostile)
#include "test_import_hostile.moc"
