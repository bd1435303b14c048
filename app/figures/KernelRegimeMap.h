#pragma once

#include "model/KernelProbe.h"
#include "model/RegimeMap.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <future>
#include <memory>
#include <vector>

namespace roofscope {

class SessionAnalysis;

// The regime map of one template kernel over two of its parameters on one shown device or on every
// one (the core's regimeMap(), each device as wide as the session uses it, its panel titled with the
// device's label), kept up to date as the session changes:
// a move of that kernel, or any edit that rebuilds the scene. Window state, not part of the session.
class KernelRegimeMap : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultSteps = 64;

    explicit KernelRegimeMap(SessionAnalysis* analysis, QObject* parent = nullptr);
    ~KernelRegimeMap() override;

    // Maps kernel `kernel` (a session kernel) over `x` and `y` on scene device `sceneDevice`, or on
    // every shown device (-1), one map device each; kernel -1 stops.
    void setMap(int kernel, const ParameterAxis& x, const ParameterAxis& y, int sceneDevice);
    void clear() { setMap(-1, {}, {}, -1); }
    int kernel() const { return m_kernel; }
    int sceneDevice() const { return m_sceneDevice; }
    // Per device of map(): the scene device it is.
    const std::vector<int>& sceneDevices() const { return m_sceneDevices; }
    const ParameterAxis& xAxis() const { return m_x; }
    const ParameterAxis& yAxis() const { return m_y; }

    // The map (one device, or one per shown device); empty devices when nothing is mapped.
    const RegimeMap& map() const { return m_map; }
    // Why nothing is mapped (a bad range, a device that cannot evaluate the kernel), empty otherwise.
    QString error() const { return m_error; }

    // Starts drawing the map of the session as it is now, on threads of its own; changed() follows when
    // it is done. A call while one is under way draws again once it is done.
    void recompute();
    // During a drag or a slider, the map is recomputed at most this often (and at its end).
    static constexpr qint64 kMoveIntervalMs = 100;
    // While `wanted` says no (its view is hidden), edits only mark the map out of date; it is
    // recomputed when asked again (ensureCurrent(), or the view shown). Unset: always computed.
    void setWanted(std::function<bool()> wanted) { m_wanted = std::move(wanted); }
    // Draws a map left out of date while hidden or still under way, now, on this thread: map() is then
    // the session's (an export, a click on a cell, a test).
    void ensureCurrent();
    // Starts drawing a map left out of date while hidden (its view shows again); returns at once.
    void catchUp()
    {
        if (m_stale) {
            recompute();
        }
    }

Q_SIGNALS:
    void changed();

private:
    SessionAnalysis* m_analysis;
    int m_kernel = -1;
    int m_sceneDevice = -1;
    ParameterAxis m_x;
    ParameterAxis m_y;
    RegimeMap m_map;
    std::vector<int> m_sceneDevices;
    QString m_error;
    void followMove();

    std::function<bool()> m_wanted;
    QTimer m_moveTimer;
    QElapsedTimer m_lastMove; // the end of the last recompute
    bool m_stale = false;

    struct Job;
    // The job of the session as it is now; null when there is nothing to draw (said at once).
    std::shared_ptr<Job> prepare();
    void show(Job& job);
    void collect(const std::shared_ptr<Job>& job);
    std::shared_ptr<Job> m_job; // the map under way, null when none
    std::vector<std::future<void>> m_threads; // every map not yet seen finished
    bool m_pending = false; // an edit came while a map was under way
    quint64 m_definition = 0; // counts setMap(): a map under way of an earlier kernel or axes is dropped
};

} // namespace roofscope
