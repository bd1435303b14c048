#include "TestMain.h"
// rocprof-compute's analysis database (SQLite): the fixture's numbers worked out by hand, and hostile
// databases (views in place of tables, missing columns, values of the wrong type, truncated files,
// FIFOs) that must give one clear error or warning, never a crash or a hang.
#include "ImportTestUtil.h"
#include "TestUtil.h"
#include "io/ImportDetect.h"
#include "io/Importers.h"

#include <QTemporaryDir>

#include <sqlite3.h>
#include <sys/stat.h>

#include <fstream>
#include <iterator>

using namespace roofscope;
using roofscope::test::bytesOn;
using roofscope::test::mentions;
using roofscope::test::messages;

namespace {
const std::string kDb = ROOFSCOPE_TEST_DATA_DIR "/import/rocprof-db/analysis.db";

// A database made of `sql` at `path`.
bool makeDb(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return false;
    }
    const bool ok = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// The tables of schema 2.0.0 that the importer reads, with one workload and one kernel.
const std::string kTables
    = "CREATE TABLE compute_workload (workload_id INTEGER PRIMARY KEY, name VARCHAR, sub_name "
      "VARCHAR, sys_info_extdata JSON, roofline_bench_extdata JSON, profiling_config_extdata JSON);"
      "CREATE TABLE compute_kernel (kernel_uuid INTEGER PRIMARY KEY, workload_id INTEGER, "
      "kernel_name VARCHAR);"
      "CREATE TABLE compute_dispatch (dispatch_uuid INTEGER PRIMARY KEY, kernel_uuid INTEGER, "
      "dispatch_id INTEGER, gpu_id INTEGER, start_timestamp INTEGER, end_timestamp INTEGER);"
      "INSERT INTO compute_workload VALUES (1, 'w', 'MI300X', NULL, NULL, NULL);";
const std::string kRooflineTable = "CREATE TABLE compute_kernel_roofline_data (roofline_uuid INTEGER PRIMARY KEY, "
                                   "kernel_uuid INTEGER, total_flops FLOAT, l0_cache_data FLOAT, l1_cache_data FLOAT, "
                                   "l2_cache_data FLOAT, hbm_cache_data FLOAT, lds_cache_data FLOAT);";

bool hasMessage(const ImportResult& r, const std::string& text)
{
    return messages(r).find(text) != std::string::npos;
}
} // namespace

