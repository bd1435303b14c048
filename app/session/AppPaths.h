#pragma once

#include <string>
#include <vector>

namespace roofscope {

// The shipped hardware folder: $ROOFSCOPE_HARDWARE_DIR, else ../share/roofscope/hardware beside the
// executable, else the source tree's hardware/ (a build that was not installed).
std::string shippedHardwareDir();
// Whether shippedHardwareDir() is the program's own device folder (installed beside it, or the source
// tree's), not one named by ROOFSCOPE_HARDWARE_DIR: only the program's own, which its test suite reads
// strictly, is read without the YAML strictness pass (YamlLimits::strict).
bool shippedHardwareDirIsOwn();
// The shipped published serving runs (resources/published-runs), found like the hardware folder
// ($ROOFSCOPE_PUBLISHED_RUNS_DIR, ../share/roofscope/published-runs beside the executable, the source tree's).
std::string shippedPublishedRunsDir();
// The shipped model catalogue (models/): $ROOFSCOPE_MODELS_DIR, ../share/roofscope/models beside the
// executable, the source tree's models/.
std::string shippedModelsDir();
// $XDG_DATA_HOME/roofscope/models: a user's own model files (an id there replaces the shipped one).
std::string userModelsDir();
// $XDG_DATA_HOME/roofscope/hardware (default ~/.local/share/roofscope/hardware).
std::string userHardwareDir();
// Where the open session is autosaved while it has unsaved changes:
// $XDG_DATA_HOME/roofscope/recovery/session.yaml (its original path beside it, in session.path).
std::string recoveryFile();
// The example sessions folder (resources/examples), found like the hardware folder.
std::string examplesDir();
// The application's icon (SVG): ../share/roofscope/roofscope.svg beside the executable, else the
// source tree's resources/icons/roofscope.svg.
std::string applicationIconFile();
// The documentation folder (docs/: the user guide, window.md), found like the hardware folder
// ($ROOFSCOPE_DOCS_DIR, ../share/doc/roofscope beside the executable, the source tree's docs/).
std::string docsDir();
// The session `roofscope` opens on first start.
std::string defaultExampleSession();

} // namespace roofscope
