#include "document/KernelRegimeMap.h"

#include "document/SessionAnalysis.h"
#include "document/SessionDocument.h"
#include "model/ChipScaling.h"

namespace roofscope {

KernelRegimeMap::KernelRegimeMap(SessionAnalysis* analysis, QObject* parent)
    : QObject(parent)
    , m_analysis(analysis)
{
    connect(m_analysis, &SessionAnalysis::sceneChanged, this, [this] { recompute(); });
    connect(m_analysis, &SessionAnalysis::kernelMoved, this, [this](int kernel) {
        if (kernel == m_kernel) {
            recompute();
        }
    });
}

void KernelRegimeMap::setMap(int kernel, const ParameterAxis& x, const ParameterAxis& y, int sceneDevice)
{
    m_kernel = kernel;
    m_x = x;
    m_y = y;
    m_sceneDevice = sceneDevice;
    recompute();
}

void KernelRegimeMap::recompute()
{
    m_map = {};
    m_error.clear();
    const Session& session = m_analysis->document()->session();
    const auto& devices = m_analysis->devices();
    const auto& results = m_analysis->results();
    if (m_kernel < 0 || static_cast<size_t>(m_kernel) >= session.kernels.size()) {
        m_kernel = -1;
        Q_EMIT changed();
        return;
    }
    const auto d = static_cast<size_t>(m_sceneDevice);
    if (m_sceneDevice < 0 || d >= devices.size() || d >= results.size() || !results[d] || !results[d]->hardware) {
        m_error = tr("No device to map on");
        Q_EMIT changed();
        return;
    }
    DeviceSelection single = session.devices[devices[d].sessionIndex];
    single.chips = 1; // regimeMap() widens the single chip itself
    const Hardware hardware = sessionHardware(*results[d]->hardware, single);
    m_map = regimeMap(
        session.kernels[static_cast<size_t>(m_kernel)], { hardware }, devices[d].options, m_x, m_y, devices[d].chips);
    if (!m_map.error.empty()) {
        m_error = QString::fromStdString(m_map.error);
    } else if (!m_map.devices.empty() && !m_map.devices.front().error.empty()) {
        m_error = QString::fromStdString(m_map.devices.front().error);
    }
    Q_EMIT changed();
}

} // namespace roofscope
