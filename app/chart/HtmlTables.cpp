#include "chart/HtmlTables.h"

#include "io/EvaluationFormat.h"

#include "chart/HtmlSvg.h"

#include "io/ComparisonFormat.h"
#include "io/VerdictFormat.h"
#include "model/Session.h"
#include "model/Units.h"
#include "scene/SceneBuilder.h"

#include <QObject>

namespace roofscope {

using html::esc;

QString htmlResultsTable(const SceneBuildResult& built, const Session& session, const std::vector<char>& listed)
{
    QString out = QStringLiteral("<table id=\"results\"><thead><tr><th>Kernel</th><th>Device</th><th>Attainable</th>"
                                 "<th>% of peak</th><th>Regime</th><th>Binding</th><th>T_min</th><th>T_max</th>"
                                 "<th>% of roof</th></tr></thead><tbody>\n");
    for (size_t k = 0; k < session.kernels.size(); ++k) {
        if (k < listed.size() && !listed[k]) {
            continue;
        }
        for (size_t d = 0; d < built.results.size() && d < built.scene.devices.size(); ++d) {
            const auto& evaluations = built.results[d]->evaluations;
            if (k >= evaluations.size() || !evaluations[k]) {
                continue;
            }
            const Evaluation& ev = *evaluations[k];
            out += QStringLiteral("<tr data-kernel=\"%1\" data-device=\"%2\"><td>%3</td><td>%4</td><td>%5</td><td>%6"
                                  "</td><td>%7</td><td>%8</td><td>%9</td><td>%10</td>")
                       .arg(k)
                       .arg(d)
                       .arg(esc(session.kernels[k].name), esc(built.scene.devices[d].label),
                           esc(tableCell(ev, ColumnAttainable, false)), // "no FLOPs" for a transfer
                           esc(tableCell(ev, ColumnFractionOfPeak, false)), esc(regimeName(ev.regime)), esc(ev.binding),
                           esc(formatQuantity(ev.tMin, Dimension::Seconds)),
                           esc(formatQuantity(ev.tMax, Dimension::Seconds)));
            // A runtime is set against the roof of the device it ran on only.
            out += ev.fractionOfRoof
                ? QStringLiteral("<td>%1 %</td>").arg(esc(formatNumber(*ev.fractionOfRoof * 100.0, 3)))
                : !ev.measuredOn.empty()
                ? QStringLiteral("<td class=\"measured-elsewhere\">%1</td>")
                      .arg(esc(QObject::tr("measured on %1").arg(QString::fromStdString(ev.measuredOn))))
                : QStringLiteral("<td></td>");
            out += QStringLiteral("</tr>\n");
        }
    }
    return out + QStringLiteral("</tbody></table>\n");
}

QString htmlComparisonTable(const Comparison& comparison)
{
    QString out = QStringLiteral("<table id=\"comparison\"><thead><tr>");
    for (const auto& info : comparisonColumns()) {
        out += QStringLiteral("<th>%1</th>").arg(esc(QString::fromLatin1(info.title)));
    }
    out += QStringLiteral("<th title=\"%1\">Rank</th></tr></thead><tbody>\n")
               .arg(esc(QObject::tr("Among the like-for-like devices, fastest first")));
    QString notes;
    for (size_t d = 0; d < comparison.entries.size(); ++d) {
        const ComparisonEntry& entry = comparison.entries[d];
        out += QStringLiteral("<tr data-device=\"%1\"%2>")
                   .arg(d)
                   .arg(entry.basis.comparable ? QString() : QStringLiteral(" class=\"not-comparable\""));
        for (const auto& info : comparisonColumns()) {
            const std::string why = blankReason(entry, info.column);
            out += QStringLiteral("<td%1>%2</td>")
                       .arg(why.empty() ? QString() : QStringLiteral(" title=\"%1\"").arg(esc(why)),
                           esc(comparisonCell(entry, info.column, false)));
        }
        const int rank = comparison.rankOf(d);
        out += rank > 0
            ? QStringLiteral("<td class=\"rank\">%1</td>").arg(rank)
            : QStringLiteral("<td class=\"rank\" title=\"%1\">–</td>")
                  .arg(esc(comparison.rankingRefused.empty() ? QObject::tr("not ranked: not like-for-like, or no time")
                                                             : QString::fromStdString(comparison.rankingRefused)));
        out += QStringLiteral("</tr>\n");
        for (const auto& note : entry.basis.levelNotes()) {
            notes += QStringLiteral("<li data-device=\"%1\" class=\"level-note\">%2: %3</li>\n")
                         .arg(d)
                         .arg(esc(entry.name), esc(note));
        }
        for (const auto& caveat : entry.basis.caveats) {
            notes += QStringLiteral("<li data-device=\"%1\">* %2: %3</li>\n").arg(d).arg(esc(entry.name), esc(caveat));
        }
        for (const auto& note : entry.basis.notes) {
            notes += QStringLiteral("<li data-device=\"%1\">%2: %3</li>\n").arg(d).arg(esc(entry.name), esc(note));
        }
    }
    out += QStringLiteral("</tbody></table>\n");
    if (!comparison.rankingRefused.empty()) {
        notes += QStringLiteral("<li class=\"ranking-refused\">%1</li>\n").arg(esc(comparison.rankingRefused));
    }
    out = QStringLiteral("<div class=\"table-scroll\">") + out + QStringLiteral("</div>\n");
    return notes.isEmpty() ? out
                           : out + QStringLiteral("<ul id=\"comparison-notes\">\n") + notes + QStringLiteral("</ul>\n");
}

namespace {

// The measured serving runs of a verdict, each against its bound (docs/serving.md#the-gap).
QString htmlMeasuredTable(const GroupVerdict& verdict, size_t g)
{
    const auto text = [](const std::string& t) { return esc(QString::fromStdString(t)); };
    const auto percent = [](const std::optional<RunEfficiency>& e) {
        return e ? esc(QString::fromStdString(formatNumber(100.0 * e->efficiency, 3)) + QStringLiteral(" %"))
                 : QStringLiteral("–");
    };
    QString rows;
    for (const size_t d : verdict.order()) {
        for (const ServingRunGap& gap : verdict.devices[d].measured) {
            const ServingRun& r = gap.run;
            rows += QStringLiteral("<tr%1><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td>"
                                   "<td>%8</td><td>%9</td><td>%10</td><td>%11</td></tr>\n")
                        .arg(gap.beyondBound ? QStringLiteral(" class=\"beyond\"") : QString(),
                            text(verdict.devices[d].label),
                            text(r.engine + (r.engineVersion.empty() ? "" : " " + r.engineVersion)),
                            r.isl && r.osl ? text(formatNumber(*r.isl, 4) + " / " + formatNumber(*r.osl, 4))
                                           : QStringLiteral("–"),
                            r.concurrency ? text(formatNumber(*r.concurrency, 6)) : QStringLiteral("–"),
                            gap.tokensPerSecond ? text(formatSi(gap.tokensPerSecond->measured, 4) + " / "
                                + formatSi(gap.tokensPerSecond->bound, 4))
                                                : text(gap.error),
                            percent(gap.tokensPerSecond), percent(gap.tpot), percent(gap.ttft),
                            gap.beyondBound ? text("ABOVE ITS BOUND: " + gap.likelyCauses.front()) : QString())
                        .arg(text(r.source));
        }
    }
    if (rows.isEmpty()) {
        return {};
    }
    QString out
        = QStringLiteral("<h3>Measured runs under their bounds</h3>\n<div class=\"table-scroll\"><table "
                         "class=\"measured\" data-group=\"%1\"><thead><tr><th>Device</th><th>Engine</th>"
                         "<th>In / out</th><th>Concurrency</th><th>tokens/s measured / bound</th><th>of bound</th>"
                         "<th>TPOT floor / measured</th><th>TTFT floor / measured</th><th></th><th>Source</th>"
                         "</tr></thead><tbody>\n")
              .arg(g);
    out += rows + QStringLiteral("</tbody></table></div>\n");
    if (!verdict.measuredNote.empty()) {
        out += QStringLiteral("<p class=\"bound\">%1</p>\n").arg(text(verdict.measuredNote));
    }
    return out;
}

} // namespace

QString htmlGroupTables(const std::vector<GroupVerdict>& verdicts)
{
    const auto text = [](const std::string& t) { return esc(QString::fromStdString(t)); };
    const auto number = [](const std::optional<double>& v, const QString& prefix, const QString& suffix) {
        return v ? esc(prefix + QString::fromStdString(formatNumber(*v, 3)) + suffix) : QStringLiteral("–");
    };
    QString out;
    for (size_t g = 0; g < verdicts.size(); ++g) {
        const GroupVerdict& verdict = verdicts[g];
        out += QStringLiteral("<p class=\"headline\" data-group=\"%1\">%2</p>\n").arg(g).arg(text(verdict.headline));
        out += QStringLiteral("<p class=\"verdict-off\" data-group=\"%1\" hidden></p>\n").arg(g);
        out += QStringLiteral("<div class=\"table-scroll\"><table class=\"verdict\" data-group=\"%1\"><thead><tr>"
                              "<th>Device</th><th>Batch</th><th>Fits</th><th>tokens/s per chip</th><th>tokens/s</th>"
                              "<th>$/Mtok</th><th>$/Mtok owned</th><th>J/token</th><th>TPOT</th>")
                   .arg(g);
        for (const VerdictCriterion c : kVerdictCriteria) {
            out += QStringLiteral("<th>Rank %1</th>").arg(esc(QString::fromLatin1(criterionTitle(c))));
        }
        out += QStringLiteral("<th>Not ranked because</th></tr></thead><tbody>\n");
        for (const size_t d : verdict.order()) {
            const VerdictDevice& v = verdict.devices[d];
            // Marked: ranked on no criterion (does not fit, misses the target, not comparable, refused).
            const bool unranked = std::none_of(v.ranks.begin(), v.ranks.end(), [](int r) { return r > 0; });
            out += QStringLiteral("<tr data-verdict-device=\"%1\" data-label=\"%2\"%3><td>%4</td>")
                       .arg(d)
                       .arg(text(v.label), unranked ? QStringLiteral(" class=\"not-comparable\"") : QString(),
                           text(v.label + (unranked ? " *" : "")));
            if (!v.error.empty()) {
                out += QStringLiteral("<td colspan=\"11\">%1</td><td>%2</td></tr>\n")
                           .arg(text(v.error), text(v.whyUnranked));
                continue;
            }
            const ServingStep& s = v.step;
            out += QStringLiteral(
                "<td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td><td>%8</td>")
                       .arg(text(formatNumber(v.batch, 12)),
                           s.memory.fits ? (*s.memory.fits ? QObject::tr("yes") : QObject::tr("no"))
                                         : QStringLiteral("?"),
                           text(formatSi(v.figure(VerdictCriterion::TokensPerSecondPerChip).value_or(0.0))),
                           text(formatSi(v.servedTokensPerSecond())),
                           number(v.figure(VerdictCriterion::UsdPerMillionTokens), QStringLiteral("$"), {}),
                           number(v.usdPerMillionTokensOwned, QStringLiteral("$"), {}),
                           number(v.figure(VerdictCriterion::JoulesPerToken), {}, {}),
                           text(formatQuantity(s.tMin, Dimension::Seconds)));
            for (const VerdictCriterion c : kVerdictCriteria) {
                out += QStringLiteral("<td class=\"rank\">%1</td>")
                           .arg(v.rank(c) > 0 ? QString::number(v.rank(c)) : QStringLiteral("–"));
            }
            out += QStringLiteral("<td class=\"why\">%1</td></tr>\n").arg(text(v.whyUnranked));
        }
        out += QStringLiteral("</tbody></table></div>\n<p class=\"bound\">%1</p>\n")
                   .arg(text(verdictBoundLine(verdict)));
        out += htmlMeasuredTable(verdict, g);
    }
    return out;
}

} // namespace roofscope
