#include "cli/CommandLine.h"
#include "gui/GuiMain.h"

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
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--hardware-dir" && i + 1 < args.size()) {
            hardwareDirs.push_back(args[++i]);
        } else if (!args[i].empty() && args[i][0] != '-') {
            session = args[i];
        }
    }
    return roofscope::runGui(argc, argv, session, hardwareDirs);
}
