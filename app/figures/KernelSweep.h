#pragma once

#include "model/KernelProbe.h"
#include "model/Sweep.h"

#include <QColor>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace roofscope {

class SessionAnalysis;
struct Session;

// One point of a kernel's trajectory on one device, where the chart draws it.
struct TrajectoryPoint {
    double intensity = 0.0; // FLOP/B on the chart's x-axis level (view.x_level; the default level unless set)
    double attainable = 0.0; // FLOP/s

    bool operator==(const TrajectoryPoint&) const = default;
};

// Where the regime or the binding resource changes along the trajectory.
struct TrajectoryCrossing {
    double value = 0.0; // the parameter's value (core sweep(): solved on the continuous parameter)
    double intensity = 0.0;
    double attainable = 0.0;
    QString label; // "m = 241"
    QString detail; // "memory-bound → compute-bound"

    bool operator==(const TrajectoryCrossing&) const = default;
};

struct TrajectoryDevice {
    int sceneDevice = -1; // index into ChartScene::devices
    QColor color;
    std::vector<TrajectoryPoint> points; // one per swept value
    std::vector<TrajectoryCrossing> crossings; // in increasing value

    bool operator==(const TrajectoryDevice&) const = default;
};

struct Trajectory {
    int kernel = -1; // -1: nothing drawn
    QString parameter;
    std::vector<TrajectoryDevice> devices; // the scene devices the kernel could be evaluated on

    bool operator==(const Trajectory&) const = default;
};

// The trajectory of one template kernel while one of its parameters runs over a range: the core's
// sweep() on every shown device (each as wide as the session uses it), kept up to date as the
// session changes (a move of that kernel, or any edit that rebuilds the scene). Window state, not
// part of the session.
class KernelSweep : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultSteps = 128;

    explicit KernelSweep(SessionAnalysis* analysis, QObject* parent = nullptr);

    // Sweeps `axis` (a parameter of kernel `kernel`'s template) from now on; kernel -1 stops.
    void setSweep(int kernel, const ParameterAxis& axis);
    void clear() { setSweep(-1, {}); }
    int kernel() const { return m_kernel; }
    const ParameterAxis& axis() const { return m_axis; }

    const Trajectory& trajectory() const { return m_trajectory; }
    // Per entry of trajectory().devices: the core's sweep on that device.
    const std::vector<SweepDevice>& sweepDevices() const { return m_sweepDevices; }
    const std::vector<double>& values() const { return m_values; }
    // Why nothing is drawn (a bad range, a kernel that is not a template), empty otherwise.
    QString error() const { return m_error; }

    // Evaluates the sweep again now (the signals of the analysis call it).
    void recompute();
    // While `wanted` says no (neither the chart nor the Sweep dock is shown), edits only mark the sweep
    // out of date; ensureCurrent() evaluates it when one shows. Unset: always evaluated.
    void setWanted(std::function<bool()> wanted) { m_wanted = std::move(wanted); }
    void ensureCurrent();

    // "241", "1.5", "16.4k": a parameter value as the trajectory labels it.
    static QString formatValue(double value, bool integer);

Q_SIGNALS:
    void changed();

private:
    // The core's sweep on each shown device, one per devices of the same options and width, in scene
    // order (`singles`: each device one chip wide); false, with the error said, when the axis is bad.
    bool sweepDevices(const Session& session, const Kernel& kernel, std::vector<Hardware>& singles,
        std::vector<std::pair<size_t, SweepDevice>>& found);
    // Whether the kernel changed since the last recompute in the swept parameter alone.
    bool onlySweptParameterMoved() const;

    SessionAnalysis* m_analysis;
    int m_kernel = -1;
    ParameterAxis m_axis;
    Trajectory m_trajectory;
    std::vector<SweepDevice> m_sweepDevices;
    std::vector<double> m_values;
    QString m_error;
    std::optional<Kernel> m_swept; // the kernel the trajectory was computed for
    std::function<bool()> m_wanted;
    bool m_stale = false;
};

} // namespace roofscope
