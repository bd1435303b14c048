#include "chart/ChartDecorator.h"
#include "chart/ChartText.h"
#include "chart/RoofGraph.h"

#include "chart/ChartAxisFormat.h"
#include "chart/ChartLabelPlacer.h"
#include "chart/KernelCloud.h"
#include "chart/RoofGeometry.h"
#include "model/Units.h"
#include "scene/SceneDecorations.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace roofscope {

namespace {
constexpr int kTitleMargin = 46; // pixels above the plot for the title and subtitle (x font scale)
constexpr int kCaptionLine = 15; // pixels more per caption line (a verdict's headline)
constexpr int kCaptionMaxLines = 3; // lines a caption may wrap into before it is cut
constexpr int kTitleLine = 20; // pixels more for a title's second line

// min(peak, bandwidth x intensity) sampled log-evenly over [lower, upper], with the ridge itself.
std::vector<double> roofSamples(double peak, double bytesPerSecond, double lower, double upper)
{
    std::vector<double> x;
    constexpr int kSteps = 48;
    for (int i = 0; i <= kSteps; ++i) {
        x.push_back(lower * std::pow(upper / lower, static_cast<double>(i) / kSteps));
    }
    const double ridge = peak / bytesPerSecond;
    if (ridge > lower && ridge < upper) {
        x.push_back(ridge);
    }
    std::sort(x.begin(), x.end());
    return x;
}

const ChartLevel* findLevel(const ChartDevice& device, const QString& name)
{
    for (const ChartLevel& level : device.levels) {
        if (level.name.compare(name, Qt::CaseInsensitive) == 0) {
            return &level;
        }
    }
    return nullptr;
}
} // namespace

ChartDecorator::ChartDecorator(QCustomPlot* plot, ChartLabelPlacer* labels)
    : m_plot(plot)
    , m_labels(labels)
{
}

int ChartDecorator::captionRoom() const
{
    int lines = 0;
    for (const QCPItemText* caption : m_captions) {
        lines += static_cast<const ChartTextItem*>(caption)->shownLineCount();
    }
    const int titleLines = m_titleItem ? static_cast<const ChartTextItem*>(m_titleItem)->shownLineCount() : 1;
    return static_cast<int>((kTitleMargin + kTitleLine * (titleLines - 1) + kCaptionLine * lines) * m_fontScale);
}

bool ChartDecorator::captionRoomStale() const
{
    return m_titled && m_plot->axisRect()->minimumMargins().top() != captionRoom();
}

void ChartDecorator::reserveCaptionRoom()
{
    // The new room can change the y-axis labels' width, and with it the column the lines wrap in:
    // measured again once after the first new layout.
    for (int pass = 0; pass < 2 && captionRoomStale(); ++pass) {
        m_plot->axisRect()->setMinimumMargins(QMargins(0, captionRoom(), 0, 0));
        // The layout again with that room, as QCustomPlot's replot lays it out.
        m_plot->plotLayout()->update(QCPLayoutElement::upPreparation);
        m_plot->plotLayout()->update(QCPLayoutElement::upMargins);
        m_plot->plotLayout()->update(QCPLayoutElement::upLayout);
    }
}

QCPItemText* ChartDecorator::addText(const QString& text, const QFont& font, const QColor& color, const char* layer)
{
    auto* item = new ChartTextItem(m_plot);
    item->setLayer(QString::fromLatin1(layer));
    item->setText(text);
    item->setFont(font);
    item->setColor(color);
    item->setSelectable(false);
    m_texts.push_back(item);
    return item;
}

QStringList ChartDecorator::labels() const
{
    QStringList out;
    for (const QCPItemText* item : m_texts) {
        out << item->text();
    }
    return out;
}

