// `table --format json` writes each evaluation straight to text (appendEvaluationJson) instead of
// building evaluationToJson's tree and dumping it. The tree is the reference: for every example
// session, every row, and rows made to carry each optional key and every awkward string, both must
// give the same bytes.
#include "TestMain.h"
#include "analysis/SessionEvaluator.h"
#include "io/EvaluationFormat.h"
#include "io/EvaluationJsonWriter.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"

#include <nlohmann/json.hpp>

#include "model/ChipScaling.h"

#include <QDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace roofscope;

namespace {

// The tree's text with every line after the first indented by `indent` spaces.
std::string reference(const Evaluation& ev, const Kernel& kernel, int indent)
{
    const std::string text = jsonText(evaluationToJson(ev, kernel));
    std::string out;
    for (const char c : text) {
        out += c;
        if (c == '\n') {
            out.append(static_cast<size_t>(indent), ' ');
        }
    }
    return out;
}

std::string written(const Evaluation& ev, const Kernel& kernel, int indent)
{
    std::string out = "prefix:";
    appendEvaluationJson(out, ev, kernel, indent);
    return out.substr(7); // appends, never replaces
}

const HardwareDatabase& database()
{
    static HardwareDatabase db = [] {
        HardwareDatabase d;
        d.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        return d;
    }();
    return db;
}

// A session whose rows carry every optional key: sustained roofs (peak), a working set (fits), a
// template with parameters and options, a measured time, and a device with a launch overhead.
const char* kEveryKey = "schema: roofscope-session/1\n"
                        "devices: [nvidia-h100-sxm, google-tpu-v5e, amd-instinct-mi300x]\n"
                        "kernels:\n"
                        "  - {name: measured, flops: 1e12, bytes: {hbm: 4e9}, measured: 3 ms, working_set: 1 GB}\n"
                        "  - {name: mm, template: matmul, params: {m: 4096, n: 4096, k: 4096, dtype: bf16}}\n"
                        "  - {name: tiny, flops: 1e3, bytes: {hbm: 10, l2: 20}, measured: 1 s}\n"
                        "view: {sustained: true}\n";

} // namespace

class TestEvaluationJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameBytesAsTheTree_data()
    {
        QTest::addColumn<QString>("source"); // a session file, or "every-key"
        QTest::newRow("every optional key") << QStringLiteral("every-key");
        const QDir examples(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"));
        const auto files = examples.entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 5);
        for (const QString& file : files) {
            QTest::newRow(qPrintable(file)) << examples.filePath(file);
        }
    }

    void sameBytesAsTheTree()
    {
        QFETCH(QString, source);
        const SessionLoadResult loaded = source == QStringLiteral("every-key")
            ? loadSessionText(kEveryKey, "every-key.yaml")
            : loadSessionFile(source.toStdString());
        QVERIFY2(loaded.session, firstError(loaded.diagnostics).c_str());
        const SessionEvaluation evaluation = evaluateSession(*loaded.session, database());
        QVERIFY(!evaluation.rows.empty());
        for (const SessionRow& row : evaluation.rows) {
            const Kernel& kernel = evaluation.kernels[row.expandedIndex];
            for (const int indent : { 0, 2 }) {
                QCOMPARE(written(row.evaluation, kernel, indent), reference(row.evaluation, kernel, indent));
            }
        }
        if (source == QStringLiteral("every-key")) { // the session does what it is for
            const std::string all = written(evaluation.rows.front().evaluation, evaluation.kernels.front(), 0);
            for (const char* key : { "\"peak\"", "\"fits\"", "\"measured_s\"", "\"within_bounds\"",
                     "\"launch_overhead_s\"", "\"working_set_bytes\"" }) {
                QVERIFY2(all.find(key) != std::string::npos, key);
            }
            bool templ = false;
            for (const SessionRow& row : evaluation.rows) {
                templ = templ
                    || written(row.evaluation, evaluation.kernels[row.expandedIndex], 0).find("\"template\"")
                        != std::string::npos;
            }
            QVERIFY(templ);
        }
    }

    // A session large enough to be evaluated on two threads keeps the rows and errors in the order a
    // plain loop gives: kernel by kernel, the session's devices in order, each failed pair's error
    // where its row would be. Each row is checked against evaluating its pair alone.
    void largeSessionKeepsItsOrder()
    {
        std::string text = "schema: roofscope-session/1\n"
                           "devices: [nvidia-h100-sxm, {id: google-tpu-v5e, chips: 4}, google-tpu-v7x]\n"
                           "kernels:\n";
        constexpr int kKernels = 4000; // x 3 devices: over the two-thread threshold
        for (int i = 0; i < kKernels; ++i) {
            if (i == 1234 || i == 3999) { // no fp64 on the TPUs: one error each on two devices
                text += "  - {name: k" + std::to_string(i) + ", flops: 1e9, bytes: {hbm: 1e7}, precision: fp64}\n";
            } else if (i % 1000 == 7) { // sharded: copied and scaled to the device's chips
                text += "  - {name: s" + std::to_string(i)
                    + ", template: sharded_matmul, params: {b: 1024, d: 8192, f: 8192, chips: 2, dtype: bf16}}\n";
            } else {
                text += "  - {name: k" + std::to_string(i) + ", flops: " + std::to_string(1e6 * (i + 1))
                    + ", bytes: {hbm: " + std::to_string(1e4 * (i % 97 + 1)) + "}, precision: bf16}\n";
            }
        }
        const SessionLoadResult loaded = loadSessionText(text, "large.yaml");
        QVERIFY2(loaded.session, firstError(loaded.diagnostics).c_str());
        const Session& session = *loaded.session;
        const SessionEvaluation evaluation = evaluateSession(session, database());

        std::vector<std::string> errors;
        size_t row = 0;
        for (size_t k = 0; k < session.kernels.size(); ++k) {
            for (size_t d = 0; d < session.devices.size(); ++d) {
                const Hardware* hw = database().find(session.devices[d].id);
                QVERIFY(hw);
                Kernel kernel = session.kernels[k];
                QVERIFY(kernelOnChips(kernel, session.devices[d].chips).empty());
                const Hardware device = sessionHardware(*hw, session.devices[d]);
                placeCollectiveBytes(kernel, device);
                const EvaluationResult alone = evaluate(kernel, device, sessionOptions(session, session.devices[d]));
                if (!alone.evaluation) {
                    errors.push_back(kernel.name + " on " + session.devices[d].label() + ": " + alone.error);
                    continue;
                }
                QVERIFY(row < evaluation.rows.size());
                const SessionRow& got = evaluation.rows[row++];
                QCOMPARE(got.kernelIndex, k);
                QCOMPARE(got.deviceIndex, d);
                QCOMPARE(got.expandedIndex, k);
                QCOMPARE(got.evaluation.kernelName, alone.evaluation->kernelName);
                QCOMPARE(got.evaluation.tMin, alone.evaluation->tMin);
                QCOMPARE(got.evaluation.binding, alone.evaluation->binding);
            }
        }
        QCOMPARE(row, evaluation.rows.size());
        QCOMPARE(errors.size(), size_t(4)); // the two fp64 kernels on both TPUs
        QCOMPARE(evaluation.errors, errors);
        QCOMPARE(evaluation.kernels.size(), session.kernels.size());

        // Moving the kernels instead of copying them gives the same rows, errors and kernels.
        Session moved = session;
        const SessionEvaluation taken = evaluateSessionTakingKernels(moved, database());
        QCOMPARE(taken.errors, evaluation.errors);
        QCOMPARE(taken.rows.size(), evaluation.rows.size());
        for (size_t r = 0; r < taken.rows.size(); ++r) {
            const SessionRow& a = taken.rows[r];
            QCOMPARE(written(a.evaluation, taken.kernels[a.expandedIndex], 2),
                written(evaluation.rows[r].evaluation, evaluation.kernels[evaluation.rows[r].expandedIndex], 2));
        }
        QCOMPARE(taken.kernels.size(), session.kernels.size());
        QCOMPARE(taken.kernels.back().name, session.kernels.back().name);
    }

    // Strings that need escapes or are not UTF-8, keys of both maps, values JSON cannot hold, no levels.
    void awkwardValues_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("quotes, backslash, controls, invalid UTF-8") << 0;
        QTest::newRow("non-finite numbers and negative zero") << 1;
        QTest::newRow("no levels, empty strings") << 2;
        QTest::newRow("repeated level, fit and parameter names") << 3;
    }

    void awkwardValues()
    {
        QFETCH(int, variant);
        const SessionLoadResult loaded = loadSessionText(kEveryKey, "every-key.yaml");
        QVERIFY(loaded.session);
        const SessionEvaluation evaluation = evaluateSession(*loaded.session, database());
        QVERIFY(!evaluation.rows.empty());
        Evaluation ev = evaluation.rows.front().evaluation;
        Kernel kernel = evaluation.kernels.front();
        switch (variant) {
        case 0:
            ev.kernelName = "a \"quoted\" \\ name\twith\x01 control \xFF bad caf\xC3\xA9 \xC2\x9B";
            ev.hardwareName = "\xE2\x82\xAC \n";
            ev.warnings = { "line\nbreak", "plain", "\x7F" };
            ev.levelNotes = { "HBM bytes counted on \"GDDR\"", "L2\tbytes" }; // issue 24's keys in order
            ev.likeForLikeLevels = false;
            ev.measuredOn = "tpu\nv7x";
            ev.levels.front().name = "h\"bm";
            ev.fits = { { "\xFFlevel", true } };
            break;
        case 1:
            ev.attainable = std::numeric_limits<double>::infinity();
            ev.tMin = std::numeric_limits<double>::quiet_NaN();
            ev.flops = -0.0;
            ev.commFraction = 1e-300;
            ev.levels.front().intensity = -std::numeric_limits<double>::infinity();
            ev.levels.front().bytes = 1e21;
            kernel.count = 123456789012345678.0;
            break;
        case 2:
            ev.levels.clear();
            ev.nearestLevel.clear();
            ev.binding.clear();
            ev.unit.clear();
            ev.fits.clear();
            ev.warnings.clear();
            kernel.workingSetBytes.reset();
            break;
        case 3: {
            LevelEvaluation copy = ev.levels.front();
            copy.bytes = 7.0;
            ev.levels.push_back(copy); // the same name again: the last one wins, as in a map
            ev.levels.insert(ev.levels.begin(), LevelEvaluation { "aaa", LevelKind::Memory, 1, 2, 3, 4, 5 });
            ev.fits = { { "hbm", true }, { "hbm", false }, { "a", true } };
            TemplateInstance t;
            t.name = "matmul";
            t.params = { { "m", 1.0 }, { "dtype", 2.0 } };
            t.options = { { "dtype", "bf16" }, { "link", "ici" } };
            kernel.templ = t;
            break;
        }
        default:
            QFAIL("unknown variant");
        }
        for (const int indent : { 0, 2, 5 }) {
            QCOMPARE(written(ev, kernel, indent), reference(ev, kernel, indent));
        }
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestEvaluationJson)
#include "test_evaluation_json.moc"
