#include "cli/CommandLine.h"
#include "io/ModelCatalogue.h"
#include "session/AppPaths.h"
#include "widgets/GuiMain.h"

#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    // The model catalogue every command and the window read (`models list`, --model, a group's model).
    for (const auto& d :
        roofscope::installModelCatalogue({ roofscope::shippedModelsDir(), roofscope::userModelsDir() })) {
        std::cerr << "roofscope: " << d.toString() << "\n";
    }
    if (roofscope::CommandLine::isSubcommand(args)) {
#ifdef __GLIBC__
        // A command reads, evaluates and prints in phases of hundreds of megabytes for a run of
        // 100,000 launches: keep what one phase frees for the next instead of giving it back to the
        // system and faulting fresh pages in again (a tenth of the time of `table` on such a run).
        mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
        mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
        mallopt(M_TOP_PAD, 64 * 1024 * 1024);
#endif
        return roofscope::CommandLine::run(args);
    }
    std::string session;
    std::vector<std::string> hardwareDirs;
    std::vector<std::string> positionals;
    // Qt's own options that take a value (QGuiApplication): their value is not a session file.
    const std::set<std::string> qtValueOptions { "-platform", "-platformpluginpath", "-platformtheme", "-plugin",
        "-qwindowgeometry", "-geometry", "-qwindowicon", "-qwindowtitle", "-style", "-stylesheet", "-display",
        "-session" };
    // Qt's own options that take no value.
    const std::set<std::string> qtFlags { "-reverse", "-nograb", "-dograb", "-sync", "-widgetcount", "-testability" };
    const char* usageHint = " (start the window with 'roofscope [SESSION.yaml] [--hardware-dir DIR]'; the "
                            "commands and their options: 'roofscope help')\n";
    // Anything else is refused before a window is tried: an option meant for a command, a typo or an
    // empty argument (from a script's empty variable) never starts the window.
    std::string optionError; // the first, said after a mistyped command (the likelier mistake)
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--hardware-dir") {
            if (i + 1 >= args.size() || args[i + 1].empty()) {
                optionError = optionError.empty() ? "option --hardware-dir needs a folder" : optionError;
                ++i;
                continue;
            }
            hardwareDirs.push_back(args[++i]);
        } else if (arg.rfind("--hardware-dir=", 0) == 0 && arg.size() > 15) {
            hardwareDirs.push_back(arg.substr(15));
        } else if (qtValueOptions.contains(arg)) {
            ++i;
        } else if (qtFlags.contains(arg) || arg.rfind("-qmljsdebugger=", 0) == 0) {
            continue;
        } else if (arg.empty()) {
            optionError = optionError.empty() ? "argument " + std::to_string(i + 1) + " is empty" : optionError;
        } else if (arg[0] == '-') {
            optionError = optionError.empty() ? "unknown option '" + arg + "'" : optionError;
        } else {
            positionals.push_back(arg);
        }
    }
    if (!positionals.empty()) {
        session = positionals.front();
    }
    // Before any window: a mistyped command or a missing session file is an error, not an empty window.
    if (!session.empty()) {
        std::error_code error;
        const bool exists = std::filesystem::exists(session, error);
        const std::filesystem::path path(session);
        const bool looksLikeFile = path.has_extension() || path.has_parent_path();
        if (!exists && !looksLikeFile) {
            std::cerr << "roofscope: error: unknown command '" << session
                      << "'; commands: " << roofscope::CommandLine::commandList() << " (see 'roofscope help')\n";
            return 2;
        }
    }
    if (!optionError.empty()) {
        std::cerr << "roofscope: error: " << optionError << usageHint;
        return 2;
    }
    if (!session.empty()) {
        std::error_code error;
        const bool exists = std::filesystem::exists(session, error);
        if (!exists) {
            std::cerr << "roofscope: error: " << session << ": no such session file\n";
            return 2;
        }
        if (positionals.size() > 1) {
            std::cerr << "roofscope: error: one session file at a time ('" << positionals[0] << "' and '"
                      << positionals[1] << "')\n";
            return 2;
        }
        if (std::filesystem::is_directory(session, error)) {
            std::cerr << "roofscope: error: " << session << ": is a folder, not a session file\n";
            return 2;
        }
    }
    return roofscope::runGui(argc, argv, session, hardwareDirs);
}
