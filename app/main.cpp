#include "cli/CommandLine.h"
#include "gui/GuiMain.h"

#include <set>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (roofscope::CommandLine::isSubcommand(args)) {
        return roofscope::CommandLine::run(args);
    }
    std::string session;
    std::vector<std::string> hardwareDirs;
    // Qt's own options that take a value (QGuiApplication): their value is not a session file.
    const std::set<std::string> qtValueOptions { "-platform", "-platformpluginpath", "-platformtheme", "-plugin",
        "-qwindowgeometry", "-geometry", "-qwindowicon", "-qwindowtitle", "-style", "-stylesheet", "-display",
        "-session" };
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--hardware-dir" && i + 1 < args.size()) {
            hardwareDirs.push_back(args[++i]);
        } else if (qtValueOptions.contains(args[i])) {
            ++i;
        } else if (!args[i].empty() && args[i][0] != '-' && session.empty()) {
            session = args[i];
        }
    }
    return roofscope::runGui(argc, argv, session, hardwareDirs);
}
