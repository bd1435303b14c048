#pragma once

#include <string>
#include <vector>

namespace roofscope {

// What an option's value, or a command's operand, is: the manual names it and the shell completion
// offers its candidates (file names, folders, device ids from the database, template names, the
// listed choices).
enum class CliValue {
    None, // a flag: takes no value
    Text,
    Number,
    File, // a file that is read
    OutputFile, // a file that is written
    Folder,
    Device, // one device id
    Devices, // ID[,ID...]
    Template, // a kernel template's name
    Choice, // one of CliOption::choices
};

struct CliOption {
    std::string name; // without the leading "--"
    CliValue value = CliValue::None;
    std::string argument; // the value's placeholder in the manual ("ID[,ID...]"); empty for a flag
    std::string help; // what it does, for the manual
    std::vector<std::string> choices; // the accepted words of a CliValue::Choice
    char shortName = 0; // 'o': `-o` is the same as `--output`
    bool repeatable = false; // may be given more than once (export's -o: one file per format)
};

// One sub-command: what its parser accepts (CliArgs reads its options from here), and what the
// manual and the shell completion say about it. Nothing else lists a command's options.
struct CliCommand {
    std::string name; // empty for the window (`roofscope [SESSION.yaml]`)
    std::string synopsis; // the usage after "roofscope NAME"
    std::string summary; // what the command does, a paragraph of the manual
    std::vector<std::string> words; // the words accepted first (hardware: list, show; import: its formats)
    CliValue operand = CliValue::None; // what the other arguments are (hardware show: a device; diff: files)
    std::string operandAfter; // the word the operands follow (hardware: show); empty: any
    std::vector<CliOption> options;

    const CliOption* option(const std::string& name) const;
    bool acceptsWord(const std::string& word) const;
    // "list or show", "ncu, rocprof, ... or xprof": the words for an error message.
    std::string wordList() const;
};

// Every sub-command, in the order `roofscope help` lists them; the window's own options come first,
// under the empty name.
const std::vector<CliCommand>& cliCommands();
// The command of that name; throws std::logic_error for a name that is not in the table.
const CliCommand& cliCommand(const std::string& name);

// The manual page roofscope(1) in roff, generated from the table above.
std::string cliManualPage();
// The bash completion script for `roofscope`, generated from the table above. Device ids are asked
// of the program when Tab is pressed (`roofscope --complete devices`).
std::string cliBashCompletion();

} // namespace roofscope
