// roofscope-bench: drives the real main window offscreen and prints one JSON object per line,
// {"name", "n_kernels", "n_devices", "median_ms", "p95_ms", ...}, for:
//   drag           one mouse-move event on the chart, handled and repainted (chart and table)
//   drag_measured  the same with many measured kernels on the chart
//   toggle_device  one device switched off or on in the hardware dock: full recompute and replot
//   toggle_device_cold  switching on a device never shown before (its evaluations not cached yet)
//   replot         one full chart replot of the toggle scene (the chart's share of a toggle)
//   replot_layer   each chart layer drawn alone into a buffer of its own (draw_ms), with its items
//   window_sweep   a parameter of a swept template kernel changed (256 values on 8 devices): the
//                  edit, its scene update, the trajectory's recompute and the repaint
//   window_sweep_slider     the swept parameter itself moved (what the Sweep dock's slider does)
//   window_sweep_replot     one full chart replot with the trajectory drawn
//   window_sweep_recompute  the trajectory's recompute alone (KernelSweep::recompute)
//   window_edit_unswept     the same edits with no trajectory
//   window_map     a parameter of a mapped kernel changed: four 128 x 128 regime maps (one per device,
//                  as the dock computes them) recomputed
//   serving_edit   a transformer group's parameter changed with the Serving tab shown: 8 devices x
//                  its batch ladder recomputed (the serving core) and the serving chart replotted
//   serving_edit_cpu  the same edits, the main thread's CPU time (steadier than wall time when other
//                  work shares the machine)
//   serving_recompute / serving_replot  the two halves alone
//   group_drag     one mouse-move of a drag of a transformer group's kernel (ffn_down of Llama 3 70B)
//                  on the roofline of the example session serving-70b.yaml (2 groups, 5 devices 8 chips
//                  wide, each device's step with its collectives): the group's batch changes, every
//                  device's step is expanded and evaluated again, the chart and table repaint
//   startup        the roofscope executable from process start to its first paint (separate runs)
//   open_run_session  opening, in the window, a session whose run is an ncu file of 100,000 launches
//                  (long layout, 5 metrics; written under the temporary folder), up to its first replot
// Usage: roofscope-bench [--only NAME] [--quick] [--toggles N] [--roofscope PATH]
// (--toggles: how many warm toggles toggle_device times, 40 by default; more for a profiler)

#include "chart/RooflineChart.h"
#include "chart/ServingChart.h"
#include "figures/KernelRegimeMap.h"
#include "figures/KernelSweep.h"
#include "figures/ServingCurves.h"
#include "figures/SessionAnalysis.h"
#include "io/HardwareLoader.h"
#include "io/SessionFile.h"
#include "io/SessionRuns.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "models/ResultsTableModel.h"
#include "scene/SceneBuilder.h"
#include "session/AppPaths.h"
#include "session/SessionDocument.h"
#include "widgets/HardwareDock.h"
#include "widgets/MainWindow.h"
#include "widgets/ServingTab.h"
#include <QTabWidget>

#include <qcustomplot.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QMouseEvent>
#include <QProcess>
#include <QTableView>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

struct Stats {
    double median = 0.0;
    double p95 = 0.0;
    double max = 0.0;
};

Stats stats(std::vector<double> samples)
{
    Stats s;
    if (samples.empty()) {
        return s;
    }
    std::sort(samples.begin(), samples.end());
    auto at = [&](double q) {
        const size_t i = static_cast<size_t>(std::ceil(q * static_cast<double>(samples.size()))) - 1;
        return samples[std::min(i, samples.size() - 1)];
    };
    s.median = samples.size() % 2 == 1 ? samples[samples.size() / 2]
                                       : 0.5 * (samples[samples.size() / 2 - 1] + samples[samples.size() / 2]);
    s.p95 = at(0.95);
    s.max = samples.back();
    return s;
}

