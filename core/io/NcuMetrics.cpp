#include "io/NcuMetrics.h"

#include "model/Text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

namespace roofscope::ncu {

namespace {
double siPrefix(char c)
{
    switch (c) {
    case 'K':
    case 'k':
        return 1e3;
    case 'M':
        return 1e6;
    case 'G':
        return 1e9;
    case 'T':
        return 1e12;
    case 'P':
        return 1e15;
    default:
        return 0.0;
    }
}

// `unit` is `base` or `base` with one SI prefix letter ("Kbyte", "Minst").
double prefixed(std::string_view unit, std::string_view base)
{
    if (equalsIgnoreCase(unit, base)) {
        return 1.0;
    }
    if (unit.size() == base.size() + 1 && equalsIgnoreCase(unit.substr(1), base)) {
        return siPrefix(unit.front());
    }
    return 0.0;
}

} // namespace

const std::unordered_map<std::string_view, Metric>& metricIndex()
{
    static const std::unordered_map<std::string_view, Metric> index = [] {
        std::unordered_map<std::string_view, Metric> m;
        for (std::size_t i = 0; i < kMetricNames.size(); ++i) {
            m.emplace(kMetricNames[i], static_cast<Metric>(i));
        }
        return m;
    }();
    return index;
}

Quantity quantityOf(Metric m)
{
    switch (m) {
    case DramBytes:
    case LtsBytes:
    case L1texBytes:
        return Quantity::Bytes;
    case GpuTime:
        return Quantity::Time;
    case CyclesPerSecond:
        return Quantity::Frequency;
    default:
        return Quantity::Count;
    }
}

// The factor that turns a value in `unit` into SI base units (0: unknown unit). ncu scales units
// for display unless run with --print-units base ("Mbyte", "usecond", "cycle/nsecond", "Ghz").
double unitFactor(std::string_view unit, Quantity quantity)
{
    switch (quantity) {
    case Quantity::Bytes:
        if (unit.empty()) {
            return 1.0;
        }
        if (double f = prefixed(unit, "byte"); f > 0.0) {
            return f;
        }
        return prefixed(unit, "B");
    case Quantity::Time:
        if (unit.empty() || unit == "second" || unit == "s") {
            return 1.0;
        }
        if (unit == "msecond" || unit == "ms") {
            return 1e-3;
        }
        if (unit == "usecond" || unit == "us") {
            return 1e-6;
        }
        if (unit == "nsecond" || unit == "ns") {
            return 1e-9;
        }
        return 0.0;
    case Quantity::Frequency:
        if (unit.empty() || unit == "cycle/second") {
            return 1.0;
        }
        if (unit == "cycle/msecond") {
            return 1e3;
        }
        if (unit == "cycle/usecond") {
            return 1e6;
        }
        if (unit == "cycle/nsecond") {
            return 1e9;
        }
        return prefixed(unit, "hz");
    case Quantity::Count:
        if (unit.empty()) {
            return 1.0;
        }
        for (const char* base : { "inst", "cycle", "warp", "thread", "op", "ops", "flop" }) {
            if (double f = prefixed(unit, base); f > 0.0) {
                return f;
            }
        }
        return 0.0;
    }
    return 0.0;
}

double flopsPerTensorInst(std::string_view computeCapability)
{
    const std::string cc = trimmed(computeCapability);
    return cc == "7.0" || cc == "7.2" ? kVoltaFlopsPerTensorInst : 0.0;
}

} // namespace roofscope::ncu
