#include "document/KernelRegimeMap.h"

#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/ChipScaling.h"

#include <future>

namespace roofscope {

KernelRegimeMap::KernelRegimeMap(SessionAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_analysis(analysis)
{
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] {
        // A drag step of the mapped kernel group is followed like any kernel's move: at most every
        // kMoveIntervalMs (a group's map expands the step in every cell).
        if (m_kernel >= 0 && m_analysis->movingGroup() == m_kernel) {
            followMove();
        } else {
            recompute();
        }
    });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int shown) {
        if (m_analysis->sessionKernelOf(shown) == m_kernel) {
            followMove();
        }
    });
    // The last step of a drag or a slider is always drawn.
    connect(m_analysis, &SessionAnalysis::interactionFinished, this, [this] {
        if (m_moveTimer.isActive()) {
            m_moveTimer.stop();
            recompute();
        }
    });
    m_moveTimer.setSingleShot(true);
    connect(&m_moveTimer, &QTimer::timeout, this, [this] { recompute(); });
}

void KernelRegimeMap::followMove()
{
    // A map costs a regimeMap() per device: during a drag it follows at most every kMoveIntervalMs
    // (the chart follows every step); a step sooner than that is drawn when the interval is over.
    if (m_moveTimer.isActive()) {
        return;
    }
    if (!m_lastMove.isValid() || m_lastMove.elapsed() >= kMoveIntervalMs) {
        recompute();
        return;
    }
    m_moveTimer.start(static_cast<int>(kMoveIntervalMs - m_lastMove.elapsed()));
}

void KernelRegimeMap::setMap(int kernel, const ParameterAxis& x, const ParameterAxis& y, int sceneDevice)
{
    m_kernel = kernel;
    m_x = x;
    m_y = y;
    m_sceneDevice = sceneDevice;
    recompute();
}

void KernelRegimeMap::ensureCurrent()
{
    if (m_stale) {
        const auto wanted = std::move(m_wanted);
        recompute();
        m_wanted = wanted;
    }
}

void KernelRegimeMap::recompute()
{
    if (m_wanted && !m_wanted() && m_kernel >= 0) {
        m_stale = true; // a map per device and cell: not while nobody looks at it
        return;
    }
    m_stale = false;
    m_moveTimer.stop();
    m_lastMove.start();
    m_map = {};
    m_sceneDevices.clear();
    m_error.clear();
    const Session& session = m_analysis->document()->session();
    const auto& devices = m_analysis->devices();
    const auto& results = m_analysis->results();
    const ChartScene& scene = m_analysis->scene();
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= session.kernels.size()) {
        m_kernel = -1;
        Q_EMIT changed();
        return;
    }
    std::vector<size_t> mapped;
    for (size_t d = 0; d < devices.size() && d < results.size(); ++d) {
        if ((m_sceneDevice < 0 || d == static_cast<size_t>(m_sceneDevice)) && results[d] && results[d]->hardware) {
            mapped.push_back(d);
        }
    }
    if (mapped.empty()) {
        m_error = tr("No device to map on");
        Q_EMIT changed();
        return;
    }
    // One map per device, each on a thread of its own (the first on this one): a group's map expands
    // the step in every cell, so the devices' maps are the cost of an edit while the map is shown. The
    // threads only read the session, which nothing changes until they are all done.
    const Kernel& kernel = session.kernels[static_cast<size_t>(m_kernel)];
    std::vector<std::future<RegimeMap>> maps;
    maps.reserve(mapped.size());
    for (size_t i = 0; i < mapped.size(); ++i) {
        const size_t d = mapped[i];
        DeviceSelection single = session.devices[devices[d].sessionIndex];
        single.chips = 1; // regimeMap() widens the single chip itself
        maps.push_back(std::async(i == 0 ? std::launch::deferred : std::launch::async,
            [&kernel, hardware = sessionHardware(*results[d]->hardware, single), options = devices[d].options, x = m_x,
                y = m_y, chips = devices[d].chips] { return regimeMap(kernel, { hardware }, options, x, y, chips); }));
    }
    for (size_t i = 0; i < mapped.size(); ++i) {
        const size_t d = mapped[i];
        RegimeMap one = maps[i].get();
        if (!one.error.empty()) { // a bad axis: the same on every device
            m_map = {};
            m_sceneDevices.clear();
            m_error = QString::fromStdString(one.error);
            Q_EMIT changed();
            return;
        }
        if (one.devices.empty()) {
            continue;
        }
        RegimeMapDevice device = std::move(one.devices.front());
        if (d < scene.devices.size()) {
            // "H100 ×8": the panel's title (drawn from the label) and its hover (from the name).
            device.hardwareName = scene.devices[d].label.toStdString();
            device.hardwareLabel = device.hardwareName;
        }
        if (m_map.devices.empty()) {
            m_map = std::move(one);
            m_map.devices.clear();
        }
        m_map.devices.push_back(std::move(device));
        m_sceneDevices.push_back(static_cast<int>(d));
    }
    // A device that cannot evaluate the kernel keeps its panel with the reason; said here when alone.
    if (m_map.devices.size() == 1 && !m_map.devices.front().error.empty()) {
        m_error = QString::fromStdString(m_map.devices.front().error);
    }
    m_lastMove.start(); // the interval of followMove() counts from the end: a slow map leaves time between
    Q_EMIT changed();
}

} // namespace roofscope
