// What keeps the window's redraws small: the results table follows a device toggle by inserting or
// removing that device's block of rows (no reset), the table's cached text delegate paints what the
// standard one paints (swatch cells too), a scene knows its kernels' extent until one moves, and roof
// lines are cut to the plot area before they are stroked.
#include "TestMain.h"
#include "TestUtil.h"
#include "chart/ChartText.h"
#include "chart/PolylineClip.h"
#include "chart/RoofGraph.h"
#include "chart/RooflineChart.h"
#include "figures/SessionAnalysis.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "models/ResultsTableModel.h"
#include "scene/SceneBuilder.h"
#include "session/SessionDocument.h"
#include "widgets/CachedTextDelegate.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QHeaderView>
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
        QStandardItemModel source(4, 2);
        source.setItem(0, 0, new QStandardItem(QStringLiteral("FFN up projection")));
        source.setItem(0, 1, new QStandardItem(QStringLiteral("989 TFLOP/s")));
        source.item(0, 1)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        source.setItem(1, 0, new QStandardItem(QStringLiteral("a name far too long to fit in its narrow column")));
        source.setItem(1, 1, new QStandardItem(QStringLiteral("memory-bound")));
        source.item(1, 1)->setForeground(QColor(0x1f, 0x77, 0xb4));
        source.setItem(2, 0, new QStandardItem(QString()));
        // A device's swatch beside its name, as the results table's Device column shows it.
        source.setItem(3, 0, new QStandardItem(QStringLiteral("TPU v5e")));
        source.item(3, 0)->setData(QColor(0x94, 0x67, 0xbd), Qt::DecorationRole);
        source.setItem(3, 1, new QStandardItem(QStringLiteral("MI300X")));
        source.item(3, 1)->setData(QColor(0x2c, 0xa0, 0x2c), Qt::DecorationRole);
        auto render = [&](bool cached) {
            QTableView view;
            view.setModel(&source);
            if (cached) {
                view.setItemDelegate(new CachedTextDelegate(&view));
            }
            view.setWordWrap(false); // one line per row, elided, as in the results table
            view.resize(320, 170);
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
        // The columns of ink in a row, and where each run of ink starts (a swatch, then its text).
        auto inkColumns = [](const QImage& image, int top, int bottom, std::vector<int>* starts = nullptr) {
            int count = 0;
            bool inInk = false;
            const QRgb background = image.pixel(image.width() - 2, bottom - 2);
            for (int x = 0; x < image.width(); ++x) {
                bool ink = false;
                for (int y = top; y < bottom && !ink; ++y) {
                    const QRgb p = image.pixel(x, y);
                    ink = std::abs(qGray(p) - qGray(background)) > 80;
                }
                count += ink ? 1 : 0;
                if (starts && ink && !inInk) {
                    starts->push_back(x);
                }
                inInk = ink;
            }
            return count;
        };
        const QTableView* layout = nullptr; // row positions from a view laid out like the rendered ones
        QTableView probe;
        probe.setModel(&source);
        probe.setWordWrap(false);
        probe.resize(320, 170);
        probe.show();
        QApplication::processEvents();
        layout = &probe;
        for (int row = 0; row < 4; ++row) {
            const int top = layout->rowViewportPosition(row) + layout->horizontalHeader()->height() + 4;
            const int bottom = top + layout->rowHeight(row) - 8;
            std::vector<int> startsA;
            std::vector<int> startsB;
            const int a = inkColumns(standard, top, bottom, &startsA);
            const int b = inkColumns(cached, top, bottom, &startsB);
            if (row != 2) {
                QVERIFY2(a > 40, qPrintable(QStringLiteral("row %1 shows no text (%2)").arg(row).arg(a)));
            }
            QVERIFY2(std::abs(a - b) <= std::max(6, a / 10),
                qPrintable(QStringLiteral("row %1: %2 vs %3").arg(row).arg(a).arg(b)));
            if (row == 3) { // the swatch where the style puts it, the text beside it as the style places it
                QVERIFY(startsA.size() >= 4);
                QCOMPARE(startsB.size() >= 4, true);
                QCOMPARE(startsB.front(), startsA.front());
                QVERIFY2(std::abs(startsB[1] - startsA[1]) <= 1,
                    qPrintable(
                        QStringLiteral("text starts at %1, the standard at %2").arg(startsB[1]).arg(startsA[1])));
            }
        }
    }

    void sceneKnowsItsKernelsExtent()
    {
        // The builder's extent of the kernels is the one measured from every point, for every
        // example; fitRange() rests on it until a kernel moves in place, then measures again.
        const QStringList files = QDir(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"))
                                      .entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 8);
        for (const QString& file : files) {
            const std::string path = std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + file.toStdString();
            const Session session = loadSessionFile(path).session.value_or(Session {});
            QVERIFY2(!session.kernels.empty(), qPrintable(file));
            ChartScene scene = buildChartScene(session, m_db).scene;
            QVERIFY2(scene.kernelBounds, qPrintable(file));
            const ChartPointBounds measured = scene.measureKernels();
            QVERIFY2(measured.xMax > 0.0 && measured.yMax > 0.0, qPrintable(file));
            QCOMPARE(scene.kernelBounds->xMin, measured.xMin);
            QCOMPARE(scene.kernelBounds->xMax, measured.xMax);
            QCOMPARE(scene.kernelBounds->yMin, measured.yMin);
            QCOMPARE(scene.kernelBounds->yMax, measured.yMax);
        }
        Session raw;
        DeviceSelection device;
        device.id = "nvidia-h100-sxm";
        raw.devices.push_back(device);
        for (int i = 0; i < 2; ++i) {
            Kernel k;
            k.name = "raw" + std::to_string(i);
            k.flops = 1e12;
            k.bytes = { { "hbm", 1e10 } }; // 100 FLOP/B
            k.precision = "bf16";
            raw.kernels.push_back(k);
        }
        SessionDocument doc;
        doc.resetSession(raw);
        SessionAnalysis analysis(&doc, m_db);
        QVERIFY(analysis.scene().kernelBounds);
        QVERIFY(analysis.scene().fitRange().xUpper < 1e6);
        QVERIFY(doc.setKernelIntensity(1, 4e5).isEmpty()); // a drag step: the scene changes in place
        QVERIFY(!analysis.scene().kernelBounds);
        QCOMPARE(analysis.scene().measureKernels().xMax, 4e5);
        QCOMPARE(analysis.scene().fitRange().xUpper, 4e5 * 3.0);
    }

    void chartTextsDrawLikeQCustomPlots()
    {
        // The chart's text items and legend entries keep their layout between replots; they draw
        // what QCPItemText and QCPPlottableLegendItem draw: one line, a rotated one, two lines, boxes,
        // every alignment of the box on its position, and a device's legend entry.
        auto render = [](bool ours, QSize* entrySize) {
            QCustomPlot plot;
            plot.setAutoAddPlottableToLegend(false); // as the chart: entries are added by hand
            plot.resize(420, 320);
            struct Spec {
                QString text;
                double rotation;
                QPointF at;
                Qt::Alignment align;
            };
            const Spec specs[] = {
                { QStringLiteral("HBM 3.35 TB/s"), 0.0, { 120, 60 }, Qt::AlignHCenter | Qt::AlignTop },
                { QStringLiteral("VMEM 150 TB/s (estimate)"), -38.0, { 200, 160 }, Qt::AlignLeft | Qt::AlignBottom },
                { QStringLiteral("matmul, 64 tokens\nAI=63"), 0.0, { 300, 80 }, Qt::AlignRight | Qt::AlignVCenter },
                { QStringLiteral("\u25C2 memory-bound"), 0.0, { 150, 250 }, Qt::AlignRight | Qt::AlignVCenter },
            };
            for (const Spec& spec : specs) {
                QCPItemText* item = ours ? new ChartTextItem(&plot) : new QCPItemText(&plot);
                item->position->setType(QCPItemPosition::ptAbsolute);
                item->position->setCoords(spec.at);
                item->setText(spec.text);
                item->setRotation(spec.rotation);
                item->setPositionAlignment(spec.align);
                item->setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
                item->setBrush(QColor(255, 255, 255, 190));
                item->setPen(QPen(Qt::gray));
                item->setPadding(QMargins(3, 1, 3, 1));
            }
            auto* graph = new RoofGraph(plot.xAxis, plot.yAxis);
            graph->setName(QStringLiteral("H100 SXM (bf16) \u00b7 989 TFLOP/s \u00b7 3.35 TB/s \u00b7 ridge 295"));
            graph->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2));
            if (ours) {
                plot.legend->addItem(new ChartLegendItem(plot.legend, graph));
            } else {
                graph->addToLegend();
            }
            plot.legend->setVisible(true);
            plot.replot();
            *entrySize = plot.legend->item(0)->minimumOuterSizeHint();
            QImage image = plot.toPixmap(420, 320).toImage();
            plot.replot(); // a second replot draws from the kept layout
            const QImage again = plot.toPixmap(420, 320).toImage();
            return std::make_pair(image, again);
        };
        QSize theirSize;
        QSize ourSize;
        const auto [theirs, theirsAgain] = render(false, &theirSize);
        const auto [ours, oursAgain] = render(true, &ourSize);
        QCOMPARE(ourSize, theirSize);
        QVERIFY(oursAgain == ours);
        QCOMPARE(ours.size(), theirs.size());
        // Glyphs may be placed a fraction of a pixel apart: count the pixels that differ clearly.
        int differ = 0;
        int ink = 0;
        for (int y = 0; y < ours.height(); ++y) {
            for (int x = 0; x < ours.width(); ++x) {
                const int a = qGray(theirs.pixel(x, y));
                ink += a < 128 ? 1 : 0;
                differ += std::abs(a - qGray(ours.pixel(x, y))) > 60 ? 1 : 0;
            }
        }
        QVERIFY2(ink > 500, qPrintable(QStringLiteral("%1 dark pixels").arg(ink)));
        QVERIFY2(differ <= ink / 50, qPrintable(QStringLiteral("%1 of %2 dark pixels differ").arg(differ).arg(ink)));
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

    // Dashed roofs are cut into dashes by hand on screen: the pattern (in pen widths) from the piece's
    // distance along the whole line, carried on across a vertex.
    void dashesAreCutAsTheDasherCutsThem()
    {
        const auto dashes = [](const std::vector<QPointF>& points, double start, const QVector<qreal>& pattern,
                                double offset, double unit) {
            ClippedPolyline piece;
            piece.points = QVector<QPointF>(points.begin(), points.end());
            piece.startDistance = start;
            QStringList out;
            for (const QLineF& line : RoofGraph::dashSegments({ piece }, pattern, offset, unit)) {
                out << QStringLiteral("%1,%2-%3,%4").arg(line.x1()).arg(line.y1()).arg(line.x2()).arg(line.y2());
            }
            return out.join(QLatin1Char(' '));
        };
        QCOMPARE(dashes({ { 0, 0 }, { 10, 0 } }, 0.0, { 2, 1 }, 0.0, 1.0),
            QStringLiteral("0,0-2,0 3,0-5,0 6,0-8,0 9,0-10,0"));
        // The piece begins 1 px into the line: the first dash has 1 px left.
        QCOMPARE(dashes({ { 0, 0 }, { 10, 0 } }, 1.0, { 2, 1 }, 0.0, 1.0),
            QStringLiteral("0,0-1,0 2,0-4,0 5,0-7,0 8,0-10,0"));
        // A pen 2 px wide: the pattern doubles; an offset of 1 pen width starts 2 px in.
        QCOMPARE(dashes({ { 0, 0 }, { 12, 0 } }, 0.0, { 2, 1 }, 1.0, 2.0), QStringLiteral("0,0-2,0 4,0-8,0 10,0-12,0"));
        // A dash that turns a corner goes on along the next segment.
        QCOMPARE(dashes({ { 0, 0 }, { 2, 0 }, { 2, 4 } }, 0.0, { 3, 1 }, 0.0, 1.0),
            QStringLiteral("0,0-2,0 2,0-2,1 2,2-2,4"));
        QVERIFY(dashes({ { 0, 0 }, { 2, 0 } }, 0.0, { 3 }, 0.0, 1.0).isEmpty()); // not on/off pairs
    }
};

ROOFSCOPE_TEST_MAIN(TestViewUpdates)
#include "test_view_updates.moc"
