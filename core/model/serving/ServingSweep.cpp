#include "model/serving/ServingSweep.h"

#include "model/ChipScaling.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace roofscope {

ServingPoint servingPoint(const ServingStep& s, double value)
{
    ServingPoint p;
    p.value = value;
    p.tMin = s.tMin;
    p.tMax = s.tMax;
    p.tokensPerSecond = s.tokensPerSecond;
    p.tokensPerSecondTMax = s.tokensPerSecondTMax;
    p.collectiveShare = s.collectiveShare;
    p.fits = s.memory.fits;
    p.perChipBytes = s.memory.perChipBytes;
    p.maxBatch = s.memory.maxBatch;
    p.usdPerMillionTokens = s.cost.usdPerMillionTokens;
    p.tokensPerSecondPerChip = s.cost.tokensPerSecondPerChip.value_or(0.0);
    p.tokensPerSecondPerUser = s.tMin > 0.0 ? 1.0 / s.tMin : 0.0;
    p.joulesPerToken = s.cost.joulesPerToken;
    p.tokensPerSecondPerUsdHour = s.cost.tokensPerSecondPerUsdHour;
    p.tokensPerJoule = s.cost.tokensPerJoule;
    p.mfu = s.mfu;
    p.mbu = s.mbu;
    if (s.requests) {
        p.ttftSeconds = s.requests->ttftSeconds;
        p.tpotSeconds = s.requests->tpotSeconds;
        p.runTokensPerSecond = s.requests->runTokensPerSecond;
        p.maxConcurrency = s.requests->maxConcurrency;
    }
    const bool collectivesBind = s.collectiveSeconds > s.computeMemorySeconds;
    double longest = -1.0;
    for (const ServingKernel& k : s.kernels) {
        const double t = k.kernel.count * k.seconds;
        if (k.info.collective == collectivesBind && t > longest) {
            longest = t;
            p.bindingKernel = k.kernel.name;
        }
    }
    p.bindingKernelShare = s.tMin > 0.0 && longest > 0.0 ? longest / s.tMin : 0.0;
    double memoryBytes = 0.0;
    std::map<std::string, double> seconds;
    for (const auto& k : s.kernels) {
        p.flops += k.kernel.count * k.kernel.flops;
        memoryBytes += k.kernel.count * k.kernel.bytesOn("default");
        if (!k.info.collective) {
            seconds[k.evaluation.binding] += k.kernel.count * k.seconds;
        }
    }
    p.intensity = memoryBytes > 0.0 ? p.flops / memoryBytes : INFINITY;
    p.attainable = s.tMin > 0.0 ? p.flops / s.tMin : 0.0;
    if (s.collectiveSeconds > s.computeMemorySeconds) {
        p.binding = s.link;
        p.regime = Regime::NetworkBound;
    } else {
        double most = -1.0;
        for (const auto& [name, t] : seconds) {
            if (t > most) {
                most = t;
                p.binding = name;
            }
        }
        p.regime = p.binding == "compute" ? Regime::ComputeBound : Regime::MemoryBound;
    }
    return p;
}

namespace {

bool setsChips(const std::string& name)
{
    return name == "tp" || name == "pp" || name == "dp";
}

// The step at `value` of `axis` on one device; an error in step.error.
ServingStep stepAt(TemplateInstance instance, const Hardware& base, double chips, const ServingOptions& options,
    const std::map<std::string, double>& values)
{
    double n = chips;
    for (const auto& [name, value] : values) {
        if (name == "chips") { // not a parameter of the model: the chips it is served on
            n = value;
            continue;
        }
        setTransformerParameter(instance, name, value);
    }
    if (std::any_of(values.begin(), values.end(), [](const auto& v) { return setsChips(v.first); })) {
        n = transformerParameter(instance, "tp") * transformerParameter(instance, "pp")
            * transformerParameter(instance, "dp");
    }
    return evaluateServing(instance, hardwareOnChips(base, n), options);
}

std::string checkAxis(const TemplateInstance& instance, const ParameterAxis& axis)
{
    const auto& names = transformerParameters();
    if (axis.name == "chips") {
        if (!(axis.from >= 1.0) || !(axis.to <= 1e6) || !(axis.from <= axis.to)) {
            return "chips must range within [1, 1000000], from <= to";
        }
    } else if (std::find(names.begin(), names.end(), axis.name) == names.end()) {
        return "transformer has no parameter '" + axis.name + "' to vary (nor is it 'chips')";
    }
    if (!(axis.from >= 1.0) || !(axis.to <= 1e12) || !(axis.from <= axis.to)) {
        return axis.name + " must range within [1, 1e12], from <= to";
    }
    if (instance.name != kTransformerTemplate) {
        return "not a transformer";
    }
    return {};
}

// A batch (or a request mix's concurrency) sweep ends at the most that fit: points above it are dropped
// and the limit itself is the last point when it lies in the range.
template <typename StepAt> void endAtCapacity(ServingSweepDevice& d, const ParameterAxis& axis, StepAt stepAtValue)
{
    if (d.points.empty() || (axis.name != "batch" && axis.name != "concurrency")) {
        return;
    }
    const ServingPoint& first = d.points.front();
    const std::optional<double> limit = axis.name == "batch" ? first.maxBatch : first.maxConcurrency;
    if (!limit) {
        return;
    }
    (axis.name == "batch" ? d.maxBatch : d.maxConcurrency) = *limit;
    if (*limit < axis.from) {
        return;
    }
    std::erase_if(d.points, [&](const ServingPoint& p) { return p.value > *limit; });
    if (*limit <= axis.to && (d.points.empty() || d.points.back().value < *limit)) {
        const ServingStep s = stepAtValue(*limit);
        if (s.error.empty()) {
            d.points.push_back(servingPoint(s, *limit));
        }
    }
}

} // namespace

