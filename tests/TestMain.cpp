// The shared main of a layer's test executable: `EXE SUITE [QTest options]` runs one registered suite
// (what each CTest test does), `EXE --list` names them, and `EXE` alone runs each suite in a process of
// its own, as CTest would.
#include "TestMain.h"

#include "io/ModelCatalogue.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace roofscope::test {

namespace {
std::map<std::string, SuiteMain>& suites()
{
    static std::map<std::string, SuiteMain> registry;
    return registry;
}

std::string suiteName(const char* file)
{
    std::string name(file);
    if (const auto slash = name.find_last_of("/\\"); slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    if (const auto dot = name.find('.'); dot != std::string::npos) {
        name.erase(dot);
    }
    return name;
}

std::string shellQuoted(const std::string& text)
{
    std::string quoted = "'";
    for (const char c : text) {
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    return quoted + "'";
}
} // namespace

bool registerSuite(const char* file, SuiteMain main)
{
    const auto [it, added] = suites().emplace(suiteName(file), main);
    if (!added) {
        std::fprintf(stderr, "error: two test suites are named %s\n", it->first.c_str());
        std::exit(2);
    }
    return true;
}

} // namespace roofscope::test

int main(int argc, char** argv)
{
    auto& suites = roofscope::test::suites();
    if (argc >= 2 && std::strcmp(argv[1], "--list") == 0) {
        for (const auto& entry : suites) {
            std::printf("%s\n", entry.first.c_str());
        }
        return 0;
    }
    if (argc >= 2 && argv[1][0] != '-') {
        const auto it = suites.find(argv[1]);
        if (it == suites.end()) {
            std::fprintf(stderr, "error: no test suite named %s here (--list names them)\n", argv[1]);
            return 2;
        }
        // The model catalogue the program installs at start (models/ of the source tree).
        for (const auto& d : roofscope::installModelCatalogue({ ROOFSCOPE_MODELS_DIR })) {
            std::fprintf(stderr, "model catalogue: %s\n", d.toString().c_str());
        }
        std::vector<char*> args { argv[0] };
        args.insert(args.end(), argv + 2, argv + argc);
        args.push_back(nullptr);
        return it->second(argc - 1, args.data());
    }
    // Every suite, each in a process of its own; QTest options given here go to each.
    std::string options;
    for (int i = 1; i < argc; ++i) {
        options += " " + roofscope::test::shellQuoted(argv[i]);
    }
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::string exe = error ? std::string(argv[0]) : self.string();
    int failed = 0;
    for (const auto& entry : suites) {
        const std::string command = roofscope::test::shellQuoted(exe) + " " + entry.first + options;
        if (std::system(command.c_str()) != 0) {
            std::fprintf(stderr, "FAILED: %s\n", entry.first.c_str());
            ++failed;
        }
    }
    return failed == 0 ? 0 : 1;
}
