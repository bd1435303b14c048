// Review mode's exports at laptop sizes, for every example session: the comparison panel beside the
// chart shows every device of the comparison with its T_min total (rows give up their detail lines
// to make room), and its legend says what the bar's three parts are; on a panel too short for every
// row, the rows it leaves out are counted and named on one line. Read from the SVG, whose text stays
// text.
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

#include <algorithm>
#include <map>

using namespace roofscope;

namespace {
// The panel's rows drawn whole in an SVG, counted by their T_min totals' text as the panel prints it
// (three significant digits). Two devices can print the same total (H200 and MI300X both read 16 ms
// on serving-70b), so a text counts as often as it is drawn, up to the number of its devices.
int rowsDrawnWhole(const QString& svgText, const Comparison& comparison)
{
    std::map<QString, int> totals;
    for (const ComparisonEntry& entry : comparison.entries) {
        if (entry.totals.tMin > 0.0) {
            ++totals[QString::fromStdString(formatQuantity(entry.totals.tMin, Dimension::Seconds, 3))];
        }
    }
    int whole = 0;
    for (const auto& [total, count] : totals) {
        whole += std::min(count, static_cast<int>(svgText.count('>' + total + '<')));
    }
    return whole;
}
} // namespace

class TestReviewExports : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

    // The text of the session's review export as SVG at `size` in `theme`; empty if the export failed.
    QString reviewSvg(const Session& session, const QSize& size, const QString& theme)
    {
        ChartExportOptions options;
        options.width = size.width();
        options.height = size.height();
        options.review = true;
        options.theme = theme;
        const QString svg = m_dir.filePath(QStringLiteral("review.svg"));
        QFile file(svg);
        if (!exportChart(session, m_db, svg, options).isEmpty() || !file.open(QIODevice::ReadOnly)) {
            return {};
        }
        return QString::fromUtf8(file.readAll());
    }

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
        const QString text = reviewSvg(*loaded.session, size, theme);
        QVERIFY(!text.isEmpty());
        const auto shown = [&text](const QString& words) { return text.contains('>' + words + '<'); };
        const int rows = static_cast<int>(
            std::count_if(comparison.entries.begin(), comparison.entries.end(), [](const ComparisonEntry& entry) {
                return entry.totals.tMin > 0.0;
            })); // a device without a time has no bar
        QCOMPARE(rowsDrawnWhole(text, comparison), rows);
        if (rows > 0) {
            for (const char* part : { "compute", "memory", "network" }) {
                QVERIFY2(shown(QString::fromLatin1(part)), part);
            }
        }
    }

    // serving-70b (five devices) at heights from 360 to 720 px: each export shows some rows whole and
    // counts the rest ("+2 more not shown here: ..."), or names every device when no row fits; at
    // least one height must leave rows out, so that the line is exercised.
    void aShortPanelCountsTheRowsItLeavesOut()
    {
        const auto loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml");
        QVERIFY(loaded.session);
        const Comparison comparison = compareSession(*loaded.session, m_db);
        const int devices = static_cast<int>(comparison.entries.size());
        QCOMPARE(devices, 5);
        bool someLeftOut = false;
        for (int height = 360; height <= 720; height += 40) {
            const QString text = reviewSvg(*loaded.session, QSize(1280, height), QStringLiteral("light"));
            QVERIFY(!text.isEmpty());
            const int whole = rowsDrawnWhole(text, comparison);
            const QString where = QStringLiteral("1280x%1: %2 rows whole").arg(height).arg(whole);
            if (whole == devices) {
                QVERIFY2(!text.contains(QLatin1String("more not shown here")), qPrintable(where));
            } else if (whole > 0) {
                someLeftOut = true;
                QVERIFY2(text.contains(QStringLiteral(">+%1 more not shown here: ").arg(devices - whole)),
                    qPrintable(where));
            } else {
                QVERIFY2(text.contains(QLatin1String(">Devices: ")), qPrintable(where));
            }
        }
        QVERIFY(someLeftOut);
    }
};

ROOFSCOPE_TEST_MAIN(TestReviewExports)
#include "test_review_exports.moc"
