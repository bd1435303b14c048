// Chart exports checked for real: exact PNG size and not blank, SVG that parses with the axis and
// device names as text and no line outside the plot area, a one-page PDF; the headless command.
#include "TestMain.h"
#include "TestUtil.h"
#include "analysis/SessionEvaluator.h"
#include "chart/ChartExport.h"
#include "chart/KernelCloud.h"
#include "chart/PngWriter.h"
#include "chart/RooflineChart.h"
#include "gui/ExampleSession.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "model/TransformerWorkload.h"
#include "scene/SceneBuilder.h"
#include "widgets/MainWindow.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTransform>
#include <QXmlStreamReader>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::test;

class TestExport : public QObject {
    Q_OBJECT
    HardwareDatabase m_db;
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        m_db.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        QVERIFY(m_dir.isValid());
    }

    void pngHasTheExactSizeAndIsNotBlank()
    {
        const QString path = m_dir.filePath(QStringLiteral("chart.png"));
        ChartExportOptions options;
        options.width = 900;
        options.height = 600;
        options.scale = 2.0;
        QVERIFY(exportChart(exampleSession(), m_db, path, options).isEmpty());
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1800, 1200));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7) {
                colours.insert(image.pixel(x, y));
            }
        }
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size()))); // roofs, text, grid
        QVERIFY(colours.contains(qRgb(255, 255, 255)));
    }

    void svgIsVectorTextAndClippedToThePlotArea()
    {
        const QString path = m_dir.filePath(QStringLiteral("chart.svg"));
        QRect area;
        QVERIFY(exportChart(exampleSession(), m_db, path, {}, &area).isEmpty());
        QVERIFY(area.width() > 500 && area.height() > 300);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QStringList texts;
        int lines = 0;
        const QRectF allowed = QRectF(area).adjusted(-1.0, -1.0, 1.0, 1.0);
        const QRegularExpression number(QStringLiteral("-?[0-9]+(\\.[0-9]+)?(e-?[0-9]+)?"));
        // Groups may carry a transform (a marker's shape is drawn around the origin, then moved).
        QList<QTransform> transforms { QTransform() };
        const QRegularExpression matrix(QStringLiteral("matrix\\(([^)]*)\\)"));
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
                transforms.removeLast();
                continue;
            }
            if (!xml.isStartElement()) {
                continue;
            }
            if (xml.name() == QLatin1String("g")) {
                QTransform own;
                const auto m = matrix.match(xml.attributes().value(QLatin1String("transform")).toString());
                if (m.hasMatch()) {
                    const QStringList v = m.captured(1).split(QLatin1Char(','));
                    QCOMPARE(v.size(), 6);
                    own = QTransform(v[0].toDouble(), v[1].toDouble(), v[2].toDouble(), v[3].toDouble(),
                        v[4].toDouble(), v[5].toDouble());
                }
                transforms << own * transforms.last();
                continue;
            }
            if (xml.name() == QLatin1String("text")) {
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
                continue;
            }
            QString coordinates;
            if (xml.name() == QLatin1String("polyline")) {
                coordinates = xml.attributes().value(QLatin1String("points")).toString();
            } else if (xml.name() == QLatin1String("path")) {
                coordinates = xml.attributes().value(QLatin1String("d")).toString();
            } else {
                continue;
            }
            ++lines;
            QList<double> values;
            for (auto it = number.globalMatch(coordinates); it.hasNext();) {
                values << it.next().captured().toDouble();
            }
            QVERIFY(values.size() % 2 == 0);
            for (qsizetype i = 0; i + 1 < values.size(); i += 2) {
                const QPointF point = transforms.last().map(QPointF(values[i], values[i + 1]));
                QVERIFY2(allowed.contains(point),
                    qPrintable(QStringLiteral("(%1, %2) outside %3,%4 %5x%6")
                                   .arg(point.x())
                                   .arg(point.y())
                                   .arg(area.x())
                                   .arg(area.y())
                                   .arg(area.width())
                                   .arg(area.height())));
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(lines > 20); // roofs and grid as vector lines
        const QString all = texts.join(QLatin1Char('\n'));
        QVERIFY(all.contains(QStringLiteral("Arithmetic intensity (FLOP/byte)")));
        QVERIFY(all.contains(QStringLiteral("Attainable performance (FLOP/s)")));
        for (const char* device : { "H100 SXM (bf16)", "MI300X (bf16)", "TPU v6e (bf16)", "TPU v7x (bf16)" }) {
            QVERIFY2(all.contains(QLatin1String(device)), device);
        }
    }

    // Markers are stamped from bitmaps on screen; a vector file must get the shapes themselves,
    // with few kernels (each its own shape) and with many (one round marker per device).
    void svgMarkersAreShapesNotBitmaps_data()
    {
        QTest::addColumn<int>("copies");
        QTest::newRow("few kernels") << 1;
        QTest::newRow("many kernels") << 20; // past KernelCloud::kManyKernels: one round marker per device
    }

    void svgMarkersAreShapesNotBitmaps()
    {
        QFETCH(int, copies);
        Session session = exampleSession();
        const std::vector<Kernel> kernels = session.kernels;
        for (int c = 1; c < copies; ++c) {
            for (Kernel kernel : kernels) {
                kernel.name += " copy " + std::to_string(c);
                session.kernels.push_back(kernel);
            }
        }
        // A measured runtime on one kernel: its hollow marker at the achieved point too.
        session.kernels.front().measuredSeconds = 1e-3;
        QCOMPARE(session.kernels.size() > KernelCloud::kManyKernels, copies > 1);
        const QString path = m_dir.filePath(QStringLiteral("markers-%1.svg").arg(copies));
        QVERIFY(exportChart(session, m_db, path).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("<svg"));
        QCOMPARE(svg.count("<image"), 0);
        QVERIFY(!svg.contains("data:image/png"));
        // The markers are there as shapes: a group moved onto each marker's centre holds its outline
        // (the outline colour of the style's markers), one per shown point at least.
        const int outlined = static_cast<int>(svg.count("stroke=\"#232323\""));
        QVERIFY2(outlined >= 4, qPrintable(QString::number(outlined)));
    }

    // The PNG writer: every pixel back as drawn, opaque as RGB and translucent as RGBA, the resolution
    // kept; a device that takes no bytes is a failure.
    void pngWriterKeepsEveryPixel()
    {
        for (const QImage::Format format : { QImage::Format_RGB32, QImage::Format_ARGB32,
                 QImage::Format_ARGB32_Premultiplied, QImage::Format_RGB888 }) {
            QImage image(97, 61, format);
            image.setDotsPerMeterX(7559);
            image.setDotsPerMeterY(7559);
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    const int alpha = image.hasAlphaChannel() ? (x * 7 + y) % 256 : 255;
                    const QRgb colour = qRgba((x * 13) % 256, (y * 29) % 256, (x * y) % 256, alpha);
                    image.setPixel(x, y, format == QImage::Format_ARGB32_Premultiplied ? qPremultiply(colour) : colour);
                }
            }
            QByteArray bytes;
            QBuffer buffer(&bytes);
            QVERIFY(buffer.open(QIODevice::WriteOnly));
            QVERIFY(writePng(image, &buffer));
            QVERIFY(bytes.startsWith("\x89PNG\r\n\x1a\n"));
            QImage back;
            QVERIFY(back.loadFromData(bytes, "PNG"));
            QCOMPARE(back.size(), image.size());
            QCOMPARE(back.hasAlphaChannel(), image.hasAlphaChannel());
            QCOMPARE(back.dotsPerMeterX(), 7559);
            const QImage expected = image.convertToFormat(QImage::Format_ARGB32);
            const QImage actual = back.convertToFormat(QImage::Format_ARGB32);
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    QCOMPARE(actual.pixel(x, y), expected.pixel(x, y));
                }
            }
        }
        // An opaque premultiplied image (what a chart is drawn on) is written as RGB, its pixels as drawn.
        QImage opaque(40, 30, QImage::Format_ARGB32_Premultiplied);
        opaque.fill(QColor(12, 200, 99));
        opaque.setPixel(3, 4, qRgb(250, 1, 7));
        QByteArray opaqueBytes;
        QBuffer opaqueBuffer(&opaqueBytes);
        QVERIFY(opaqueBuffer.open(QIODevice::WriteOnly));
        QVERIFY(writePng(opaque, &opaqueBuffer));
        QImage opaqueBack;
        QVERIFY(opaqueBack.loadFromData(opaqueBytes, "PNG"));
        QVERIFY(!opaqueBack.hasAlphaChannel());
        QCOMPARE(opaqueBack.pixel(3, 4), qRgb(250, 1, 7));
        QCOMPARE(opaqueBack.pixel(0, 0), qRgb(12, 200, 99));

        QImage small(4, 4, QImage::Format_RGB32);
        small.fill(Qt::red);
        QByteArray nothing;
        QBuffer readOnly(&nothing);
        QVERIFY(readOnly.open(QIODevice::ReadOnly));
        QTest::ignoreMessage(QtWarningMsg, "QIODevice::write (QBuffer): ReadOnly device");
        QVERIFY(!writePng(small, &readOnly));
        QBuffer open(&nothing);
        QVERIFY(open.open(QIODevice::WriteOnly));
        QVERIFY(!writePng(QImage(), &open));
    }

    // Review mode's large type at a report's width: the legend (five 8-chip systems, each with its
    // figures) stays inside the plot instead of running under the comparison panel, in a smaller type.
    void reviewLegendStaysInsideThePlot()
    {
        const auto loaded = loadSessionFile(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml");
        QVERIFY(loaded.session);
        RooflineChart chart;
        chart.resize(1200, 750);
        chart.plot()->setGeometry(0, 0, 1200, 750);
        SceneOptions sceneOptions;
        sceneOptions.review = true;
        chart.setScene(buildChartScene(*loaded.session, m_db, nullptr, sceneOptions).scene, true);
        chart.plot()->setViewport(QRect(0, 0, 1200, 750));
        chart.plot()->replot();
        const QCPLegend* legend = chart.plot()->legend;
        QVERIFY(legend->visible());
        QCOMPARE(legend->itemCount(), 5);
        const QRect plot = chart.plot()->axisRect()->rect();
        QVERIFY2(plot.contains(legend->outerRect()),
            qPrintable(QStringLiteral("legend %1 wide, plot %2").arg(legend->outerRect().width()).arg(plot.width())));
        // The style gives the legend the tick labels' type: made smaller here.
        QVERIFY(legend->font().pointSizeF() < chart.plot()->xAxis->tickLabelFont().pointSizeF());
        // At a width where it fits, the legend keeps the style's type.
        chart.resize(1900, 750);
        chart.plot()->setGeometry(0, 0, 1900, 750);
        chart.plot()->setViewport(QRect(0, 0, 1900, 750));
        chart.plot()->replot();
        QVERIFY(chart.plot()->axisRect()->rect().contains(legend->outerRect()));
        QCOMPARE(legend->font().pointSizeF(), chart.plot()->xAxis->tickLabelFont().pointSizeF());
    }

    void pdfHasOnePage()
    {
        const QString path = m_dir.filePath(QStringLiteral("chart.pdf"));
        QVERIFY(exportChart(exampleSession(), m_db, path).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        QCOMPARE(pdf.count("/Type /Page\n") + pdf.count("/Type /Page "), 1);
    }

    void windowExportsTheTableAndTheChartAsShown()
    {
        MainWindow window(m_db);
        window.resize(1200, 800);
        window.setSession(exampleSession());
        const Session& session = window.session();
        const auto direct
            = evaluate(session.kernels[3], *m_db.find("google-tpu-v6e"), sessionOptions(session, session.devices[2]));
        QVERIFY(direct.evaluation);

        const QString json = m_dir.filePath(QStringLiteral("table.json"));
        QVERIFY(window.exportTableTo(json).isEmpty());
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(jsonFile.readAll()).array();
        QCOMPARE(rows.size(), 16);
        const QJsonObject ffnOnV6e = rows[11].toObject(); // a block per device: v6e is the 3rd, FFN its 4th row
        QCOMPARE(ffnOnV6e.value(QLatin1String("kernel")).toString(), QStringLiteral("FFN up projection"));
        QCOMPARE(ffnOnV6e.value(QLatin1String("hardware")).toString(), QStringLiteral("google-tpu-v6e"));
        QCOMPARE(ffnOnV6e.value(QLatin1String("attainable_flops_per_s")).toDouble(), direct.evaluation->attainable);
        QCOMPARE(ffnOnV6e.value(QLatin1String("t_min_s")).toDouble(), direct.evaluation->tMin);

        const QString csv = m_dir.filePath(QStringLiteral("table.csv"));
        QVERIFY(window.exportTableTo(csv).isEmpty());
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csvFile.readAll().split('\n');
        QVERIFY(lines[0].startsWith("kernel,hardware,precision,intensity_flop_per_byte"));
        const QList<QByteArray> cells = lines[12].split(',');
        QCOMPARE(cells[1], QByteArray("google-tpu-v6e"));
        QCOMPARE(cells[5].toDouble(), direct.evaluation->attainable); // exact numbers round-trip
        QVERIFY(!window.exportTableTo(m_dir.filePath(QStringLiteral("table.xlsx"))).isEmpty());

        const QString png = m_dir.filePath(QStringLiteral("window.png"));
        QVERIFY(window.exportChartTo(png).isEmpty());
        QVERIFY(!QImage(png).isNull());
    }

    void everyExampleOpensRendersAndExports_data()
    {
        QTest::addColumn<QString>("path");
        const QDir examples(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples"));
        const QStringList files = examples.entryList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 6);
        for (const QString& file : files) {
            QTest::newRow(qPrintable(file)) << examples.filePath(file);
        }
    }

    void everyExampleOpensRendersAndExports()
    {
        QFETCH(QString, path);
        MainWindow window(m_db);
        QVERIFY(window.openSessionFile(path).isEmpty());
        QVERIFY2(window.problems().isEmpty(), qPrintable(window.problems().join(QLatin1Char('\n'))));
        QVERIFY(!window.chart()->scene().devices.empty());
        // A kernel group is drawn as its kernels, each device's step on its own chips (those with
        // FLOPs: an all-to-all has no point on the chart).
        int markers = 0;
        for (const DeviceSelection& device : window.session().devices) {
            for (const Kernel& kernel : window.session().kernels) {
                if (!isKernelGroup(kernel)) {
                    ++markers;
                    continue;
                }
                const TransformerExpansion step = expandTransformer(*kernel.templ, false, device.chips);
                markers += static_cast<int>(std::count_if(
                    step.kernels.begin(), step.kernels.end(), [](const Kernel& k) { return k.flops > 0.0; }));
            }
        }
        QCOMPARE(window.chart()->kernelMarkerCount(), markers);
        const QString png = m_dir.filePath(QFileInfo(path).completeBaseName() + QStringLiteral(".png"));
        QVERIFY(exportChart(window.session(), m_db, png).isEmpty());
        QCOMPARE(QImage(png).size(), QSize(1200, 750));
    }

    // The session's decorations (docs/file-formats.md#sessions) in the exports: the session's title and the
    // roofs' basis above the plot, the fusion arrow labelled with its T_min ratio (4 kernels move 4x the
    // bytes of 1 at the same FLOPs, all memory-bound on TPU v7x: 4.0x), and the effective roofs for
    // 20/40/60 % communication.
    void decorationsReachTheSvg_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<QStringList>("texts");
        QTest::newRow("fusion: title, subtitle and the 4.0x arrow")
            << "fusion.yaml"
            << QStringList { "Fusion moves a kernel along the intensity axis", "peak roofs", "bf16", "4.0x" };
        QTest::newRow("communication: one label per fraction beside the ideal roof")
            << "communication.yaml"
            << QStringList { "Communication lowers the effective roofline", "20 % comm", "40 % comm", "60 % comm",
                   "ideal (0 % comm)" };
        // Untiled: HBM-bound, 20 GB / 7.2 TB/s = 2.78 ms; tiled: compute-bound, 1 TFLOP / 2307 TFLOP/s =
        // 0.434 ms (HBM 0.35 ms, VMEM 0.13 ms); 2.78 / 0.434 = 6.4.
        QTest::newRow("hierarchical: the tiling arrow") << "hierarchical.yaml" << QStringList { "6.4x tiling" };
        // Measured points carry their fraction of the roof (the example derives 92, 55, 35 and 78 %; the
        // hierarchical kernel ran at 3.5 times its HBM roof).
        QTest::newRow("measured-gap: % of roof beside each measured point")
            << "measured-gap.yaml"
            << QStringList { "Roofline vs reality on TPU v7x (bf16)", "92 % of roof", "55 % of roof", "35 % of roof",
                   "78 % of roof" };
        QTest::newRow("hierarchical: above its roof") << "hierarchical.yaml" << QStringList { "350 % of roof" };
    }

    void decorationsReachTheSvg()
    {
        QFETCH(QString, example);
        QFETCH(QStringList, texts);
        const auto loaded = loadSessionFile(std::string(ROOFSCOPE_RESOURCES_DIR "/examples/") + example.toStdString());
        QVERIFY(loaded.session);
        const QString path = m_dir.filePath(example + QStringLiteral(".svg"));
        QVERIFY(exportChart(*loaded.session, m_db, path).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        for (const QString& text : texts) {
            QVERIFY2(svg.contains(text), qPrintable(text));
        }
    }

    // Issue 12: `roofscope export` writes the kernels' intensities into their labels as text, on the
    // x-axis level ("AI=108"), unless the session's view.label_intensity is false. By hand, for bf16
    // matmuls (2mkn FLOPs over 2(mk + kn + mn) bytes): Attention QK^T (1024 x 128 x 2048) 107.8,
    // MatMul 600x600 200, FFN up projection (65536 x 4096 x 16384) 3120.8.
    void commandWritesKernelIntensitiesIntoTheSvg_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QStringList>("present");
        QTest::newRow("default: on") << QString() << QStringList { "AI=108", "AI=200", "AI=3121", "MatMul 600x600" };
        QTest::newRow("label_intensity: true") << "  label_intensity: true\n"
                                               << QStringList { "AI=108", "AI=200", "AI=3121" };
        QTest::newRow("label_intensity: false") << "  label_intensity: false\n"
                                                << QStringList { "MatMul 600x600", "FFN up projection" };
    }
    void commandWritesKernelIntensitiesIntoTheSvg()
    {
        QFETCH(QString, view);
        QFETCH(QStringList, present);
        QFile example(QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(example.readAll());
        QVERIFY(text.contains(QStringLiteral("\nview:\n")));
        text.replace(QStringLiteral("\nview:\n"), QStringLiteral("\nview:\n") + view);
        const QString session = m_dir.filePath(QStringLiteral("labels-%1.yaml").arg(QTest::currentDataTag()));
        QFile file(session);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.toUtf8());
        file.close();
        const QString out = m_dir.filePath(QStringLiteral("labels-%1.svg").arg(QTest::currentDataTag()));
        QProcess process;
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), session, QStringLiteral("-o"), out });
        QVERIFY(process.waitForFinished(30000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QFile svg(out);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&svg);
        QStringList texts;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("text")) {
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        for (const QString& wanted : present) {
            QVERIFY2(texts.join(QLatin1Char('\n')).contains(wanted), qPrintable(wanted));
        }
        const bool on = !view.contains(QStringLiteral("false"));
        QCOMPARE(texts.filter(QStringLiteral("AI=")).size(), on ? 4 : 0); // one per kernel
    }

    void badRequestsAreRefused()
    {
        ChartExportOptions tiny;
        tiny.width = 3;
        QVERIFY(exportChart(exampleSession(), m_db, m_dir.filePath(QStringLiteral("a.png")), tiny)
                    .contains(QStringLiteral("size")));
        QVERIFY(exportChart(exampleSession(), m_db, m_dir.filePath(QStringLiteral("a.gif")))
                    .contains(QStringLiteral(".png, .svg, .pdf or .html")));
        QVERIFY(!exportChart(exampleSession(), m_db, QStringLiteral("/nonexistent-dir/a.png")).isEmpty());
    }

    void headlessCommandWritesTheRequestedFile()
    {
        const QString out = m_dir.filePath(QStringLiteral("cli.png"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // no display needed
        env.remove(QStringLiteral("DISPLAY"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), QString::fromUtf8(kExampleSessionPath),
                QStringLiteral("-o"), out, QStringLiteral("--size"), QStringLiteral("640x400") });
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(QImage(out).size(), QSize(640, 400));

        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), QString::fromUtf8(kExampleSessionPath),
                QStringLiteral("-o"), out, QStringLiteral("--size"), QStringLiteral("wide") });
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("--size must be WIDTHxHEIGHT"));
        // Review styling in the dark theme, headless: the dark background and the wider layout.
        const QString review = m_dir.filePath(QStringLiteral("cli-review.png"));
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), QString::fromUtf8(kExampleSessionPath),
                QStringLiteral("-o"), review, QStringLiteral("--size"), QStringLiteral("1920x1080"),
                QStringLiteral("--theme"), QStringLiteral("dark"), QStringLiteral("--review") });
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        const QImage image(review);
        QCOMPARE(image.size(), QSize(1920, 1080));
        QCOMPARE(image.pixel(1910, 1070), qRgb(30, 32, 36));
    }

    // Several files from one analysis and one chart are the files one export each writes: the same
    // SVG and page byte for byte, the same PNG pixels, a PDF, in the order asked; an SVG asked before a
    // PNG, or a page before it, leaves the PNG as it would be alone.
    void severalFilesOfOneRunAreTheFilesOfOneRunEach_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::newRow("svg first") << QStringList { QStringLiteral("a.svg"), QStringLiteral("a.png"),
            QStringLiteral("a.html"), QStringLiteral("a.pdf") };
        QTest::newRow("page first") << QStringList { QStringLiteral("b.html"), QStringLiteral("b.pdf"),
            QStringLiteral("b.png"), QStringLiteral("b.svg") };
    }

    void severalFilesOfOneRunAreTheFilesOfOneRunEach()
    {
        QFETCH(QStringList, names);
        Session session = exampleSession();
        session.view.theme = "dark";
        ChartExportOptions options;
        options.review = true;
        QStringList paths;
        for (const QString& name : names) {
            paths << m_dir.filePath(name);
        }
        QStringList written;
        QCOMPARE(exportCharts(session, m_db, paths, options, [&written](const QString& path) { written << path; }),
            QString());
        QCOMPARE(written, paths);
        const auto bytesOf = [](const QString& path) {
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        for (const QString& name : names) {
            const QString alone = m_dir.filePath(QStringLiteral("alone-") + name);
            QCOMPARE(exportChart(session, m_db, alone, options), QString());
            const QString together = m_dir.filePath(name);
            if (name.endsWith(QLatin1String(".png"))) {
                const QImage a(alone);
                const QImage b(together);
                QVERIFY(!a.isNull());
                QCOMPARE(a.size(), b.size());
                QVERIFY(a.convertToFormat(QImage::Format_ARGB32) == b.convertToFormat(QImage::Format_ARGB32));
            } else if (name.endsWith(QLatin1String(".pdf"))) {
                QVERIFY(bytesOf(together).startsWith("%PDF-"));
            } else {
                QVERIFY(!bytesOf(alone).isEmpty());
                QCOMPARE(bytesOf(together), bytesOf(alone));
            }
        }
        // One file refused: none is written.
        const QString fresh = m_dir.filePath(QStringLiteral("never-written.svg"));
        QVERIFY(
            !exportCharts(session, m_db, { fresh, m_dir.filePath(QStringLiteral("chart.gif")) }, options).isEmpty());
        QVERIFY(!QFile::exists(fresh));
    }

    // Several -o in one run: each file of the same chart by its extension, in the order given; the same
    // file twice, or one the writer refuses, is an error before anything is written.
    void oneRunWritesEveryFormatAsked()
    {
        const QString png = m_dir.filePath(QStringLiteral("both.png"));
        const QString svg = m_dir.filePath(QStringLiteral("both.svg"));
        QProcess process;
        process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE),
            { QStringLiteral("export"), QStringLiteral("--session"), QString::fromUtf8(kExampleSessionPath),
                QStringLiteral("-o"), png, QStringLiteral("--output"), svg, QStringLiteral("--size"),
                QStringLiteral("800x500") });
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(
            QString::fromUtf8(process.readAllStandardOutput()), QStringLiteral("wrote %1\nwrote %2\n").arg(png, svg));
        QCOMPARE(QImage(png).size(), QSize(800, 500));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));

        const QString fresh = m_dir.filePath(QStringLiteral("never.png"));
        for (const QStringList& outputs :
            { QStringList { fresh, fresh }, QStringList { fresh, QString::fromUtf8(kExampleSessionPath) },
                QStringList { fresh, m_dir.filePath(QStringLiteral("chart.gif")) } }) {
            QStringList args { QStringLiteral("export"), QStringLiteral("--session"),
                QString::fromUtf8(kExampleSessionPath) };
            for (const QString& out : outputs) {
                args << QStringLiteral("-o") << out;
            }
            process.start(QStringLiteral(ROOFSCOPE_EXECUTABLE), args);
            QVERIFY(process.waitForFinished(30000));
            QCOMPARE(process.exitCode(), 2);
            QVERIFY(!QFile::exists(fresh));
        }
    }
};

ROOFSCOPE_TEST_MAIN(TestExport)
#include "test_export.moc"
