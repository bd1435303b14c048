// The serving chart's measured runs: each run of the verdict where the chart's axes can place it, a
// thin line up to its bound at the same concurrency, and how much of the bound it reached.
#include "chart/ServingChart.h"

#include "chart/ChartText.h"
#include "io/VerdictFormat.h"

#include <qcustomplot.h>

#include <cmath>

namespace roofscope {

std::optional<ServingChart::MeasuredPoint> ServingChart::measuredPoint(
    int curve, const ServingRunGap& gap, bool published) const
{
    if (!gap.error.empty() || !gap.tokensPerSecond || !gap.step.requests || !(gap.step.tokensPerSecond > 0.0)) {
        return std::nullopt;
    }
    // The bound at the run's concurrency as the curves draw it: the run's figures (prefill included) per
    // chip, per $/hour or per joule, at its decode step's time per token.
    const ServingCurvePoint step = servingCurvePoint(gap.step, gap.step.config.batch);
    const std::optional<double> stepY = step.y(m_settings.y);
    if (!stepY || !(*stepY > 0.0)) {
        return std::nullopt; // no price or no power: this axis cannot place the run
    }
    MeasuredPoint m;
    m.curve = curve;
    m.published = published;
    m.efficiency = gap.tokensPerSecond->efficiency;
    m.beyond = gap.beyondBound;
    m.boundY = *stepY;
    m.y = m.boundY * m.efficiency;
    m.boundX = step.x(m_settings.x);
    const std::optional<double> tpot = gap.run.tpotSeconds();
    m.xFromBound = !tpot || !(*tpot > 0.0);
    m.x = m.xFromBound ? m.boundX : m_settings.x == ServingXAxis::MsPerToken ? *tpot * 1e3 : 1.0 / *tpot;
    const ServingRun& r = gap.run;
    const QString who = r.engine.empty() ? tr("run") : QString::fromStdString(r.engine);
    const QString load = r.concurrency ? tr(" c%1").arg(*r.concurrency) : QString();
    m.label = m.beyond ? tr("%1%2: %3 % of bound, ABOVE IT").arg(who, load).arg(100.0 * m.efficiency, 0, 'f', 0)
                       : tr("%1%2: %3 % of bound").arg(who, load).arg(100.0 * m.efficiency, 0, 'f', 0);
    m.tip = (published ? tr("Published run\n") : tr("Measured run\n")) + QString::fromStdString(measuredRunLine(gap))
        + (m.xFromBound ? tr("\nNo TPOT measured: drawn at its bound's time per token.") : QString());
    return m;
}

void ServingChart::drawMeasuredRuns(const std::function<void(double, double)>& extend)
{
    if (!m_settings.verdict) {
        return;
    }
    const ChartStyle& style = m_settings.style;
    const GroupVerdict& verdict = *m_settings.verdict;
    const QColor grey = style.mutedText;
    for (size_t i = 0; i < m_curves.curves.size(); ++i) {
        const ServingCurve& c = m_curves.curves[i];
        const auto d = static_cast<size_t>(c.sceneDevice);
        if (c.sceneDevice < 0 || d >= verdict.devices.size()) {
            continue;
        }
        // One label per device: the run the measured ranking used, else the one nearest its bound; the
        // others say theirs on hover (a label for each would bury the curves).
        const VerdictDevice& v = verdict.devices[d];
        std::optional<size_t> labelled = v.measuredPick;
        for (size_t k = 0; !v.measuredPick && k < v.measured.size(); ++k) {
            const auto e = v.measured[k].efficiency();
            if (e && (!labelled || *e > *v.measured[*labelled].efficiency())) {
                labelled = k;
            }
        }
        for (const bool published : { true, false }) {
            const auto& gaps = published ? v.published : v.measured;
            for (size_t r = 0; r < gaps.size(); ++r) {
                const ServingRunGap& gap = gaps[r];
                auto m = measuredPoint(static_cast<int>(i), gap, published);
                if (!m) {
                    continue;
                }
                const QColor colour = m->beyond ? QColor(0xc0, 0x39, 0x2b) : published ? grey : c.color;
                auto* line = new QCPItemLine(m_plot);
                line->start->setCoords(m->x, m->y);
                line->end->setCoords(m->boundX, m->boundY);
                line->setPen(QPen(colour, style.line(0.8), Qt::DotLine));
                line->setHead(QCPLineEnding(QCPLineEnding::esDisc, 4.0 * style.markerScale));
                auto* point = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
                point->setData(QVector<double> { m->x }, QVector<double> { m->y });
                point->setLineStyle(QCPCurve::lsNone);
                point->setScatterStyle(QCPScatterStyle(
                    m->xFromBound ? QCPScatterStyle::ssTriangle : QCPScatterStyle::ssDiamond,
                    QPen(m->beyond ? colour : style.text, style.line(1.0)), QBrush(colour), 9.0 * style.markerScale));
                point->setSelectable(QCP::stNone);
                point->removeFromLegend();
                if (m->beyond || (!published && labelled == r)) {
                    auto* text = new ChartTextItem(m_plot);
                    text->position->setCoords(m->x, m->y);
                    // Alternately right-below and left-above their points, so that two devices' labels keep apart.
                    text->setPositionAlignment(
                        i % 2 == 0 ? (Qt::AlignLeft | Qt::AlignTop) : (Qt::AlignRight | Qt::AlignBottom));
                    text->setText(m->label);
                    text->setFont(style.font(font().family(), 7.5));
                    text->setColor(m->beyond ? colour : style.labelColor(c.color));
                    // Clear of the point by a few pixels each way, so that close points of two devices keep
                    // their labels a line apart.
                    text->setPadding(i % 2 == 0 ? QMargins(5, 8, 2, 1) : QMargins(2, 1, 5, 8));
                }
                extend(m->x, m->y);
                extend(m->boundX, m->boundY);
                m_measured.push_back(*m);
            }
        }
    }
}

} // namespace roofscope
