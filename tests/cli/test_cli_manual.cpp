// The manual page and the bash completion against the parser's own option tables: every option a
// sub-command accepts is accepted by that command (and nothing outside its table is), is described in
// the command's section of roofscope(1), and is offered by the completion for that command.
#include "TestMain.h"
#include "cli/CliOptions.h"
#include "cli/CommandLine.h"

#include <QTest>

#include <sstream>
#include <string>
#include <vector>

using namespace roofscope;

namespace {

struct Result {
    int code = 0;
    std::string err;
};

Result runCommand(const std::vector<std::string>& args)
{
    std::ostringstream out;
    std::ostringstream err;
    const int code = CommandLine::run(args, out, err);
    return { code, err.str() };
}

// The arguments that put `option` on `command`'s line: its first word (hardware list), the option,
// and a value when it takes one.
std::vector<std::string> lineWith(const CliCommand& command, const std::string& option, bool takesValue)
{
    std::vector<std::string> args { command.name };
    if (!command.words.empty()) {
        args.push_back(command.words.front());
    }
    args.push_back(option);
    if (takesValue) {
        args.emplace_back("x");
    }
    return args;
}

// The text of the manual from `.SS "roofscope NAME"` to the next section.
std::string manualSection(const std::string& manual, const std::string& name)
{
    const std::string heading = ".SS \"roofscope" + (name.empty() ? "" : " " + name) + "\"\n";
    const size_t start = manual.find(heading);
    if (start == std::string::npos) {
        return {};
    }
    size_t end = manual.find("\n.S", start + heading.size());
    return manual.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The words the completion offers for an option of `name` (its `name) _roofscope_words "..."` line).
std::vector<std::string> completedOptions(const std::string& script, const std::string& name)
{
    const std::string key = "        " + (name.empty() ? std::string("\"\"") : name) + ") _roofscope_words \"";
    const size_t start = script.find(key);
    if (start == std::string::npos) {
        return {};
    }
    const size_t end = script.find('"', start + key.size());
    std::istringstream words(script.substr(start + key.size(), end - start - key.size()));
    std::vector<std::string> list;
    for (std::string w; words >> w;) {
        list.push_back(w);
    }
    return list;
}

bool contains(const std::vector<std::string>& list, const std::string& word)
{
    return std::find(list.begin(), list.end(), word) != list.end();
}

std::string roffOption(const std::string& option)
{
    std::string out;
    for (char c : option) {
        out += c == '-' ? std::string("\\-") : std::string(1, c);
    }
    return out;
}

} // namespace

class TestCliManual : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyCommandOfTheProgramIsInTheTable()
    {
        for (const std::string& name : CommandLine::commands()) {
            QVERIFY2(std::any_of(cliCommands().begin(), cliCommands().end(),
                         [&](const CliCommand& c) { return c.name == name; }),
                name.c_str());
        }
        QCOMPARE(cliCommands().size(), CommandLine::commands().size() + 1); // and the window's options
    }

    void theParserAcceptsEveryOptionOfTheTableAndNoOther()
    {
        int checked = 0;
        for (const CliCommand& command : cliCommands()) {
            if (command.name.empty()) {
                continue; // the window's options: main.cpp reads them before any window
            }
            for (const CliOption& option : command.options) {
                std::vector<std::string> names { "--" + option.name };
                if (option.shortName != 0) {
                    names.push_back(std::string("-") + option.shortName);
                }
                for (const std::string& name : names) {
                    const Result run = runCommand(lineWith(command, name, option.value != CliValue::None));
                    QVERIFY2(run.err.find("unknown option") == std::string::npos,
                        (command.name + " " + name + ": " + run.err).c_str());
                    QVERIFY2(run.err.find("takes no value") == std::string::npos,
                        (command.name + " " + name + ": " + run.err).c_str());
                    ++checked;
                }
            }
            // An option outside the table is refused, so the table is all the parser takes.
            const Result unknown = runCommand(lineWith(command, "--not-an-option", false));
            QVERIFY2(unknown.err.find("unknown option --not-an-option") != std::string::npos,
                (command.name + ": " + unknown.err).c_str());
            QCOMPARE(unknown.code, 2);
        }
        QVERIFY(checked > 80);
        // Options another command takes are refused where they mean nothing.
        QVERIFY(runCommand({ "eval", "--free", "m" }).err.find("unknown option --free") != std::string::npos);
        QVERIFY(runCommand({ "table", "--hardware", "x" }).err.find("unknown option --hardware") != std::string::npos);
    }

