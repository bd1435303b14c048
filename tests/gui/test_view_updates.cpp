// What keeps the window's redraws small: the results table follows a device toggle by inserting or
// removing that device's block of rows (no reset), the table's cached text delegate paints what the
// standard one paints, and roof lines are cut to the plot area before they are stroked.
#include "TestUtil.h"
#include "chart/PolylineClip.h"
#include "chart/RooflineChart.h"
#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "models/ResultsTableModel.h"
#include "widgets/CachedTextDelegate.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QUndoStack>

#include <cmath>

using namespace roofscope;
using namespace roofscope::test;

class TestViewUpdates : public QObject {
    Q_OBJECT
private:
    HardwareDatabase m_db;

    // Every row of the model as "kernel@device", in order.
    static QStringList rowKeys(const ResultsTableModel& model, const Session& session)
    {
        QStringList keys;
        for (const auto& row : model.rows()) {
            keys << QStringLiteral("%1@%2").arg(QString::fromStdString(session.kernels[row.kernelIndex].name),
                QString::fromStdString(session.devices[row.deviceIndex].id));
        }
        return keys;
    }

private Q_SLOTS:
    void initTestCase() { m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR); }

    void deviceToggleMovesOneBlockOfRows()
    {
        SessionDocument doc;
        doc.resetSession(exampleSession()); // 4 kernels on 4 devices
        SessionAnalysis analysis(&doc, m_db);
        ResultsTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setAnalysis(&analysis);
        const Session& session = doc.session();
        QCOMPARE(model.rowCount(), 16);
        // A block per device in session order, each in kernel order.
        QStringList expected;
        for (const auto& device : session.devices) {
            for (const auto& kernel : session.kernels) {
                expected << QStringLiteral("%1@%2").arg(
                    QString::fromStdString(kernel.name), QString::fromStdString(device.id));
            }
        }
        QCOMPARE(rowKeys(model, session), expected);

        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        std::vector<DeviceSelection> devices = session.devices;
        devices[1].visible = false;
        QVERIFY(doc.setDevices(devices).isEmpty());
        QCOMPARE(resets.count(), 0);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.first().at(1).toInt(), 4); // the second device's block: rows 4..7
        QCOMPARE(removed.first().at(2).toInt(), 7);
        QStringList without = expected;
        without.remove(4, 4);
        QCOMPARE(rowKeys(model, session), without);
        // Each row still shows its own evaluation.
        for (int r = 0; r < model.rowCount(); ++r) {
            const auto& row = model.rows()[static_cast<size_t>(r)];
            QCOMPARE(model.index(r, 1).data(Qt::DisplayRole).isValid(), true);
            QCOMPARE(row.evaluation->hardwareId, session.devices[row.deviceIndex].id);
        }

        doc.undoStack()->undo(); // the device comes back in its place
        QCOMPARE(resets.count(), 0);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 4);
        QCOMPARE(rowKeys(model, session), expected);

        // A kernel's rows: one per device, found in every block.
        const std::vector<size_t> rows = model.kernelRows(2);
        QCOMPARE(rows.size(), size_t(4));
        for (size_t d = 0; d < rows.size(); ++d) {
            QCOMPARE(rows[d], d * 4 + 2);
        }

        // Adding a kernel changes every block: the table resets.
        Kernel extra = session.kernels[0];
        extra.name = "extra";
        doc.addKernels({ extra });
        QCOMPARE(resets.count(), 1);
        QCOMPARE(model.rowCount(), 20);
    }

    void editedKernelRepaintsInPlace()
    {
        SessionDocument doc;
        doc.resetSession(exampleSession());
        SessionAnalysis analysis(&doc, m_db);
        ResultsTableModel model;
        model.setAnalysis(&analysis);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        Kernel edited = doc.session().kernels[0];
        edited.templ.reset(); // a raw kernel keeps the FLOPs it is given
        edited.flops *= 4.0;
        QVERIFY(doc.replaceKernel(0, edited).isEmpty());
        QCOMPARE(resets.count(), 0);
        QVERIFY(changed.count() >= 1);
        // The shown numbers are the new evaluation's.
        const size_t row = model.kernelRows(0).front();
        QCOMPARE(model.rows()[row].evaluation->flops, edited.flops);
    }

    // Large clouds keep each device's pixel positions between replots while its points stay the
    // same. After toggles, a moved kernel and an undo, the chart must draw what a chart built fresh
    // on the same session draws, pixel for pixel.
    void keptPixelPositionsDrawTheSameCloud()
    {
        Session session;
        for (const char* id : { "nvidia-h100-sxm", "google-tpu-v7x", "amd-instinct-mi300x" }) {
            DeviceSelection device;
            device.id = id;
            session.devices.push_back(device);
        }
        for (int i = 0; i < 150; ++i) { // over KernelCloud::kManyKernels: the many-kernel path
            Kernel k;
            k.name = "k" + std::to_string(i);
            k.flops = 1e9 * (1.0 + i);
            k.bytes = { { "hbm", 1e6 * (1.0 + (i * 37) % 150) } };
            k.precision = "bf16";
            session.kernels.push_back(k);
        }
        auto render = [](const Session& shown, HardwareDatabase& db, auto&& steps) {
            SessionDocument doc;
            doc.resetSession(shown);
            SessionAnalysis analysis(&doc, db);
            RooflineChart chart;
            chart.setAnalysis(&analysis);
            chart.resize(900, 600);
            chart.show();
            QCoreApplication::processEvents();
            steps(doc);
            QCoreApplication::processEvents();
            return std::make_pair(chart.toPixmap().toImage(), doc.session());
        };
        const auto [edited, final] = render(session, m_db, [](SessionDocument& doc) {
            std::vector<DeviceSelection> devices = doc.session().devices;
            devices[1].visible = false; // the others' pixel lists are kept
            QVERIFY(doc.setDevices(devices).isEmpty());
            QCoreApplication::processEvents();
            QVERIFY(doc.setKernelIntensity(3, 900.0).isEmpty()); // a move: its points change in place
            QCoreApplication::processEvents();
            devices[1].visible = true;
            QVERIFY(doc.setDevices(devices).isEmpty());
            QCoreApplication::processEvents();
            QVERIFY(doc.setKernelIntensity(7, 2.0).isEmpty());
            QCoreApplication::processEvents();
            doc.undoStack()->undo(); // kernel 7 back where it was
        });
        QCOMPARE(final.kernels[3].flops / final.kernels[3].bytes.front().bytes, 900.0);
        const auto [fresh, same] = render(final, m_db, [](SessionDocument&) {});
        QCOMPARE(edited.size(), fresh.size());
        QVERIFY(edited == fresh);
        // And the test can tell: the cloud without the undo differs.
        const auto [moved, unused]
            = render(final, m_db, [](SessionDocument& doc) { QVERIFY(doc.setKernelIntensity(7, 2.0).isEmpty()); });
        QVERIFY(moved != fresh);
    }

    void cachedDelegatePaintsLikeTheStandardOne()
    {
        QStandardItemModel source(3, 2);
        source.setItem(0, 0, new QStandardItem(QStringLiteral("FFN up projection")));
        source.setItem(0, 1, new QStandardItem(QStringLiteral("989 TFLOP/s")));
        source.item(0, 1)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        source.setItem(1, 0, new QStandardItem(QStringLiteral("a name far too long to fit in its narrow column")));
        source.setItem(1, 1, new QStandardItem(QStringLiteral("memory-bound")));
        source.item(1, 1)->setForeground(QColor(0x1f, 0x77, 0xb4));
        source.setItem(2, 0, new QStandardItem(QString()));
        auto render = [&](bool cached) {
            QTableView view;
            view.setModel(&source);
            if (cached) {
                view.setItemDelegate(new CachedTextDelegate(&view));
            }
            view.resize(320, 140);
            view.setColumnWidth(0, 150);
            view.setColumnWidth(1, 120);
            view.selectRow(0);
            view.show();
            QApplication::processEvents();
            return view.grab().toImage();
        };
        const QImage standard = render(false);
        const QImage cached = render(true);
        QCOMPARE(cached.size(), standard.size());
        // Same text, same places: glyphs may differ by antialiasing, so compare per row the columns of
        // ink (pixels far from the background) rather than exact pixels.
        auto inkColumns = [](const QImage& image, int top, int bottom) {
            int count = 0;
            const QRgb background = image.pixel(image.width() - 2, bottom - 2);
            for (int x = 0; x < image.width(); ++x) {
                for (int y = top; y < bottom; ++y) {
                    const QRgb p = image.pixel(x, y);
                    if (std::abs(qGray(p) - qGray(background)) > 80) {
                        ++count;
                        break;
                    }
                }
            }
            return count;
        };
        const int rowHeight = 30;
        for (int row = 0; row < 3; ++row) {
            const int top = 25 + row * rowHeight;
            const int a = inkColumns(standard, top, top + 20);
            const int b = inkColumns(cached, top, top + 20);
            if (row < 2) {
                QVERIFY2(a > 40, qPrintable(QStringLiteral("row %1 shows no text (%2)").arg(row).arg(a)));
            }
            QVERIFY2(std::abs(a - b) <= std::max(6, a / 10),
                qPrintable(QStringLiteral("row %1: %2 vs %3").arg(row).arg(a).arg(b)));
        }
    }

    void clipsPolylinesToTheBox_data()
    {
        QTest::addColumn<QVector<QPointF>>("points");
        QTest::addColumn<int>("pieces");
        QTest::addColumn<QPointF>("firstStart");
        QTest::addColumn<QPointF>("lastEnd");
        QTest::addColumn<double>("firstDistance");
        const QRectF box(0, 0, 100, 100);
        Q_UNUSED(box);
        // A roof from far left to far right at y = 50: cut at both edges, 1000 px skipped before it.
        QTest::newRow("flat roof through the box")
            << QVector<QPointF> { { -1000, 50 }, { 1000, 50 } } << 1 << QPointF(0, 50) << QPointF(100, 50) << 1000.0;
        // A slope and a flat roof meeting inside the box: one piece keeps the corner.
        QTest::newRow("slope then flat, corner inside")
            << QVector<QPointF> { { -50, 150 }, { 50, 50 }, { 500, 50 } } << 1 << QPointF(0, 100) << QPointF(100, 50)
            << std::hypot(50.0, 50.0);
        QTest::newRow("wholly outside") << QVector<QPointF> { { -10, -10 }, { -5, 200 } } << 0 << QPointF() << QPointF()
                                        << 0.0;
        QTest::newRow("wholly inside") << QVector<QPointF> { { 10, 10 }, { 20, 30 } } << 1 << QPointF(10, 10)
                                       << QPointF(20, 30) << 0.0;
        // Leaves through the top and comes back: two pieces; the second starts after 40 + 2 * 30 + 0.
        QTest::newRow("leaves and re-enters") << QVector<QPointF> { { 10, 40 }, { 10, -20 }, { 40, -20 }, { 40, 40 } }
                                              << 2 << QPointF(10, 40) << QPointF(40, 40) << 0.0;
        QTest::newRow("a gap breaks the line")
            << QVector<QPointF> { { 10, 10 }, { 20, 20 }, { qQNaN(), qQNaN() }, { 30, 30 }, { 40, 40 } } << 2
            << QPointF(10, 10) << QPointF(40, 40) << 0.0;
    }

    void clipsPolylinesToTheBox()
    {
        QFETCH(QVector<QPointF>, points);
        QFETCH(int, pieces);
        QFETCH(QPointF, firstStart);
        QFETCH(QPointF, lastEnd);
        QFETCH(double, firstDistance);
        const std::vector<ClippedPolyline> cut = clipPolyline(points, QRectF(0, 0, 100, 100));
        QCOMPARE(static_cast<int>(cut.size()), pieces);
        if (pieces == 0) {
            return;
        }
        QCOMPARE(cut.front().points.front(), firstStart);
        QCOMPARE(cut.back().points.back(), lastEnd);
        ROOFSCOPE_COMPARE_REL(cut.front().startDistance + 1.0, firstDistance + 1.0, 1e-12);
        for (const ClippedPolyline& piece : cut) {
            for (const QPointF& p : piece.points) {
                QVERIFY(p.x() >= -1e-9 && p.x() <= 100 + 1e-9 && p.y() >= -1e-9 && p.y() <= 100 + 1e-9);
            }
        }
    }
};

QTEST_MAIN(TestViewUpdates)
#include "test_view_updates.moc"
