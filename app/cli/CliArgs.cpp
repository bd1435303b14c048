#include "cli/CliArgs.h"

#include "cli/CliOptions.h"

#include "model/Units.h"

#include <algorithm>
#include <cmath>

namespace roofscope {

CliArgs::CliArgs(const std::vector<std::string>& args, size_t first, const std::vector<std::string>& valueOptions,
    const std::vector<std::string>& flags, const std::vector<std::string>& repeatable)
{
    auto contains = [](const std::vector<std::string>& list, const std::string& name) {
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    for (size_t i = first; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
            m_positional.push_back(arg);
            continue;
        }
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (contains(flags, name)) {
            if (inlineValue) {
                throw CliError("option --" + name + " takes no value");
            }
            m_values[name].emplace_back("true");
        } else if (contains(valueOptions, name)) {
            if (has(name) && !isRepeatable(name) && !contains(repeatable, name)) {
                // Which one counts would be a guess: refuse it, naming the option and both values.
                const std::string second = inlineValue ? *inlineValue : i + 1 < args.size() ? args[i + 1] : "";
                throw CliError("option --" + name + " is given twice ('" + m_values[name].front() + "' and '" + second
                    + "'): give it once");
            }
            if (inlineValue) {
                m_values[name].push_back(*inlineValue);
            } else if (i + 1 < args.size()) {
                m_values[name].push_back(args[++i]);
            } else {
                throw CliError("option --" + name + " needs a value");
            }
        } else {
            throw CliError("unknown option --" + name);
        }
    }
}

namespace {

std::vector<std::string> withLongNames(const std::vector<std::string>& args, const CliCommand& command)
{
    std::vector<std::string> expanded = args;
    for (std::string& arg : expanded) {
        for (const CliOption& option : command.options) {
            if (option.shortName != 0 && arg == std::string { '-', option.shortName }) {
                arg = "--" + option.name;
            }
        }
    }
    return expanded;
}

std::vector<std::string> repeatableNames(const CliCommand& command)
{
    std::vector<std::string> names;
    for (const CliOption& option : command.options) {
        if (option.repeatable) {
            names.push_back(option.name);
        }
    }
    return names;
}

std::vector<std::string> optionNames(const CliCommand& command, bool takingValue)
{
    std::vector<std::string> names;
    for (const CliOption& option : command.options) {
        if ((option.value != CliValue::None) == takingValue) {
            names.push_back(option.name);
        }
    }
    return names;
}

} // namespace

CliArgs::CliArgs(const std::vector<std::string>& args, size_t first, const CliCommand& command)
    : CliArgs(withLongNames(args, command), first, optionNames(command, true), optionNames(command, false),
        repeatableNames(command))
{
}

bool CliArgs::isRepeatable(const std::string& name)
{
    // Each adds to the others: a level's bytes or bandwidth, a template parameter, a device list,
    // a folder of device files.
    static const std::vector<std::string> repeatable { "bytes", "bandwidth", "param", "hardware", "hardware-dir" };
    return std::find(repeatable.begin(), repeatable.end(), name) != repeatable.end();
}

bool CliArgs::has(const std::string& name) const
{
    return m_values.count(name) != 0;
}

std::optional<std::string> CliArgs::value(const std::string& name) const
{
    auto it = m_values.find(name);
    if (it == m_values.end() || it->second.empty()) {
        return std::nullopt;
    }
    return it->second.back();
}

std::vector<std::string> CliArgs::values(const std::string& name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string> {} : it->second;
}

std::optional<double> CliArgs::number(const std::string& name) const
{
    auto text = value(name);
    if (!text) {
        return std::nullopt;
    }
    auto parsed = parseNumber(*text);
    if (!parsed && roundsToZero(*text)) {
        throw CliError("--" + name + ": '" + *text + "' is too small: it is not zero but rounds to 0");
    }
    if (!parsed || !std::isfinite(*parsed)) {
        throw CliError(
            "--" + name + ": '" + *text + "' is not a number (plain, scientific or with an SI suffix: 1.97e14, 197T)");
    }
    return parsed;
}

} // namespace roofscope