    void aFlagTakesNoValueAndAValueOptionNeedsOne()
    {
        QVERIFY(runCommand({ "eval", "--json=yes" }).err.find("option --json takes no value") != std::string::npos);
        QVERIFY(runCommand({ "table", "--session" }).err.find("option --session needs a value") != std::string::npos);
    }

    void theManualDescribesEveryOptionInItsCommandsSection()
    {
        const std::string manual = cliManualPage();
        QVERIFY(manual.rfind(".\\\"", 0) == 0);
        QVERIFY(manual.find("\n.TH ROOFSCOPE 1 ") != std::string::npos);
        for (const CliCommand& command : cliCommands()) {
            const std::string section = manualSection(manual, command.name);
            QVERIFY2(!section.empty(), ("no section for '" + command.name + "'").c_str());
            for (const CliOption& option : command.options) {
                const std::string term = "\\fB" + roffOption("--" + option.name) + "\\fR";
                QVERIFY2(
                    section.find(".TP\n" + term) != std::string::npos || section.find(", " + term) != std::string::npos,
                    (command.name + ": --" + option.name + " is not in its section").c_str());
                if (option.shortName != 0) {
                    QVERIFY(section.find("\\fB\\-" + std::string(1, option.shortName) + "\\fR, " + term)
                        != std::string::npos);
                }
                for (const std::string& choice : option.choices) {
                    QVERIFY2(section.find(choice) != std::string::npos, (option.name + ": " + choice).c_str());
                }
            }
            for (const std::string& word : command.words) {
                QVERIFY2(section.find(roffOption(word)) != std::string::npos, word.c_str());
            }
        }
        // No unescaped hyphen in an option (roff would print a typographic hyphen)
        QVERIFY(manual.find("\\fB--") == std::string::npos);
    }

    void theCompletionOffersEveryOptionForItsCommand()
    {
        const std::string script = cliBashCompletion();
        QVERIFY(script.find("complete -F _roofscope roofscope") != std::string::npos);
        for (const CliCommand& command : cliCommands()) {
            const std::vector<std::string> offered = completedOptions(script, command.name);
            QVERIFY2(!offered.empty(), ("no options completed for '" + command.name + "'").c_str());
            size_t expected = command.name.empty() ? 0 : 1; // --help on every sub-command
            for (const CliOption& option : command.options) {
                QVERIFY2(contains(offered, "--" + option.name), (command.name + ": --" + option.name).c_str());
                ++expected;
                if (option.shortName != 0) {
                    QVERIFY(contains(offered, std::string("-") + option.shortName));
                    ++expected;
                }
                if (option.value != CliValue::None) {
                    // its value is completed: the option has an arm of its own
                    const std::string arm = "    \"" + command.name + " --" + option.name + "\"";
                    QVERIFY2(script.find(arm) != std::string::npos, arm.c_str());
                }
            }
            QCOMPARE(offered.size(), expected); // nothing the parser would refuse
            for (const std::string& word : command.words) {
                QVERIFY2(script.find(" " + word) != std::string::npos || script.find("\"" + word) != std::string::npos
                        || script.find("'" + word) != std::string::npos,
                    word.c_str());
            }
        }
    }
};

ROOFSCOPE_TEST_GUILESS_MAIN(TestCliManual)
#include "test_cli_manual.moc"
