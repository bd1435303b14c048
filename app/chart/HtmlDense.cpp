#include "chart/HtmlDense.h"

#include "chart/HtmlExport.h"
#include "model/Session.h"
#include "scene/ChartModel.h"
#include "scene/SceneBuilder.h"

#include <QObject>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace roofscope::html {

std::vector<char> listedKernels(const SceneBuildResult& built, const Session& session, QString& basis)
{
    const size_t count = session.kernels.size();
    std::vector<char> listed(count, 1);
    if (count <= kHtmlListedKernels) {
        return listed;
    }
    const bool measured = std::all_of(
        session.kernels.begin(), session.kernels.end(), [](const Kernel& k) { return k.measuredSeconds.has_value(); });
    const auto* first = built.results.empty() ? nullptr : &built.results.front()->evaluations;
    std::vector<std::pair<double, size_t>> time(count);
    for (size_t k = 0; k < count; ++k) {
        const Kernel& kernel = session.kernels[k];
        double seconds = -1.0; // a kernel the first device cannot evaluate goes last
        if (measured) {
            seconds = *kernel.measuredSeconds * kernel.count;
        } else if (first && k < first->size() && (*first)[k]) {
            seconds = (*first)[k]->tMin * kernel.count;
        }
        time[k] = { std::isfinite(seconds) ? seconds : -1.0, k };
    }
    std::partial_sort(time.begin(), time.begin() + static_cast<std::ptrdiff_t>(kHtmlListedKernels), time.end(),
        [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
    std::fill(listed.begin(), listed.end(), 0);
    for (size_t i = 0; i < kHtmlListedKernels; ++i) {
        listed[time[i].second] = 1;
    }
    basis = measured ? QObject::tr("measured time x count")
                     : QObject::tr("T_min x count on %1")
                           .arg(built.scene.devices.empty() ? QString() : built.scene.devices.front().label);
    return listed;
}

QString denseSvg(const PixelMap& map, const ChartScene& scene, const std::vector<char>& detailed)
{
    QString out;
    const ChartStyle& style = scene.style;
    for (size_t d = 0; d < scene.devices.size(); ++d) {
        QSet<quint64> seen;
        QSet<quint64> seenMeasured;
        QString dots;
        QString measured;
        auto add = [](QSet<quint64>& set, QString& path, double x, double y) {
            if (!std::isfinite(x) || !std::isfinite(y) || std::abs(x) > 1e6 || std::abs(y) > 1e6) {
                return;
            }
            const auto px = static_cast<qint64>(std::lround(x));
            const auto py = static_cast<qint64>(std::lround(y));
            const quint64 key = (static_cast<quint64>(px + (1 << 24)) << 32) | static_cast<quint64>(py + (1 << 24));
            if (!set.contains(key)) {
                set.insert(key);
                path += QStringLiteral("M%1 %2h0").arg(px).arg(py);
            }
        };
        for (size_t k = 0; k < scene.kernels.size(); ++k) {
            const ChartKernel& kernel = scene.kernels[k];
            if ((k < detailed.size() && detailed[k]) || kernel.hidden || kernel.points.empty()) {
                continue;
            }
            for (const ChartKernelPoint& point : kernel.points) {
                if (point.device == static_cast<int>(d)) {
                    add(seen, dots, map.x(point.intensity), map.y(point.attainable));
                }
            }
            if (kernel.achieved && *kernel.achieved > 0.0 && kernel.points.front().device == static_cast<int>(d)) {
                add(seenMeasured, measured, map.x(kernel.points.front().intensity), map.y(*kernel.achieved));
            }
        }
        const QString c = colour(scene.devices[d].color);
        if (!dots.isEmpty()) {
            out += QStringLiteral("<path class=\"dense\" data-device=\"%1\" data-dots=\"%2\" "
                                  "clip-path=\"url(#plot-area)\" fill=\"none\" stroke=\"%3\" stroke-width=\"5\" "
                                  "stroke-linecap=\"round\" d=\"%4\"/>\n")
                       .arg(d)
                       .arg(seen.size())
                       .arg(c, dots);
        }
        if (!measured.isEmpty()) { // hollow: a ring of the device's colour around the background's
            out += QStringLiteral("<g class=\"dense measured\" data-device=\"%1\" data-dots=\"%2\" "
                                  "clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linecap=\"round\">"
                                  "<path stroke=\"%3\" stroke-width=\"6\" d=\"%5\"/>"
                                  "<path stroke=\"%4\" stroke-width=\"3\" d=\"%5\"/></g>\n")
                       .arg(d)
                       .arg(seenMeasured.size())
                       .arg(c, colour(style.hollowFill), measured);
        }
    }
    return out;
}

} // namespace roofscope::html
