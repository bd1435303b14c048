// The interactive HTML export (docs/cli.md#export) in a real browser: `roofscope export -o OUT.html`, then
// headless Chromium loads the page (offline, from a file), runs its script and dumps the DOM; the
// checks read what the page shows after the script ran: the chart's SVG and tables are there, a
// marker's tooltip holds its evaluation, and a device switched off in the legend hides its roofs,
// markers and rows. Chromium comes from tools/install-deps.sh; without it the suite fails and says so.
#include "CliRun.h"
#include "TestMain.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <cmath>

using namespace roofscope::test;

namespace {
QString chromium()
{
    for (const char* name : { "chromium", "chromium-browser", "google-chrome" }) {
        const QString path = QStandardPaths::findExecutable(QString::fromLatin1(name));
        if (!path.isEmpty()) {
            return path;
        }
    }
    return {};
}

// The page's DOM after its script ran, or empty (with the reason in `error`).
QString dumpDom(
    const QString& page, const QString& hash, const QString& profile, QString& error, const QStringList& extra = {})
{
    QUrl url = QUrl::fromLocalFile(page);
    url.setFragment(hash);
    QProcess browser;
    QStringList arguments { QStringLiteral("--headless"), QStringLiteral("--no-sandbox"),
        QStringLiteral("--disable-gpu"), QStringLiteral("--disable-background-networking"),
        QStringLiteral("--disable-component-update"), QStringLiteral("--disable-sync"),
        QStringLiteral("--no-first-run"), QStringLiteral("--user-data-dir=") + profile, QStringLiteral("--dump-dom") };
    arguments << extra << url.toString();
    browser.start(chromium(), arguments);
    if (!browser.waitForFinished(120000)) {
        browser.kill();
        error = QStringLiteral("chromium did not finish within two minutes");
        return {};
    }
    const QString dom = QString::fromUtf8(browser.readAllStandardOutput());
    if (dom.isEmpty()) {
        error = QStringLiteral("chromium printed no DOM: ") + QString::fromUtf8(browser.readAllStandardError());
    }
    return dom;
}

// The opening tags of the elements carrying an attribute value, e.g. every `data-device="1"`.
QStringList tagsWith(const QString& dom, const QString& attribute)
{
    QStringList tags;
    const QRegularExpression tag(QStringLiteral("<[a-z]+ [^>]*") + QRegularExpression::escape(attribute) + "[^>]*>");
    for (auto it = tag.globalMatch(dom); it.hasNext();) {
        tags << it.next().captured(0);
    }
    return tags;
}
// The font sizes of the elements with a class, in document order.
QList<double> fontSizes(const QString& dom, const QString& cls)
{
    QList<double> sizes;
    const QRegularExpression size(QStringLiteral("font-size=\"([0-9.]+)\""));
    for (const QString& tag : tagsWith(dom, QStringLiteral("class=\"") + cls)) {
        const auto match = size.match(tag);
        if (match.hasMatch()) {
            sizes << match.captured(1).toDouble();
        }
    }
    return sizes;
}

// A session that needs every mark: HBM bytes on L40S (GDDR), B200 set to fp4 against bf16 kernels,
// a decode and a prefill step (two kernel groups), and H100's estimated L1 and L2 roofs.
const char* kUnlikeSession = R"(schema: roofscope-session/1
title: Like-for-like marks
devices:
  - nvidia-h100-sxm
  - nvidia-l40s
  - {id: nvidia-b200, precision: fp4}
kernels:
  - {name: copy, flops: 1e9, bytes: {l1: 2e9, hbm: 2e9}, precision: bf16}
  - name: decode
    template: transformer
    params: {layers: 2, hidden: 1024, heads: 8, kv_heads: 8, ffn: 4096, vocab: 32000, batch: 4, seq: 512, phase: decode}
  - name: prefill
    template: transformer
    params: {layers: 2, hidden: 1024, heads: 8, kv_heads: 8, ffn: 4096, vocab: 32000, batch: 4, seq: 512, phase: prefill}
)";
} // namespace

class TestHtmlExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_page;
    QString m_gapPage; // resources/examples/measured-gap.yaml: four measured kernels on one device
    QString m_unlikeSession; // kUnlikeSession, written to a file

    // Exports `session` to `name` with extra arguments; empty on failure.
    QString exportPage(const QString& session, const QString& name, const QStringList& extra = {})
    {
        const QString out = m_dir.filePath(name);
        const Run run = runRoofscope(
            QStringList { QStringLiteral("export"), QStringLiteral("--session"), session, QStringLiteral("-o"), out }
            + extra);
        return run.exitCode == 0 ? out : QString();
    }

    // The page opened in the browser with #hover=KEY: the text of the tooltip shown for KEY; empty, with
    // the failure recorded, when none is.
    QString hoveredTip(const QString& page, const QString& key, const QString& profile)
    {
        QString error;
        const QString dom = dumpDom(page, QStringLiteral("hover=") + key, m_dir.filePath(profile), error);
        const QRegularExpression tooltip(
            QStringLiteral("<div id=\"tooltip\"([^>]*)>(.*?)</div>"), QRegularExpression::DotMatchesEverythingOption);
        const auto match = tooltip.match(dom);
        if (dom.isEmpty() || !match.hasMatch() || match.captured(1).contains(QStringLiteral("hidden"))
            || !match.captured(1).contains(QStringLiteral("data-for=\"%1\"").arg(key))) {
            QTest::qFail(
                qPrintable(QStringLiteral("no tooltip for %1: %2").arg(key, dom.isEmpty() ? error : match.captured(1))),
                __FILE__, __LINE__);
            return {};
        }
        return match.captured(2);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!chromium().isEmpty(),
            "chromium is not installed: the HTML export is tested in a real browser; run tools/install-deps.sh "
            "(Debian package 'chromium')");
        m_page = m_dir.filePath(QStringLiteral("transformer.html"));
        const Run run = runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"),
            QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/transformer-layer.yaml"), QStringLiteral("-o"), m_page });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(QFile::exists(m_page));
        m_gapPage = m_dir.filePath(QStringLiteral("measured-gap.html"));
        const Run gap = runRoofscope({ QStringLiteral("export"), QStringLiteral("--session"),
            QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/measured-gap.yaml"), QStringLiteral("-o"), m_gapPage });
        QVERIFY2(gap.exitCode == 0, gap.err.constData());
        m_unlikeSession = m_dir.filePath(QStringLiteral("unlike.yaml"));
        QFile session(m_unlikeSession);
        QVERIFY(session.open(QIODevice::WriteOnly));
        session.write(kUnlikeSession);
    }

    // Two devices with one peak (H100 x8 and H200 x8, 7.912 PFLOP/s) printed their compute roofs'
    // labels on top of each other at the plot's right edge: each label has a line of its own.
    void computeRoofLabelsNeverPrintOverEachOther()
    {
        const QString path = exportPage(
            QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml"), QStringLiteral("serving.html"));
        QVERIFY(!path.isEmpty());
        const QString page = QString::fromUtf8(readFile(path));
        // Compute-roof labels end at the right edge ("text-anchor=end", "<device> <precision> <peak>").
        const QRegularExpression label(
            QStringLiteral("<text x=\"([0-9.]+)\" y=\"([0-9.]+)\" class=\"roof-label[^\"]*\" "
                           "[^>]*text-anchor=\"end\">([^<]*FLOP/s[^<]*)</text>"));
        std::vector<std::pair<double, QString>> placed;
        for (auto it = label.globalMatch(page); it.hasNext();) {
            const auto m = it.next();
            placed.emplace_back(m.captured(2).toDouble(), m.captured(3));
        }
        QVERIFY2(placed.size() >= 4, qPrintable(QString::number(placed.size())));
        bool sharedPeak = false;
        for (size_t i = 0; i < placed.size(); ++i) {
            for (size_t j = i + 1; j < placed.size(); ++j) {
                QVERIFY2(std::fabs(placed[i].first - placed[j].first) >= 11.0,
                    qPrintable(placed[i].second + QStringLiteral(" / ") + placed[j].second));
                sharedPeak = sharedPeak
                    || (placed[i].second.endsWith(QStringLiteral("7.912 PFLOP/s"))
                        && placed[j].second.endsWith(QStringLiteral("7.912 PFLOP/s")));
            }
        }
        QVERIFY2(sharedPeak, "the two 7.912 PFLOP/s devices are both labelled");
    }

    void pageIsSelfContained()
    {
        QFile file(m_page);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(file.readAll());
        QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
        // Nothing fetched from elsewhere: no external scripts, styles, images or links to load.
        QVERIFY(!html.contains(QRegularExpression(QStringLiteral("<(script|img|link|iframe)[^>]+(src|href)="))));
        QVERIFY(!html.contains(QStringLiteral("@import")));
    }

    void pageRendersChartAndTables()
    {
        QString error;
        const QString dom = dumpDom(m_page, QString(), m_dir.filePath(QStringLiteral("profile-1")), error);
        QVERIFY2(!dom.isEmpty(), qPrintable(error));
        QVERIFY2(dom.contains(QStringLiteral("data-ready=\"true\"")), "the page's script did not run to its end");
        QVERIFY(dom.contains(QStringLiteral("<svg id=\"chart\"")));
        QCOMPARE(tagsWith(dom, QStringLiteral("class=\"device\"")).size(), 4); // the session's four devices
        QCOMPARE(tagsWith(dom, QStringLiteral("class=\"marker\"")).size(), 16); // 4 kernels x 4 devices
        QCOMPARE(dom.count(QStringLiteral("<tr data-kernel=")), 16); // the results: every kernel on every device
        QCOMPARE(dom.count(QStringLiteral("<tr data-device=")), 4); // the comparison
        QVERIFY(dom.contains(QStringLiteral("Attention"))); // a kernel's name, as in the PNG/SVG
        // Laid out at the export's size (1200 x 750 by default): the plot area takes most of it, and
        // every marker lies inside it.
        const auto area = QRegularExpression(
            QStringLiteral(
                "<clipPath id=\"plot-area\"><rect x=\"(\\d+)\" y=\"(\\d+)\" width=\"(\\d+)\" height=\"(\\d+)\""))
                              .match(dom);
        QVERIFY2(area.hasMatch(), "no plot area");
        const double left = area.captured(1).toDouble();
        const double top = area.captured(2).toDouble();
        const double width = area.captured(3).toDouble();
        const double height = area.captured(4).toDouble();
        QVERIFY2(width > 600 && height > 375, qPrintable(area.captured(0)));
        const QRegularExpression centre(QStringLiteral("data-x=\"([-0-9.]+)\" data-y=\"([-0-9.]+)\""));
        for (const QString& marker : tagsWith(dom, QStringLiteral("class=\"marker\""))) {
            const auto at = centre.match(marker);
            QVERIFY2(at.hasMatch(), qPrintable(marker));
            const double x = at.captured(1).toDouble();
            const double y = at.captured(2).toDouble();
            QVERIFY2(x >= left && x <= left + width && y >= top && y <= top + height, qPrintable(marker));
        }
    }

    void markerShowsItsTooltip()
    {
        const QString tip = hoveredTip(m_page, QStringLiteral("0:1"), QStringLiteral("profile-2"));
        QVERIFY2(tip.contains(QStringLiteral("T_min")), qPrintable(tip));
    }

    // The serving chart of the page answers the pointer as the window's does: every point of its curves
    // has a target at its place and the point's text (device, batch, tokens/s, what binds it).
    void servingPointsShowTheirTooltip()
    {
        const QString path = exportPage(
            QStringLiteral(ROOFSCOPE_RESOURCES_DIR "/examples/serving-70b.yaml"), QStringLiteral("serving-tips.html"));
        QVERIFY(!path.isEmpty());
        const QString page = QString::fromUtf8(readFile(path));
        const qsizetype section = page.indexOf(QStringLiteral("<section id=\"serving\""));
        QVERIFY(section > 0);
        // The markers' tips carry what the window's tooltips add for a group's parts: the experts a
        // routed expert kernel touches, what a collective moves.
        QVERIFY(page.contains(QStringLiteral("E_eff = ")));
        QVERIFY(page.contains(QStringLiteral("ring all-reduce over tp = 8 chips")));
        // A transfer's row (the logits gather) has no FLOP/s to give: "no FLOPs", never "0 FLOP/s".
        QVERIFY(page.contains(QStringLiteral("<td>no FLOPs</td>")));
        QVERIFY(!page.contains(QStringLiteral("<td>0 FLOP/s</td>")));
        const qsizetype targets = page.count(QStringLiteral("class=\"serving-point\""));
        QVERIFY2(targets >= 5 * 20, qPrintable(QString::number(targets))); // five devices' curves
        const QString tip = hoveredTip(path, QStringLiteral("serving:1:8"), QStringLiteral("profile-st"));
        // The second device's ninth point: batch 9 is not on the ladder (1..8, then 10), so batch 10.
        QVERIFY2(tip.contains(QStringLiteral("H200 x8 · batch 10")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("tokens/s")), qPrintable(tip));
    }

    void legendSwitchesADeviceOff()
    {
        QString error;
        const QString dom
            = dumpDom(m_page, QStringLiteral("off=1"), m_dir.filePath(QStringLiteral("profile-3")), error);
        QVERIFY2(!dom.isEmpty(), qPrintable(error));
        const QStringList off = tagsWith(dom, QStringLiteral("data-device=\"1\""));
        QVERIFY(!off.isEmpty());
        for (const QString& tag : off) {
            if (tag.startsWith(QStringLiteral("<input")) || tag.startsWith(QStringLiteral("<li"))) {
                continue; // the legend entry itself stays
            }
            QVERIFY2(tag.contains(QStringLiteral("device-off")), qPrintable(tag));
        }
        QVERIFY(tagsWith(dom, QStringLiteral("class=\"device device-off\"")).size() == 1); // its roofs
        for (const QString& tag : tagsWith(dom, QStringLiteral("data-device=\"0\""))) {
            QVERIFY2(!tag.contains(QStringLiteral("device-off")), qPrintable(tag)); // the others stay
        }
    }

    // Each kernel's markers have the chart's shape for it (KernelMarkerStyle: a circle for the first
    // kernel, a square for the second), the same on every device.
    void markersHaveTheChartsShapes()
    {
        QString error;
        const QString dom = dumpDom(m_page, QString(), m_dir.filePath(QStringLiteral("profile-4")), error);
        QVERIFY2(!dom.isEmpty(), qPrintable(error));
        const QRegularExpression shape(QStringLiteral("data-shape=\"([a-z-]+)\""));
        const QRegularExpression path(QStringLiteral(" d=\"M([-0-9.]+),([-0-9.]+) ([A-Z])"));
        QMap<QString, QSet<QString>> shapes; // kernel -> shapes of its markers
        QMap<QString, QString> commands; // kernel -> the path's second command (C for curves, L for lines)
        for (const QString& tag : tagsWith(dom, QStringLiteral("class=\"marker\""))) {
            const QString kernel = QRegularExpression(QStringLiteral("data-kernel=\"(\\d+)\"")).match(tag).captured(1);
            shapes[kernel].insert(shape.match(tag).captured(1));
            const auto d = path.match(tag);
            QVERIFY2(d.hasMatch(), qPrintable(tag));
            commands[kernel] = d.captured(3);
        }
        QCOMPARE(shapes.value(QStringLiteral("0")), QSet<QString> { QStringLiteral("circle") });
        QCOMPARE(shapes.value(QStringLiteral("1")), QSet<QString> { QStringLiteral("square") });
        QCOMPARE(commands.value(QStringLiteral("0")), QStringLiteral("C")); // a circle is drawn with curves
        QCOMPARE(commands.value(QStringLiteral("1")), QStringLiteral("L")); // a square with lines
        QVERIFY(shapes.value(QStringLiteral("2")) != shapes.value(QStringLiteral("1")));
    }

    // Seed 001's measured-gap chart: every measured point hollow at its intensity, with its "% of
    // roof" text as the PNG/SVG show it (the example derives 92, 55, 35 and 78 %), the gap arrow up to
    // the roof where there is room for one (Kernel C: 35 % of the roof, far below it), and a tooltip
    // with the measured time, the achieved FLOP/s and the fraction.
    void measuredPointsRenderWithTheirFraction()
    {
        QString error;
        const QString dom = dumpDom(
            m_gapPage, QStringLiteral("hover=0:measured"), m_dir.filePath(QStringLiteral("profile-5")), error);
        QVERIFY2(!dom.isEmpty(), qPrintable(error));
        QVERIFY2(dom.contains(QStringLiteral("data-ready=\"true\"")), "the page's script did not run to its end");
        const QStringList measured = tagsWith(dom, QStringLiteral("class=\"marker measured\""));
        QCOMPARE(measured.size(), 4);
        for (int k = 0; k < 4; ++k) {
            QVERIFY2(measured[k].contains(QStringLiteral("data-kernel=\"%1\"").arg(k)), qPrintable(measured[k]));
            QVERIFY2(measured[k].contains(QStringLiteral("fill=\"#ffffff\"")), qPrintable(measured[k])); // hollow
        }
        const QStringList texts { "92 % of roof", "55 % of roof", "35 % of roof", "78 % of roof" };
        const QRegularExpression fraction(QStringLiteral("<g class=\"roof-fraction\">.*?<text[^>]*>([^<]*)</text>"));
        QStringList shown;
        for (auto it = fraction.globalMatch(dom); it.hasNext();) {
            shown << it.next().captured(1);
        }
        QCOMPARE(shown, texts);
        const QRegularExpression kernelC(
            QStringLiteral("<g class=\"measured\" data-kernel=\"2\" data-device=\"0\">\\s*<line class=\"gap-arrow\""));
        QVERIFY2(kernelC.match(dom).hasMatch(), "no gap arrow up from Kernel C");

        const QRegularExpression tooltip(
            QStringLiteral("<div id=\"tooltip\"([^>]*)>(.*?)</div>"), QRegularExpression::DotMatchesEverythingOption);
        const auto match = tooltip.match(dom);
        QVERIFY2(match.hasMatch(), "no tooltip element");
        QVERIFY2(!match.captured(1).contains(QStringLiteral("hidden")), qPrintable(match.captured(1)));
        QVERIFY(match.captured(1).contains(QStringLiteral("data-for=\"0:measured\"")));
        // Kernel A: 14.4 GFLOP in 1.087 ms = 13.2 TFLOP/s, 92 % of the HBM roof at 2 FLOP/B (14.4 TFLOP/s).
        for (const char* part : { "Measured time", "1.09 ms", "13.2 TFLOP/s", "92 %", "14.4 TFLOP/s" }) {
            QVERIFY2(match.captured(2).contains(QString::fromUtf8(part)), part);
        }
    }

    // The measured point belongs to the first device: switching it off hides the point, its arrow and
    // its text with the device's roofs and markers.
    void measuredPointsHideWithTheirDevice()
    {
        QString error;
        const QString dom
            = dumpDom(m_gapPage, QStringLiteral("off=0"), m_dir.filePath(QStringLiteral("profile-6")), error);
        QVERIFY2(!dom.isEmpty(), qPrintable(error));
        const QStringList groups = tagsWith(dom, QStringLiteral("class=\"measured"));
        QCOMPARE(groups.size(), 4);
        for (const QString& group : groups) {
            QVERIFY2(group.contains(QStringLiteral("device-off")), qPrintable(group));
        }
    }

    // Issue 24: the page dropped the caveats. Estimated roofs dashed and labelled "(estimate)", the
    // regions and ridges marked, '*' rows with their reasons (HBM bytes on GDDR, fp4 against bf16
    // kernels), the decode and prefill steps ranked on their own with their tokens/s; the same words
    // as the SVG export of the same session.
    void pageCarriesTheCaveats()
    {
        const QString page = exportPage(m_unlikeSession, QStringLiteral("unlike.html"));
        QVERIFY(!page.isEmpty());
        QString error;
        const QString dom = dumpDom(page, QString(), m_dir.filePath(QStringLiteral("profile-7")), error);
        QVERIFY2(dom.contains(QStringLiteral("data-ready=\"true\"")), qPrintable(error));
        // Roof labels, "(estimate)" and dashed where the device file says so (H100's L1 and L2).
        const QRegularExpression estimateLabel(
            QStringLiteral("<text class=\"roof-label estimate\"[^>]*>([^<]*)</text>"));
        const auto label = estimateLabel.match(dom);
        QVERIFY2(label.hasMatch(), "no estimated roof label");
        QVERIFY2(label.captured(1).endsWith(QStringLiteral("(estimate)")), qPrintable(label.captured(1)));
        const QStringList dashed = tagsWith(dom, QStringLiteral("class=\"roof level estimate\""));
        QVERIFY(!dashed.isEmpty());
        for (const QString& line : dashed) {
            QVERIFY2(line.contains(QStringLiteral("stroke-dasharray")), qPrintable(line));
        }
        for (const QString& line : tagsWith(dom, QStringLiteral("class=\"roof level\""))) {
            QVERIFY2(!line.contains(QStringLiteral("stroke-dasharray")), qPrintable(line)); // vendor figures solid
        }
        QVERIFY(dom.contains(QStringLiteral("HBM 3.35 TB/s"))); // the main roof's label
        // Regions and ridges.
        QCOMPARE(tagsWith(dom, QStringLiteral("class=\"region-label\"")).size(), 2);
        QVERIFY(dom.contains(QStringLiteral("memory-bound")) && dom.contains(QStringLiteral("compute-bound")));
        QCOMPARE(tagsWith(dom, QStringLiteral("class=\"ridge\"")).size(), 3);
        // The comparison: L40S and B200 marked, with why; no ranking of decode + prefill together.
        const QRegularExpression row(QStringLiteral("<tr data-device=\"(\\d)\"([^>]*)>"));
        int marked = 0;
        for (auto it = row.globalMatch(dom); it.hasNext();) {
            const auto match = it.next();
            if (match.captured(2).contains(QStringLiteral("not-comparable"))) {
                QVERIFY2(match.captured(1) != QStringLiteral("0"), "H100 marked"); // H100 stays like-for-like
                ++marked;
            }
        }
        QCOMPARE(marked, 2); // L40S and B200 in the comparison
        QVERIFY(dom.contains(QStringLiteral("HBM bytes counted on GDDR")));
        QVERIFY(dom.contains(QStringLiteral("evaluated at fp4 while its kernels are bf16")));
        QVERIFY(dom.contains(QStringLiteral("class=\"ranking-refused\"")));
        QCOMPARE(tagsWith(dom, QStringLiteral("class=\"unlike\"")).size(), 2); // in the legend
        // Each group's verdict: its headline and its table. B200 at fp4 is not set beside bf16 steps
        // (marked, unranked, with the reason); a serving step's bytes are on each device's main memory
        // whatever it is called, so the L40S is like-for-like there.
        const QRegularExpression verdictRow(
            QStringLiteral("<tr data-verdict-device=\"(\\d)\"[^>]*?( class=\"not-comparable\")?>"));
        int verdictMarked = 0;
        for (auto it = verdictRow.globalMatch(dom); it.hasNext();) {
            const auto match = it.next();
            if (!match.captured(2).isEmpty()) {
                QCOMPARE(match.captured(1), QStringLiteral("2")); // B200
                ++verdictMarked;
            }
        }
        QCOMPARE(verdictMarked, 2);
        for (const char* group : { "decode at batch 4: ", "prefill at batch 4: " }) {
            QVERIFY2(dom.contains(QString::fromLatin1(group)), group);
        }
        for (const char* table :
            { "<table class=\"verdict\" data-group=\"0\">", "<table class=\"verdict\" data-group=\"1\">" }) {
            QCOMPARE(dom.count(QString::fromLatin1(table)), qsizetype(1));
        }
        QVERIFY(dom.count(QStringLiteral("evaluated at fp4, the step's kernels are bf16"))
            >= 4); // in each table's reason column and each headline
        const QRegularExpression topCells(QStringLiteral("<td class=\"rank\">1</td>"));
        QVERIFY(dom.count(topCells) >= 2); // each group has a first on tokens/s per chip

        // The same words as the chart's own export of the session (SVG keeps its text as text).
        const QString svgPath = exportPage(m_unlikeSession, QStringLiteral("unlike.svg"));
        QVERIFY(!svgPath.isEmpty());
        QFile svgFile(svgPath);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(svgFile.readAll());
        for (const QString& words : { QStringLiteral("(estimate)"), QStringLiteral("memory-bound"),
                 QStringLiteral("compute-bound"), label.captured(1).section(QLatin1Char(' '), 0, 2) }) {
            QVERIFY2(svg.contains(words), qPrintable(words));
            QVERIFY2(dom.contains(words), qPrintable(words));
        }
    }

    // Review mode: every text of the page at the chart's review scale (1.75x), as the PNG.
    void reviewModeScalesEveryText()
    {
        const QString plain = exportPage(m_unlikeSession, QStringLiteral("plain.html"));
        const QString review
            = exportPage(m_unlikeSession, QStringLiteral("review.html"), { QStringLiteral("--review") });
        QVERIFY(!plain.isEmpty() && !review.isEmpty());
        QString error;
        const QString a = dumpDom(plain, QString(), m_dir.filePath(QStringLiteral("profile-8")), error);
        const QString b = dumpDom(review, QString(), m_dir.filePath(QStringLiteral("profile-9")), error);
        QVERIFY2(!a.isEmpty() && !b.isEmpty(), qPrintable(error));
        for (const char* cls : { "tick", "axis-title", "roof-label", "region-label" }) {
            const QList<double> small = fontSizes(a, QString::fromLatin1(cls));
            const QList<double> large = fontSizes(b, QString::fromLatin1(cls));
            QVERIFY2(!small.isEmpty() && !large.isEmpty(), cls);
            QVERIFY2(std::abs(large.first() / small.first() - 1.75) < 0.01, cls);
        }
        // The chart's title.
        const QRegularExpression title(QStringLiteral("id=\"chart-title\"[^>]*font-size=\"([0-9.]+)\""));
        const double x = title.match(a).captured(1).toDouble();
        const double y = title.match(b).captured(1).toDouble();
        QVERIFY2(x > 0.0 && std::abs(y / x - 1.75) < 0.01, "chart-title");
        // The page's own text (tables, legend) too: body 14 px -> 24.5 px.
        QVERIFY(a.contains(QStringLiteral("font-size:14.0px}")));
        QVERIFY(b.contains(QStringLiteral("font-size:24.5px}")));
    }

    // Issue 24: in review mode the page scrolled sideways at 1,600 px. At a 1,280 px window, a review
    // export of 1600 x 1000 fits across: the chart shrinks with the window, wide tables scroll inside.
    void noSidewaysScrollAt1280()
    {
        const QString review = exportPage(m_unlikeSession, QStringLiteral("wide.html"),
            { QStringLiteral("--review"), QStringLiteral("--size"), QStringLiteral("1600x1000") });
        QVERIFY(!review.isEmpty());
        QString error;
        const QString dom = dumpDom(review, QString(), m_dir.filePath(QStringLiteral("profile-10")), error,
            { QStringLiteral("--window-size=1280,900") });
        QVERIFY2(dom.contains(QStringLiteral("data-ready=\"true\"")), qPrintable(error));
        const QRegularExpression widths(QStringLiteral("data-scroll-width=\"(\\d+)\" data-client-width=\"(\\d+)\""));
        const auto match = widths.match(dom);
        QVERIFY2(match.hasMatch(), "the page did not report its widths");
        const int scroll = match.captured(1).toInt();
        const int client = match.captured(2).toInt();
        QVERIFY2(client > 1000 && client <= 1280, qPrintable(match.captured(0)));
        QVERIFY2(scroll <= client, qPrintable(match.captured(0)));
    }

    // A GEMM that moved 0 bytes on DRAM, the only level its ncu run counted (all of its data in L2),
    // imported and exported as a user would: the page draws its marker 22 px inside the plot's right
    // edge with an arrow whose tip is a pixel short of that edge (its intensity is unbounded), its
    // tooltip and the note under the chart say why, and the page still fits a 1,280 px window.
    void aKernelThatMovedNoBytesSitsAtThePlotsRightEdge()
    {
        const QString csv = m_dir.filePath(QStringLiteral("zero.csv"));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("\"ID\",\"Kernel Name\",\"CC\",\"gpu__time_duration.sum\",\"dram__bytes.sum\","
                   "\"sm__sass_thread_inst_executed_op_ffma_pred_on.sum\"\n"
                   "\"0\",\"gemm\",\"9.0\",\"2e-3\",\"0\",\"5000000000\"\n"
                   "\"1\",\"copy\",\"9.0\",\"1e-3\",\"2000000000\",\"1000000000\"\n");
        file.close();
        const QString session = m_dir.filePath(QStringLiteral("zero.yaml"));
        const Run imported = runRoofscope({ QStringLiteral("import"), QStringLiteral("ncu"), csv, QStringLiteral("-o"),
            session, QStringLiteral("--hardware"), QStringLiteral("nvidia-h100-sxm") });
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        QVERIFY2(imported.err.contains("the chart draws it at its right edge"), imported.err.constData());
        const QString page = exportPage(session, QStringLiteral("zero.html"));
        QVERIFY(!page.isEmpty());
        QString error;
        const QString dom = dumpDom(page, QStringLiteral("hover=0:0"), m_dir.filePath(QStringLiteral("profile-11")),
            error, { QStringLiteral("--window-size=1280,900") });
        QVERIFY2(dom.contains(QStringLiteral("data-ready=\"true\"")), qPrintable(error));
        const auto area = QRegularExpression(QStringLiteral("<clipPath id=\"plot-area\"><rect x=\"(\\d+)\" y=\"\\d+\" "
                                                            "width=\"(\\d+)\""))
                              .match(dom);
        QVERIFY2(area.hasMatch(), "no plot area");
        const double right = area.captured(1).toDouble() + area.captured(2).toDouble();
        const auto n = [](double v) { return QString::number(v, 'f', 1); };
        // Its marker on the H100's roof, and the arrow from it on to the edge.
        const auto marker = QRegularExpression(QStringLiteral("<path class=\"marker\" data-device=\"0\"[^>]*"
                                                              "data-kernel=\"0\"[^>]*data-x=\"([-0-9.]+)\""))
                                .match(dom);
        QVERIFY2(marker.hasMatch(), "no marker for the kernel that moved 0 bytes");
        QCOMPARE(marker.captured(1), n(right - 22.0));
        const QStringList arrows = tagsWith(dom, QStringLiteral("class=\"edge-arrow\""));
        QCOMPARE(arrows.size(), 2); // the roof marker and the measured point
        for (const QString& arrow : arrows) {
            QVERIFY2(arrow.contains(QStringLiteral("data-tip-x=\"%1\"").arg(n(right - 1.0))), qPrintable(arrow));
        }
        const QRegularExpression tooltip(
            QStringLiteral("<div id=\"tooltip\"([^>]*)>(.*?)</div>"), QRegularExpression::DotMatchesEverythingOption);
        const auto tip = tooltip.match(dom);
        QVERIFY2(tip.hasMatch() && !tip.captured(1).contains(QStringLiteral("hidden")), "no tooltip shown");
        const QString reason = QStringLiteral(
            "moved 0 bytes on every counted level: compute-bound, intensity unbounded; drawn at the right edge");
        QVERIFY2(tip.captured(2).contains(reason), qPrintable(tip.captured(2)));
        QVERIFY2(dom.contains(
                     QStringLiteral("<p id=\"edge-kernels\">At the chart's right edge, with an arrow: gemm ") + reason),
            "no note under the chart");
        const auto widths
            = QRegularExpression(QStringLiteral("data-scroll-width=\"(\\d+)\" data-client-width=\"(\\d+)\""))
                  .match(dom);
        QVERIFY2(widths.hasMatch() && widths.captured(1).toInt() <= widths.captured(2).toInt(),
            qPrintable(widths.captured(0)));
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestHtmlExport)
#include "test_html_export.moc"
