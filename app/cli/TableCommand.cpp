#include "cli/TableCommand.h"

#include "analysis/SessionEvaluator.h"
#include "analysis/SessionVerdict.h"
#include "cli/CliArgs.h"
#include "cli/CliContext.h"
#include "cli/CliOptions.h"
#include "cli/TableJson.h"
#include "cli/VerdictArgs.h"
#include "io/EvaluationTableWriter.h"
#include "io/ServingJson.h"
#include "io/VerdictFormat.h"

#include <algorithm>
#include <ostream>

namespace roofscope {

int tableCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CliArgs opts(args, 1, cliCommand("table"));
    if (!opts.positional().empty()) {
        throw CliError("unexpected argument '" + opts.positional().front() + "'");
    }
    auto path = opts.value("session");
    if (!path) {
        throw CliError("table needs --session FILE");
    }
    const std::string format = opts.value("format").value_or("text");
    if (format != "text" && format != "csv" && format != "markdown" && format != "json") {
        throw CliError("--format must be text, csv, markdown or json");
    }
    CliContext context(opts);
    context.reportDiagnostics(err);
    Session session = loadSessionOrThrow(*path, err, opts);
    applyVerdictOptions(opts, session.view);
    if (session.kernels.empty()) {
        throw CliError(*path + ": the session has no kernel, so there is no table to print");
    }
    // The transformer groups' verdicts: each device at its operating point, ranked per criterion.
    const std::vector<GroupVerdict> verdicts = sessionVerdicts(session, context.database(), sessionCriteria(session));
    const bool shown = std::any_of(
        session.devices.begin(), session.devices.end(), [](const DeviceSelection& d) { return d.visible; });
    if (!shown && format != "json") {
        throw CliError(*path
            + ": the session shows no device, so there is no table to print: add one under "
              "'devices:' (see 'roofscope hardware list'); '--format json' lists the kernels alone");
    }
    // The rows a block of kernels at a time, twice: first for the errors, the warnings and the
    // columns' widths, then to print them, so that no more than a block is held (a profile of 100,000
    // launches on 12 devices is 1.2 million rows) and nothing is printed when a row cannot be made.
    constexpr std::size_t kKernelsPerBlock = 4096;
    const TableFormat tableFormat = format == "csv" ? TableFormat::Csv
        : format == "markdown"                      ? TableFormat::Markdown
                                                    : TableFormat::Text;
    EvaluationTableWriter writer(tableFormat);
    // A profile of many launches repeats one warning per kernel: the first ones, then a count.
    constexpr std::size_t kWarningsShown = 20;
    std::size_t warnings = 0;
    evaluateSessionInBlocks(session, context.database(), kKernelsPerBlock, [&](SessionEvaluation& block) {
        if (!block.errors.empty()) {
            throw CliError(*path + ": " + block.errors.front());
        }
        for (const auto& error : block.groupErrors) { // a group that cannot be served there: said, then left out
            err << "roofscope: warning: " << *path << ": " << error << "; its kernels are left out there\n";
        }
        for (const auto& row : block.rows) {
            for (const auto& w : row.evaluation.warnings) {
                if (warnings++ < kWarningsShown) {
                    err << "roofscope: warning: " << w << "\n";
                }
            }
            if (format != "json") {
                writer.measure(row.evaluation);
            }
            for (const auto& note : row.evaluation.levelNotes) { // bytes counted on another level: said, not hidden
                if (warnings++ < kWarningsShown) {
                    err << "roofscope: note: kernel '" << row.evaluation.kernelName << "' on "
                        << row.evaluation.hardwareLabel << ": " << note
                        << (row.evaluation.likeForLikeLevels ? "" : " (not like-for-like)") << "\n";
                }
            }
        }
        return true;
    });
    if (warnings > kWarningsShown) {
        err << "roofscope: warning: " << warnings - kWarningsShown << " more warnings like these\n";
    }
    if (format == "json") {
        bool first = true;
        evaluateSessionInBlocks(session, context.database(), kKernelsPerBlock, [&](SessionEvaluation& block) {
            writeTableJsonRows(out, block, first);
            return true;
        });
        writeTableJsonEnd(out, session, first, verdicts);
        return 0;
    }
    writer.writeHeader(out);
    evaluateSessionInBlocks(session, context.database(), kKernelsPerBlock, [&](SessionEvaluation& block) {
        for (const auto& row : block.rows) {
            writer.writeRow(out, row.evaluation);
        }
        return true;
    });
    if (format != "csv") {
        for (const GroupVerdict& verdict : verdicts) {
            const std::vector<std::string> lines = verdictLines(verdict);
            out << "\nServing '" << verdict.group << "': " << lines.front() << "\n";
            for (size_t i = 1; i < lines.size(); ++i) {
                out << "  " << lines[i] << "\n";
            }
        }
    }
    return 0;
}

} // namespace roofscope
