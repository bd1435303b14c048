#include "chart/RegimeMapImage.h"

#include "chart/PngWriter.h"
#include "io/EvaluationFormat.h"
#include "io/SafeFileWriter.h"
#include "model/Units.h"

#include <QBuffer>
#include <QColor>
#include <QFile>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {

namespace {

constexpr int kCell = 4; // pixels per cell at 128 steps; panels are at least 320 px wide
constexpr int kMargin = kRegimeMapMargin;
constexpr int kLegend = kRegimeMapLegend;
constexpr int kLegendWidth = kRegimeMapLegend - 6; // a column of the legend, less a gap

} // namespace

QColor regimeBindingColor(const RegimeMapDevice& device, int binding)
{
    if (binding < 0) {
        return QColor(46, 139, 87);
    }
    static const QColor memory[]
        = { QColor(31, 119, 180), QColor(106, 61, 154), QColor(23, 190, 207), QColor(65, 105, 225) };
    static const QColor network[]
        = { QColor(230, 126, 34), QColor(214, 39, 40), QColor(188, 143, 0), QColor(140, 86, 75) };
    int memoryIndex = 0;
    int networkIndex = 0;
    for (int i = 0; i < binding && static_cast<size_t>(i) < device.network.size(); ++i) {
        (device.network[static_cast<size_t>(i)] ? networkIndex : memoryIndex)++;
    }
    const bool isNetwork
        = static_cast<size_t>(binding) < device.network.size() && device.network[static_cast<size_t>(binding)];
    return isNetwork ? network[networkIndex % 4] : memory[memoryIndex % 4];
}

namespace {
// The binding resources that occur in a device's map, each once, in index order.
std::vector<int> bindingsOf(const RegimeMapDevice& device)
{
    std::vector<int> seen;
    for (const auto& c : device.cells) {
        if (std::find(seen.begin(), seen.end(), c.binding) == seen.end()) {
            seen.push_back(c.binding);
        }
    }
    std::sort(seen.begin(), seen.end());
    return seen;
}

// Mixes the colour with white: t = 0 keeps it, t = 1 is white.
QColor lighter(const QColor& c, double t)
{
    auto mix = [t](int v) { return static_cast<int>(std::lround(v + (255 - v) * t)); };
    return QColor(mix(c.red()), mix(c.green()), mix(c.blue()));
}

QString tickLabel(double value)
{
    return QString::fromStdString(formatNumber(value, 3));
}

// Draws a text and, when asked, keeps the box it takes (through the painter's transform).
void drawText(QPainter& p, const QRectF& rect, int flags, const QString& text, std::vector<QRect>* texts)
{
    p.drawText(rect, flags, text);
    if (texts && !text.isEmpty()) {
        texts->push_back(p.transform().mapRect(p.boundingRect(rect, flags, text)).toAlignedRect());
    }
}

// The legend's entries: each binding resource once per colour; a name drawn in different colours on
// different devices (a level's colour follows its place among the device's levels) says which device.
struct LegendEntry {
    std::string name;
    QColor color;
    std::string device;
};
std::vector<LegendEntry> legendEntries(const RegimeMap& map)
{
    std::vector<LegendEntry> entries;
    for (const RegimeMapDevice& device : map.devices) {
        for (int b : bindingsOf(device)) {
            const std::string name = device.bindingName(b);
            const QColor color = regimeBindingColor(device, b);
            if (std::none_of(entries.begin(), entries.end(),
                    [&](const LegendEntry& e) { return e.name == name && e.color == color; })) {
                entries.push_back(
                    { name, color, device.hardwareName.empty() ? device.hardwareId : device.hardwareName });
            }
        }
    }
    return entries;
}

constexpr int kLegendRow = 18;

// Columns of a legend `width` pixels wide: one up to twice kLegend, else as many of 220 px as fit.
int legendColumns(int width)
{
    return width < 2 * kLegend ? 1 : std::max(1, width / 220);
}
constexpr int kLegendNote = 40; // the two lines saying what the shades mean

} // namespace

