#include "figures/KernelRegimeMap.h"

#include "figures/SessionAnalysis.h"
#include "model/ChipScaling.h"
#include "session/SessionDocument.h"

#include <chrono>
#include <future>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

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
    ++m_definition; // a map under way of the previous kernel or axes is not shown
    m_kernel = kernel;
    m_x = x;
    m_y = y;
    m_sceneDevice = sceneDevice;
    recompute();
}

KernelRegimeMap::~KernelRegimeMap()
{
    for (auto& running : m_threads) {
        running.wait(); // its call back to this object is discarded with the object
    }
}

namespace {
// A map's threads yield to the window's: on two cores a map being drawn must not slow the chart the
// user is dragging. Linux gives each thread its own nice value: at 10 a busy thread gets about a tenth
// of the share of one at 0 (never none, as SCHED_IDLE could).
void yieldToTheWindow()
{
#ifdef __linux__
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
#endif
}
} // namespace

// What a map is drawn from, copied: the thread drawing it reads nothing the window may change meanwhile.
struct KernelRegimeMap::Job {
    struct Device {
        int sceneDevice = 0;
        Hardware hardware;
        EvalOptions options;
        double chips = 1.0;
        std::string label; // "H100 ×8": the panel's title (drawn from the label) and its hover (from the name)
    };
    quint64 definition = 0;
    Kernel kernel;
    ParameterAxis x;
    ParameterAxis y;
    std::vector<Device> devices;
    // The outcome, written by the thread before it finishes.
    RegimeMap map;
    std::vector<int> sceneDevices;
    std::string error;

    // On threads of their own (the first on the caller's); `background` lowers their priority.
    void run(bool background);
};

void KernelRegimeMap::Job::run(bool background)
{
    // One map per device, each on a thread of its own (the first on this one).
    std::vector<std::future<RegimeMap>> maps;
    maps.reserve(devices.size());
    for (size_t i = 0; i < devices.size(); ++i) {
        maps.push_back(std::async(i == 0 ? std::launch::deferred : std::launch::async, [this, i, background] {
            if (background && i > 0) {
                yieldToTheWindow();
            }
            const Device& d = devices[i];
            return regimeMap(kernel, { d.hardware }, d.options, x, y, d.chips);
        }));
    }
    for (size_t i = 0; i < devices.size(); ++i) {
        RegimeMap one = maps[i].get();
        if (!one.error.empty()) { // a bad axis: the same on every device
            map = {};
            sceneDevices.clear();
            error = one.error;
            return; // the futures' destructors wait for the other devices
        }
        if (one.devices.empty()) {
            continue;
        }
        RegimeMapDevice device = std::move(one.devices.front());
        if (!devices[i].label.empty()) {
            device.hardwareName = devices[i].label;
            device.hardwareLabel = devices[i].label;
        }
        if (map.devices.empty()) {
            map = std::move(one);
            map.devices.clear();
        }
        map.devices.push_back(std::move(device));
        sceneDevices.push_back(devices[i].sceneDevice);
    }
    // A device that cannot evaluate the kernel keeps its panel with the reason; said here when alone.
    if (map.devices.size() == 1 && !map.devices.front().error.empty()) {
        error = map.devices.front().error;
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
    if (m_job && m_kernel >= 0) {
        m_pending = true; // one map at a time: the latest edit is drawn when the one under way is done
        return;
    }
    const std::shared_ptr<Job> job = prepare();
    if (!job) {
        return;
    }
    // Drawn on threads of their own at a lower priority: a group's map expands the step in every cell
    // of every device. The result is taken on this thread (collect()) when they are done.
    for (auto it = m_threads.begin(); it != m_threads.end();) { // maps finished, or left by ensureCurrent()
        it = it->wait_for(std::chrono::seconds(0)) == std::future_status::ready ? m_threads.erase(it) : std::next(it);
    }
    m_job = job;
    m_threads.push_back(std::async(std::launch::async, [this, job] {
        yieldToTheWindow();
        try {
            job->run(true);
        } catch (const std::exception& e) { // out of memory for a large map: said, and the next edit draws again
            job->map = {};
            job->sceneDevices.clear();
            job->error = std::string("the map could not be drawn: ") + e.what();
        }
        QMetaObject::invokeMethod(
            this, [this, job] { collect(job); }, Qt::QueuedConnection);
    }));
}

std::shared_ptr<KernelRegimeMap::Job> KernelRegimeMap::prepare()
{
    const Session& session = m_analysis->document()->session();
    const auto& devices = m_analysis->devices();
    const auto& results = m_analysis->results();
    const ChartScene& scene = m_analysis->scene();
    auto job = std::make_shared<Job>();
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= session.kernels.size()) {
        m_kernel = -1;
        ++m_definition; // a map under way is of a kernel no longer there
        m_job.reset();
        show(*job);
        return nullptr;
    }
    job->definition = m_definition;
    job->kernel = session.kernels[static_cast<size_t>(m_kernel)];
    job->x = m_x;
    job->y = m_y;
    for (size_t d = 0; d < devices.size() && d < results.size(); ++d) {
        if ((m_sceneDevice < 0 || d == static_cast<size_t>(m_sceneDevice)) && results[d] && results[d]->hardware) {
            DeviceSelection single = session.devices[devices[d].sessionIndex];
            single.chips = 1; // regimeMap() widens the single chip itself
            job->devices.push_back({ static_cast<int>(d), sessionHardware(*results[d]->hardware, single),
                devices[d].options, static_cast<double>(devices[d].chips),
                d < scene.devices.size() ? scene.devices[d].label.toStdString() : std::string() });
        }
    }
    if (job->devices.empty()) {
        ++m_definition;
        m_job.reset();
        job->error = tr("No device to map on").toStdString();
        show(*job);
        return nullptr;
    }
    return job;
}

void KernelRegimeMap::show(Job& job)
{
    m_map = std::move(job.map);
    m_sceneDevices = std::move(job.sceneDevices);
    m_error = QString::fromStdString(job.error);
    m_lastMove.start(); // the interval of followMove() counts from the end: a slow map leaves time between
    Q_EMIT changed();
}

void KernelRegimeMap::collect(const std::shared_ptr<Job>& job)
{
    if (job != m_job) {
        return; // left by ensureCurrent(), which drew the map itself
    }
    m_job.reset();
    if (job->definition == m_definition) { // not a map of a kernel or axes since replaced
        show(*job);
    }
    if (m_pending) {
        m_pending = false;
        recompute();
    }
}

void KernelRegimeMap::ensureCurrent()
{
    if (!m_stale && !m_job && !m_pending) {
        return;
    }
    // Drawn now, on this thread and threads at the window's priority: waiting here for a map's
    // low-priority threads could take as long as the machine stays busy. A map under way is left to
    // finish; its result is not shown.
    m_stale = false;
    m_pending = false;
    m_job.reset();
    if (const std::shared_ptr<Job> job = prepare()) {
        job->run(false);
        show(*job);
    }
}

} // namespace roofscope

#include "moc_KernelRegimeMap.cpp"