void print(const char* name, size_t kernels, size_t devices, const Stats& s, int samples, const QString& extra = {})
{
    std::printf("{\"name\": \"%s\", \"n_kernels\": %zu, \"n_devices\": %zu, \"median_ms\": %.3f, \"p95_ms\": %.3f, "
                "\"max_ms\": %.3f, \"samples\": %d%s}\n",
        name, kernels, devices, s.median, s.p95, s.max, samples, extra.toUtf8().constData());
    std::fflush(stdout);
}

// CPU time of this process in milliseconds: on a shared machine the wall clock of a step grows with
// the load, its CPU time much less.
double processCpuMs()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// Counts paint events, to show that each timed step really repainted.
class PaintCounter : public QObject {
public:
    int paints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
        }
        return QObject::eventFilter(watched, event);
    }
};

std::vector<std::string> benchDevices(const HardwareDatabase& db, size_t count)
{
    // Accelerators from several vendors first, then whatever else there is.
    const std::vector<std::string> preferred { "nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v6e",
        "nvidia-b200", "intel-gaudi-3", "nvidia-a100-sxm-80gb", "amd-instinct-mi325x", "google-tpu-v5p" };
    std::vector<std::string> ids;
    for (const std::string& id : preferred) {
        if (ids.size() < count && db.find(id)) {
            ids.push_back(id);
        }
    }
    for (const Hardware& hw : db.devices()) {
        if (ids.size() < count && std::find(ids.begin(), ids.end(), hw.id) == ids.end()) {
            ids.push_back(hw.id);
        }
    }
    return ids;
}

// Raw kernels with intensities spread log-uniformly over 0.1 .. 3000 FLOP/B (a fixed seed).
Session benchSession(const HardwareDatabase& db, size_t kernels, size_t devices, bool measured)
{
    Session session;
    session.title = "bench";
    for (const std::string& id : benchDevices(db, devices)) {
        DeviceSelection selection;
        selection.id = id;
        session.devices.push_back(selection);
    }
    std::mt19937_64 random(42);
    std::uniform_real_distribution<double> logIntensity(std::log(0.1), std::log(3000.0));
    std::uniform_real_distribution<double> logFlops(std::log(1e8), std::log(1e13));
    std::uniform_real_distribution<double> efficiency(0.05, 0.9);
    session.kernels.reserve(kernels);
    for (size_t i = 0; i < kernels; ++i) {
        Kernel k;
        k.name = "kernel_" + std::to_string(i);
        k.flops = std::exp(logFlops(random));
        k.bytes = { { "default", k.flops / std::exp(logIntensity(random)) } };
        k.precision = "bf16";
        if (measured) {
            // As if it ran at a fraction of an H100-class roof.
            const double attainable = std::min(989e12, 3.35e12 * k.flops / k.bytes.front().bytes);
            k.measuredSeconds = k.flops / (attainable * efficiency(random));
        }
        session.kernels.push_back(std::move(k));
    }
    return session;
}

void settle()
{
    for (int i = 0; i < 3; ++i) {
        QApplication::processEvents();
    }
}

void sendMouse(QWidget* target, QEvent::Type type, const QPointF& pos, Qt::MouseButtons buttons)
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(target, &event);
}

