#include "session/AppPaths.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace roofscope {

namespace {
std::filesystem::path executableDir()
{
    std::error_code ec;
    auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path {} : exe.parent_path();
}

std::string locate(const char* envVar, const char* installedRelative, const char* sourceFallback)
{
    if (const char* env = std::getenv(envVar); env && *env) {
        return env;
    }
    std::error_code ec;
    const auto installed = executableDir() / installedRelative;
    if (!executableDir().empty() && std::filesystem::is_directory(installed, ec)) {
        return installed.lexically_normal().string();
    }
    return sourceFallback;
}
} // namespace

std::string shippedHardwareDir()
{
    return locate("ROOFSCOPE_HARDWARE_DIR", "../share/roofscope/hardware", ROOFSCOPE_SOURCE_HARDWARE_DIR);
}

bool shippedHardwareDirIsOwn()
{
    const char* env = std::getenv("ROOFSCOPE_HARDWARE_DIR");
    return env == nullptr || *env == '\0';
}

std::string shippedModelsDir()
{
    return locate("ROOFSCOPE_MODELS_DIR", "../share/roofscope/models", ROOFSCOPE_SOURCE_MODELS_DIR);
}

std::string shippedPublishedRunsDir()
{
    return locate("ROOFSCOPE_PUBLISHED_RUNS_DIR", "../share/roofscope/published-runs",
        ROOFSCOPE_SOURCE_RESOURCES_DIR "/published-runs");
}

namespace {
std::filesystem::path userDataDir()
{
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
        return std::filesystem::path(xdg) / "roofscope";
    }
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::filesystem::path(home) / ".local/share/roofscope";
    }
    return {};
}
} // namespace

std::string userHardwareDir()
{
    const auto base = userDataDir();
    return base.empty() ? std::string() : (base / "hardware").string();
}

std::string userModelsDir()
{
    const auto base = userDataDir();
    return base.empty() ? std::string() : (base / "models").string();
}

std::string recoveryFile()
{
    const auto base = userDataDir();
    return base.empty() ? std::string() : (base / "recovery" / "session.yaml").string();
}

std::string examplesDir()
{
    return locate("ROOFSCOPE_EXAMPLES_DIR", "../share/roofscope/examples", ROOFSCOPE_SOURCE_RESOURCES_DIR "/examples");
}

std::string applicationIconFile()
{
    std::error_code ec;
    const auto installed = executableDir() / "../share/roofscope/roofscope.svg";
    if (!executableDir().empty() && std::filesystem::is_regular_file(installed, ec)) {
        return installed.lexically_normal().string();
    }
    return ROOFSCOPE_SOURCE_RESOURCES_DIR "/icons/roofscope.svg";
}

std::string docsDir()
{
    return locate("ROOFSCOPE_DOCS_DIR", "../share/doc/roofscope", ROOFSCOPE_SOURCE_RESOURCES_DIR "/../docs");
}

std::string defaultExampleSession()
{
    return (std::filesystem::path(examplesDir()) / "transformer-layer.yaml").string();
}

} // namespace roofscope
