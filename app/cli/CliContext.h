#pragma once

#include "cli/CliArgs.h"
#include "io/HardwareLoader.h"
#include "model/Evaluation.h"
#include "model/Hardware.h"
#include "model/Kernel.h"
#include "model/Session.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope {

// What the sub-commands share: the hardware database and how to read devices, kernels and
// evaluation options from the command line. Throws CliError for bad input.
class CliContext {
public:
    explicit CliContext(const CliArgs& args);

    const HardwareDatabase& database() const { return m_database; }
    // Loader warnings go to `err`; errors in the user's own --hardware-dir files are fatal.
    void reportDiagnostics(std::ostream& err) const;

    // --hardware ID[,ID...] or --peak F --bandwidth LEVEL=BPS ...
    std::vector<Hardware> devices() const;
    // --flops F --bytes B [--bytes LEVEL=B ...] or --kernel TEMPLATE --param NAME=VALUE ...
    // `freeParameters` (solve --free, sweep --vary: `freeOption` names it in errors) may be left
    // out: they start at the template's default.
    Kernel kernel(const std::vector<std::string>& freeParameters = {}, const std::string& freeOption = "free") const;
    EvalOptions evalOptions() const;
    // --chips N (default 1): the devices used N-wide (model/ChipScaling.h).
    double chips() const;

private:
    const CliArgs& m_args;
    HardwareDatabase m_database;
};

// Loads a session and the kernels of its runs for table/compare/export: warnings to err, the
// first error as a CliError ("file:line:column: message"). `args`' --max-size is the largest run
// file it reads, as for `import` (a run imported with a larger --max-size opens with the same).
Session loadSessionOrThrow(const std::string& path, std::ostream& err, const CliArgs& args);

// --max-size BYTES, as `import` and the commands that open sessions take it (the default when absent).
std::size_t maxImportBytes(const CliArgs& args);

} // namespace roofscope
