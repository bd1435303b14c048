// Session files: read, write atomically, round-trip exactly, refuse bad input with positions.
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "io/SessionEvaluator.h"
#include "io/SessionFile.h"
#include "model/Templates.h"

#include <QTemporaryDir>

#include <csignal>
#include <sys/resource.h>

using namespace roofscope;

class TestSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exampleSessionEvaluates()
    {
        auto r = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml");
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        QCOMPARE(r.session->kernels.size(), size_t(4));
        HardwareDatabase db;
        db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        auto ev = evaluateSession(*r.session, db);
        QVERIFY(ev.errors.empty());
        QCOMPARE(ev.rows.size(), size_t(16));
    }

    void roundTrip()
    {
        Session s;
        s.title = "round trip";
        s.devices = { { "nvidia-h100-sxm", "", {}, true }, { "google-tpu-v7x", "fp8", { "vmem" }, false } };
        Kernel raw;
        raw.name = "raw, with \"quotes\"";
        raw.flops = 1.2345678901234e12;
        raw.bytes = { { "default", 3.3e9 }, { "ici", 1e6 / 3.0 } };
        raw.measuredSeconds = 1.0 / 7.0;
        raw.count = 12;
        Kernel t;
        t.name = "matmul";
        t.templ
            = TemplateInstance { "matmul", { { "m", 4096 }, { "k", 1024 }, { "n", 512 } }, { { "dtype_b", "int8" } } };
        t.freeParameter = "k";
        QVERIFY(applyTemplate(t).empty());
        s.kernels = { raw, t };
        s.view.tolerance = 0.1;
        s.view.commFraction = 0.25;
        s.view.sustained = true;
        s.view.xRange = std::make_pair(0.05, 20000.0);
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.yaml").toStdString();
        QVERIFY(saveSessionFile(s, path).empty());
        auto r = loadSessionFile(path);
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        const Session& back = *r.session;
        QCOMPARE(back.title, s.title);
        QCOMPARE(back.devices.size(), size_t(2));
        QCOMPARE(back.devices[1].precision, std::string("fp8"));
        QCOMPARE(back.devices[1].disabledLevels, std::vector<std::string> { "vmem" });
        QCOMPARE(back.devices[1].visible, false);
        QCOMPARE(back.kernels[0].name, raw.name);
        QCOMPARE(back.kernels[0].flops, raw.flops); // exact, not approximately
        QCOMPARE(back.kernels[0].bytes[1].bytes, raw.bytes[1].bytes);
        QCOMPARE(*back.kernels[0].measuredSeconds, *raw.measuredSeconds);
        QCOMPARE(back.kernels[0].count, 12.0);
        QCOMPARE(back.kernels[1].flops, t.flops);
        QCOMPARE(back.kernels[1].bytesOn("default"), t.bytesOn("default"));
        QCOMPARE(back.kernels[1].freeParameter, std::string("k"));
        QCOMPARE(back.view.tolerance, 0.1);
        QCOMPARE(back.view.commFraction, 0.25);
        QCOMPARE(back.view.sustained, true);
        QCOMPARE(back.view.xRange->second, 20000.0);
        QCOMPARE(sessionToYaml(back), sessionToYaml(s));
    }

    void atomicSaveKeepsTheOldFileOnFailure()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("keep.yaml").toStdString();
        Session s;
        s.title = "first";
        QVERIFY(saveSessionFile(s, path).empty());
        // A write that fails halfway (a file size limit below the session's size, as a full disk):
        // the save fails and the file stays.
        s.title = "second, a title long enough to pass the limit of 64 bytes set for this save";
        struct rlimit old { };
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        const struct rlimit small {
            64, old.rlim_max
        };
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        const std::string error = saveSessionFile(s, path);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previousHandler);
        QVERIFY2(error.find(path) != std::string::npos, error.c_str());
        auto r = loadSessionFile(path);
        QVERIFY(r.session);
        QCOMPARE(r.session->title, std::string("first"));
    }

    void badSessions_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("line");
        QTest::newRow("syntax") << "schema: roofscope-session/1\nkernels: [\n"
                                << "YAML syntax error" << 3;
        QTest::newRow("unknown key") << "schema: roofscope-session/1\nzoom: 3\n"
                                     << "unknown key 'zoom'" << 2;
        QTest::newRow("negative bytes")
            << "schema: roofscope-session/1\nkernels:\n  - name: a\n    flops: 1e9\n    bytes: -4\n"
            << "greater than zero" << 5;
        QTest::newRow("text flops")
            << "schema: roofscope-session/1\nkernels:\n  - name: a\n    flops: lots\n    bytes: 4\n"
            << "not a number" << 4;
        QTest::newRow("bad template parameter")
            << "schema: roofscope-session/1\nkernels:\n  - template: matmul\n    params: {m: 0, k: 1, n: 1}\n"
            << "out of range" << 3;
        QTest::newRow("unknown precision") << "schema: roofscope-session/1\ndevices:\n  - id: x\n    precision: fp7\n"
                                           << "unknown precision" << 4;
        QTest::newRow("tolerance out of range") << "schema: roofscope-session/1\nview:\n  tolerance: 2\n"
                                                << "out of range" << 3;
        QTest::newRow("not a mapping") << "- a\n- b\n"
                                       << "expected a mapping" << 1;
        QTest::newRow("alias") << "schema: roofscope-session/1\ntitle: &t x\nview: *t\n"
                               << "anchors" << 2;
    }
    void badSessions()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QFETCH(int, line);
        auto r = loadSessionText(text.toStdString(), "bad.yaml");
        QVERIFY(!r.session);
        const std::string error = firstError(r.diagnostics);
        QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());
        QVERIFY2(QString::fromStdString(error).startsWith(QString("bad.yaml:%1:").arg(line)), error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
