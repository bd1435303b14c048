#include "cli/CliUsage.h"

#include <sstream>

namespace roofscope {

const char* cliUsage()
{
    return R"(usage:
  roofscope [SESSION.yaml]                       start the GUI
  roofscope hardware list [--json]
  roofscope hardware show ID [--json]
  roofscope eval  --hardware ID[,ID...] | --peak FLOPS --bandwidth LEVEL=BPS [...]
                  ( --flops F --bytes B [--bytes LEVEL=B ...] | --kernel TEMPLATE --param NAME=VALUE ... )
                  [--precision P] [--unit U] [--sustained] [--comm-fraction F] [--tolerance T]
                  [--measured SECONDS] [--count N] [--name NAME] [--chips N] [--json]
  roofscope solve --hardware ID --kernel TEMPLATE --param ... --free NAME[,NAME...] [--level L] [--json]
  roofscope sweep (--hardware ID[,ID...] | ad hoc) --kernel TEMPLATE --param ... --vary NAME=FROM:TO[:STEPS]
                  [--chips N] [--json]
  roofscope map   (--hardware ID[,ID...] | ad hoc) --kernel TEMPLATE --param ... --x NAME=FROM:TO --y NAME=FROM:TO
                  [--steps N] [--chips N] [--json | --format csv] [-o OUT.png|OUT.svg] [--shade t_min|attainable]
  roofscope workload transformer (--model ID | --param layers=32,hidden=4096,...) [--param ...]
                  --hardware ID[,ID...] [--chips N] [--price-per-hour USD] [--tdp W] [--sustained] [--json]
                  (served on N chips: tp/pp/dp/ep, experts, fits, collectives, $ and J per token;
                  sweep and map take --kernel transformer too; see docs/serving.md)
  roofscope table --session FILE [--format text|csv|markdown|json] [--max-size BYTES]
  roofscope compare --session FILE [--baseline DEVICE] [--format text|csv|markdown|json] [--max-size BYTES]
  roofscope export --session FILE -o OUT.png|OUT.svg|OUT.pdf|OUT.html [-o OUT...] [--size WxH] [--scale S]
                  [--theme light|dark] [--review] [--view roofline|serving] [--max-size BYTES]
  roofscope import ncu|rocprof|rocprof-db|advisor|ert|csv|jax|xprof FILE... -o OUT.yaml [--hardware ID[,ID...]]
                  [--aggregate] [--hardware-out FILE] [--device N] [--max-size BYTES] [--title T] [--inline] [--json]
  roofscope import vllm-serve|sglang|aiperf|genai-perf|mlperf|llmperf|trtllm-bench FILE... [-o OUT.yaml]
                  [--hardware ID] [--chips N] [--model ID] [--engine NAME] [--isl N] [--osl N] [--concurrency N]
                  [--weight-dtype D] [--dtype D] [--kv-dtype D] [--flags F[,F]] [--json]
  roofscope runs list [--hardware ID[,ID...]] [--model ID] [--json] | runs show NAME [--json]
  roofscope models list [--json] | models show ID [--json]
  roofscope diff BEFORE AFTER [--hardware ID] [--threshold 5%] [--exact-names] [--json]
                  (exit status 3 when a kernel got slower by more than the threshold)
every command takes --hardware-dir DIR (more device files)
numbers take SI suffixes: 1.97e14, 197T, 820G
)";
}

std::string commandUsage(const std::string& command)
{
    // The command's lines of the usage above: its own and the indented ones that continue it, then
    // the notes every command shares.
    std::istringstream in(cliUsage());
    std::string line;
    std::string lines;
    std::string notes;
    bool inCommand = false;
    const std::string start = "  roofscope " + command + " ";
    while (std::getline(in, line)) {
        if (line.rfind("  roofscope ", 0) == 0) {
            inCommand = line.rfind(start, 0) == 0;
        } else if (line.rfind("    ", 0) != 0) {
            inCommand = false;
            if (line.rfind("usage:", 0) != 0) {
                notes += line + "\n";
            }
            continue;
        }
        if (inCommand) {
            lines += line + "\n";
        }
    }
    return lines.empty() ? std::string(cliUsage()) : "usage:\n" + lines + notes;
}

} // namespace roofscope
