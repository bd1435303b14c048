// Session files: read, write atomically, round-trip exactly, refuse bad input with positions.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "io/HardwareLoader.h"
#include "io/SessionAnnotations.h"
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

    // docs/file-formats.md#sessions: annotations, view.comm_fractions and view.shade_between are read,
    // written and read back.
    void annotationsAndViewExtrasRoundTrip()
    {
        const std::string text = "schema: roofscope-session/1\n"
                                 "kernels:\n"
                                 "  - {name: 4 separate kernels, flops: 1e9, bytes: {hbm: 4e9}}\n"
                                 "  - {name: 1 fused kernel, flops: 1e9, bytes: {hbm: 1e9}}\n"
                                 "annotations:\n"
                                 "  - {from: \"4 separate kernels\", to: \"1 fused kernel\"}\n"
                                 "  - {from: \"4 separate kernels\", to: \"1 fused kernel\", text: fusion}\n"
                                 "  - {text: \"VMEM bonus zone\", at: [30, 5e14]}\n"
                                 "view:\n"
                                 "  comm_fractions: [0.2, 0.4, 0.6]\n"
                                 "  shade_between: [HBM, vmem]\n";
        auto r = loadSessionText(text, "a.yaml");
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        const Session& s = *r.session;
        QCOMPARE(s.annotations.size(), size_t(3));
        QVERIFY(s.annotations[0].isArrow());
        QCOMPARE(s.annotations[0].from, std::string("4 separate kernels"));
        QCOMPARE(s.annotations[0].to, std::string("1 fused kernel"));
        QCOMPARE(s.annotations[1].text, std::string("fusion"));
        QVERIFY(!s.annotations[2].isArrow());
        QCOMPARE(s.annotations[2].text, std::string("VMEM bonus zone"));
        QCOMPARE(s.annotations[2].at->first, 30.0);
        QCOMPARE(s.annotations[2].at->second, 5e14);
        QCOMPARE(s.view.commFractions, (std::vector<double> { 0.2, 0.4, 0.6 }));
        QCOMPARE(s.view.shadeBetween, (std::vector<std::string> { "hbm", "vmem" }));
        const std::string yaml = sessionToYaml(s);
        auto back = loadSessionText(yaml, "b.yaml");
        QVERIFY2(back.session, firstError(back.diagnostics).c_str());
        QCOMPARE(back.session->annotations.size(), size_t(3));
        QCOMPARE(back.session->annotations[1].text, std::string("fusion"));
        QCOMPARE(back.session->annotations[2].at->second, 5e14);
        QCOMPARE(back.session->view.commFractions, s.view.commFractions);
        QCOMPARE(back.session->view.shadeBetween, s.view.shadeBetween);
        QCOMPARE(sessionToYaml(*back.session), yaml);
    }

    // view.x_level: the chart's x-axis level. "default" (or no key) is each device's default level;
    // "binding" and level names are kept (lower case) and written back.
    void xLevelIsReadAndWritten_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("kept");
        QTest::newRow("default") << "default"
                                 << "";
        QTest::newRow("binding") << "binding"
                                 << "binding";
        QTest::newRow("a level name, upper case") << "ICI"
                                                  << "ici";
        QTest::newRow("a level name with a dot") << "l1.5"
                                                 << "l1.5";
    }
    void xLevelIsReadAndWritten()
    {
        QFETCH(QString, value);
        QFETCH(QString, kept);
        auto r
            = loadSessionText("schema: roofscope-session/1\nview:\n  x_level: " + value.toStdString() + "\n", "x.yaml");
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        QCOMPARE(QString::fromStdString(r.session->view.xLevel), kept);
        const std::string yaml = sessionToYaml(*r.session);
        QCOMPARE(QString::fromStdString(yaml).contains("x_level"), !kept.isEmpty());
        auto back = loadSessionText(yaml, "y.yaml");
        QVERIFY2(back.session, firstError(back.diagnostics).c_str());
        QCOMPARE(back.session->view.xLevel, r.session->view.xLevel);
    }

    // view.label_intensity: whether kernel labels carry "AI=..." under the name; on unless the file says
    // otherwise, written back either way.
    void labelIntensityIsReadAndWritten_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<bool>("on");
        QTest::newRow("no key: on") << "  theme: light\n" << true;
        QTest::newRow("true") << "  label_intensity: true\n" << true;
        QTest::newRow("false") << "  label_intensity: false\n" << false;
        QTest::newRow("no") << "  label_intensity: no\n" << false;
    }
    void labelIntensityIsReadAndWritten()
    {
        QFETCH(QString, view);
        QFETCH(bool, on);
        auto r = loadSessionText("schema: roofscope-session/1\nview:\n" + view.toStdString(), "l.yaml");
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        QCOMPARE(r.session->view.labelIntensity, on);
        const std::string yaml = sessionToYaml(*r.session);
        QVERIFY2(QString::fromStdString(yaml).contains(
                     QStringLiteral("label_intensity: %1").arg(on ? QStringLiteral("true") : QStringLiteral("false"))),
            yaml.c_str());
        auto back = loadSessionText(yaml, "m.yaml");
        QVERIFY2(back.session, firstError(back.diagnostics).c_str());
        QCOMPARE(back.session->view.labelIntensity, on);
    }

    // The serving chart's view: its axes and latency target, read, written back and refused when wrong
    // (a diagnostic naming the key and its line).
    void servingViewIsReadAndWritten()
    {
        auto r = loadSessionText("schema: roofscope-session/1\nview:\n  serving_x: tokens_per_s_per_user\n"
                                 "  serving_y: tokens_per_joule\n  serving_target_ms: 50\n",
            "s.yaml");
        QVERIFY2(r.session, firstError(r.diagnostics).c_str());
        QCOMPARE(r.session->view.servingX, std::string("tokens_per_s_per_user"));
        QCOMPARE(r.session->view.servingY, std::string("tokens_per_joule"));
        QCOMPARE(r.session->view.servingTargetMs, std::optional<double>(50.0));
        const std::string yaml = sessionToYaml(*r.session);
        auto back = loadSessionText(yaml, "t.yaml");
        QVERIFY2(back.session, firstError(back.diagnostics).c_str());
        QCOMPARE(back.session->view.servingX, r.session->view.servingX);
        QCOMPARE(back.session->view.servingY, r.session->view.servingY);
        QCOMPARE(back.session->view.servingTargetMs, std::optional<double>(50.0));
        // The defaults are not written.
        auto plain = loadSessionText("schema: roofscope-session/1\n", "p.yaml");
        QVERIFY(plain.session);
        QVERIFY(!plain.session->view.servingTargetMs);
        QVERIFY(!QString::fromStdString(sessionToYaml(*plain.session)).contains(QStringLiteral("serving_")));
        for (const char* bad : { "  serving_x: batch\n", "  serving_y: flops\n", "  serving_target_ms: -5\n",
                 "  serving_target_ms: fast\n" }) {
            auto refused = loadSessionText(std::string("schema: roofscope-session/1\nview:\n") + bad, "b.yaml");
            QVERIFY2(!refused.session, bad);
            QVERIFY2(firstError(refused.diagnostics).find("b.yaml:3:") != std::string::npos,
                firstError(refused.diagnostics).c_str());
        }
    }

    // A session whose arrow lost a kernel (renamed or deleted in the window) still saves a file that loads.
    void arrowsToMissingKernelsAreNotWritten()
    {
        Session s;
        Kernel k;
        k.name = "a";
        k.flops = 1e9;
        k.bytes = { { "default", 1e9 } };
        s.kernels = { k };
        s.annotations.push_back({ "a", "gone", "", std::nullopt });
        const std::string yaml = sessionToYaml(s);
        QVERIFY(yaml.find("gone") == std::string::npos);
        QVERIFY(loadSessionText(yaml, "c.yaml").session);
    }

    void ratioLabels_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<QString>("label");
        QTest::newRow("four times the time: 4.0x") << 4e-3 << 1e-3 << "4.0x";
        QTest::newRow("faster target rounds to one decimal") << 2.5e-3 << 1e-3 << "2.5x";
        QTest::newRow("ten and more without decimals") << 12.4 << 1.0 << "12x";
        QTest::newRow("slower target below one") << 1.0 << 3.0 << "0.3x";
        QTest::newRow("no time: no label") << 0.0 << 1.0 << "";
    }
    void ratioLabels()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(annotationRatioLabel(from, to)), label);
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
            << "out of range" << 4; // at the parameter itself
        QTest::newRow("unknown precision") << "schema: roofscope-session/1\ndevices:\n  - id: x\n    precision: fp7\n"
                                           << "unknown precision" << 4;
        QTest::newRow("tolerance out of range") << "schema: roofscope-session/1\nview:\n  tolerance: 2\n"
                                                << "out of range" << 3;
        QTest::newRow("not a mapping") << "- a\n- b\n"
                                       << "expected a mapping" << 1;
        const QString twoKernels = "schema: roofscope-session/1\nkernels:\n  - {name: a, flops: 1, bytes: 1}\n"
                                   "  - {name: b, flops: 1, bytes: 1}\n";
        QTest::newRow("arrow to a kernel the session lacks") << twoKernels + "annotations:\n  - {from: a, to: c}\n"
                                                             << "no kernel named 'c'" << 6;
        QTest::newRow("arrow without its target") << twoKernels + "annotations:\n  - {from: a}\n"
                                                  << "annotations[0].to" << 6;
        QTest::newRow("free text without a place") << twoKernels + "annotations:\n  - {text: hello}\n"
                                                   << "needs 'at" << 6;
        QTest::newRow("free text at a negative intensity")
            << twoKernels + "annotations:\n  - {text: hello, at: [-1, 5]}\n"
            << "two positive numbers" << 6;
        QTest::newRow("annotation with an unknown key")
            << twoKernels + "annotations:\n  - {from: a, to: b, colour: red}\n"
            << "unknown key 'colour'" << 6;
        QTest::newRow("comm fraction of one") << "schema: roofscope-session/1\nview:\n  comm_fractions: [0.2, 1]\n"
                                              << "comm_fractions[1]" << 3;
        QTest::newRow("comm fractions not a list") << "schema: roofscope-session/1\nview:\n  comm_fractions: 0.2\n"
                                                   << "view.comm_fractions" << 3;
        QTest::newRow("shade between one level") << "schema: roofscope-session/1\nview:\n  shade_between: [hbm]\n"
                                                 << "two level names" << 3;
        QTest::newRow("shade between a level and itself")
            << "schema: roofscope-session/1\nview:\n  shade_between: [hbm, HBM]\n"
            << "two different levels" << 3;
        QTest::newRow("x level not a name") << "schema: roofscope-session/1\nview:\n  x_level: \"h b m\"\n"
                                            << "view.x_level" << 3;
        QTest::newRow("x level a list") << "schema: roofscope-session/1\nview:\n  x_level: [hbm]\n"
                                        << "'default', 'binding' or a level name" << 3;
        QTest::newRow("x level empty") << "schema: roofscope-session/1\nview:\n  x_level: \"\"\n"
                                       << "view.x_level" << 3;
        QTest::newRow("label intensity not a boolean")
            << "schema: roofscope-session/1\nview:\n  theme: light\n  label_intensity: maybe\n"
            << "view.label_intensity: expected true or false" << 4;
        QTest::newRow("label intensity a list") << "schema: roofscope-session/1\nview:\n  label_intensity: [true]\n"
                                                << "view.label_intensity" << 3;
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

ROOFSCOPE_TEST_APPLESS_MAIN(TestSession)
#include "test_session.moc"
