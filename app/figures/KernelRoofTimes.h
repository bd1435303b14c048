#pragma once

#include "model/RoofTimes.h"

#include <QColor>
#include <QObject>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

class SessionAnalysis;

// One shown device's row of the Time per roof view.
struct DeviceRoofTimes {
    int sceneDevice = -1; // index into ChartScene::devices
    QString label; // as the chart and the results table name the device ("H100 ×8")
    QColor color;
    std::optional<RoofTimes> times; // none when the device cannot evaluate the kernel
    QString error; // why not (the analysis' reason)
    bool flops = true; // the kernel does some FLOPs (a transfer has no compute time)
    bool sustained = false; // the evaluation's roofs are the sustained ones
    // A kernel group's part: how many of it the device's own step runs (0: none, e.g. no all-reduce on
    // one chip); 1 for any other kernel.
    double count = 1.0;
};

// The time one kernel needs on each roof alone, per shown device: core's roofTimes() of the
// evaluation the analysis holds (the results table's and the tooltips', at the session's sustained
// or peak roofs), kept up to date as the session changes (a move of that kernel, any edit that
// rebuilds the scene). A kernel group's kernel is followed by its group and its part's name, so
// that it survives the step being expanded again. Window state, not part of the session.
class KernelRoofTimes : public QObject {
    Q_OBJECT

public:
    explicit KernelRoofTimes(SessionAnalysis* analysis, QObject* parent = nullptr);

    // Shows shown kernel `shown` (an index as the analysis' selection gives it) from now on; -1 stops.
    void setKernel(int shown);
    void clear() { setKernel(-1); }
    // The session kernel shown (-1: none) and, when it is a kernel group, the name of its part.
    int kernel() const { return m_kernel; }
    const std::string& part() const { return m_part; }
    // Where that kernel is shown now (-1: none, or a part the step no longer has).
    int shownKernel() const { return m_shown; }

    // One row per shown device, in the scene's order; empty when nothing is shown.
    const std::vector<DeviceRoofTimes>& devices() const { return m_devices; }
    // The roofs of every row, the view's columns: "compute" first, then each level in the order the
    // devices list them.
    const std::vector<std::string>& roofNames() const { return m_roofNames; }
    // Why nothing is shown for a kernel that is set (a part its step no longer has, no device shown).
    QString error() const { return m_error; }

    // Reads the evaluations again (the signals of the analysis call it).
    void recompute();

    // "1.2 ms", "645 us": a time as the results table writes it.
    static QString secondsText(double seconds);
    // "compute" as "Compute", a level as the results table names it ("HBM").
    static QString roofTitle(const std::string& roof);
    // The lever: "HBM binds; 1.5x less HBM traffic (or 1.5x more intensity) before compute binds",
    // "compute binds; HBM has 3.1x headroom"; for a collective, how it is timed instead. `flops`:
    // whether the kernel does any FLOPs.
    static QString leverText(const RoofTimes& times, bool flops);

Q_SIGNALS:
    void changed();

private:
    int findShown() const;

    SessionAnalysis* m_analysis;
    int m_kernel = -1;
    std::string m_part;
    int m_shown = -1;
    std::vector<DeviceRoofTimes> m_devices;
    std::vector<std::string> m_roofNames;
    QString m_error;
};

} // namespace roofscope
