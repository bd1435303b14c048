#include "FuzzTargets.h"
#include "analysis/SessionEvaluator.h"
#include "io/ComparisonFormat.h"
#include "io/EvaluationFormat.h"
#include "io/SessionFile.h"
#include "model/Text.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

#ifndef ROOFSCOPE_HARDWARE_DIR
#error "ROOFSCOPE_HARDWARE_DIR names the shipped device files"
#endif

namespace roofscope::fuzz {

namespace {

void mustBeJson(const std::string& text)
{
    if (nlohmann::json::parse(text, nullptr, false).is_discarded()) {
        std::abort();
    }
}

const HardwareDatabase& database()
{
    static const HardwareDatabase db = [] {
        HardwareDatabase d;
        d.loadDirectory(ROOFSCOPE_HARDWARE_DIR);
        d.add(makeAdHocHardware(1e14, { { "hbm", 1e12 }, { "l2", 5e12 }, { "ici", 5e10 } }));
        for (const auto& hw : d.devices()) {
            mustBeJson(jsonText(hardwareToJson(hw)));
        }
        return d;
    }();
    return db;
}

} // namespace

int sessionEvaluatePrint(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto loaded = loadSessionText(text, "fuzz.yaml");
    if (!loaded.session) {
        return 0;
    }
    const Session& session = *loaded.session;
    const auto evaluation = evaluateSession(session, database());
    std::vector<Evaluation> rows;
    nlohmann::json array = nlohmann::json::array();
    for (const auto& row : evaluation.rows) {
        rows.push_back(row.evaluation);
        array.push_back(evaluationToJson(row.evaluation, session.kernels[row.kernelIndex]));
    }
    for (const auto& k : session.kernels) {
        array.push_back(kernelOnlyToJson(k));
    }
    mustBeJson(jsonText(array));
    for (const auto format : { TableFormat::Text, TableFormat::Csv, TableFormat::Markdown }) {
        (void)printable(formatEvaluationTable(rows, format), true);
    }
    const Comparison comparison = compareSession(session, database());
    mustBeJson(jsonText(comparisonToJson(comparison)));
    for (const auto format : { TableFormat::Text, TableFormat::Csv, TableFormat::Markdown }) {
        (void)printable(formatComparison(comparison, format), true);
    }
    return 0;
}

} // namespace roofscope::fuzz

ROOFSCOPE_FUZZ_TARGET(sessionEvaluatePrint)
