#include "scene/SceneDecorations.h"

#include "io/SessionAnnotations.h"
#include "model/Comparison.h"
#include "model/Session.h"
#include "model/Units.h"
#include "session/QtText.h"

#include <QObject>
#include <QStringList>

#include <cmath>

namespace roofscope {

namespace {
int kernelIndex(const Session& session, const std::string& name)
{
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        if (session.kernels[k].name == name) {
            return static_cast<int>(k);
        }
    }
    return -1;
}

bool usable(const ChartKernelPoint& point)
{
    return std::isfinite(point.intensity) && point.intensity > 0.0 && std::isfinite(point.attainable)
        && point.attainable > 0.0;
}
} // namespace

ChartDecorations buildDecorations(const Session& session, const ChartScene& scene, const Comparison& comparison)
{
    ChartDecorations out;
    out.title = qs(session.title);
    QStringList precisions;
    for (const ChartDevice& device : scene.devices) {
        if (!device.precision.isEmpty() && !precisions.contains(device.precision)) {
            precisions << device.precision;
        }
    }
    QStringList subtitle;
    subtitle << (session.view.sustained ? QObject::tr("sustained roofs") : QObject::tr("peak roofs"));
    if (!precisions.isEmpty()) {
        subtitle << precisions.join(QStringLiteral(", "));
    }
    if (session.view.commFraction > 0.0) {
        subtitle << QObject::tr("%1 % communication").arg(qs(formatNumber(session.view.commFraction * 100.0, 3)));
    }
    for (size_t d = 0; d < comparison.entries.size() && d < scene.devices.size(); ++d) {
        const ComparisonEntry& entry = comparison.entries[d];
        if (!entry.basis.comparable) {
            subtitle << QStringLiteral("\u26A0 %1: %2").arg(scene.devices[d].label, qs(entry.basis.brief()));
        }
    }
    out.subtitle = subtitle.join(QStringLiteral(" \u00B7 "));
    out.commFractions = session.view.commFractions;
    if (session.view.shadeBetween.size() == 2) {
        out.shadeLow = qs(session.view.shadeBetween[0]);
        out.shadeHigh = qs(session.view.shadeBetween[1]);
    }
    for (const Annotation& annotation : session.annotations) {
        if (annotation.isArrow()) {
            const int from = kernelIndex(session, annotation.from);
            const int to = kernelIndex(session, annotation.to);
            if (from >= 0 && to >= 0 && static_cast<size_t>(std::max(from, to)) < scene.kernels.size()) {
                out.arrows.push_back({ from, to, qs(annotation.text) });
            }
        } else if (annotation.at) {
            out.notes.push_back({ qs(annotation.text), annotation.at->first, annotation.at->second });
        }
    }
    return out;
}

std::optional<ArrowPlacement> placeArrow(const ChartScene& scene, const ChartArrow& arrow)
{
    if (arrow.from < 0 || arrow.to < 0 || static_cast<size_t>(std::max(arrow.from, arrow.to)) >= scene.kernels.size()) {
        return std::nullopt;
    }
    const ChartKernel& from = scene.kernels[static_cast<size_t>(arrow.from)];
    const ChartKernel& to = scene.kernels[static_cast<size_t>(arrow.to)];
    for (const ChartKernelPoint& a : from.points) {
        for (const ChartKernelPoint& b : to.points) {
            if (a.device != b.device || !usable(a) || !usable(b)) {
                continue;
            }
            ArrowPlacement placement { a.intensity, a.attainable, b.intensity, b.attainable, {} };
            // T_min = FLOPs / attainable on the same device.
            placement.label = qs(annotationRatioLabel(from.flops / a.attainable, to.flops / b.attainable));
            if (!arrow.text.isEmpty()) {
                placement.label += (placement.label.isEmpty() ? QString() : QStringLiteral(" ")) + arrow.text;
            }
            return placement;
        }
    }
    return std::nullopt;
}

} // namespace roofscope