class TestImportRocprofDb : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The fixture (tests/data/import/rocprof-db/make_fixture.py): daxpy over 1,048,576 doubles, two
    // dispatches of 10,000 ns and 30,000 ns. total_flops = 4,194,304 FLOPs / 40,000 ns = 104.8576
    // GFLOP/s, so FLOPs = 104.8576 x 40,000 = 4,194,304, per dispatch 2,097,152; HBM and L2 intensity
    // 1/12 FLOP/byte -> 4,194,304 x 12 / 2 = 25,165,824 bytes per dispatch; L1 1/24 -> 50,331,648.
    // Time per dispatch 40,000 ns / 2 = 20 us. vecCopy did no FLOPs: left out with a warning.
    void fixtureKernels()
    {
        const ImportResult r = importRocprofDb(kDb);
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), std::size_t { 1 });
        const Kernel& k = r.kernels.front().kernel;
        QCOMPARE(k.name, std::string("daxpy_kernel(int, double, double const*, double*)"));
        QCOMPARE(k.count, 2.0);
        QVERIFY(qFuzzyCompare(k.flops, 2097152.0));
        QVERIFY(k.measuredSeconds && qFuzzyCompare(*k.measuredSeconds, 20e-6));
        QVERIFY(qFuzzyCompare(bytesOn(k, "hbm"), 25165824.0));
        QVERIFY(qFuzzyCompare(bytesOn(k, "l2"), 25165824.0));
        QVERIFY(qFuzzyCompare(bytesOn(k, "l1"), 50331648.0));
        QCOMPARE(bytesOn(k, "lds"), -1.0); // NULL intensity: the level is absent
        QVERIFY(k.precision.empty());
        QVERIFY2(hasMessage(r, "vecCopy") && hasMessage(r, "total_flops is 0"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "over all precisions"), messages(r).c_str());
    }

    // The roofs: roofline.csv's device 0 of the MI200 workload, kept in roofline_bench_extdata
    // (HBMBw 1388.7961 GB/s, FP64Flops 20279.322 GFLOP/s), named from sys_info_extdata.
    void fixtureDevice()
    {
        const ImportResult r = importRocprofDb(kDb);
        QCOMPARE(r.devices.size(), std::size_t { 1 });
        const Hardware& hw = r.devices.front();
        QVERIFY2(hw.id.find("mi200") != std::string::npos, hw.id.c_str());
        const BandwidthLevel* hbm = hw.findLevel("hbm");
        QVERIFY(hbm && qFuzzyCompare(hbm->bytesPerSecond, 1388.7961e9));
        const BandwidthLevel* lds = hw.findLevel("lds");
        QVERIFY(lds && qFuzzyCompare(lds->bytesPerSecond, 17717.547e9));
        bool fp64 = false;
        for (const auto& c : hw.compute) {
            fp64 = fp64 || (c.precision == "fp64" && c.unit == "valu" && qFuzzyCompare(c.flopsPerSecond, 20279.322e9));
        }
        QVERIFY(fp64);
    }

    void detection()
    {
        QCOMPARE(detectImportFormat(kDb), std::string("rocprof-db"));
        QTemporaryDir dir;
        const std::string other = dir.filePath("other.db").toStdString();
        QVERIFY(makeDb(other, "CREATE TABLE t (x INTEGER);"));
        QCOMPARE(detectImportFormat(other), std::string("sqlite"));
        const ImportResult r = importFiles({ other });
        QVERIFY(!r.ok());
        QVERIFY2(hasMessage(r, "without the tables"), messages(r).c_str());
    }

    void notADatabase()
    {
        QTemporaryDir dir;
        const std::string text = dir.filePath("a.db").toStdString();
        std::ofstream(text) << "name,flops\n";
        ImportResult r = importRocprofDb(text);
        QVERIFY(!r.ok() && hasMessage(r, "not an SQLite database"));
        r = importRocprofDb(dir.path().toStdString());
        QVERIFY(!r.ok() && hasMessage(r, "folder"));
        r = importRocprofDb(dir.filePath("none.db").toStdString());
        QVERIFY(!r.ok() && hasMessage(r, "No such file or directory"));
        // A FIFO is refused before it is opened (opening it would wait for a writer).
        const std::string fifo = dir.filePath("fifo.db").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        r = importRocprofDb(fifo);
        QVERIFY2(!r.ok() && hasMessage(r, "not a regular file"), messages(r).c_str());
        // The fixture cut short: SQLite's header, then nothing it can read.
        std::ifstream in(kDb, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::string cut = dir.filePath("cut.db").toStdString();
        std::ofstream(cut, std::ios::binary) << bytes.substr(0, 2000);
        r = importRocprofDb(cut);
        QVERIFY2(!r.ok() && r.kernels.empty(), messages(r).c_str());
        // Over the size limit: refused before SQLite reads it.
        ImportOptions small;
        small.maxFileBytes = 1024;
        r = importRocprofDb(kDb, small);
        QVERIFY2(!r.ok() && hasMessage(r, "over the"), messages(r).c_str());
    }

    // A view named like a table could run any query (here an endless one): it is not read.
    void viewInPlaceOfTable()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("view.db").toStdString();
        QVERIFY(makeDb(path,
            kTables
                + "CREATE VIEW compute_kernel_roofline_data AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL "
                  "SELECT x + 1 FROM c) SELECT x AS kernel_uuid, x AS total_flops, x AS l1_cache_data, x AS "
                  "l2_cache_data, x AS hbm_cache_data FROM c;"));
        const ImportResult r = importRocprofDb(path);
        QVERIFY(!r.ok());
        QVERIFY2(messages(r).rfind(path + ": error: compute_kernel_roofline_data: no such table", 0) == 0,
            messages(r).c_str());
    }

    void missingColumn()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("col.db").toStdString();
        QVERIFY(makeDb(path,
            kTables
                + "CREATE TABLE compute_kernel_roofline_data (kernel_uuid INTEGER, total_flops FLOAT, "
                  "l1_cache_data FLOAT, l2_cache_data FLOAT);"));
        const ImportResult r = importRocprofDb(path);
        QVERIFY(!r.ok());
        QVERIFY2(hasMessage(r, "compute_kernel_roofline_data.hbm_cache_data: no such column"), messages(r).c_str());
    }

    // Values of every wrong kind: each kernel is left out with a warning naming its table and column;
    // the one good kernel is read (1e9 FLOPs over 1,000 ns = 1,000 GFLOP/s; HBM intensity 10).
    void hostileValues()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("bad.db").toStdString();
        QVERIFY(makeDb(path,
            kTables + kRooflineTable
                + "INSERT INTO compute_kernel VALUES (1, 1, 'good'), (2, 1, X'00ff'), (3, 1, 'text_flops'), "
                  "(4, 1, 'backwards'), (5, 1, 'no_dispatch'), (6, 1, 'negative'), (7, 1, 'huge');"
                  "INSERT INTO compute_dispatch VALUES (1, 1, 0, 0, 1000, 2000), (2, 2, 0, 0, 0, 10), "
                  "(3, 3, 0, 0, 0, 10), (4, 4, 0, 0, 50, 10), (6, 6, 0, 0, 0, 10), "
                  "(7, 7, 0, 0, -9223372036854775808, 9223372036854775807);"
                  "INSERT INTO compute_kernel_roofline_data VALUES (1, 1, 1000.0, NULL, NULL, NULL, 10.0, NULL), "
                  "(3, 3, 'abc', NULL, 1, 1, 1, NULL), (4, 4, 1, NULL, 1, 1, 1, NULL), "
                  "(6, 6, -5, NULL, 1, 1, 1, NULL), (7, 7, 1e308, NULL, 1e-308, 1e-308, 1e-308, NULL);"));
        const ImportResult r = importRocprofDb(path);
        QVERIFY2(r.ok(), messages(r).c_str());
        QCOMPARE(r.kernels.size(), std::size_t { 1 });
        QCOMPARE(r.kernels.front().kernel.name, std::string("good"));
        QVERIFY(qFuzzyCompare(r.kernels.front().kernel.flops, 1e6)); // 1,000 GFLOP/s x 1,000 ns
        QVERIFY(qFuzzyCompare(bytesOn(r.kernels.front().kernel, "hbm"), 1e5));
        QVERIFY2(hasMessage(r, "compute_kernel row 2"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "'text_flops'") && hasMessage(r, "total_flops is not a number"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "'backwards'") && hasMessage(r, "start_timestamp < end_timestamp"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "'no_dispatch'") && hasMessage(r, "no dispatch"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "'negative'"), messages(r).c_str());
        QVERIFY2(hasMessage(r, "'huge'"), messages(r).c_str());
        QVERIFY(r.devices.empty());
        QVERIFY2(hasMessage(r, "roofline_bench_extdata of workload w/MI300X is empty"), messages(r).c_str());
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestImportRocprofDb)
#include "test_import_rocprof_db.moc"