void ChartDecorator::build(const ChartScene& scene, double domainLower, double domainUpper,
    const std::optional<ChartRange>& clip, const QString& family, const char* labelLayer)
{
    m_arrows.clear(); // the chart removed every item and graph before
    m_titleItem = nullptr;
    m_texts.clear();
    m_captions.clear();
    if (m_band && m_plot->hasPlottable(m_band)) {
        m_plot->removePlottable(m_band);
    }
    m_band = nullptr;
    const ChartDecorations& decorations = scene.decorations;
    const ChartStyle& style = scene.style;
    m_title = decorations.title;
    m_subtitle = decorations.subtitle;
    m_plot->xAxis->setLabel(xAxisTitle(scene.xLevel)); // which level's intensity the x-axis shows
    const bool titled = !m_title.isEmpty() || !m_subtitle.isEmpty() || !decorations.captions.isEmpty();
    m_titled = titled;
    m_fontScale = style.fontScale;
    const int captionLines = static_cast<int>(decorations.captions.size());
    m_plot->axisRect()->setMinimumMargins(QMargins(
        0, titled ? static_cast<int>((kTitleMargin + kCaptionLine * captionLines) * style.fontScale) : 0, 0, 0));
    if (titled) {
        QCPItemText* title = addText(m_title, style.font(family, 12, QFont::Bold), style.text, labelLayer);
        static_cast<ChartTextItem*>(title)->setElideToPlotColumn(true); // a long session title wraps once,
        static_cast<ChartTextItem*>(title)->setWrapLines(2); // then ends in "..."
        m_titleItem = title;
        title->setClipToAxisRect(false);
        // Centred over the plot (not the widget, whose right part holds review mode's comparison).
        title->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        title->position->setTypeY(QCPItemPosition::ptViewportRatio);
        title->position->setCoords(0.5, 0.0);
        title->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        title->setPadding(QMargins(0, static_cast<int>(4 * style.fontScale), 0, 0));
        QCPItemText* subtitle = addText(m_subtitle, style.font(family, 9), style.mutedText, labelLayer);
        static_cast<ChartTextItem*>(subtitle)->setElideToPlotColumn(true);
        subtitle->setClipToAxisRect(false);
        subtitle->position->setParentAnchor(title->bottom);
        subtitle->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        QCPItemText* above = subtitle;
        for (const QString& line : decorations.captions) {
            // With the kernels: a group's drag moves its batch, and the verdict's words with it.
            QCPItemText* caption = addText(line, style.font(family, 9), style.text, kCaptionLayer);
            m_captions.push_back(caption);
            static_cast<ChartTextItem*>(caption)->setElideToPlotColumn(true);
            static_cast<ChartTextItem*>(caption)->setWrapLines(kCaptionMaxLines); // a long verdict wraps
            caption->setClipToAxisRect(false);
            caption->position->setParentAnchor(above->bottom);
            caption->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
            above = caption;
        }
    }
    const double lower = clip ? std::max(domainLower, clip->xLower) : domainLower;
    const double upper = clip ? std::min(domainUpper, clip->xUpper) : domainUpper;
    buildBand(scene, lower, upper, clip);
    buildCommRoofs(scene, domainLower, domainUpper, clip, family, labelLayer);
    for (const ChartNote& note : decorations.notes) {
        QCPItemText* text = addText(note.text, style.font(family, 9), style.text, labelLayer);
        text->position->setCoords(note.intensity, note.flopsPerSecond);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        QColor panel = style.panel;
        panel.setAlpha(200);
        text->setBrush(panel);
        text->setPadding(QMargins(3, 1, 3, 1));
    }
    for (size_t i = 0; i < decorations.arrows.size(); ++i) {
        auto* line = new QCPItemLine(m_plot);
        line->setLayer(QString::fromLatin1(labelLayer));
        line->setPen(QPen(style.text, style.line(1.6)));
        line->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 10 * style.lineScale, 12 * style.lineScale));
        line->setSelectable(false);
        QCPItemText* label = addText(QString(), style.font(family, 10, QFont::Bold), style.text, labelLayer);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        QColor panel = style.panel;
        panel.setAlpha(215);
        label->setBrush(panel);
        label->setPadding(QMargins(3, 1, 3, 1));
        m_arrows.emplace_back(line, label);
    }
    // "% of roof" beside the measured points while kernels are few enough to be labelled (as their
    // names are): the placer finds the spot, the kernel cloud draws it there.
    const auto shown = std::count_if(
        scene.kernels.begin(), scene.kernels.end(), [](const ChartKernel& kernel) { return !kernel.hidden; });
    m_measuredLabels = m_labels && static_cast<size_t>(shown) <= KernelCloud::kManyKernels;
    m_measuredFont = style.font(family, 8);
    followKernels(scene);
}

