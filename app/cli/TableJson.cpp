#include "cli/TableJson.h"

#include "io/EvaluationFormat.h"
#include "io/EvaluationJsonWriter.h"
#include "io/ServingJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <future>
#include <string>
#include <system_error>

namespace roofscope {

void writeTableJsonRows(std::ostream& out, const SessionEvaluation& evaluation, bool& first)
{
    // Rows straight to text: the same bytes as print(evaluationToJson(...)) (checked by
    // test_evaluation_json), about a third of the time for 100,000 rows. Blocks of rows are
    // written out in order while a second thread formats the next block.
    const auto& rows = evaluation.rows;
    const bool startsArray = first;
    constexpr std::size_t kBlockRows = 2048;
    auto format = [&](std::size_t from) {
        std::string text;
        const std::size_t to = std::min(rows.size(), from + kBlockRows);
        for (std::size_t r = from; r < to; ++r) {
            text += r == 0 && startsArray ? "[\n  " : ",\n  ";
            appendEvaluationJson(text, rows[r].evaluation, evaluation.kernels[rows[r].expandedIndex], 2);
        }
        return text;
    };
    std::future<std::string> next;
    for (std::size_t from = 0; from < rows.size(); from += 2 * kBlockRows) {
        std::string later;
        if (from + kBlockRows < rows.size()) {
            try {
                next = std::async(std::launch::async, format, from + kBlockRows);
            } catch (const std::system_error&) { // no thread to be had: both blocks here
                later = format(from + kBlockRows);
            }
        }
        const std::string text = format(from);
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (next.valid()) {
            later = next.get();
        }
        out.write(later.data(), static_cast<std::streamsize>(later.size()));
    }
    first = first && rows.empty();
}

void writeTableJsonEnd(std::ostream& out, const Session& session, bool first, const std::vector<GroupVerdict>& verdicts)
{
    // Row by row, as one array's dump(2) would print them, without holding the whole tree.
    auto print = [&](const nlohmann::json& object) {
        const std::string text = jsonText(object);
        out << (first ? "[\n  " : ",\n  ");
        first = false;
        std::size_t from = 0;
        for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
            out.write(text.data() + from, static_cast<std::streamsize>(nl + 1 - from));
            out << "  ";
            from = nl + 1;
        }
        out.write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
    };
    if (session.devices.empty()) {
        for (const auto& k : session.kernels) {
            print(kernelOnlyToJson(k));
        }
    }
    for (const GroupVerdict& verdict : verdicts) {
        const VerdictCriterion primary = verdict.primary();
        for (const VerdictDevice& device : verdict.devices) {
            nlohmann::json row = device.error.empty()
                ? servingStepToJson(device.step, false)
                : nlohmann::json { { "hardware", device.id }, { "error", device.error } };
            row["kernel"] = verdict.group;
            row["group"] = "transformer";
            row["batch"] = device.error.empty() ? nlohmann::json(device.batch) : nlohmann::json(nullptr);
            row["rank"] = device.rank(primary) > 0 ? nlohmann::json(device.rank(primary)) : nlohmann::json(nullptr);
            row["why_unranked"]
                = device.whyUnranked.empty() ? nlohmann::json(nullptr) : nlohmann::json(device.whyUnranked);
            row["headline"] = verdict.headline;
            print(row);
        }
    }
    out << (first ? "[]\n" : "\n]\n");
}

void writeTableJson(std::ostream& out, const SessionEvaluation& evaluation, const Session& session,
    const std::vector<GroupVerdict>& verdicts)
{
    bool first = true;
    writeTableJsonRows(out, evaluation, first);
    writeTableJsonEnd(out, session, first, verdicts);
}

} // namespace roofscope
