#include "io/VerdictFormat.h"

#include "io/JsonValues.h"
#include "model/Text.h"
#include "model/Units.h"

#include <nlohmann/json.hpp>

namespace roofscope {

namespace {

std::string bytes(double value)
{
    return formatQuantity(value, Dimension::Bytes);
}

std::string dtypeOf(const GroupVerdict& verdict)
{
    for (const VerdictDevice& d : verdict.devices) {
        if (d.error.empty()) {
            return d.step.config.dtype;
        }
    }
    return {};
}

} // namespace

std::string verdictDeviceLine(const GroupVerdict& verdict, const VerdictDevice& d)
{
    const int rank = d.rank(verdict.primary());
    std::string line = (rank > 0 ? std::to_string(rank) + ". " : std::string("- ")) + d.label;
    if (!d.error.empty()) {
        return line + ": " + d.error;
    }
    const ServingStep& s = d.step;
    const bool mix = s.requests.has_value();
    const auto usd = d.figure(VerdictCriterion::UsdPerMillionTokens);
    const auto joules = d.figure(VerdictCriterion::JoulesPerToken);
    line += " at "
        + (mix ? "concurrency " + formatNumber(s.requests->concurrency, 12) : "batch " + formatNumber(d.batch, 12))
        + ": " + formatSi(d.figure(VerdictCriterion::TokensPerSecondPerChip).value_or(0.0)) + " tokens/s per chip ("
        + formatSi(d.servedTokensPerSecond()) + (mix ? " tokens/s over the run, prefill included), " : " tokens/s), ");
    line += usd ? "$" + formatNumber(*usd, 3) + "/Mtok" : std::string("no hourly price");
    if (d.usdPerMillionTokensOwned) {
        line += " ($" + formatNumber(*d.usdPerMillionTokensOwned, 3) + "/Mtok owned)";
    }
    line += ", " + (joules ? formatNumber(*joules, 3) + " J/token" : std::string("no TDP"));
    line += ", TPOT " + formatQuantity(s.tMin, Dimension::Seconds);
    if (s.collectiveSeconds > 0.0) {
        line += ", collectives " + formatNumber(100.0 * s.collectiveShare, 3) + " % of T_max";
    }
    if (const std::string fit = s.fitText(); !fit.empty()) {
        line += "; " + fit + (d.minChips ? " (fits on " + formatNumber(*d.minChips, 12) + " chips)" : "");
    } else if (s.memory.capacityPerChipBytes) {
        line += ", fits (" + bytes(s.memory.perChipBytes) + " of " + bytes(*s.memory.capacityPerChipBytes) + " per chip"
            + (s.memory.memoryUtilization < 1.0
                    ? " at memory_utilization " + formatNumber(s.memory.memoryUtilization, 3)
                    : std::string())
            + (s.memory.maxBatch ? ", max batch " + formatNumber(*s.memory.maxBatch, 12) : "") + ")";
    } else {
        line += ", " + bytes(s.memory.perChipBytes) + " per chip (capacity unknown)";
    }
    if (d.roofs != verdict.roofs) {
        line += "; on " + d.roofs + " roofs";
    }
    if (!d.whyUnranked.empty()) {
        line += "; unranked: " + d.whyUnranked;
    }
    return line;
}

std::string verdictBrief(const GroupVerdict& verdict, const VerdictDevice& d)
{
    if (!d.error.empty()) {
        return "cannot run it: " + d.error;
    }
    const ServingStep& s = d.step;
    if (!d.fits()) {
        return "does not fit at batch " + formatNumber(d.batch, 12)
            + (d.minChips ? " (fits on " + formatNumber(*d.minChips, 12) + " chips)" : std::string());
    }
    if (!d.meetsTarget && verdict.targetMs) {
        return "misses the " + formatNumber(*verdict.targetMs, 4)
            + " ms target (batch 1: " + formatNumber(s.tMin * 1e3, 3) + " ms/token)";
    }
    std::string text = formatSi(d.figure(VerdictCriterion::TokensPerSecondPerChip).value_or(0.0))
        + " tokens/s per chip at "
        + (s.requests ? "concurrency " + formatNumber(s.requests->concurrency, 12)
                      : "batch " + formatNumber(d.batch, 12));
    if (const auto usd = d.figure(VerdictCriterion::UsdPerMillionTokens)) {
        text += ", $" + formatNumber(*usd, 3) + "/Mtok";
    }
    if (!d.comparable) {
        text += " (not ranked: " + d.caveats.front() + ")";
    }
    return text;
}

std::string verdictBoundLine(const GroupVerdict& verdict)
{
    const std::string dtype = dtypeOf(verdict);
    return "Each figure is a bound on " + verdict.roofs + " roofs" + (dtype.empty() ? "" : " at " + dtype)
        + " (T_min with the collectives overlapped, no launch overhead), not a measurement; ranked only where the "
          "step fits"
        + (verdict.targetMs ? ", meets the target" : std::string()) + " and stands on the same roofs and precision.";
}

std::string measuredRunLine(const ServingRunGap& gap)
{
    const ServingRun& r = gap.run;
    std::string line = "measured " + (r.engine.empty() ? std::string("(engine not said)") : r.engine)
        + (r.engineVersion.empty() ? "" : " " + r.engineVersion) + ", "
        + (r.isl && r.osl ? formatNumber(*r.isl, 4) + " in / " + formatNumber(*r.osl, 4) + " out"
                          : std::string("lengths not said"))
        + (r.concurrency ? ", concurrency " + formatNumber(*r.concurrency, 6) : std::string(", no concurrency limit"))
        + ": ";
    if (!gap.error.empty()) {
        return line + "no bound (" + gap.error + ")";
    }
    std::vector<std::string> parts;
    const auto percent = [](double e) { return formatNumber(100.0 * e, 3) + " %"; };
    if (gap.tokensPerSecond) {
        parts.push_back(formatSi(gap.tokensPerSecond->measured, 4) + " tokens/s, "
            + percent(gap.tokensPerSecond->efficiency) + " of the bound " + formatSi(gap.tokensPerSecond->bound, 4));
    }
    if (gap.tpot) {
        parts.push_back("TPOT " + formatNumber(gap.tpot->measured * 1e3, 3) + " ms (floor "
            + formatNumber(gap.tpot->bound * 1e3, 3) + " ms, " + percent(gap.tpot->efficiency) + ")");
    }
    if (gap.ttft) {
        parts.push_back("TTFT " + formatNumber(gap.ttft->measured * 1e3, 3) + " ms (floor "
            + formatNumber(gap.ttft->bound * 1e3, 3) + " ms, " + percent(gap.ttft->efficiency) + ")");
    }
    line += joined(parts, "; ");
    if (gap.beyondBound) {
        line += "; ABOVE ITS BOUND, likely: " + joined(gap.likelyCauses, "; ");
    }
    return line + " [" + (r.source.empty() ? std::string("source not said") : r.source) + "]";
}

std::vector<std::string> verdictLines(const GroupVerdict& verdict)
{
    std::vector<std::string> lines { verdict.headline };
    for (const size_t d : verdict.order()) {
        lines.push_back(verdictDeviceLine(verdict, verdict.devices[d]));
        for (const ServingRunGap& gap : verdict.devices[d].measured) {
            lines.push_back("   " + measuredRunLine(gap));
        }
    }
    lines.push_back(verdictBoundLine(verdict));
    if (verdict.measuredBasis.empty() && !verdict.measuredNote.empty()) {
        lines.push_back("Measured runs: " + verdict.measuredNote);
    }
    return lines;
}

nlohmann::json measuredToJson(const std::vector<ServingRunGap>& gaps)
{
    nlohmann::json out = nlohmann::json::array();
    for (const ServingRunGap& gap : gaps) {
        const ServingRun& r = gap.run;
        const auto stat = [](const LatencyStat& s) { return jsonOrNull(s.central()); };
        const auto efficiency = [](const std::optional<RunEfficiency>& e) {
            return e ? nlohmann::json(e->efficiency) : nlohmann::json(nullptr);
        };
        nlohmann::json j;
        j["name"] = r.name;
        j["source"] = r.source;
        j["engine"] = r.engine.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.engine);
        j["engine_version"] = r.engineVersion.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.engineVersion);
        j["isl"] = jsonOrNull(r.isl);
        j["osl"] = jsonOrNull(r.osl);
        j["concurrency"] = jsonOrNull(r.concurrency);
        j["bound_concurrency"] = gap.error.empty() ? nlohmann::json(gap.concurrency) : nlohmann::json(nullptr);
        j["tokens_per_s"] = jsonOrNull(r.outputTokensPerSecond);
        j["tpot_s"] = stat(r.tpot);
        j["ttft_s"] = stat(r.ttft);
        j["bound_tokens_per_s"]
            = gap.tokensPerSecond ? nlohmann::json(gap.tokensPerSecond->bound) : nlohmann::json(nullptr);
        j["bound_tpot_s"] = gap.tpot ? nlohmann::json(gap.tpot->bound) : nlohmann::json(nullptr);
        j["bound_ttft_s"] = gap.ttft ? nlohmann::json(gap.ttft->bound) : nlohmann::json(nullptr);
        j["efficiency"] = { { "tokens_per_s", efficiency(gap.tokensPerSecond) }, { "tpot_s", efficiency(gap.tpot) },
            { "ttft_s", efficiency(gap.ttft) } };
        j["beyond_bound"] = gap.beyondBound;
        j["likely_causes"] = gap.likelyCauses;
        j["flags"] = r.flags;
        j["error"] = gap.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(gap.error);
        j["assumptions"] = gap.assumptions;
        j["notes"] = r.notes;
        out.push_back(std::move(j));
    }
    return out;
}