ServingSweep sweepServing(const TemplateInstance& instance, const std::vector<Hardware>& devices, double chips,
    const ServingOptions& options, const ParameterAxis& axis)
{
    ServingSweep out;
    out.vary = axis.name;
    out.error = checkAxis(instance, axis);
    if (!out.error.empty()) {
        return out;
    }
    out.values = axisValues(axis.from, axis.to, axis.steps, true);
    for (const auto& base : devices) {
        ServingSweepDevice d;
        d.hardwareId = base.id;
        d.hardwareLabel = base.shortLabel();
        for (double v : out.values) {
            const ServingStep s = stepAt(instance, base, chips, options, { { axis.name, v } });
            const bool refusedShape
                = ((axis.name == "tp" || axis.name == "chips") && s.error.rfind("transformer: tp (", 0) == 0)
                || (axis.name == "concurrency" && s.error.rfind("transformer: concurrency (", 0) == 0);
            if (!s.error.empty() && refusedShape) {
                d.skipped.push_back(axis.name + "=" + formatNumber(v, 12) + ": " + s.error);
                continue; // a shape engines refuse: no point there, said so
            }
            if (!s.error.empty()) {
                d.error = base.id + " at " + axis.name + "=" + formatNumber(v, 12) + ": " + s.error;
                d.points.clear();
                break;
            }
            d.points.push_back(servingPoint(s, v));
        }
        if (d.error.empty()) {
            endAtCapacity(d, axis, [&](double v) {
                return stepAt(instance, base, chips, options, { { axis.name, v } });
            });
        }
        // Where the binding changes: the first whole value after the change, found by bisection.
        for (size_t i = 1; i < d.points.size(); ++i) {
            if (d.points[i].binding == d.points[i - 1].binding) {
                continue;
            }
            double lo = d.points[i - 1].value;
            double hi = d.points[i].value;
            while (hi - lo > 1.0) {
                const double mid = std::floor((lo + hi) / 2.0);
                const ServingStep s = stepAt(instance, base, chips, options, { { axis.name, mid } });
                if (!s.error.empty()) {
                    break;
                }
                (servingPoint(s, mid).binding == d.points[i - 1].binding ? lo : hi) = mid;
            }
            d.crossings.push_back({ hi, "binding", d.points[i - 1].binding, d.points[i].binding });
        }
        out.devices.push_back(std::move(d));
    }
    return out;
}

ServingMap mapServing(const TemplateInstance& instance, const std::vector<Hardware>& devices, double chips,
    const ServingOptions& options, const ParameterAxis& x, const ParameterAxis& y)
{
    ServingMap out;
    RegimeMap& map = out.map;
    map.xName = x.name;
    map.yName = y.name;
    map.error = checkAxis(instance, x);
    if (map.error.empty()) {
        map.error = checkAxis(instance, y);
    }
    if (map.error.empty() && x.name == y.name) {
        map.error = "the two axes must vary different parameters";
    }
    if (!map.error.empty()) {
        return out;
    }
    map.xValues = axisValues(x.from, x.to, x.steps, true);
    map.yValues = axisValues(y.from, y.to, y.steps, true);
    for (const auto& base : devices) {
        RegimeMapDevice d;
        d.hardwareId = base.id;
        d.hardwareName = base.name;
        d.hardwareLabel = base.shortLabel();
        for (const auto& level : base.levels) {
            d.levels.push_back(level.name);
            d.network.push_back(level.kind == LevelKind::Interconnect);
        }
        std::vector<ServingPoint> points;
        for (double yv : map.yValues) {
            for (double xv : map.xValues) {
                const ServingStep s = stepAt(instance, base, chips, options, { { x.name, xv }, { y.name, yv } });
                if (!s.error.empty()) {
                    d.error = base.id + " at " + x.name + "=" + formatNumber(xv, 12) + ", " + y.name + "="
                        + formatNumber(yv, 12) + ": " + s.error;
                    break;
                }
                const ServingPoint p = servingPoint(s, xv);
                RegimeCell cell;
                cell.regime = p.regime;
                cell.tMin = p.tMin;
                cell.attainable = p.attainable;
                for (size_t l = 0; l < d.levels.size(); ++l) {
                    cell.binding = d.levels[l] == p.binding ? static_cast<int>(l) : cell.binding;
                }
                d.cells.push_back(cell);
                points.push_back(p);
            }
            if (!d.error.empty()) {
                d.cells.clear();
                points.clear();
                break;
            }
        }
        map.devices.push_back(std::move(d));
        out.points.push_back(std::move(points));
    }
    return out;
}

} // namespace roofscope