void paintRegimeMapPanel(QPainter& p, const RegimeMap& map, const RegimeMapDevice& device, QRect area,
    RegimeMapShade shade, bool legend, std::vector<QRect>* texts)
{
    const size_t nx = map.xValues.size();
    const size_t ny = map.yValues.size();
    const double cw = static_cast<double>(area.width()) / static_cast<double>(nx);
    const double ch = static_cast<double>(area.height()) / static_cast<double>(ny);
    const QFont titleFont(QStringLiteral("Sans"), 10, QFont::Bold);
    p.setFont(titleFont);
    p.setPen(Qt::black);
    // The title over the panel and its y axis, elided in the middle when longer (whole in the hover).
    const QRect titleRect(area.left() - kMargin / 2, area.top() - 40, area.width() + kMargin / 2, 20);
    drawText(p, titleRect, Qt::AlignCenter,
        QFontMetrics(titleFont).elidedText(
            QString::fromStdString(device.hardwareLabel.empty() ? device.hardwareId : device.hardwareLabel),
            Qt::ElideMiddle, titleRect.width()),
        texts);
    p.setFont(QFont(QStringLiteral("Sans"), 8));
    if (!device.error.empty()) {
        drawText(p, area, Qt::AlignCenter | Qt::TextWordWrap, QString::fromStdString(device.error), texts);
        return;
    }
    // The shade: log of the cell's value between the map's extremes.
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0.0;
    for (const auto& c : device.cells) {
        const double v = shade == RegimeMapShade::TMin ? c.tMin : c.attainable;
        if (v > 0.0 && std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    const double span = hi > lo ? std::log(hi / lo) : 1.0;
    auto cellColor = [&](const RegimeCell& c) {
        const double v = shade == RegimeMapShade::TMin ? c.tMin : c.attainable;
        const double t = v > 0.0 && std::isfinite(v) && hi > 0.0 ? std::log(v / lo) / span : 0.0;
        // Darker = slower (T_min) or faster (attainable); never paler than 60 % white.
        QColor color = lighter(regimeBindingColor(device, c.binding), 0.6 * (1.0 - t));
        return c.regime == Regime::Balanced ? lighter(color, 0.5) : color;
    };
    for (size_t iy = 0; iy < ny; ++iy) {
        // Runs of one colour as one rectangle (keeps SVG output small).
        size_t start = 0;
        QColor runColor = cellColor(device.cell(0, iy, nx));
        for (size_t ix = 1; ix <= nx; ++ix) {
            const QColor color = ix < nx ? cellColor(device.cell(ix, iy, nx)) : QColor();
            if (ix < nx && color == runColor) {
                continue;
            }
            const QRectF r(area.left() + cw * static_cast<double>(start),
                area.bottom() + 1 - ch * static_cast<double>(iy + 1), cw * static_cast<double>(ix - start), ch);
            p.fillRect(r.adjusted(0, 0, 0.5, 0.5), runColor);
            start = ix;
            runColor = color;
        }
    }
    // Boundary lines: between neighbouring cells of different binding.
    p.setPen(QPen(Qt::black, 1.5));
    for (size_t iy = 0; iy < ny; ++iy) {
        for (size_t ix = 0; ix < nx; ++ix) {
            const int b = device.cell(ix, iy, nx).binding;
            const double x0 = area.left() + cw * static_cast<double>(ix);
            const double y0 = area.bottom() + 1 - ch * static_cast<double>(iy + 1);
            if (ix + 1 < nx && device.cell(ix + 1, iy, nx).binding != b) {
                p.drawLine(QPointF(x0 + cw, y0), QPointF(x0 + cw, y0 + ch));
            }
            if (iy + 1 < ny && device.cell(ix, iy + 1, nx).binding != b) {
                p.drawLine(QPointF(x0, y0), QPointF(x0 + cw, y0));
            }
        }
    }
    p.setPen(QPen(Qt::black, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    // Log ticks at the powers of ten inside each axis (the ends when there are none).
    auto ticks = [](const std::vector<double>& values) {
        std::vector<double> out;
        const double first = std::ceil(std::log10(values.front()) - 1e-9);
        for (double e = first; std::pow(10.0, e) <= values.back() * (1 + 1e-9); e += 1.0) {
            out.push_back(std::pow(10.0, e));
        }
        if (out.size() < 2) {
            out = { values.front(), values.back() };
        }
        return out;
    };
    auto fraction = [](const std::vector<double>& values, double v) {
        const double a = std::log(values.front());
        const double b = std::log(values.back());
        return b > a ? (std::log(v) - a) / (b - a) : 0.0;
    };
    // Tick labels: each one that keeps clear of the last one drawn (narrow panels drop some).
    const QFontMetrics tickMetrics(p.font());
    double lastRight = -1e9;
    for (double v : ticks(map.xValues)) {
        const double x = area.left() + fraction(map.xValues, v) * area.width();
        p.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 5));
        const QString text = tickLabel(v);
        const double half = tickMetrics.horizontalAdvance(text) / 2.0 + 1.0;
        if (x - half < lastRight + 4.0) {
            continue;
        }
        lastRight = x + half;
        drawText(p, QRectF(x - half, area.bottom() + 8, 2.0 * half, 16), Qt::AlignHCenter | Qt::AlignTop, text, texts);
    }
    double lastTop = 1e9;
    for (double v : ticks(map.yValues)) {
        const double y = area.bottom() - fraction(map.yValues, v) * area.height();
        p.drawLine(QPointF(area.left() - 5, y), QPointF(area.left(), y));
        if (y + 8 > lastTop - 1.0) {
            continue;
        }
        lastTop = y - 8;
        drawText(p, QRectF(area.left() - 66, y - 8, 58, 16), Qt::AlignRight | Qt::AlignVCenter, tickLabel(v), texts);
    }
    drawText(p, QRect(area.left(), area.bottom() + 25, area.width(), 16), Qt::AlignCenter,
        tickMetrics.elidedText(QString::fromStdString(map.xName), Qt::ElideMiddle, area.width()), texts);
    p.save();
    p.translate(area.left() - 50, area.center().y());
    p.rotate(-90);
    drawText(p, QRect(-area.height() / 2, -16, area.height(), 16), Qt::AlignCenter,
        tickMetrics.elidedText(QString::fromStdString(map.yName), Qt::ElideMiddle, area.height()), texts);
    p.restore();
    if (!legend) {
        return;
    }
    // Legend: the bindings that occur.
    int y = area.top();
    const int x = area.right() + 14;
    for (int b : bindingsOf(device)) {
        p.fillRect(QRect(x, y, 12, 12), regimeBindingColor(device, b));
        drawText(p, QRect(x + 18, y - 2, kLegend - 30, 16), Qt::AlignLeft | Qt::AlignVCenter,
            QString::fromStdString(device.bindingName(b) + "-bound"), texts);
        y += kLegendRow;
    }
    drawText(p, QRect(x, y + 4, kLegend - 20, 48), Qt::AlignLeft | Qt::TextWordWrap,
        shade == RegimeMapShade::TMin ? QStringLiteral("darker: longer T_min\npale: balanced")
                                      : QStringLiteral("darker: more FLOP/s\npale: balanced"),
        texts);
}

void paintRegimeMapLegend(
    QPainter& p, const RegimeMap& map, QPoint topLeft, RegimeMapShade shade, int width, std::vector<QRect>* texts)
{
    const std::vector<LegendEntry> entries = legendEntries(map);
    auto label = [&entries](const LegendEntry& entry) {
        const bool shared = std::count_if(entries.begin(), entries.end(), [&](const LegendEntry& e) {
            return e.name == entry.name;
        }) > 1;
        return QString::fromStdString(entry.name + "-bound" + (shared ? " (" + entry.device + ")" : ""));
    };
    p.setFont(QFont(QStringLiteral("Sans"), 8));
    p.setPen(Qt::black);
    const QFontMetrics metrics(p.font());
    const int columns = legendColumns(width);
    const int column = std::max(kLegend, width / columns); // wide enough for "hbm-bound (H100 SXM)"
    const int rows
        = static_cast<int>((entries.size() + static_cast<size_t>(columns) - 1) / static_cast<size_t>(columns));
    for (size_t i = 0; i < entries.size(); ++i) {
        const int x = topLeft.x() + static_cast<int>(i) / std::max(1, rows) * column;
        const int y = topLeft.y() + static_cast<int>(i) % std::max(1, rows) * kLegendRow;
        p.fillRect(QRect(x, y, 12, 12), entries[i].color);
        // A name too long for its column is elided in the middle: the device in brackets stays.
        drawText(p, QRect(x + 18, y - 2, column - 24, 16), Qt::AlignLeft | Qt::AlignVCenter,
            metrics.elidedText(label(entries[i]), Qt::ElideMiddle, column - 24), texts);
    }
    drawText(p, QRect(topLeft.x(), topLeft.y() + rows * kLegendRow + 4, kLegendWidth, kLegendNote),
        Qt::AlignLeft | Qt::TextWordWrap,
        shade == RegimeMapShade::TMin ? QStringLiteral("darker: longer T_min\npale: balanced")
                                      : QStringLiteral("darker: more FLOP/s\npale: balanced"),
        texts);
}

int regimeMapLegendHeight(const RegimeMap& map, int width)
{
    const size_t columns = static_cast<size_t>(legendColumns(width));
    const size_t entries = legendEntries(map).size();
    return static_cast<int>((entries + columns - 1) / columns) * kLegendRow + 4 + kLegendNote;
}

namespace {

void paint(QPainter& p, const RegimeMap& map, RegimeMapShade shade, QSize panel)
{
    p.fillRect(QRect(0, 0, 100000, 100000), Qt::white);
    p.setRenderHint(QPainter::Antialiasing, false);
    for (size_t d = 0; d < map.devices.size(); ++d) {
        const int left = static_cast<int>(d) * (panel.width() + 2 * kMargin + kLegend) + kMargin;
        paintRegimeMapPanel(p, map, map.devices[d], QRect(left, kMargin - 10, panel.width(), panel.height()), shade);
    }
}

} // namespace

std::string writeRegimeMapImage(const RegimeMap& map, const std::string& path, RegimeMapShade shade)
{
    if (map.xValues.empty() || map.yValues.empty() || map.devices.empty()) {
        return "nothing to draw";
    }
    const QString file = QString::fromStdString(path);
    const bool svg = file.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive);
    if (!svg && !file.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) {
        return "-o " + path + ": the image must be .png or .svg";
    }
    const int side = std::max(320, static_cast<int>(std::max(map.xValues.size(), map.yValues.size())) * kCell);
    const QSize panel(side, side);
    const QSize size(static_cast<int>(map.devices.size()) * (side + 2 * kMargin + kLegend), side + 2 * kMargin + 10);
    // Drawn in memory, then written as the other exports are: a write that fails (a full disk, a file
    // size limit) is an error and leaves the previous image as it was.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::WriteOnly)) {
        return path + ": the image could not be drawn";
    }
    if (svg) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(QStringLiteral("Regime map"));
        QPainter painter(&generator);
        paint(painter, map, shade, panel);
        if (!painter.end()) {
            return path + ": the image could not be drawn";
        }
    } else {
        QImage image(size, QImage::Format_RGB32); // opaque: filled white below
        image.fill(Qt::white);
        QPainter painter(&image);
        paint(painter, map, shade, panel);
        painter.end();
        if (!writePng(image, &buffer)) {
            return "cannot write " + path + ": PNG encoding failed";
        }
    }
    if (bytes.isEmpty()) {
        return path + ": the image could not be drawn";
    }
    return writeFileSafely(path, std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
}

std::string regimeMapCsv(const RegimeMap& map)
{
    std::string out = "hardware,x,y,regime,binding,t_min_s,attainable_flops_per_s\n";
    const size_t nx = map.xValues.size();
    for (const auto& device : map.devices) {
        if (device.cells.size() != nx * map.yValues.size()) {
            continue; // a device that could not evaluate the kernel
        }
        for (size_t iy = 0; iy < map.yValues.size(); ++iy) {
            for (size_t ix = 0; ix < nx; ++ix) {
                const RegimeCell& c = device.cell(ix, iy, nx);
                out += escapeCsv(device.hardwareId) + "," + formatExact(map.xValues[ix]) + ","
                    + formatExact(map.yValues[iy]) + "," + regimeName(c.regime) + ","
                    + escapeCsv(device.bindingName(c.binding)) + "," + formatExact(c.tMin) + ","
                    + formatExact(c.attainable) + "\n";
            }
        }
    }
    return out;
}

std::string writeRegimeMapCsv(const RegimeMap& map, const std::string& path)
{
    return writeFileSafely(path, regimeMapCsv(map));
}

} // namespace roofscope
