#include "model/KernelProbe.h"

#include "model/ChipScaling.h"
#include "model/Templates.h"
#include "model/TransformerWorkload.h"
#include "model/Units.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

std::vector<double> axisValues(double from, double to, int steps, bool integer)
{
    std::vector<double> values;
    if (!(from > 0.0) || !(to >= from) || steps < 1) {
        return values;
    }
    const int n = from == to ? 1 : std::max(steps, 2);
    values.reserve(static_cast<size_t>(n));
    const double logFrom = std::log(from);
    const double logTo = std::log(to);
    for (int i = 0; i < n; ++i) {
        double v = i == 0 ? from : i == n - 1 ? to : std::exp(logFrom + (logTo - logFrom) * i / (n - 1));
        if (integer) {
            v = std::round(v);
        }
        if (values.empty() || v > values.back()) {
            values.push_back(v);
        }
    }
    return values;
}

KernelProbe::KernelProbe(const Kernel& base, double chips)
    : m_work(base)
    , m_sharded(isShardedKernel(base))
    , m_userChips(base.templ && base.templ->params.contains("chips"))
    , m_chips(chips)
{
    if (m_work.templ) {
        m_definition = findTemplate(m_work.templ->name);
        // A kernel group or an instance the template refuses takes the checked path every time.
        Kernel check = m_work;
        m_failed = !m_definition || !applyTemplate(check, true).empty();
    }
}

std::string KernelProbe::checkAxis(const ParameterAxis& axis, bool& integer) const
{
    if (!(axis.from > 0.0) || !std::isfinite(axis.to) || !(axis.to > axis.from)) {
        return axis.name + "=" + formatNumber(axis.from, 6) + ":" + formatNumber(axis.to, 6)
            + ": expected FROM < TO, both > 0";
    }
    if (axis.steps < 2 || axis.steps > 100000) {
        return axis.name + ": the number of steps must be in [2, 100000]";
    }
    if (axis.name == "chips" && !(m_sharded && m_userChips)) {
        integer = true;
        if (axis.from < 1.0) {
            return "chips: a device is at least 1 chip wide";
        }
        return {};
    }
    if (!m_work.templ) {
        return "only a template kernel has parameters to vary ('" + axis.name
            + "' is not 'chips'); give --kernel TEMPLATE --param ...";
    }
    if (isKernelGroup(m_work)) {
        // A transformer step, seen as its totals: any of its whole-number parameters.
        const auto& names = transformerParameters();
        if (std::find(names.begin(), names.end(), axis.name) == names.end()) {
            return "transformer has no parameter '" + axis.name + "' to vary (nor is it 'chips')";
        }
        if (axis.from < 1.0 || axis.to > 1e12) {
            return axis.name + " of transformer must stay in [1, 1e12]";
        }
        integer = true;
        return {};
    }
    const TemplateDefinition* def = findTemplate(m_work.templ->name);
    if (!def) {
        return "'" + m_work.templ->name + "' has no parameters to vary";
    }
    const TemplateParameter* p = def->parameter(axis.name);
    if (!p) {
        return def->signature + " has no parameter '" + axis.name + "' (nor is it 'chips')";
    }
    if (axis.from < p->minimum || axis.to > p->maximum) {
        return axis.name + " of " + def->name + " must stay in [" + formatNumber(p->minimum, 6) + ", "
            + formatNumber(p->maximum, 6) + "]";
    }
    integer = p->integer;
    return {};
}

void KernelProbe::set(const std::string& name, double value)
{
    // "chips" is the device's width unless the kernel's own template sets its chips.
    if (name == "chips" && !(m_sharded && m_userChips)) {
        m_chips = value;
        return;
    }
    if (isKernelGroup(m_work)) {
        setTransformerParameter(*m_work.templ, name, value); // batch of a request mix: its concurrency
        return;
    }
    m_work.templ->params[name] = value;
}

const Kernel& KernelProbe::derive()
{
    if (!m_work.templ) {
        return m_work;
    }
    // A sharded template follows the device's chips (kernelOnChips) unless its own chips was given.
    const bool group = m_sharded && m_chips >= 2.0;
    if (m_sharded && !m_userChips) {
        if (group) {
            m_work.templ->params["chips"] = m_chips;
        } else {
            m_work.templ->params.erase("chips");
        }
    }
    if (m_definition && !m_failed) {
        // The instance was checked when the probe was made; derive without checking it again.
        const TemplateInstance& t = *m_work.templ;
        const TemplateDefinition* def = m_definition;
        TemplateWork work = def->derive(t, [&t, def](const std::string& name) {
            auto it = t.params.find(name);
            if (it != t.params.end()) {
                return it->second;
            }
            const TemplateParameter* p = def->parameter(name);
            return p ? p->defaultValue : 0.0;
        });
        m_work.flops = work.flops;
        m_work.bytes.swap(work.bytes);
        m_work.workingSetBytes = work.workingSetBytes;
    } else {
        applyTemplate(m_work, true);
    }
    if (group) {
        const double shards = m_work.templ->params.count("chips") ? m_work.templ->params.at("chips") : m_chips;
        m_work.flops *= shards;
        for (auto& b : m_work.bytes) {
            b.bytes *= shards;
        }
    }
    return m_work;
}

} // namespace roofscope
