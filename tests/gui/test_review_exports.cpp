// Review mode's exports at laptop sizes, for every example session: the comparison panel beside the
// chart names every device of the comparison with its T_min total, whatever the number of devices
// (rows give up their detail lines, then the last rows give way to a line naming them), and its legend
// says what the bar's three parts are. Read from the SVG, whose text stays text.
#include "TestMain.h"
#include "analysis/SessionEvaluator.h"
#include "chart/ChartExport.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/Units.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace roofscope;

class TestReviewExports : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
    }

    void thePanelNamesEveryDevice_data()
    {
        QTest::addColumn<QString>("session");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("theme");
        const QDir examples(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"));
        const QStringList files = examples.entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 10);
        for (const QString& file : files) {
            for (const QSize size : { QSize(1280, 720), QSize(1366, 768) }) {
                for (const char* theme : { "light", "dark" }) {
                    QTest::addRow("%s %dx%d %s", qPrintable(file), size.width(), size.height(), theme)
                        << examples.filePath(file) << size << QString::fromLatin1(theme);
                }
            }
        }
    }

    void thePanelNamesEveryDevice()
    {
        QFETCH(QString, session);
        QFETCH(QSize, size);
        QFETCH(QString, theme);
        const auto loaded = loadSessionFile(session.toStdString());
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        ChartExportOptions options;
        options.width = size.width();
        options.height = size.height();
        options.review = true;
        options.theme = theme;
        const QString svg = m_dir.filePath(QStringLiteral("review.svg"));
        QVERIFY(exportChart(*loaded.session, m_db, svg, options).isEmpty());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const auto shown = [&text](const QString& words) { return text.contains('>' + words + '<'); };
        int rows = 0;
        for (const ComparisonEntry& entry : comparison.entries) {
            if (!(entry.totals.tMin > 0.0)) {
                continue; // a device with nothing to time has no bar
            }
            ++rows;
            // The panel prints the total to three significant digits, as the comparison's formats do.
            const QString total = QString::fromStdString(formatQuantity(entry.totals.tMin, Dimension::Seconds, 3));
            QVERIFY2(shown(total), qPrintable(QString::fromStdString(entry.id) + ": " + total + " not in the panel"));
        }
        if (rows > 0) {
            for (const char* part : { "compute", "memory", "network" }) {
                QVERIFY2(shown(QString::fromLatin1(part)), part);
            }
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestReviewExports)
#include "test_review_exports.moc"