void ChartDecorator::followMeasured(const ChartScene& scene)
{
    if (!m_measuredLabels) {
        return;
    }
    const ChartStyle& style = scene.style;
    for (size_t k = 0; k < scene.kernels.size(); ++k) {
        const ChartKernel& kernel = scene.kernels[k];
        // The fraction is the first point's (the first device's) evaluation, the row of the results
        // table for that kernel and device; the measured point is drawn at that point's intensity and
        // its gap arrow ends on that point (KernelCloud::drawKernel).
        if (kernel.hidden || !kernel.achieved || !kernel.fractionOfRoof || kernel.points.empty()
            || !(*kernel.achieved > 0.0) || !std::isfinite(*kernel.achieved)) {
            continue;
        }
        ChartLabelPlacer::MeasuredAnchor anchor;
        anchor.kernel = static_cast<int>(k);
        anchor.point = QPointF(kernel.points.front().intensity, *kernel.achieved);
        anchor.text = formatFractionOfRoof(*kernel.fractionOfRoof);
        anchor.font = m_measuredFont;
        anchor.gap = 9.0 * kernel.markerScale * style.markerScale + 3.0; // clear of the red ring too
        if (kernel.levelPoints.size() > 1) { // the level points' line and, below it, their names
            const auto [low, high] = std::minmax_element(kernel.levelPoints.begin(), kernel.levelPoints.end(),
                [](const ChartLevelPoint& a, const ChartLevelPoint& b) { return a.intensity < b.intensity; });
            anchor.bandLower = low->intensity;
            anchor.bandUpper = high->intensity;
            anchor.bandAbove = 3.0 * style.markerScale + 2.0;
            anchor.bandBelow = 6.0 * style.markerScale + 12.0 * style.fontScale + 1.0;
        }
        m_labels->setMeasured(anchor);
    }
}

void ChartDecorator::setCaptions(const QStringList& captions)
{
    for (size_t i = 0; i < m_captions.size() && i < static_cast<size_t>(captions.size()); ++i) {
        m_captions[i]->setText(captions[static_cast<qsizetype>(i)]);
    }
}

QStringList ChartDecorator::shownHeading() const
{
    QStringList lines;
    if (m_titleItem) {
        lines << static_cast<const ChartTextItem*>(m_titleItem)->shownText();
    }
    for (const QCPItemText* caption : m_captions) {
        lines << static_cast<const ChartTextItem*>(caption)->shownText();
    }
    return lines;
}

QStringList ChartDecorator::captions() const
{
    QStringList lines;
    for (const QCPItemText* caption : m_captions) {
        lines << caption->text();
    }
    return lines;
}

