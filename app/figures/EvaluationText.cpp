#include "figures/EvaluationText.h"
#include "model/TransformerWorkload.h"
#include "model/serving/DeviceExpansion.h"
#include "model/serving/Experts.h"
#include "model/serving/Parallelism.h"

#include "scene/ChartModel.h"

#include "io/EvaluationFormat.h"
#include "model/Guidance.h"
#include "model/Units.h"

#include <QObject>

#include <cmath>

namespace roofscope {

namespace {
QString q(double value, Dimension dimension)
{
    return QString::fromStdString(formatQuantity(value, dimension, 3));
}

QString n(double value)
{
    return QString::fromStdString(formatNumber(value, 3));
}

QString percent(double fraction)
{
    return QStringLiteral("%1 %").arg(fraction * 100.0, 0, 'f', fraction < 0.1 ? 2 : 1);
}

QString row(const QString& name, const QString& value)
{
    return QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;%2</td></tr>").arg(name, value);
}

QString esc(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}
} // namespace

namespace {
// What a kernel group's collective is on a device: "ring all-reduce over tp = 8 chips: 29.4 MB per
// chip per launch on NVLINK (the scale-up link), 14 hops". Empty for any other kernel.
QString collectiveText(const Kernel& kernel, const Hardware& device)
{
    if (!kernel.groupPart) {
        return {};
    }
    const GroupPartOnDevice part = groupPartOnDevice(kernel, device);
    if (!part.kernel || !part.info.collective) {
        return {};
    }
    const std::string& name = kernel.groupPart->part;
    QString what;
    if (name.rfind("allreduce", 0) == 0) {
        what = QObject::tr("ring all-reduce over tp = %1 chips").arg(part.config.tp);
    } else if (name.rfind("alltoall", 0) == 0) {
        what = QObject::tr("all-to-all over ep = %1 chips").arg(part.config.ep);
    } else if (name.rfind("gather", 0) == 0) {
        what = QObject::tr("gather of each chip's vocabulary shard over tp = %1 chips").arg(part.config.tp);
    } else {
        what = QObject::tr("send to the next of pp = %1 pipeline stages").arg(part.config.pp);
    }
    const std::string link = scaleUpLevelName(device);
    return QObject::tr("%1: %2 per chip per launch on %3 (the scale-up link), %4 hops")
        .arg(what, QString::fromStdString(formatQuantity(part.info.bytesPerChip, Dimension::Bytes, 3)),
            QString::fromStdString(link).toUpper(), QString::number(part.info.hops));
}

// What a routed expert kernel of a kernel group reads on a device: "8 experts, top-2: the expert
// group's 64 tokens touch E_eff = 8 of them per step (uniform routing); the busiest chip reads the
// weights of 1 experts (ep = 8, tp = 8)". Empty for any other kernel.
QString expertText(const Kernel& kernel, const Hardware& device)
{
    if (!kernel.groupPart || kernel.groupPart->part.rfind("expert_", 0) != 0) {
        return {};
    }
    const GroupPartOnDevice part = groupPartOnDevice(kernel, device);
    const TransformerConfig& c = part.config;
    if (!part.kernel || !(c.experts > 0.0)) {
        return {};
    }
    const double tokens = c.tokensPerStep() * std::max(c.ep / c.tp, 1.0); // the tokens an expert group serves
    const auto number = [](double value) { return QString::fromStdString(formatNumber(value, 3)); };
    return QObject::tr("%1 experts, top-%2: the expert group's %3 tokens touch E_eff = %4 of them per step (uniform "
                       "routing); the "
                       "busiest chip reads the weights of %5 experts (ep = %6, tp = %7)")
        .arg(number(c.experts), number(c.topK), number(tokens),
            number(expectedDistinctExperts(c.experts, c.topK, tokens)), number(busiestChipExperts(c)), number(c.ep),
            number(c.tp));
}
} // namespace

QString groupPartToolTip(const Kernel& kernel, const Hardware& device)
{
    QString html;
    for (const QString& text : { expertText(kernel, device), collectiveText(kernel, device) }) {
        if (!text.isEmpty()) {
            html += QStringLiteral("<p><b>%1</b> — %2</p>")
                        .arg(QString::fromStdString(kernel.groupPart->part).toHtmlEscaped(), text.toHtmlEscaped());
        }
    }
    return html;
}

QString evaluationToolTip(const Evaluation& ev, const QString& deviceLabel, const Kernel* kernel)
{
    QString html = QStringLiteral("<b>%1</b> on <b>%2</b> (%3)<table>")
                       .arg(esc(ev.kernelName), deviceLabel.toHtmlEscaped(), esc(ev.precision));
    html += row(QObject::tr("FLOPs"), q(ev.flops, Dimension::Flops)); // "25.8 GFLOP", not 25769803776
    // Intensity and ridge as the results table gives them: on the level the regime compares against.
    const QString level = QString::fromStdString(ev.nearestLevel).toUpper();
    const auto cell = [&](size_t column) { return QString::fromStdString(tableCell(ev, column, false)); };
    const bool transfer = !(ev.flops > 0.0); // an all-to-all, a pipeline send, a copy: no FLOP figures
    if (transfer) {
        html += row(QObject::tr("Intensity"),
            QObject::tr("%1: a transfer, no point on a FLOP/s chart").arg(cell(ColumnIntensity)));
    } else if (unboundedIntensity(ev.intensity) && ev.attainable > 0.0) {
        // No bytes on any counted level (why the chart draws it at its right edge: said under the table).
        html += row(QObject::tr("Intensity"), QStringLiteral("∞ (%1)").arg(QObject::tr("unbounded")));
    } else if (level.isEmpty()) {
        html += row(QObject::tr("Intensity"), cell(ColumnIntensity));
    } else {
        html += row(QObject::tr("Intensity"), QObject::tr("%1 on %2").arg(cell(ColumnIntensity), level));
        html += row(QObject::tr("Ridge"), QObject::tr("%1 on %2").arg(cell(ColumnRidge), level));
    }
    if (transfer) {
        html += row(QObject::tr("Attainable"),
            QObject::tr("%1: its time is its bytes on %2")
                .arg(cell(ColumnAttainable), level.isEmpty() ? QStringLiteral("its levels") : level));
    } else {
        html += row(QObject::tr("Attainable"),
            QObject::tr("%1 (%2 of peak)")
                .arg(q(ev.attainable, Dimension::FlopsPerSecond), percent(ev.fractionOfPeak)));
    }
    QString regime = QString::fromStdString(regimeName(ev.regime));
    if (ev.binding != "compute") {
        regime += QObject::tr(", bound by %1").arg(QString::fromStdString(ev.binding).toUpper());
    }
    html += row(QObject::tr("Regime"), QStringLiteral("<b>%1</b>").arg(regime));
    html += row(QObject::tr("T_math"), q(ev.tMath, Dimension::Seconds));
    html += row(QObject::tr("T_min / T_max"),
        QStringLiteral("%1 / %2").arg(q(ev.tMin, Dimension::Seconds), q(ev.tMax, Dimension::Seconds)));
    for (const LevelEvaluation& level : ev.levels) {
        const QString moved
            = QObject::tr("%1 at %2 → %3")
                  .arg(q(level.bytes, Dimension::Bytes), q(level.bytesPerSecond, Dimension::BytesPerSecond),
                      q(level.seconds, Dimension::Seconds));
        html += row(QString::fromStdString(level.name).toUpper(),
            transfer ? moved
                     : QObject::tr("%1, %2 FLOP/B")
                           .arg(moved, std::isfinite(level.intensity) ? n(level.intensity) : QStringLiteral("∞")));
    }
    for (const std::string& note : ev.levelNotes) { // once per level: "HBM bytes counted on GDDR"
        html += row(QObject::tr("Bytes"),
            ev.likeForLikeLevels ? esc(note)
                                 : QStringLiteral("<span style='color:#c60'>%1 — %2</span>")
                                       .arg(esc(note), QObject::tr("not like-for-like")));
    }
    if (ev.launchOverheadSeconds) {
        html += row(QObject::tr("Launch overhead"), q(*ev.launchOverheadSeconds, Dimension::Seconds));
    }
    if (!ev.measuredOn.empty()) {
        html += row(QObject::tr("Measured"),
            QObject::tr("on %1, not on this device: not set against its roof").arg(esc(ev.measuredOn)));
    }
    if (ev.measuredSeconds && ev.achieved) {
        html += row(QObject::tr("Measured"),
            QObject::tr("%1 → %2").arg(
                q(*ev.measuredSeconds, Dimension::Seconds), q(*ev.achieved, Dimension::FlopsPerSecond)));
        if (ev.fractionOfRoof) {
            const double headroom = *ev.fractionOfRoof > 0.0 ? 1.0 / *ev.fractionOfRoof : 0.0;
            html += row(QObject::tr("Of the roof"),
                QObject::tr("%1 (headroom %2×)").arg(cell(ColumnFractionOfRoof), n(headroom))); // as the table
        }
        if (ev.aboveRoof && *ev.aboveRoof) {
            html += row(QObject::tr("Above the roof"),
                QStringLiteral("<span style='color:#c00'>%1</span>")
                    .arg(QObject::tr("check the precision and the bytes counted")));
        }
    }
    for (const auto& [level, fits] : ev.fits) {
        html += row(QObject::tr("Fits %1").arg(QString::fromStdString(level).toUpper()),
            fits ? QObject::tr("yes") : QObject::tr("no"));
    }
    for (const std::string& warning : ev.warnings) {
        html += row(QObject::tr("Warning"), esc(warning));
    }
    html += QStringLiteral("</table>");
    if (unboundedIntensity(ev.intensity) && ev.attainable > 0.0) { // a paragraph: it wraps
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(QObject::tr("On the chart:"), unboundedIntensityText().toHtmlEscaped());
    }
    html += QStringLiteral("<p><i>%1</i></p>").arg(esc(guidance(ev, kernel)));
    return html;
}

QString kernelStatusLine(const QString& kernelName, const std::vector<std::pair<QString, const Evaluation*>>& rows)
{
    QStringList parts;
    const Evaluation* fastest = nullptr;
    QString fastestLabel;
    for (const auto& [label, ev] : rows) {
        if (!ev) {
            continue;
        }
        parts << QObject::tr("%1 on %2").arg(QString::fromStdString(regimeName(ev->regime)), label);
        if (!fastest || ev->tMin < fastest->tMin) {
            fastest = ev;
            fastestLabel = label;
        }
    }
    if (!fastest) {
        return kernelName;
    }
    QString line = kernelName + QStringLiteral(": ") + parts.join(QStringLiteral(" · "));
    line += QStringLiteral(" · T_min %1").arg(q(fastest->tMin, Dimension::Seconds));
    if (rows.size() > 1) {
        line += QObject::tr(" on %1").arg(fastestLabel);
    }
    return line;
}

QString kernelGuidanceText(const std::vector<std::pair<QString, const Evaluation*>>& rows, const Kernel* kernel)
{
    QStringList lines;
    for (const auto& [label, ev] : rows) {
        if (ev) {
            lines << QStringLiteral("%1: %2").arg(label, QString::fromStdString(guidance(*ev, kernel)));
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString kernelBriefText(const std::vector<std::pair<QString, const Evaluation*>>& rows)
{
    QString text;
    for (const auto& [label, ev] : rows) {
        if (!ev) {
            continue;
        }
        if (text.isEmpty()) { // the intensity as the table and the tooltip give it, on its level
            text = QObject::tr("%1 · %2").arg(
                QString::fromStdString(ev->kernelName), QString::fromStdString(tableCell(*ev, ColumnIntensity, false)));
            if (!ev->nearestLevel.empty()) {
                text += QObject::tr(" on %1").arg(QString::fromStdString(ev->nearestLevel).toUpper());
            }
        }
        if (!(ev->flops > 0.0)) { // a transfer: no FLOP/s to give
            text += QStringLiteral("\n%1: %2 · %3 · T_min %4")
                        .arg(label, QString::fromStdString(regimeName(ev->regime)), QString::fromLatin1(kNoFlopsCell),
                            q(ev->tMin, Dimension::Seconds));
            continue;
        }
        text += QStringLiteral("\n%1: %2 · %3 (%4) · T_min %5")
                    .arg(label, QString::fromStdString(regimeName(ev->regime)),
                        q(ev->attainable, Dimension::FlopsPerSecond), percent(ev->fractionOfPeak),
                        q(ev->tMin, Dimension::Seconds));
    }
    return text;
}

} // namespace roofscope