void benchDrag(HardwareDatabase& db, const char* name, size_t kernels, size_t devices, bool measured, int moves)
{
    MainWindow window(db);
    window.setAutosaveDelay(-1); // no recovery file writes inside the timings
    window.setSession(benchSession(db, kernels, devices, measured));
    window.resize(1600, 1000);
    window.show();
    settle();
    QCustomPlot* plot = window.chart()->plot();
    // The kernel nearest the middle of the chart, so the drag stays on screen.
    const QPointF centre(plot->axisRect()->center());
    int kernel = -1;
    double best = 1e300;
    for (size_t k = 0; k < std::min<size_t>(kernels, 2000); ++k) {
        if (auto pos = window.chart()->markerPosition(static_cast<int>(k), 0)) {
            const double d = std::fabs(pos->x() - centre.x());
            if (d < best) {
                best = d;
                kernel = static_cast<int>(k);
            }
        }
    }
    const auto start = window.chart()->markerPosition(kernel, 0);
    if (!start) {
        std::fprintf(stderr, "%s: no kernel marker to drag\n", name);
        return;
    }
    PaintCounter counter;
    plot->installEventFilter(&counter);
    window.resultsView()->viewport()->installEventFilter(&counter);
    sendMouse(plot, QEvent::MouseButtonPress, *start, Qt::LeftButton);
    settle();
    if (!window.chart()->isDragging()) {
        std::fprintf(stderr, "%s: the press did not grab kernel %d\n", name, kernel);
        return;
    }
    counter.paints = 0;
    std::vector<double> samples;
    QElapsedTimer timer;
    for (int i = 0; i < moves; ++i) {
        const double dx = 200.0 * std::sin(i * 0.05); // sweep left and right around the start
        timer.start();
        sendMouse(plot, QEvent::MouseMove, *start + QPointF(dx, 0.0), Qt::LeftButton);
        QApplication::processEvents();
        samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    const int paints = counter.paints;
    sendMouse(plot, QEvent::MouseButtonRelease, *start, Qt::NoButton);
    settle();
    print(name, kernels, devices, stats(samples), moves, QStringLiteral(", \"paint_events\": %1").arg(paints));
}

// Counts paint events per widget class (what one interaction makes the window redraw).
class PaintTally : public QObject {
public:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            const QObject* owner = watched;
            // Item views paint their viewport: name the view (its frame and scroll-bar containers,
            // also children of the view, keep their own names).
            if (const auto* view = qobject_cast<const QAbstractItemView*>(owner->parent());
                view && view->viewport() == owner) {
                owner = view;
            }
            QString key = QString::fromLatin1(owner->metaObject()->className());
            if (!owner->objectName().isEmpty()) {
                key += QLatin1Char('#') + owner->objectName();
            }
            ++m_counts[key];
        }
        return false;
    }
    void report(const char* name, int interactions) const
    {
        std::printf("{\"name\": \"%s\", \"per_interaction\": {", name);
        bool first = true;
        for (auto it = m_counts.begin(); it != m_counts.end(); ++it) {
            std::printf("%s\"%s\": %.2f", first ? "" : ", ", qPrintable(it.key()),
                static_cast<double>(it.value()) / std::max(interactions, 1));
            first = false;
        }
        std::printf("}}\n");
        std::fflush(stdout);
    }

private:
    QMap<QString, int> m_counts;
};

