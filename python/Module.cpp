// The Python module's native part, `roofscope._roofscope`: every sub-command of the executable run in
// this process (CommandLine::run, the same code and the same messages), its JSON output handed to Python
// as dicts, lists, floats, ints, strings, booleans and None. roofscope/__init__.py gives the Pythonic
// functions over it (docs/python.md).

#include "cli/CommandLine.h"
#include "io/ModelCatalogue.h"
#include "session/AppPaths.h"

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

// A command that failed: its exit status and the message it printed, without the program's prefix.
struct CommandFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string withoutPrefix(std::string text)
{
    for (const char* prefix : { "roofscope: error: ", "roofscope: " }) {
        if (text.rfind(prefix, 0) == 0) {
            text.erase(0, std::string(prefix).size());
            break;
        }
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
        text.pop_back();
    }
    return text;
}

// The JSON as Python objects. Numbers keep their type: integers stay ints, every other number is the
// double the command printed (printed so that it reads back exactly).
py::object toPython(const nlohmann::json& j)
{
    switch (j.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
        return py::none();
    case nlohmann::json::value_t::boolean:
        return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
        return py::int_(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
        return py::int_(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
        return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
        return py::str(j.get_ref<const std::string&>());
    case nlohmann::json::value_t::array: {
        py::list list;
        for (const auto& item : j) {
            list.append(toPython(item));
        }
        return list;
    }
    case nlohmann::json::value_t::object: {
        py::dict dict;
        for (auto it = j.begin(); it != j.end(); ++it) {
            dict[py::str(it.key())] = toPython(it.value());
        }
        return dict;
    }
    case nlohmann::json::value_t::binary:
        break;
    }
    return py::none();
}

struct Output {
    int status = 0;
    std::string out;
    std::string err;
};

Output runCommand(const std::vector<std::string>& args)
{
    if (args.empty()) {
        throw CommandFailure("no command given (see roofscope.run(['help']))");
    }
    std::ostringstream out;
    std::ostringstream err;
    Output o;
    // Long sweeps let other Python threads run; the commands that start a Qt application (export, map's
    // image) keep the interpreter's lock, so that two threads never make one at the same time.
    if (args.front() == "export" || args.front() == "map") {
        o.status = roofscope::CommandLine::run(args, out, err);
    } else {
        py::gil_scoped_release release;
        o.status = roofscope::CommandLine::run(args, out, err);
    }
    o.out = out.str();
    o.err = err.str();
    return o;
}

} // namespace

PYBIND11_MODULE(_roofscope, m)
{
    m.doc() = "Roofscope's commands run in this process (see the roofscope package).";
    py::register_exception<CommandFailure>(m, "Error", PyExc_Exception);
    // The model catalogue every command reads, found as the executable finds it.
    std::string catalogueProblems;
    for (const auto& d :
        roofscope::installModelCatalogue({ roofscope::shippedModelsDir(), roofscope::userModelsDir() })) {
        catalogueProblems += d.toString() + "\n";
    }
    m.attr("catalogue_problems") = catalogueProblems;
    m.attr("hardware_dir") = roofscope::shippedHardwareDir();
    m.attr("models_dir") = roofscope::shippedModelsDir();

    m.def(
        "run",
        [](const std::vector<std::string>& args) {
            const Output o = runCommand(args);
            return py::make_tuple(o.status, o.out, o.err);
        },
        py::arg("args"),
        "Runs a sub-command as `roofscope ARGS...` would; returns (exit status, standard output, standard "
        "error).");
    m.def(
        "run_json",
        [](const std::vector<std::string>& args) -> py::object {
            const Output o = runCommand(args);
            if (o.status != 0) {
                throw CommandFailure(withoutPrefix(o.err.empty() ? "the command failed" : o.err));
            }
            const nlohmann::json parsed = nlohmann::json::parse(o.out, nullptr, false);
            if (parsed.is_discarded()) {
                throw CommandFailure("the command printed no JSON: " + withoutPrefix(o.out));
            }
            return toPython(parsed);
        },
        py::arg("args"), "Runs a sub-command that prints JSON; returns it as Python objects, raises Error on failure.");
    m.def(
        "run_text",
        [](const std::vector<std::string>& args) {
            const Output o = runCommand(args);
            if (o.status != 0) {
                throw CommandFailure(withoutPrefix(o.err.empty() ? "the command failed" : o.err));
            }
            return o.out;
        },
        py::arg("args"), "Runs a sub-command; returns what it printed, raises Error on failure.");
}
