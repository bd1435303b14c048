#pragma once

// What every importer's result must satisfy, as `roofscope import` relies on it: with or without
// merged launches, the kernels make a session that loads back, and each device a hardware file that
// loads back. A violation aborts (a finding).

#include "io/HardwareLoader.h"
#include "io/HardwareWriter.h"
#include "io/Importers.h"
#include "io/SessionFile.h"
#include "io/StrictYaml.h"

#include <cstdlib>

namespace roofscope::fuzz {

inline void checkImport(ImportResult result)
{
    for (const auto& d : result.diagnostics) {
        (void)d.toString();
    }
    if (!result.ok()) {
        return;
    }
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) {
            aggregateLaunches(result);
        }
        std::vector<ImportedKernel> kernels = result.kernels;
        disambiguateNames(kernels);
        Session session;
        session.title = "fuzz";
        for (const auto& k : kernels) {
            session.kernels.push_back(k.kernel);
        }
        const std::string text = sessionToYaml(session);
        if (!kernels.empty() && text.size() <= YamlLimits {}.maxBytes
            && !loadSessionText(text, "import.yaml").session) {
            std::abort();
        }
    }
    for (const auto& hw : result.devices) {
        if (!loadHardwareText(hardwareToYaml(hw), "device.yaml").hardware) {
            std::abort();
        }
    }
}

} // namespace roofscope::fuzz
