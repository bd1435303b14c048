// The datasheet dialog shows a shipped device's file as it is: dense and sparse figures in SI units,
// estimates marked, sources as clickable links, the notes.
#include "TestMain.h"
#include "TestUtil.h"
#include "io/HardwareLoader.h"
#include "widgets/DeviceDatasheetDialog.h"

#include <QLabel>
#include <QTableWidget>

using namespace roofscope;

class TestDeviceDatasheet : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;

    QStringList column(QTableWidget* table, int c)
    {
        QStringList out;
        for (int r = 0; r < table->rowCount(); ++r) {
            out << table->item(r, c)->text();
        }
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_db.diagnostics().empty());
    }

    void everyFigureOfTheFileIsShown()
    {
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        QVERIFY(h100);
        DeviceDatasheetDialog dialog(*h100);
        QCOMPARE(dialog.computeTable()->rowCount(), static_cast<int>(h100->compute.size()));
        QCOMPARE(dialog.levelTable()->rowCount(), static_cast<int>(h100->levels.size()));
        // bf16: dense 989 TFLOP/s and its sparse 1,979 apart (the file's first entry).
        QCOMPARE(dialog.computeTable()->item(0, 1)->text(), QString("bf16"));
        QCOMPARE(dialog.computeTable()->item(0, 2)->text(), QString("989 TFLOP/s"));
        QCOMPARE(dialog.computeTable()->item(0, 3)->text(), QString("1.979 PFLOP/s"));
        QVERIFY(column(dialog.computeTable(), 2).contains("1.979 POP/s")); // int8 in OP/s
        QVERIFY(column(dialog.levelTable(), 2).contains("3.35 TB/s"));
        // HBM capacity as nvidia-smi reports it: 81,559 MiB = 85,520,809,984 B, to 4 digits 85.52 GB.
        QVERIFY(column(dialog.levelTable(), 3).contains("85.52 GB"));
        QVERIFY(column(dialog.levelTable(), 4).contains("yes")); // the default level is marked
    }

    void estimatesAreMarked()
    {
        const Hardware* h100 = m_db.find("nvidia-h100-sxm");
        DeviceDatasheetDialog dialog(*h100);
        const QStringList bandwidths = column(dialog.levelTable(), 2);
        QVERIFY(bandwidths.contains("30.92 TB/s (estimate)")); // the derived l1
        QVERIFY(bandwidths.contains("5.5 TB/s (estimate)")); // the measured l2
        QVERIFY(bandwidths.contains("3.35 TB/s")); // a vendor figure is not
        for (int r = 0; r < dialog.levelTable()->rowCount(); ++r) {
            const bool estimate = h100->levels[static_cast<size_t>(r)].estimate;
            QCOMPARE(dialog.levelTable()->item(r, 2)->font().italic(), estimate);
            QCOMPARE(dialog.levelTable()->item(r, 2)->toolTip().contains("Estimate"), estimate);
        }
    }

    void sourcesAreClickableLinks()
    {
        const Hardware* b300 = m_db.find("nvidia-b300-hgx");
        QVERIFY(b300);
        DeviceDatasheetDialog dialog(*b300);
        QLabel* sources = dialog.sourcesLabel();
        QVERIFY(sources->openExternalLinks());
        QCOMPARE(sources->textFormat(), Qt::RichText);
        for (const auto& s : b300->sources) {
            QVERIFY2(
                sources->text().contains(QString("<a href=\"%1\">").arg(QString::fromStdString(s.url))), s.id.c_str());
        }
        QCOMPARE(dialog.notesLabel()->text(), QString::fromStdString(b300->notes));
        QVERIFY(dialog.notesLabel()->text().contains("13.125"));
    }

    void documentSourcesAndMarkupAreEscaped()
    {
        Hardware hw = *m_db.find("intel-gaudi-2");
        hw.sources.front().title = "A <b>bold</b> & title";
        const QString html = DeviceDatasheetDialog::sourcesHtml(hw);
        QVERIFY(html.contains("A &lt;b&gt;bold&lt;/b&gt; &amp; title"));
        QVERIFY(html.contains("Hot Chips 2024 slides")); // a document-only source is named
    }
};

ROOFSCOPE_TEST_MAIN(TestDeviceDatasheet)
#include "test_device_datasheet.moc"
