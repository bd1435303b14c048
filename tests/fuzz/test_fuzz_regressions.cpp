// Every stored fuzz input, the seeds and those that once failed, replayed through the fuzz targets
// in the normal build (and under the sanitizers in `make test-asan`): none may crash or abort.
#include "FuzzTargets.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <map>
#include <string>

using namespace roofscope;

namespace {

using Target = int (*)(const std::uint8_t*, std::size_t);

const std::map<QString, Target>& targets()
{
    static const std::map<QString, Target> all { { "hardware_yaml", fuzz::hardwareYaml },
        { "session_yaml", fuzz::sessionYaml }, { "ncu_csv", fuzz::ncuCsv }, { "rocprof_csv", fuzz::rocprofCsv },
        { "ert_json", fuzz::ertJson }, { "jax_json", fuzz::jaxJson }, { "xprof_json", fuzz::xprofJson },
        { "rocprof_db", fuzz::rocprofDb }, { "plain_csv", fuzz::plainCsv }, { "advisor_csv", fuzz::advisorCsv },
        { "units", fuzz::units }, { "session_evaluate_print", fuzz::sessionEvaluatePrint } };
    return all;
}

} // namespace

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyTargetHasSeeds_data()
    {
        QTest::addColumn<QString>("target");
        for (const auto& [name, function] : targets()) {
            (void)function;
            QTest::newRow(name.toUtf8().constData()) << name;
        }
    }

    void everyTargetHasSeeds()
    {
        QFETCH(QString, target);
        const QDir corpus(QStringLiteral(ROOFSCOPE_FUZZ_DIR "/corpus/") + target);
        QVERIFY2(corpus.exists() && !corpus.entryList(QDir::Files).isEmpty(), qPrintable(corpus.path()));
    }

    void storedInputsRunCleanly_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        for (const char* kind : { "corpus", "regressions" }) {
            for (const auto& [name, function] : targets()) {
                (void)function;
                const QDir dir(QStringLiteral(ROOFSCOPE_FUZZ_DIR "/") + kind + "/" + name);
                for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
                    QTest::newRow(qPrintable(QString(kind) + "/" + name + "/" + file)) << name << dir.filePath(file);
                }
            }
        }
    }

    void storedInputsRunCleanly()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        // A crash, an abort or an exception ends the suite: the input's name is the row's name.
        const int result = targets().at(target)(
            reinterpret_cast<const std::uint8_t*>(bytes.constData()), static_cast<std::size_t>(bytes.size()));
        QCOMPARE(result, 0);
    }
};

ROOFSCOPE_TEST_APPLESS_MAIN(TestFuzzRegressions)
#include "test_fuzz_regressions.moc"