nlohmann::json verdictToJson(const GroupVerdict& verdict)
{
    nlohmann::json devices = nlohmann::json::array();
    for (const VerdictDevice& d : verdict.devices) {
        nlohmann::json j;
        j["id"] = d.id;
        j["label"] = d.label;
        j["chips"] = d.chips;
        j["error"] = d.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.error);
        const bool ok = d.error.empty();
        const ServingStep& s = d.step;
        j["batch"] = ok ? nlohmann::json(d.batch) : nlohmann::json(nullptr);
        j["fits"] = ok && s.memory.fits ? nlohmann::json(*s.memory.fits) : nlohmann::json(nullptr);
        j["fit"] = ok && !s.fitText().empty() ? nlohmann::json(s.fitText()) : nlohmann::json(nullptr);
        j["max_batch"] = ok ? jsonOrNull(s.memory.maxBatch) : nlohmann::json(nullptr);
        j["min_chips"] = jsonOrNull(d.minChips);
        j["meets_target"] = verdict.targetMs && ok ? nlohmann::json(d.meetsTarget) : nlohmann::json(nullptr);
        j["meets_ttft_target"]
            = verdict.ttftTargetMs && ok && s.requests ? nlohmann::json(d.meetsTtftTarget) : nlohmann::json(nullptr);
        j["tokens_per_s"] = ok && s.tMin > 0.0 ? nlohmann::json(s.tokensPerSecond) : nlohmann::json(nullptr);
        j["tokens_per_s_per_chip"] = jsonOrNull(d.figure(VerdictCriterion::TokensPerSecondPerChip));
        j["usd_per_million_tokens"] = jsonOrNull(d.figure(VerdictCriterion::UsdPerMillionTokens));
        j["usd_per_million_tokens_owned"] = jsonOrNull(d.usdPerMillionTokensOwned);
        j["joules_per_token"] = jsonOrNull(d.figure(VerdictCriterion::JoulesPerToken));
        j["tpot_s"] = ok ? nlohmann::json(s.tMin) : nlohmann::json(nullptr);
        const bool mix = ok && s.requests.has_value(); // a request mix (docs/serving.md#requests)
        j["ttft_s"] = mix ? nlohmann::json(s.requests->ttftSeconds) : nlohmann::json(nullptr);
        j["run_tokens_per_s"] = mix ? nlohmann::json(s.requests->runTokensPerSecond) : nlohmann::json(nullptr);
        j["collective_share"] = ok ? nlohmann::json(s.collectiveShare) : nlohmann::json(nullptr);
        j["roofs"] = d.roofs;
        j["comparable"] = d.comparable;
        j["caveats"] = d.caveats;
        nlohmann::json ranks = nlohmann::json::object();
        for (const VerdictCriterion c : kVerdictCriteria) {
            ranks[criterionKey(c)] = d.rank(c) > 0 ? nlohmann::json(d.rank(c)) : nlohmann::json(nullptr);
        }
        j["ranks"] = std::move(ranks);
        j["why_unranked"] = d.whyUnranked.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.whyUnranked);
        j["assumptions"] = d.assumptions;
        j["measured"] = measuredToJson(d.measured);
        j["measured_rank"] = d.measuredRank > 0 ? nlohmann::json(d.measuredRank) : nlohmann::json(nullptr);
        devices.push_back(std::move(j));
    }
    nlohmann::json out;
    out["group"] = verdict.group;
    out["target_ms"] = jsonOrNull(verdict.targetMs);
    out["ttft_target_ms"] = jsonOrNull(verdict.ttftTargetMs);
    out["scenario"] = nullptr;
    for (const VerdictDevice& d : verdict.devices) {
        if (d.error.empty() && d.step.requests) {
            const RequestFigures& r = *d.step.requests;
            out["scenario"] = { { "isl", r.isl }, { "osl", r.osl }, { "concurrency", r.concurrency } };
            break;
        }
    }
    out["headline"] = verdict.headline;
    out["roofs"] = verdict.roofs;
    out["primary"] = criterionKey(verdict.primary());
    out["bound"] = verdictBoundLine(verdict);
    out["measured_basis"]
        = verdict.measuredBasis.empty() ? nlohmann::json(nullptr) : nlohmann::json(verdict.measuredBasis);
    out["measured_note"]
        = verdict.measuredNote.empty() ? nlohmann::json(nullptr) : nlohmann::json(verdict.measuredNote);
    out["devices"] = std::move(devices);
    return out;
}

} // namespace roofscope
