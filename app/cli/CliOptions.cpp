#include "cli/CliOptions.h"

#include "model/serving/Requests.h"

#include <algorithm>
#include <stdexcept>

namespace roofscope {

namespace {

CliOption flag(std::string name, std::string help)
{
    return { std::move(name), CliValue::None, "", std::move(help), {}, 0 };
}

CliOption value(std::string name, CliValue kind, std::string argument, std::string help)
{
    return { std::move(name), kind, std::move(argument), std::move(help), {}, 0 };
}

CliOption choice(std::string name, std::vector<std::string> choices, std::string help)
{
    std::string argument;
    for (const auto& c : choices) {
        argument += (argument.empty() ? "" : "|") + c;
    }
    return { std::move(name), CliValue::Choice, argument, std::move(help), std::move(choices), 0 };
}

CliOption output(std::string argument, std::string help)
{
    CliOption o = value("output", CliValue::OutputFile, std::move(argument), std::move(help));
    o.shortName = 'o';
    return o;
}

CliOption repeatable(CliOption option)
{
    option.repeatable = true;
    return option;
}

CliOption hardwareDir()
{
    return value("hardware-dir", CliValue::Folder, "DIR",
        "Loads the device files of DIR as well as the shipped and the user's own. An error in one of its files stops "
        "the command, naming file, line and column.");
}

CliOption json(std::string help = "Prints JSON instead of text.")
{
    return flag("json", std::move(help));
}

CliOption sustained()
{
    return flag("sustained",
        "Uses the devices' sustained roofs (their sustained factors) instead of the datasheet peaks; the numbers "
        "against the peaks stay beside them.");
}

// --max-size of the commands that open a session (as import took it for the session's runs).
CliOption maxSize()
{
    return value("max-size", CliValue::Number, "BYTES",
        "Opens a session whose runs are larger than the default limit (128 MiB): the value import was given.");
}

// The serving verdict's criteria (compare, table, workload): the latency target and ownership cost.
std::vector<CliOption> verdictOptions()
{
    return {
        value("target-ms", CliValue::Number, "MS",
            "A time per output token each device's operating point must meet: the batch of the most tokens/s per "
            "chip under it that fits (overrides the session's view.serving_target_ms)."),
        value("ttft-target-ms", CliValue::Number, "MS",
            "A time to first token a request mix must meet (its prefill bound); a device over it is not ranked "
            "(overrides the session's view.serving_ttft_target_ms)."),
        value(
            "years", CliValue::Number, "Y", "Years of service of a purchased system for the owned $/Mtok (default 4)."),
        value("utilisation", CliValue::Number, "U", "The share of its service a purchased system serves (default 1)."),
        value("usd-per-kwh", CliValue::Number, "USD", "The power price for the owned $/Mtok (none: capital only)."),
    };
}

// The device options of eval, solve, sweep and map: a device from the database or an ad-hoc one.
std::vector<CliOption> deviceOptions()
{
    return {
        value("hardware", CliValue::Devices, "ID[,ID...]",
            "The devices from the database (see hardware list), separated by commas."),
        hardwareDir(),
        value("peak", CliValue::Number, "FLOPS", "An ad-hoc device instead: its compute peak in FLOP/s."),
        value("bandwidth", CliValue::Text, "LEVEL=BPS",
            "An ad-hoc device's memory level and its bandwidth in bytes per second; the first one given is the "
            "default level."),
        value("precision", CliValue::Text, "P", "The compute precision (fp32, bf16, fp8, ...) of the roof."),
        value("unit", CliValue::Text, "U", "The compute unit of the roof (e.g. vpu), when a device has several."),
        value("comm-fraction", CliValue::Number, "F", "A fraction of time lost to communication: roofs at 1 - F."),
        value("tolerance", CliValue::Number, "T",
            "The band around the ridge called balanced, as a fraction (default 0.05)."),
    };
}

CliOption modelOption()
{
    return value("model", CliValue::Text, "ID",
        "A model of the catalogue (roofscope models list) as the transformer's shape; --param overrides its "
        "fields.");
}

// The kernel options of eval, solve, sweep and map: raw FLOPs and bytes, or a template.
std::vector<CliOption> kernelOptions()
{
    return {
        value("flops", CliValue::Number, "F", "A raw kernel's floating-point operations."),
        value("bytes", CliValue::Text, "[LEVEL=]B",
            "A raw kernel's bytes moved, on the device's default level or on LEVEL."),
        value("kernel", CliValue::Template, "TEMPLATE", "A kernel from a template instead (matmul, dot, ...)."),
        value("param", CliValue::Text, "NAME=VALUE[,NAME=VALUE...]",
            "The template's parameters and options (dtype, ...)."),
        modelOption(),
        value("name", CliValue::Text, "NAME", "The kernel's name in the output."),
        value("count", CliValue::Number, "N", "How many times the kernel runs."),
        value("measured", CliValue::Text, "SECONDS",
            "A measured time (s, ms, us, ns): the achieved FLOP/s and the fraction of the roof."),
        value("working-set", CliValue::Number, "BYTES",
            "The bytes resident at once, checked against each level's "
            "capacity."),
    };
}

CliOption chips()
{
    return value("chips", CliValue::Number, "N",
        "Uses each device N chips wide: N times its peaks, bandwidths and capacities (default 1).");
}

std::vector<CliOption> servingOptions()
{
    return {
        value("price-per-hour", CliValue::Number, "USD", "The price of one chip per hour: the cost per token."),
        value("tdp", CliValue::Number, "W", "The power of one chip: the energy per token."),
    };
}

// A request mix on a transformer step (workload, sweep): docs/serving.md#requests.
std::vector<CliOption> requestOptions()
{
    std::vector<std::string> scenarios;
    for (const RequestScenario& s : requestScenarios()) {
        scenarios.push_back(s.name);
    }
    return {
        value("isl", CliValue::Number, "N",
            "Input tokens per request (the same as --param isl=N). With --osl: a request mix, whose time to first "
            "token, time per output token and run tokens/s are printed beside the step."),
        value("osl", CliValue::Number, "N", "Output tokens per request (the same as --param osl=N)."),
        value("concurrency", CliValue::Number, "N",
            "Requests in flight over the whole device (the same as --param concurrency=N); a step takes batch or "
            "concurrency, not both."),
        choice("scenario", scenarios,
            "A standard request mix, isl/osl, where 1k is 1024 tokens (instead of --isl and --osl)."),
    };
}

std::vector<CliOption> join(std::initializer_list<std::vector<CliOption>> parts)
{
    std::vector<CliOption> all;
    for (const auto& part : parts) {
        all.insert(all.end(), part.begin(), part.end());
    }
    return all;
}

std::vector<CliCommand> buildCommands()
{
    const std::vector<std::string> tableFormats { "text", "csv", "markdown", "json" };
    std::vector<CliCommand> commands;
    commands.push_back({ "", "[SESSION.yaml] [--hardware-dir DIR]",
        "Without a sub-command, roofscope opens its window, on SESSION.yaml when one is given.", {}, CliValue::File, "",
        { hardwareDir(), flag("help", "Prints the usage of every sub-command (the same as roofscope help)."),
            flag("version", "Prints the version.") } });
    commands.push_back({ "hardware", "list|show ID [--json]",
        "Lists the devices of the hardware database (the shipped files, the user's own and those of "
        "--hardware-dir), or shows one device: its compute peaks, memory levels, ridges and sources.",
        { "list", "show" }, CliValue::Device, "show", { hardwareDir(), json() } });
    commands.push_back({ "eval",
        "(--hardware ID[,ID...] | --peak F --bandwidth LEVEL=BPS) (--flops F --bytes B | "
        "--kernel TEMPLATE --param NAME=VALUE...) [options]",
        "Evaluates one kernel on each device: its intensity per memory level, the regime (compute-bound, "
        "memory-bound or balanced), the binding resource, the attainable FLOP/s and the bounds T_min and "
        "T_max.",
        {}, CliValue::None, "", join({ deviceOptions(), kernelOptions(), { chips(), sustained(), json() } }) });
    commands.push_back({ "solve",
        "--hardware ID --kernel TEMPLATE --param NAME=VALUE... --free NAME[,NAME...] "
        "[--level L] [--json]",
        "Solves for the value of a template parameter at which the kernel reaches a ridge: where it turns "
        "compute-bound.",
        {}, CliValue::None, "",
        join({ deviceOptions(), kernelOptions(),
            { value("free", CliValue::Text, "NAME[,NAME...]",
                  "The parameter to solve for; several names are tied to one value (a square matmul: m,k,n)."),
                value("level", CliValue::Text, "L",
                    "The memory level whose ridge is crossed (default: the device's "
                    "default level)."),
                value("chips", CliValue::Number, "N",
                    "Refused with a pointer to sweep --chips N, which gives the crossings of an N-chip device."),
                sustained(), json() } }) });
    commands.push_back({ "table", "--session FILE [--format text|csv|markdown|json]",
        "Prints the evaluation of every kernel of a session on every device it shows.", {}, CliValue::None, "",
        join({ { value("session", CliValue::File, "FILE", "The session file."),
                   choice("format", tableFormats, "The output format (default text)."), hardwareDir(), maxSize() },
            verdictOptions() }) });
    commands.push_back({ "compare", "--session FILE [--baseline DEVICE] [--format text|csv|markdown|json]",
        "Compares the devices of a session on its whole workload: total times, speed-up against the "
        "baseline, shares of compute, memory and network, FLOP/s per watt and per dollar.",
        {}, CliValue::None, "",
        join({ { value("session", CliValue::File, "FILE", "The session file."),
                   choice("format", tableFormats, "The output format (default text)."),
                   value("baseline", CliValue::Device, "DEVICE", "The device the others are compared with."),
                   hardwareDir(), maxSize() },
            verdictOptions() }) });
    commands.push_back({ "export", "--session FILE -o OUT.png|OUT.svg|OUT.pdf|OUT.html [-o OUT...] [options]",
        "Draws a session's chart as the window does, without a display: PNG, SVG, PDF, or one self-contained "
        "interactive HTML page; the type follows the extension of the output.",
        {}, CliValue::None, "",
        { value("session", CliValue::File, "FILE", "The session file."),
            repeatable(output("OUT",
                "The file to write (.png, .svg, .pdf or .html); give -o again for more files of the same chart in "
                "one run.")),
            value("size", CliValue::Text, "WxH", "The image size in pixels (PNG)."),
            value("scale", CliValue::Number, "S", "Device pixels per pixel (PNG)."),
            choice("theme", { "light", "dark" }, "The colour theme."),
            flag("review", "The review layout: large type and the comparison beside the plot."),
            choice("view", { "roofline", "serving" }, "Which chart: the roofline or the serving chart."), hardwareDir(),
            maxSize() } });
    commands.push_back({ "import", "FORMAT FILE... [-o OUT.yaml] [options]",
        "Turns profiler output (FORMAT ncu, rocprof, rocprof-db, advisor, ert, csv, jax or xprof) into a session "
        "that refers to it (measured kernels), or into a device file (measured roofs); turns a serving "
        "benchmark's result (vllm-serve, sglang, aiperf, genai-perf, mlperf, llmperf or trtllm-bench) into "
        "measured serving runs, printed or written to a session beside the model they measured.",
        { "ncu", "rocprof", "rocprof-db", "advisor", "ert", "csv", "jax", "xprof", "vllm-serve", "sglang", "aiperf",
            "genai-perf", "mlperf", "llmperf", "trtllm-bench" },
        CliValue::File, "",
        { output("OUT.yaml", "The session (or device file) to write."),
            value("hardware", CliValue::Devices, "ID[,ID...]",
                "The session's devices (a serving benchmark: the one device the run was measured on)."),
            hardwareDir(),
            value("chips", CliValue::Number, "N", "Serving benchmarks: the chips the run used (all of them)."),
            value("model", CliValue::Text, "ID",
                "Serving benchmarks: the model measured, a model id of `roofscope models list` (the session then "
                "gets a transformer group of that shape)."),
            value("engine", CliValue::Text, "NAME", "Serving benchmarks: the engine that served (vLLM, SGLang, ...)."),
            value("engine-version", CliValue::Text, "V", "Serving benchmarks: the engine's version."),
            value("weight-dtype", CliValue::Text, "DTYPE", "Serving benchmarks: the weights' precision."),
            value("dtype", CliValue::Text, "DTYPE", "Serving benchmarks: the compute precision."),
            value("kv-dtype", CliValue::Text, "DTYPE", "Serving benchmarks: the KV cache's precision."),
            value("isl", CliValue::Number, "N", "Serving benchmarks: the mean input tokens, where the file has none."),
            value("osl", CliValue::Number, "N", "Serving benchmarks: the mean output tokens, where the file has none."),
            value("concurrency", CliValue::Number, "N",
                "Serving benchmarks: the requests in flight, where the file has none."),
            value("flags", CliValue::Text, "F[,F...]",
                "Serving benchmarks: what the run used that a bound leaves out: speculative_decoding, prefix_caching."),
            value("hardware-out", CliValue::OutputFile, "FILE",
                "The device file of a rocprof-compute workload that holds both kernels and roofs."),
            value("device", CliValue::Number, "N", "The GPU of a rocprof-compute workload (default 0)."),
            value("max-size", CliValue::Number, "BYTES", "Raises the input size limit (default 128 MiB)."),
            value("title", CliValue::Text, "T", "The session's title."),
            flag("aggregate", "Merges the launches of each kernel name."),
            flag("inline", "Copies the kernels into the session instead of referring to the file."),
            json("Prints what was imported as JSON.") } });
    commands.push_back({ "models", "list|show ID [--json]",
        "Lists the model shapes a transformer group can start from (each from the model's published "
        "configuration, with its source), or shows one: the ids serving runs and imports name.",
        { "list", "show" }, CliValue::Text, "show", { json() } });
    commands.push_back({ "runs", "list|show NAME [--hardware ID] [--model ID] [--json]",
        "Lists the shipped published serving runs (measured results from vendors, MLPerf Inference and engines' "
        "own benchmarks, each with its citation), or shows one with its bound on the shipped hardware.",
        { "list", "show" }, CliValue::Text, "show",
        { value("hardware", CliValue::Devices, "ID[,ID...]", "Only runs on these devices."),
            value("model", CliValue::Text, "ID", "Only runs of this model."),
            value("published-dir", CliValue::Folder, "DIR",
                "Reads published runs from DIR instead of the shipped folder."),
            json("Prints JSON instead of text.") } });
    commands.push_back({ "sweep",
        "(--hardware ID[,ID...] | ad hoc) --kernel TEMPLATE --param ... "
        "--vary NAME=FROM:TO[:STEPS] [--chips N] [--json]",
        "Evaluates a kernel over a range of one template parameter (or of chips) and finds the exact values "
        "where its regime or binding resource changes.",
        {}, CliValue::None, "",
        join({ deviceOptions(), kernelOptions(),
            { value("vary", CliValue::Text, "NAME=FROM:TO[:STEPS]",
                  "The parameter and its range, log-spaced (64 steps by default)."),
                chips() },
            servingOptions(), requestOptions(), { sustained(), json() } }) });
    commands.push_back({ "map",
        "(--hardware ID[,ID...] | ad hoc) --kernel TEMPLATE --param ... --x NAME=FROM:TO "
        "--y NAME=FROM:TO [options]",
        "A regime map over two template parameters: the regime, binding resource, T_min and attainable "
        "FLOP/s of each cell, as text, JSON, CSV or an image.",
        {}, CliValue::None, "",
        join({ deviceOptions(), kernelOptions(),
            { value("x", CliValue::Text, "NAME=FROM:TO", "The parameter along the x axis and its range."),
                value("y", CliValue::Text, "NAME=FROM:TO", "The parameter along the y axis and its range."),
                value("steps", CliValue::Number, "N", "Cells along each axis."), chips(),
                choice("format", { "text", "json", "csv" }, "The output format (default text)."),
                output("OUT.png|OUT.svg", "Draws the map as an image, one panel per device."),
                choice("shade", { "t_min", "attainable" },
                    "What darkens a cell of the image: a longer T_min (the default) or more FLOP/s.") },
            servingOptions(), { sustained(), json() } }) });
    commands.push_back({ "workload",
        "transformer --param NAME=VALUE[,NAME=VALUE...] --hardware ID[,ID...] "
        "[options]",
        "One transformer step (prefill or decode) served on each device: T_min and T_max, tokens per second, "
        "memory per chip, collectives, cost and energy per token, each kernel's binding and share. With a request "
        "mix (--isl, --osl, --concurrency): the time to first token, the time per output token, tokens/s per user "
        "and the run's output tokens/s with its two limits.",
        { "transformer" }, CliValue::None, "",
        join(
            { { value("hardware", CliValue::Devices, "ID[,ID...]", "The devices from the database."), hardwareDir(),
                  value("peak", CliValue::Number, "FLOPS", "An ad-hoc device instead: its compute peak in FLOP/s."),
                  value("bandwidth", CliValue::Text, "LEVEL=BPS", "An ad-hoc device's memory level and bandwidth."),
                  value("param", CliValue::Text, "NAME=VALUE[,NAME=VALUE...]",
                      "The model and the step: layers, hidden, heads, kv_heads, ffn, vocab, batch, seq, phase, "
                      "dtype, ..."),
                  modelOption(), chips(), value("precision", CliValue::Text, "P", "The compute precision of the roof."),
                  value("unit", CliValue::Text, "U", "The compute unit of the roof."),
                  value("comm-fraction", CliValue::Number, "F",
                      "A fraction of time lost to communication: roofs at 1 - F."),
                  value("tolerance", CliValue::Number, "T", "The band around the ridge called balanced.") },
                servingOptions(), requestOptions(), verdictOptions(), { sustained(), json() } }) });
    commands.push_back({ "diff", "BEFORE AFTER [--hardware ID] [--threshold 5%] [--exact-names] [--json]",
        "Compares two runs of the same program (profiler files or sessions with one run each) kernel by kernel; "
        "the exit status is 3 when a kernel got slower by more than the threshold.",
        {}, CliValue::File, "",
        { value("hardware", CliValue::Device, "ID", "The device for intensities and fractions of the roof."),
            hardwareDir(),
            value("threshold", CliValue::Text, "5%", "The slow-down that counts as a regression (5% or 0.05)."),
            value("precision", CliValue::Text, "P", "The compute precision of the roof (with --hardware)."),
            sustained(), flag("exact-names", "Pairs kernels by their exact names only (not a_1 with a_2)."),
            json() } });
    commands.push_back({ "help", "", "Prints the usage of every sub-command; `roofscope COMMAND --help` prints one.",
        {}, {}, "", {} });
    return commands;
}

} // namespace

const CliOption* CliCommand::option(const std::string& optionName) const
{
    auto it = std::find_if(options.begin(), options.end(), [&](const CliOption& o) { return o.name == optionName; });
    return it == options.end() ? nullptr : &*it;
}

bool CliCommand::acceptsWord(const std::string& word) const
{
    return std::find(words.begin(), words.end(), word) != words.end();
}

std::string CliCommand::wordList() const
{
    std::string list;
    for (size_t i = 0; i < words.size(); ++i) {
        list += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    }
    return list;
}

const std::vector<CliCommand>& cliCommands()
{
    static const std::vector<CliCommand> commands = buildCommands();
    return commands;
}

const CliCommand& cliCommand(const std::string& name)
{
    for (const auto& command : cliCommands()) {
        if (command.name == name) {
            return command;
        }
    }
    throw std::logic_error("no command '" + name + "' in the option table");
}

} // namespace roofscope
