#include "model/RoofTimes.h"

#include "model/Text.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

RoofTimes roofTimes(const Evaluation& evaluation)
{
    RoofTimes times;
    times.roofs.push_back({ "compute", RoofKind::Compute, evaluation.tMath });
    for (const LevelEvaluation& level : evaluation.levels) {
        const RoofKind kind = level.kind == LevelKind::Interconnect ? RoofKind::Interconnect : RoofKind::Memory;
        times.roofs.push_back({ level.name, kind, level.seconds });
    }
    for (std::size_t r = 1; r < times.roofs.size(); ++r) {
        if (equalsIgnoreCase(times.roofs[r].name, evaluation.binding)) {
            times.binding = r;
            break;
        }
    }
    times.tMin = evaluation.tMin;
    times.tMax = evaluation.tMax;
    double sum = 0.0;
    for (const RoofTime& roof : times.roofs) {
        sum += roof.seconds;
    }
    // The same sums as evaluate()'s, in another order: equal but for rounding.
    const auto same = [](double a, double b) { return a == b || std::fabs(a - b) <= 1e-9 * std::fabs(b); };
    times.fromRoofs = same(times.tMin, times.bindingRoof().seconds) && same(times.tMax, sum);
    // The next roof: the longest of the others that takes any time (the first of equals).
    double nextSeconds = 0.0;
    for (std::size_t r = 0; r < times.roofs.size(); ++r) {
        const double seconds = times.roofs[r].seconds;
        if (r != times.binding && seconds > nextSeconds) {
            nextSeconds = seconds;
            times.next = static_cast<int>(r);
        }
    }
    const double bindingSeconds = times.bindingRoof().seconds;
    if (times.next < 0 || !(bindingSeconds > 0.0)) { // no other roof takes time (or none does)
        times.next = -1;
        times.headroom = std::numeric_limits<double>::infinity();
        return times;
    }
    const double ratio = bindingSeconds / nextSeconds;
    // Times past the range of a double (an extreme ad-hoc roof) give no ratio: the binding one is then
    // the infinite one.
    times.headroom = std::isnan(ratio) ? 1.0 : std::max(ratio, 1.0);
    return times;
}

} // namespace roofscope