// The warm toggles alone, in a function of their own so that an instruction-counting profiler
// (valgrind --tool=callgrind) can report their cost apart from the set-up.
[[gnu::noinline]] std::vector<double> toggleLoop(HardwareDock* dock, const QString& id, int toggles)
{
    std::vector<double> samples;
    QElapsedTimer timer;
    for (int i = 0; i < toggles; ++i) {
        const bool on = i % 2 == 1;
        timer.start();
        dock->setDeviceChecked(id, on);
        QApplication::processEvents();
        samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    return samples;
}

void benchToggle(HardwareDatabase& db, size_t kernels, size_t devices, int toggles)
{
    MainWindow window(db);
    window.setAutosaveDelay(-1);
    window.setSession(benchSession(db, kernels, devices, false));
    window.resize(1600, 1000);
    window.show();
    settle();
    HardwareDock* dock = window.hardwareDock();
    const std::string id = window.session().devices.front().id;
    PaintTally paints;
    qApp->installEventFilter(&paints);
    std::vector<double> samples = toggleLoop(dock, QString::fromStdString(id), toggles);
    qApp->removeEventFilter(&paints);
    QElapsedTimer timer;
    print("toggle_device", kernels, devices, stats(samples), toggles);
    paints.report("toggle_device_paints", toggles);
    { // Devices never shown before: their 10k evaluations are not cached yet.
        std::vector<double> cold;
        for (const Hardware& hw : db.devices()) {
            const QString id = QString::fromStdString(hw.id);
            const auto& shown = window.session().devices;
            if (std::any_of(shown.begin(), shown.end(), [&](const DeviceSelection& d) { return d.id == hw.id; })) {
                continue;
            }
            timer.start();
            dock->setDeviceChecked(id, true);
            QApplication::processEvents();
            cold.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            dock->setDeviceChecked(id, false);
            QApplication::processEvents();
        }
        print("toggle_device_cold", kernels, devices + 1, stats(cold), static_cast<int>(cold.size()));
    }
    { // Where a toggle's time goes, each part alone on the same session (first device off).
        Session off = window.session();
        off.devices.front().visible = false;
        SceneCache cache;
        buildChartScene(off, db, &cache); // evaluations cached, as in the window
        std::vector<double> scene;
        std::vector<double> chart;
        std::vector<double> table;
        RooflineChart standalone;
        standalone.resize(1200, 700);
        standalone.show();
        ResultsTableModel model;
        ResultsProxyModel proxy;
        proxy.setSourceModel(&model);
        QTableView view;
        view.setModel(&proxy);
        view.resize(1200, 300);
        view.show();
        settle();
        for (int i = 0; i < 10; ++i) {
            timer.start();
            SceneBuildResult built = buildChartScene(off, db, &cache);
            scene.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            timer.start();
            standalone.setScene(built.scene);
            QApplication::processEvents();
            chart.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            timer.start();
            std::vector<ResultsTableModel::Row> rows;
            for (size_t k = 0; k < built.scene.kernels.size(); ++k) {
                for (size_t d = 0; d < built.results.size(); ++d) {
                    if (auto& ev = built.results[d]->evaluations[k]) {
                        rows.push_back({ k, built.analysis.devices[d].sessionIndex, &*ev });
                    }
                }
            }
            model.setRows(std::move(rows), { built.results.begin(), built.results.end() });
            QApplication::processEvents();
            table.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        print("toggle_part_scene", kernels, devices - 1, stats(scene), 10);
        print("toggle_part_chart", kernels, devices - 1, stats(chart), 10);
        print("toggle_part_table_reset", kernels, devices - 1, stats(table), 10);
    }
    { // the chart's share of a toggle: one full replot of the same scene
        std::vector<double> replots;
        for (int i = 0; i < 10; ++i) {
            timer.start();
            window.chart()->plot()->replot();
            replots.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        print("replot", kernels, devices, stats(replots), 10);
        // Each layer's own drawing: the layer is given a buffer of its own (lmBuffered) and redrawn
        // alone (QCPLayer::replot), so nothing else is drawn or left out.
        QCustomPlot* plot = window.chart()->plot();
        for (int l = 0; l < plot->layerCount(); ++l) {
            QCPLayer* layer = plot->layer(l);
            if (!layer->visible() || layer->children().isEmpty()) {
                continue;
            }
            const QCPLayer::LayerMode mode = layer->mode();
            layer->setMode(QCPLayer::lmBuffered);
            plot->replot(); // sets up the buffers
            std::vector<double> draws;
            for (int i = 0; i < 10; ++i) {
                timer.start();
                layer->replot();
                draws.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            }
            layer->setMode(mode);
            std::printf("{\"name\": \"replot_layer\", \"layer\": \"%s\", \"items\": %d, \"draw_ms\": %.3f}\n",
                qPrintable(layer->name()), static_cast<int>(layer->children().size()), stats(draws).median);
        }
        plot->replot();
        std::fflush(stdout);
    }
}

// A decode matmul (m x k x n, bf16) on `devices` devices, selected.
Session rangeSession(const HardwareDatabase& db, size_t devices)
{
    Session session = benchSession(db, 0, devices, false);
    Kernel k;
    k.name = "decode";
    k.templ
        = TemplateInstance { "matmul", { { "m", 16.0 }, { "k", 8192.0 }, { "n", 8192.0 } }, { { "dtype", "bf16" } } };
    applyTemplate(k);
    session.kernels.push_back(k);
    return session;
}

void benchRanges(HardwareDatabase& db, int changes)
{
    { // The trajectory: 256 values of m on 8 devices while n changes.
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.setSession(rangeSession(db, 8));
        window.resize(1600, 1000);
        window.show();
        window.analysis()->setSelectedKernel(0);
        settle();
        KernelSweep* sweep = window.kernelSweep();
        sweep->setSweep(0, ParameterAxis { "m", 1.0, 1e6, 256 });
        const size_t values = sweep->values().size();
        std::vector<double> samples;
        std::vector<double> recompute;
        std::vector<double> replots;
        QElapsedTimer timer;
        for (int i = 0; i < changes; ++i) {
            timer.start();
            window.document()->setKernelParameters(0, { { "n", 4096.0 + 64.0 * (i % 64) } }, true);
            QApplication::processEvents();
            samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            timer.start();
            window.chart()->plot()->replot(QCustomPlot::rpImmediateRefresh);
            replots.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            timer.start();
            sweep->recompute();
            recompute.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        // What the Sweep dock's slider does: the swept parameter itself, m, moved along its range (the
        // trajectory over m stays the same; the kernel's markers move along it).
        std::vector<double> slider;
        for (int i = 0; i < changes; ++i) {
            timer.start();
            window.document()->setKernelParameters(
                0, { { "m", std::round(std::pow(10.0, 0.5 + 5.0 * (i % 50) / 50.0)) } }, true);
            QApplication::processEvents();
            slider.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        window.document()->endInteraction();
        // The same edits with no sweep drawn: what the edit costs by itself.
        sweep->clear();
        std::vector<double> plain;
        for (int i = 0; i < changes; ++i) {
            timer.start();
            window.document()->setKernelParameters(0, { { "n", 4096.0 + 64.0 * (i % 64) } }, true);
            QApplication::processEvents();
            plain.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        window.document()->endInteraction();
        print("window_edit_unswept", 1, window.analysis()->devices().size(), stats(plain), changes);
        const QString extra = QStringLiteral(", \"values\": %1").arg(values);
        print("window_sweep", 1, window.analysis()->devices().size(), stats(samples), changes, extra);
        print("window_sweep_slider", 1, window.analysis()->devices().size(), stats(slider), changes, extra);
        print("window_sweep_replot", 1, window.analysis()->devices().size(), stats(replots), changes, extra);
        print("window_sweep_recompute", 1, window.analysis()->devices().size(), stats(recompute), changes, extra);
    }
    { // Four 128 x 128 maps over m and k (one per device) while n changes.
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.setSession(rangeSession(db, 4));
        window.analysis()->setSelectedKernel(0);
        settle();
        std::vector<std::unique_ptr<KernelRegimeMap>> maps;
        for (int d = 0; d < 4; ++d) {
            maps.push_back(std::make_unique<KernelRegimeMap>(window.analysis()));
            maps.back()->setMap(0, ParameterAxis { "m", 1.0, 1e6, 128 }, ParameterAxis { "k", 1.0, 1e6, 128 }, d);
        }
        std::vector<double> samples;
        QElapsedTimer timer;
        for (int i = 0; i < changes; ++i) {
            window.document()->setKernelParameters(0, { { "n", 4096.0 + 64.0 * (i % 64) } }, true);
            timer.start();
            for (auto& map : maps) {
                map->recompute(); // each on threads of its own
            }
            for (auto& map : maps) {
                map->ensureCurrent(); // every map drawn
            }
            samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
        const RegimeMap& map = maps.front()->map();
        print("window_map", 1, maps.size(), stats(samples), changes,
            QStringLiteral(", \"cells\": %1").arg(map.xValues.size() * map.yValues.size()));
    }
}

// A 70B-class decode step on 8 devices, each 8 chips wide, with the Serving tab shown; seq changes.
void benchServing(HardwareDatabase& db, int changes)
{
    const char* ids[] = { "nvidia-h100-sxm", "nvidia-h200-sxm", "nvidia-b200", "amd-instinct-mi300x",
        "amd-instinct-mi325x", "google-tpu-v5p", "intel-gaudi-3", "nvidia-a100-sxm-80gb" };
    std::string text = "schema: roofscope-session/1\ntitle: serving bench\ndevices:\n";
    for (const char* id : ids) {
        text += std::string("  - {id: ") + id + ", chips: 8, price_per_hour: 3 USD/h}\n";
    }
    text += "kernels:\n  - name: dense-70b\n    template: transformer\n    params: {layers: 80, hidden: 8192, heads: "
            "64, "
            "kv_heads: 8, ffn: 28672, vocab: 128256, batch: 64, seq: 4096, phase: decode, dtype: bf16}\n";
    SessionLoadResult loaded = loadSessionText(text, "serving-bench.yaml");
    if (!loaded.session) {
        std::fprintf(stderr, "serving_edit: the bench session did not load\n");
        return;
    }
    MainWindow window(db);
    window.setAutosaveDelay(-1);
    window.setSession(*loaded.session);
    window.resize(1600, 1000);
    window.show();
    window.chartTabs()->setCurrentWidget(window.servingTab());
    settle();
    ServingTab* tab = window.servingTab();
    size_t points = 0;
    for (const ServingCurve& c : tab->chart()->curves().curves) {
        points += c.points.size();
    }
    std::vector<double> edits;
    std::vector<double> recompute;
    std::vector<double> replots;
    QElapsedTimer timer;
    std::vector<double> cpuEdits; // the main thread's CPU time per edit: steadier than wall time on a busy machine
    for (int i = 0; i < changes; ++i) {
        timespec c0 {}, c1 {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c0);
        timer.start();
        window.document()->setKernelParameters(0, { { "seq", 2048.0 + 64.0 * (i % 32) } }, true);
        QApplication::processEvents();
        edits.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1);
        cpuEdits.push_back((c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6);
        timer.start();
        ServingCurves curves = computeServingCurves(
            window.document()->session(), window.analysis()->devices(), window.analysis()->scene(), tab->group());
        recompute.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        timer.start();
        tab->chart()->setCurves(std::move(curves), tab->chart()->settings());
        replots.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    window.document()->endInteraction();
    const size_t devices = window.analysis()->devices().size();
    const QString extra = QStringLiteral(", \"points\": %1").arg(points);
    print("serving_edit", 1, devices, stats(edits), changes, extra);
    print("serving_edit_cpu", 1, devices, stats(cpuEdits), changes, extra);
    print("serving_recompute", 1, devices, stats(recompute), changes, extra);
    print("serving_replot", 1, devices, stats(replots), changes, extra);
}

void benchGroupDrag(HardwareDatabase& db, int moves)
{
    const std::string path = examplesDir() + "/serving-70b.yaml";
    SessionLoadResult loaded = loadSessionFile(path);
    if (!loaded.session) {
        std::fprintf(stderr, "group_drag: %s did not load\n", path.c_str());
        return;
    }
    MainWindow window(db);
    window.setAutosaveDelay(-1);
    window.setSession(*loaded.session);
    window.resize(1600, 1000);
    window.show();
    settle();
    int kernel = -1;
    for (size_t k = 0; k < window.analysis()->shownSession().kernels.size(); ++k) {
        if (window.analysis()->shownSession().kernels[k].name == "llama-3-70b/ffn_down") {
            kernel = static_cast<int>(k);
        }
    }
    const auto start = window.chart()->markerPosition(kernel, 0);
    if (!start) {
        std::fprintf(stderr, "group_drag: no marker of llama-3-70b/ffn_down\n");
        return;
    }
    QCustomPlot* plot = window.chart()->plot();
    sendMouse(plot, QEvent::MouseButtonPress, *start, Qt::LeftButton);
    settle();
    if (!window.chart()->isDragging()) {
        std::fprintf(stderr, "group_drag: the press did not grab the kernel\n");
        return;
    }
    std::vector<double> samples;
    QElapsedTimer timer;
    for (int i = 0; i < moves; ++i) {
        const double dx = 60.0 * std::sin(i * 0.05); // around the start, batch from a few to a few hundred
        timer.start();
        sendMouse(plot, QEvent::MouseMove, *start + QPointF(dx, 0.0), Qt::LeftButton);
        QApplication::processEvents();
        samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    sendMouse(plot, QEvent::MouseButtonRelease, *start, Qt::NoButton);
    settle();
    print("group_drag", window.analysis()->shownSession().kernels.size(), window.analysis()->devices().size(),
        stats(samples), moves);
}

void benchStartup(const QString& executable, int runs)
{
    std::vector<double> samples;
    for (int i = 0; i < runs; ++i) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROOFSCOPE_EXIT_AFTER_FIRST_PAINT"), QStringLiteral("1"));
        process.setProcessEnvironment(env);
        QElapsedTimer timer;
        timer.start();
        process.start(executable, {});
        if (!process.waitForReadyRead(20000)) {
            std::fprintf(stderr, "startup: %s printed nothing (%s)\n", qPrintable(executable),
                qPrintable(process.errorString()));
            return;
        }
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        process.waitForFinished(20000);
        if (!process.readAllStandardOutput().contains("first-paint")) {
            std::fprintf(stderr, "startup: unexpected output from %s\n", qPrintable(executable));
            return;
        }
        samples.push_back(ms);
    }
    print("startup", 0, 0, stats(samples), runs);
}

// An ncu long-layout CSV of `launches` launches of 97 kernel names, 5 metrics each.
void writeNcuRun(const std::string& path, int launches)
{
    static const char* metrics[][2]
        = { { "dram__bytes.sum", "byte" }, { "gpu__time_duration.sum", "nsecond" }, { "l1tex__t_bytes.sum", "byte" },
              { "lts__t_bytes.sum", "byte" }, { "sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst" } };
    std::ofstream out(path, std::ios::binary);
    out << "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
           "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\","
           "\"Metric Value\"\n";
    for (int i = 0; i < launches; ++i) {
        const std::string fixed = "\"" + std::to_string(i) + "\",\"4242\",\"app\",\"127.0.0.1\",\"void kernel_"
            + std::to_string(i % 97) + "<float>(float*)\",\"1\",\"7\",\"(256, 1, 1)\",\"(4096, 1, 1)\",\"0\",\"9.0\"";
        for (size_t m = 0; m < std::size(metrics); ++m) {
            out << fixed << ",\"Command line profiler metrics\",\"" << metrics[m][0] << "\",\"" << metrics[m][1]
                << "\",\"" << (1000ULL + static_cast<unsigned long long>(i) * 7919ULL + m * 104729ULL) << "\"\n";
        }
    }
}

void benchOpenRun(HardwareDatabase& db, int launches, int runs)
{
    const QString folder = QDir::temp().filePath(QStringLiteral("roofscope-bench-run"));
    QDir().mkpath(folder);
    const std::string run = QDir(folder).filePath(QStringLiteral("run.ncu.csv")).toStdString();
    const QString session = QDir(folder).filePath(QStringLiteral("session.yaml"));
    writeNcuRun(run, launches);
    {
        std::ofstream out(session.toStdString());
        out << "schema: roofscope-session/1\ndevices:\n  - nvidia-h100-sxm\nruns:\n"
               "  - {name: profile, file: run.ncu.csv, format: ncu}\n";
    }
    std::vector<double> samples;
    std::vector<double> cpu; // CPU time of the same step
    std::vector<double> reads; // the session and its run read alone (no window)
    std::vector<double> readsCpu;
    size_t kernels = 0;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer read;
        read.start();
        const double readCpu = processCpuMs();
        const SessionLoadResult loaded = loadSessionWithRuns(session.toStdString());
        reads.push_back(static_cast<double>(read.nsecsElapsed()) / 1e6);
        readsCpu.push_back(processCpuMs() - readCpu);
        MainWindow window(db);
        window.setAutosaveDelay(-1);
        window.show();
        settle();
        QElapsedTimer timer;
        timer.start();
        const double startCpu = processCpuMs();
        const QString error = window.openSessionFile(session);
        window.chart()->plot()->replot();
        settle();
        samples.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(processCpuMs() - startCpu);
        if (!error.isEmpty()) {
            std::fprintf(stderr, "open_run_session: %s\n", qPrintable(error));
            return;
        }
        kernels = window.session().kernels.size();
    }
    QFile::remove(QString::fromStdString(run));
    QFile::remove(session);
    print("open_run_session", kernels, 1, stats(samples), runs,
        QStringLiteral(", \"cpu_median_ms\": %1, \"read_median_ms\": %2, \"read_cpu_median_ms\": %3")
            .arg(stats(cpu).median, 0, 'f', 3)
            .arg(stats(reads).median, 0, 'f', 3)
            .arg(stats(readsCpu).median, 0, 'f', 3));
}

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("QT_QPA_PLATFORM")) {
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    }
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    QString only;
    bool quick = false;
    int toggles = 0; // 0: the default count
    QString executable = QStringLiteral(ROOFSCOPE_EXECUTABLE);
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--only") && i + 1 < args.size()) {
            only = args[++i];
        } else if (args[i] == QLatin1String("--roofscope") && i + 1 < args.size()) {
            executable = args[++i];
        } else if (args[i] == QLatin1String("--toggles") && i + 1 < args.size()) {
            toggles = std::max(2, args[++i].toInt());
        } else if (args[i] == QLatin1String("--quick")) {
            quick = true;
        } else {
            std::fprintf(stderr,
                "usage: roofscope-bench [--only "
                "drag|drag_measured|toggle_device|window_sweep|serving_edit|group_drag|open_run_session|startup] "
                "[--quick] [--toggles N] [--roofscope PATH]\n");
            return 2;
        }
    }
    HardwareDatabase db;
    db.loadDirectory(shippedHardwareDir());
    if (db.devices().empty()) {
        std::fprintf(stderr, "no hardware files found in %s\n", shippedHardwareDir().c_str());
        return 1;
    }
    const int moves = quick ? 60 : 400;
    auto wanted = [&](const char* name) { return only.isEmpty() || only == QLatin1String(name); };
    if (wanted("drag")) {
        benchDrag(db, "drag", 1000, 8, false, moves);
    }
    if (wanted("drag_measured")) {
        benchDrag(db, "drag_measured", quick ? 10000 : 100000, 1, true, moves);
    }
    if (wanted("toggle_device")) {
        benchToggle(db, quick ? 1000 : 10000, 8, toggles > 0 ? toggles : (quick ? 10 : 40));
    }
    if (wanted("window_sweep") || wanted("window_map")) {
        benchRanges(db, quick ? 20 : 100);
    }
    if (wanted("serving_edit")) {
        benchServing(db, quick ? 10 : 50);
    }
    if (wanted("group_drag")) {
        benchGroupDrag(db, quick ? 60 : 200);
    }
    if (wanted("open_run_session")) {
        benchOpenRun(db, quick ? 10000 : 100000, quick ? 2 : 5);
    }
    if (wanted("startup")) {
        benchStartup(executable, quick ? 3 : 15);
    }
    return 0;
}
