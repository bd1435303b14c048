#include "chart/RoofGeometry.h"

#include "model/Numbers.h"

#include <cmath>

namespace roofscope {

DeviceRoofGeometry roofGeometry(const ChartDevice& device, double lower, double upper)
{
    DeviceRoofGeometry g;
    g.peak = device.computeRoof;
    if (!positiveFinite(g.peak)) {
        return g;
    }
    g.valid = true;
    const double peak = g.peak;
    const ChartLevel* main = device.defaultLevel();
    g.hasSlope = main && positiveFinite(main->bytesPerSecond);
    g.ridge = g.hasSlope ? peak / main->bytesPerSecond : lower;
    const double ridge = g.ridge;
    if (g.hasSlope) {
        g.region = { { lower, ridge, upper }, { main->bytesPerSecond * lower, peak, peak } };
        g.slope = { { lower, ridge }, { main->bytesPerSecond * lower, peak } };
    } else {
        g.region = { { lower, upper }, { peak, peak } };
    }
    g.flat = { { ridge, upper }, { peak, peak } };

    for (const ChartLevel& level : device.levels) {
        if (level.isDefault || !level.visible || !positiveFinite(level.bytesPerSecond)) {
            continue;
        }
        DeviceRoofGeometry::Level out;
        out.level = &level;
        const double levelRidge = peak / level.bytesPerSecond;
        out.line = { { lower, levelRidge }, { level.bytesPerSecond * lower, peak } };
        if (g.hasSlope && levelRidge < ridge) { // its flat joins the device's compute roof at the ridge
            out.line.x.push_back(ridge);
            out.line.y.push_back(peak);
        }
        out.label = { level.bytesPerSecond, lower, levelRidge };
        out.labelAbove = !g.hasSlope || level.bytesPerSecond > main->bytesPerSecond;
        g.levels.push_back(std::move(out));
    }

    for (const ChartComputeRoof& other : device.otherComputeRoofs) {
        const double value = other.flopsPerSecond;
        if (!positiveFinite(value)) {
            continue;
        }
        DeviceRoofGeometry::Flat flat;
        flat.value = value;
        flat.line = { { lower, upper }, { value, value } };
        if (g.hasSlope) { // min(value, beta * I): its slope part runs on the device's own slope
            const double otherRidge = value / main->bytesPerSecond;
            flat.line.x = { otherRidge, upper };
            if (ridge < otherRidge) {
                flat.line.x.insert(flat.line.x.begin(), ridge);
                flat.line.y.insert(flat.line.y.begin(), peak);
            }
        }
        flat.labelX = flat.line.x.front();
        g.otherComputeRoofs.emplace_back(&other, std::move(flat));
    }

    for (const ChartCeiling& ceiling : device.ceilings) {
        if (!positiveFinite(ceiling.value)) {
            continue;
        }
        DeviceRoofGeometry::Ceiling out;
        out.ceiling = &ceiling;
        if (ceiling.kind == ChartCeiling::Kind::Compute) {
            out.labelX = g.hasSlope ? ceiling.value / main->bytesPerSecond : lower;
            out.line = { { out.labelX, upper }, { ceiling.value, ceiling.value } };
        } else {
            const double end = peak / ceiling.value;
            out.line = { { lower, end }, { ceiling.value * lower, peak } };
            out.slanted = { ceiling.value, lower, end };
        }
        g.ceilings.push_back(std::move(out));
    }
    return g;
}

void clipToBox(std::vector<double>& x, std::vector<double>& y, const ChartRange& box)
{
    std::vector<double> outX;
    std::vector<double> outY;
    const double x0 = std::log(box.xLower);
    const double x1 = std::log(box.xUpper);
    const double y0 = std::log(box.yLower);
    const double y1 = std::log(box.yUpper);
    auto keep = [&](double lx, double ly) {
        const double px = std::exp(lx);
        const double py = std::exp(ly);
        if (outX.empty() || std::fabs(outX.back() - px) > 1e-12 * px || std::fabs(outY.back() - py) > 1e-12 * py) {
            outX.push_back(px);
            outY.push_back(py);
        }
    };
    if (x.size() == 1) {
        const double lx = std::log(x[0]);
        const double ly = std::log(y[0]);
        if (lx >= x0 && lx <= x1 && ly >= y0 && ly <= y1) {
            keep(lx, ly);
        }
    }
    for (size_t i = 0; i + 1 < x.size(); ++i) {
        const double ax = std::log(x[i]);
        const double ay = std::log(y[i]);
        const double dx = std::log(x[i + 1]) - ax;
        const double dy = std::log(y[i + 1]) - ay;
        double t0 = 0.0;
        double t1 = 1.0;
        const double p[4] = { -dx, dx, -dy, dy };
        const double q[4] = { ax - x0, x1 - ax, ay - y0, y1 - ay };
        bool visible = true;
        for (int k = 0; k < 4 && visible; ++k) {
            if (p[k] == 0.0) {
                visible = q[k] >= 0.0;
            } else {
                const double t = q[k] / p[k];
                if (p[k] < 0.0) {
                    t0 = std::max(t0, t);
                } else {
                    t1 = std::min(t1, t);
                }
                visible = t0 <= t1;
            }
        }
        if (visible) {
            keep(ax + t0 * dx, ay + t0 * dy);
            keep(ax + t1 * dx, ay + t1 * dy);
        }
    }
    x = std::move(outX);
    y = std::move(outY);
}

} // namespace roofscope