void ChartDecorator::followKernels(const ChartScene& scene)
{
    followMeasured(scene);
    const auto& arrows = scene.decorations.arrows;
    for (size_t i = 0; i < m_arrows.size() && i < arrows.size(); ++i) {
        auto [line, label] = m_arrows[i];
        const auto placement = placeArrow(scene, arrows[i]);
        line->setVisible(placement.has_value());
        label->setVisible(placement.has_value());
        if (!placement) {
            if (m_labels) { // nowhere to go: the placer hides it
                const QPointF nowhere(qQNaN(), qQNaN());
                m_labels->setArrow(label, static_cast<int>(i), nowhere, nowhere);
            }
            continue;
        }
        line->start->setCoords(placement->fromX, placement->fromY);
        line->end->setCoords(placement->toX, placement->toY);
        label->setText(placement->label);
        if (m_labels) { // placed after the layout, beside the arrow's middle and clear of the rest
            m_labels->setArrow(
                label, static_cast<int>(i), { placement->fromX, placement->fromY }, { placement->toX, placement->toY });
            continue;
        }
        // The label beside the arrow's middle (on the log axes), on the side above the arrow's line, a
        // few pixels off it, so that it covers neither the arrow nor a marker the arrow passes.
        const bool rising = (placement->toX > placement->fromX) == (placement->toY > placement->fromY);
        constexpr double kAside = 1.08;
        const double midX = std::sqrt(placement->fromX * placement->toX);
        label->setPositionAlignment((rising ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
        label->position->setCoords(
            rising ? midX / kAside : midX * kAside, std::sqrt(placement->fromY * placement->toY) * kAside);
    }
}

void ChartDecorator::buildCommRoofs(const ChartScene& scene, double lower, double upper,
    const std::optional<ChartRange>& clip, const QString& family, const char* layer)
{
    const auto& fractions = scene.decorations.commFractions;
    if (fractions.empty()) {
        return;
    }
    const ChartStyle& style = scene.style;
    for (size_t d = 0; d < scene.devices.size(); ++d) {
        const ChartDevice& device = scene.devices[d];
        const ChartLevel* level = device.defaultLevel();
        if (!level || !(device.computeRoof > 0.0) || !(level->bytesPerSecond > 0.0)) {
            continue;
        }
        const double ridge = device.computeRoof / level->bytesPerSecond;
        for (const double f : fractions) {
            const double scale = 1.0 - f;
            std::vector<double> x { lower, ridge, upper };
            std::vector<double> y { scale * level->bytesPerSecond * lower, scale * device.computeRoof,
                scale * device.computeRoof };
            if (!(ridge > lower && ridge < upper)) {
                x = { lower, upper };
                y = { scale * std::min(device.computeRoof, level->bytesPerSecond * lower),
                    scale * std::min(device.computeRoof, level->bytesPerSecond * upper) };
            }
            if (clip) {
                clipToBox(x, y, *clip);
            }
            QCPGraph* graph = new RoofGraph(m_plot->xAxis, m_plot->yAxis);
            graph->setData(QVector<double>(x.begin(), x.end()), QVector<double>(y.begin(), y.end()));
            QColor color = device.color;
            color.setAlpha(200);
            QPen pen(color, style.line(1.2), Qt::DashLine);
            graph->setPen(pen);
            graph->setSelectable(QCP::stNone);
            graph->setAdaptiveSampling(false);
            graph->setAntialiased(true);
            if (d != 0) {
                continue; // one set of labels: the first device's
            }
            const QString text = QStringLiteral("%1 % comm").arg(QString::fromStdString(formatNumber(f * 100.0, 3)));
            QCPItemText* label = addText(text, style.font(family, 8), style.labelColor(device.color), layer);
            label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
            label->position->setTypeY(QCPItemPosition::ptPlotCoords);
            label->position->setCoords(0.99, scale * device.computeRoof);
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
        }
        if (d == 0) {
            QCPItemText* ideal = addText(
                QObject::tr("ideal (0 % comm)"), style.font(family, 8), style.labelColor(device.color), layer);
            ideal->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
            ideal->position->setTypeY(QCPItemPosition::ptPlotCoords);
            ideal->position->setCoords(0.99, device.computeRoof);
            ideal->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        }
    }
}

void ChartDecorator::buildBand(
    const ChartScene& scene, double lower, double upper, const std::optional<ChartRange>& clip)
{
    const ChartDecorations& decorations = scene.decorations;
    if (decorations.shadeLow.isEmpty() || decorations.shadeHigh.isEmpty() || !(upper > lower)) {
        return;
    }
    for (const ChartDevice& device : scene.devices) {
        const ChartLevel* a = findLevel(device, decorations.shadeLow);
        const ChartLevel* b = findLevel(device, decorations.shadeHigh);
        if (!a || !b || !(device.computeRoof > 0.0)) {
            continue;
        }
        // One polygon: along the faster roof, back along the slower one (y clamped to the box when
        // clipping, which cuts the band where it leaves the plot).
        const ChartLevel* fast = a->bytesPerSecond >= b->bytesPerSecond ? a : b;
        const ChartLevel* slow = fast == a ? b : a;
        QVector<double> xs;
        QVector<double> ys;
        auto add = [&](const ChartLevel* level, bool forward) {
            std::vector<double> x = roofSamples(device.computeRoof, level->bytesPerSecond, lower, upper);
            if (!forward) {
                std::reverse(x.begin(), x.end());
            }
            for (double xi : x) {
                double yi = std::min(device.computeRoof, level->bytesPerSecond * xi);
                if (clip) {
                    yi = std::clamp(yi, clip->yLower, clip->yUpper);
                }
                xs << xi;
                ys << yi;
            }
        };
        add(fast, true);
        add(slow, false);
        auto* band = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
        m_band = band;
        band->setData(xs, ys);
        QColor fill = device.color;
        fill.setAlpha(scene.style.dark ? 70 : 45);
        band->setBrush(fill);
        band->setPen(Qt::NoPen);
        band->setSelectable(QCP::stNone);
        band->setName(QStringLiteral("%1\u2013%2").arg(slow->name.toUpper(), fast->name.toUpper()));
        return; // one band: on the first device that has both levels
    }
}

} // namespace roofscope
