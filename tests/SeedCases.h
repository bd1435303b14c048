#pragma once

#include "io/HardwareLoader.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>
#include <vector>

namespace roofscope::test {

// One worked number from the seed articles, stated once and checked twice: through the core API
// (evaluate / solveCrossover and the JSON objects core builds) and through `roofscope eval|solve --json`.
struct SeedCase {
    std::string name; // "seed000 3.1 v5e ridge"
    std::string command = "eval"; // eval | solve
    std::vector<std::string> hardware; // database ids; empty: the ad-hoc device below
    std::string peak; // ad-hoc --peak ("197T")
    std::vector<std::pair<std::string, std::string>> bandwidths; // ad-hoc --bandwidth LEVEL=BPS
    std::string kernel; // template name; empty: raw flops/bytes
    std::vector<std::pair<std::string, std::string>> params; // --param NAME=VALUE
    std::string flops; // raw --flops
    std::vector<std::pair<std::string, std::string>> bytes; // raw --bytes LEVEL=B ("" level: default)
    std::string precision;
    std::string unit;
    std::string measured; // seconds
    std::string commFraction;
    bool sustained = false;
    std::string free; // solve --free
    std::string level; // solve --level
    // The check: a JSON path ("ridge.hbm", "regime", "value"), a divisor, and the seed's printed text.
    std::string field;
    double scale = 1.0;
    int decimals = 0; // printf("%.*f"); -1: floor to an integer
    std::string expected;
};

const std::vector<SeedCase>& seedCases();

// The command-line arguments of a case (after the program name).
std::vector<std::string> seedCliArgs(const SeedCase& c);

// The same case through the core API: the first JSON object (eval) or the solve object.
// Throws std::runtime_error with the core's message if core refuses the case.
nlohmann::json seedCoreJson(const SeedCase& c, const HardwareDatabase& database);

// Reads the field, applies scale and rounding, returns the text to compare with `expected`.
std::string seedRender(const SeedCase& c, const nlohmann::json& object);

} // namespace roofscope::test
