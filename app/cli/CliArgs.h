#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace roofscope {

struct CliCommand;

// A usage or input error on the command line: printed as one line, exit code 2.
struct CliError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Options of one sub-command: `--name value`, `--name=value` and flags. An option that takes a value
// may be given once, except the ones that add up (isRepeatable): a second --format is an error,
// never a silent choice of one of them.
class CliArgs {
public:
    // `flags` take no value; every other `--option` takes one.
    // `repeatable`: options that may be given more than once beside isRepeatable()'s.
    CliArgs(const std::vector<std::string>& args, size_t first, const std::vector<std::string>& valueOptions,
        const std::vector<std::string>& flags, const std::vector<std::string>& repeatable = {});
    // The options of `command` as its table lists them (cli/CliOptions.h): its flags, the options that
    // take a value and their short forms (`-o` for `--output`).
    CliArgs(const std::vector<std::string>& args, size_t first, const CliCommand& command);

    bool has(const std::string& name) const;
    // --bytes, --bandwidth, --param, --hardware and --hardware-dir: each one given adds to the others.
    static bool isRepeatable(const std::string& name);
    std::optional<std::string> value(const std::string& name) const; // the last one given
    std::vector<std::string> values(const std::string& name) const; // all of them, in order
    const std::vector<std::string>& positional() const { return m_positional; }

    // A number with optional SI suffix ("197T"); throws CliError naming the option.
    std::optional<double> number(const std::string& name) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
    std::vector<std::string> m_positional;
};

} // namespace roofscope
