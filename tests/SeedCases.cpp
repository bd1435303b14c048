#include "SeedCases.h"

#include "io/EvaluationFormat.h"
#include "model/Evaluation.h"
#include "model/Solver.h"
#include "model/Templates.h"
#include "model/Units.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace roofscope::test {

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

SeedCase onDevice(std::string name, std::string hw)
{
    SeedCase c;
    c.name = std::move(name);
    c.hardware = { std::move(hw) };
    return c;
}

SeedCase adHoc(std::string name, std::string peak, Pairs bandwidths)
{
    SeedCase c;
    c.name = std::move(name);
    c.peak = std::move(peak);
    c.bandwidths = std::move(bandwidths);
    return c;
}

SeedCase& raw(SeedCase& c, std::string flops, Pairs bytes)
{
    c.flops = std::move(flops);
    c.bytes = std::move(bytes);
    return c;
}

SeedCase& kernel(SeedCase& c, std::string templ, Pairs params)
{
    c.kernel = std::move(templ);
    c.params = std::move(params);
    return c;
}

SeedCase check(SeedCase c, std::string field, double scale, int decimals, std::string expected)
{
    c.field = std::move(field);
    c.scale = scale;
    c.decimals = decimals;
    c.expected = std::move(expected);
    return c;
}

SeedCase solve(SeedCase c, std::string free, std::string level = {})
{
    c.command = "solve";
    c.free = std::move(free);
    c.level = std::move(level);
    return c;
}

void addSeed000(std::vector<SeedCase>& out)
{
    auto any = [](SeedCase c) { return raw(c, "1e12", { { "", "1e9" } }); };
    out.push_back(check(any(onDevice("000 s3.1 TPU v5e ridge ~240", "google-tpu-v5e")), "ridge.hbm", 1, 0, "240"));
    out.push_back(check(any(onDevice("000 s3.3 H100 ridge ~295", "nvidia-h100-sxm")), "ridge.hbm", 1, 0, "295"));
    {
        SeedCase c = any(onDevice("000 s3.5 v5p VPU ridge ~3", "google-tpu-v5p"));
        c.unit = "vpu";
        out.push_back(check(c, "ridge.hbm", 1, 0, "3"));
    }
    {
        SeedCase c = adHoc("000 s4.1 dot", "100T", { { "hbm", "2T" } });
        kernel(c, "dot", { { "n", "1e9" } });
        out.push_back(check(c, "ridge.hbm", 1, 0, "50"));
        out.push_back(check(c, "attainable_flops_per_s", 1e12, 3, "1.000"));
        out.push_back(check(c, "intensity.hbm", 1, 3, "0.500"));
        out.push_back(check(c, "regime", 1, 0, "memory-bound"));
    }
    {
        SeedCase c = adHoc("000 s4.1 dot counts 2N-1 FLOPs, 4N+2 bytes", "100T", { { "hbm", "2T" } });
        kernel(c, "dot", { { "n", "1000" } });
        out.push_back(check(c, "flops", 1, 0, "1999"));
        out.push_back(check(c, "bytes.hbm", 1, 0, "4002"));
    }
    {
        SeedCase c = onDevice("000 s4.2 matmul bytes 2(BD+DF+BF)", "google-tpu-v5e");
        kernel(c, "matmul", { { "m", "128" }, { "k", "4096" }, { "n", "8192" } });
        out.push_back(check(c, "flops", 1, 0, "8589934592"));
        out.push_back(check(c, "bytes.hbm", 1, 0, "70254592"));
    }
    {
        SeedCase c = onDevice("000 s4.2 v5e matmul compute-bound from B ~240", "google-tpu-v5e");
        kernel(c, "matmul", { { "k", "1e7" }, { "n", "1e7" } });
        out.push_back(check(solve(c, "m"), "value", 1, 0, "240"));
    }
    {
        SeedCase c = onDevice("000 s11.2 H100 matmul compute-bound from B ~295 (~300)", "nvidia-h100-sxm");
        kernel(c, "matmul", { { "k", "1e7" }, { "n", "1e7" } });
        out.push_back(check(solve(c, "m"), "value", 1, 0, "295"));
        out.push_back(check(solve(c, "m"), "value", 100, 0, "3"));
    }
    {
        SeedCase c = adHoc(
            "000 s4.3 sharded matmul flips at D > 8,755", "1.97e14", { { "hbm", "8.2e11" }, { "ici", "4.5e10" } });
        kernel(c, "sharded_matmul", { { "b", "1024" }, { "f", "8192" } });
        out.push_back(check(solve(c, "d", "ici"), "value", 1, -1, "8755"));
        SeedCase db = onDevice("000 s10.2 test 5 distributed flip on v5e near D ~8755", "google-tpu-v5e");
        kernel(db, "sharded_matmul", { { "b", "1024" }, { "f", "8192" } });
        out.push_back(check(solve(db, "d", "ici"), "value", 1, -1, "8755"));
        SeedCase bytes = onDevice("000 s1.8 two-chip partial sums move 2BF bytes", "google-tpu-v5e");
        kernel(bytes, "sharded_matmul", { { "b", "1024" }, { "d", "8192" }, { "f", "8192" } });
        out.push_back(check(bytes, "bytes.ici", 1, 0, "16777216"));
        out.push_back(check(bytes, "flops", 1, 0, "68719476736"));
    }
    {
        SeedCase c = adHoc("000 s6.1 int8 ridge ~486", "3.94e14", { { "hbm", "8.1e11" } });
        raw(c, "1e12", { { "", "1e9" } });
        out.push_back(check(c, "ridge.hbm", 1, 0, "486"));
        SeedCase s = adHoc("000 s6.1 full int8 threshold B > 243", "3.94e14", { { "hbm", "8.1e11" } });
        kernel(s, "matmul", { { "k", "1e7" }, { "n", "1e7" }, { "dtype", "int8" } });
        out.push_back(check(solve(s, "m"), "value", 1, -1, "243"));
        SeedCase b = adHoc("000 s6.1 int8 bytes BD+DF+BF", "3.94e14", { { "hbm", "8.1e11" } });
        kernel(b, "matmul", { { "m", "128" }, { "k", "4096" }, { "n", "8192" }, { "dtype", "int8" } });
        out.push_back(check(b, "bytes.hbm", 1, 0, "35127296"));
        out.push_back(check(b, "precision", 1, 0, "int8"));
    }
    {
        SeedCase c = onDevice("000 s6.2 bf16 x int8 weights threshold B > 120", "google-tpu-v5e");
        kernel(c, "matmul", { { "k", "1e7" }, { "n", "1e7" }, { "dtype", "bf16" }, { "dtype_b", "int8" } });
        out.push_back(check(solve(c, "m"), "value", 1, 0, "120"));
    }
    {
        SeedCase c = onDevice("000 s4.4 tiled matmul I ~ bm bn / (bm + bn)", "google-tpu-v5e");
        kernel(c, "tiled_matmul",
            { { "bm", "256" }, { "bk", "128" }, { "bn", "256" }, { "tm", "4" }, { "tk", "1000" }, { "tn", "4" } });
        out.push_back(check(c, "intensity.hbm", 1, 0, "128"));
    }
    {
        SeedCase c = onDevice("000 s12.1 per-example weights I -> 1", "google-tpu-v5e");
        kernel(c, "per_example_matmul", { { "b", "64" }, { "d", "4096" }, { "f", "4096" } });
        out.push_back(check(c, "intensity.hbm", 1, 2, "1.00"));
        out.push_back(check(c, "regime", 1, 0, "memory-bound"));
    }
    {
        SeedCase in = adHoc("000 s10.2 test 2 measured inside [T_min, T_max]", "100T", { { "hbm", "2T" } });
        raw(in, "1e12", { { "", "1e11" } });
        in.measured = "0.055";
        out.push_back(check(in, "within_bounds", 1, 0, "true"));
        out.push_back(check(in, "t_min_s", 1, 3, "0.050"));
        out.push_back(check(in, "t_max_s", 1, 3, "0.060"));
        SeedCase below = in;
        below.name = "000 s10.1 measured below T_min: counts or peaks are off";
        below.measured = "0.04";
        out.push_back(check(below, "within_bounds", 1, 0, "false"));
        out.push_back(check(below, "above_roof", 1, 0, "true"));
    }
    {
        SeedCase c = onDevice("000 s3.3 H100 sustained at 80 % of peak", "nvidia-h100-sxm");
        kernel(c, "matmul", { { "m", "65536" }, { "k", "4096" }, { "n", "16384" } });
        c.sustained = true;
        out.push_back(check(c, "attainable_flops_per_s", 1e12, 1, "791.2"));
        SeedCase t = onDevice("000 s3.2 TPU sustained at 95 % of peak", "google-tpu-v6e");
        kernel(t, "matmul", { { "m", "65536" }, { "k", "4096" }, { "n", "16384" } });
        t.sustained = true;
        out.push_back(check(t, "attainable_flops_per_s", 1e12, 1, "872.1"));
    }
}

struct Config {
    const char* label;
    const char* id;
    const char* precision;
};
const Config kTpuConfigs[] = {
    { "v7x (fp8)", "google-tpu-v7x", "fp8" },
    { "v7x (bf16)", "google-tpu-v7x", "bf16" },
    { "v6e", "google-tpu-v6e", "" },
    { "v5p", "google-tpu-v5p", "" },
};

void addSeed001(std::vector<SeedCase>& out)
{
    const char* ridges[] = { "640.8", "320.4", "573.8", "166.3" };
    for (int i = 0; i < 4; ++i) {
        SeedCase c = onDevice(std::string("001 s0 ridge ") + kTpuConfigs[i].label, kTpuConfigs[i].id);
        c.precision = kTpuConfigs[i].precision;
        raw(c, "1e12", { { "", "1e9" } });
        out.push_back(check(c, "ridge.hbm", 1, 1, ridges[i]));
    }
    struct TableKernel {
        const char* name;
        const char* templ;
        Pairs params;
        const char* ai;
        const char* cells[4][3]; // attainable T, % of peak, regime
    };
    const TableKernel table[] = {
        { "LayerNorm", "layernorm", { { "rows", "65536" }, { "hidden", "4096" } }, "1.7",
            { { "12", "0", "memory-bound" }, { "12", "1", "memory-bound" }, { "3", "0", "memory-bound" },
                { "5", "1", "memory-bound" } } },
        { "Attention QK^T", "matmul", { { "m", "1024" }, { "k", "128" }, { "n", "2048" } }, "107.8",
            { { "776", "17", "memory-bound" }, { "776", "34", "memory-bound" }, { "172", "19", "memory-bound" },
                { "297", "65", "memory-bound" } } },
        { "MatMul 600x600", "matmul", { { "m", "600" }, { "k", "600" }, { "n", "600" } }, "200.0",
            { { "1440", "31", "memory-bound" }, { "1440", "62", "memory-bound" }, { "320", "35", "memory-bound" },
                { "459", "100", "compute-bound" } } },
        { "FFN Up Proj", "matmul", { { "m", "65536" }, { "k", "4096" }, { "n", "16384" } }, "3120.8",
            { { "4614", "100", "compute-bound" }, { "2307", "100", "compute-bound" }, { "918", "100", "compute-bound" },
                { "459", "100", "compute-bound" } } },
    };
    for (const auto& k : table) {
        for (int i = 0; i < 4; ++i) {
            SeedCase c
                = onDevice(std::string("001 s3 table ") + k.name + " on " + kTpuConfigs[i].label, kTpuConfigs[i].id);
            c.precision = kTpuConfigs[i].precision;
            kernel(c, k.templ, k.params);
            if (i == 0) {
                out.push_back(check(c, "intensity.hbm", 1, 1, k.ai));
            }
            out.push_back(check(c, "attainable_flops_per_s", 1e12, 0, k.cells[i][0]));
            out.push_back(check(c, "fraction_of_peak", 0.01, 0, k.cells[i][1]));
            out.push_back(check(c, "regime", 1, 0, k.cells[i][2]));
        }
    }
    const char* sizes[] = { "64", "256", "1024", "4096", "16384" };
    const char* flops[] = { "524288", "33554432", "2147483648", "137438953472", "8796093022208" };
    const char* bytes[] = { "24576", "393216", "6291456", "100663296", "1610612736" };
    const char* ai[] = { "21.3", "85.3", "341.3", "1365.3", "5461.3" };
    for (int i = 0; i < 5; ++i) {
        SeedCase c = onDevice(std::string("001 s4 square matmul N=") + sizes[i], "google-tpu-v7x");
        kernel(c, "matmul", { { "m", sizes[i] }, { "k", sizes[i] }, { "n", sizes[i] } });
        out.push_back(check(c, "flops", 1, 0, flops[i]));
        out.push_back(check(c, "bytes.hbm", 1, 0, bytes[i]));
        out.push_back(check(c, "intensity.hbm", 1, 1, ai[i]));
    }
    const char* crossover[] = { "1922", "961", "1721", "498" };
    for (int i = 0; i < 4; ++i) {
        SeedCase c = onDevice(
            std::string("001 s4 square matmul compute-bound at N ~ ") + crossover[i] + " on " + kTpuConfigs[i].label,
            kTpuConfigs[i].id);
        c.precision = kTpuConfigs[i].precision;
        kernel(c, "matmul", {});
        out.push_back(check(solve(c, "m,k,n"), "value", 1, -1, crossover[i]));
    }
    const char* kernels[] = { "4", "2", "1" };
    const char* traffic[] = { "4.29", "2.15", "1.07" };
    const char* fusedAi[] = { "1.2", "2.5", "5.0" };
    const char* perf[] = { "9.0", "18.0", "36.0" };
    for (int i = 0; i < 3; ++i) {
        SeedCase c = onDevice(std::string("001 s4 fusion ") + kernels[i] + " kernels", "google-tpu-v7x");
        kernel(c, "fused_chain", { { "n", "268435456" }, { "flops_per_element", "20" }, { "kernels", kernels[i] } });
        out.push_back(check(c, "bytes.hbm", 1e9, 2, traffic[i]));
        out.push_back(check(c, "intensity.hbm", 1, 1, fusedAi[i]));
        out.push_back(check(c, "attainable_flops_per_s", 1e12, 1, perf[i]));
    }
    {
        SeedCase c = onDevice("001 s6 LayerNorm on v7x at 0.5 % of peak", "google-tpu-v7x");
        kernel(c, "layernorm", { { "rows", "65536" }, { "hidden", "4096" } });
        out.push_back(check(c, "attainable_flops_per_s", 1e12, 1, "12.0"));
        out.push_back(check(c, "fraction_of_peak", 0.01, 1, "0.5"));
    }
    {
        SeedCase bf = onDevice("001 s5 accumulator tax bf16 (fp32 accumulator)", "google-tpu-v7x");
        kernel(bf, "matmul", { { "m", "2048" }, { "k", "2048" }, { "n", "2048" }, { "dtype_acc", "fp32" } });
        out.push_back(check(bf, "flops", 1, 0, "17179869184"));
        out.push_back(check(bf, "bytes.hbm", 1, 0, "41943040"));
        out.push_back(check(bf, "intensity.hbm", 1, 1, "409.6"));
        SeedCase f8 = onDevice("001 s5 accumulator tax fp8 (bf16 accumulator)", "google-tpu-v7x");
        kernel(f8, "matmul",
            { { "m", "2048" }, { "k", "2048" }, { "n", "2048" }, { "dtype", "fp8" }, { "dtype_acc", "bf16" } });
        out.push_back(check(f8, "bytes.hbm", 1, 0, "20971520"));
        out.push_back(check(f8, "intensity.hbm", 1, 1, "819.2"));
    }
    struct Measured {
        const char* name;
        const char* ai;
        const char* seconds;
        const char* percent;
    };
    const Measured measured[] = {
        { "Kernel A", "2", "0.07548309178743962", "92" },
        { "Kernel B", "12", "0.021043771043771045", "55" },
        { "Kernel C", "150", "0.0026455026455026454", "35" },
        { "Kernel D", "2000", "0.0005557222722372267", "78" },
        { "elementwise op (8 % gap)", "5", "0.030193236714975844", "92" },
        { "MatMul kernel (75 % gap)", "500", "0.0017338534893801473", "25" },
    };
    for (const auto& m : measured) {
        SeedCase c = onDevice(std::string("001 s6 roofline vs reality ") + m.name, "google-tpu-v7x");
        raw(c, "1e12", { { "", std::to_string(1e12 / std::stod(m.ai)) } });
        c.measured = m.seconds;
        out.push_back(check(c, "fraction_of_roof", 0.01, 0, m.percent));
        out.push_back(check(c, "above_roof", 1, 0, "false"));
    }
    {
        SeedCase h = adHoc("001 s7 hierarchical HBM vs VMEM", "2307T", { { "hbm", "7.2T" }, { "vmem", "150T" } });
        raw(h, "1e12", { { "", "2e10" } }); // AI 50 on HBM
        out.push_back(check(h, "attainable_flops_per_s", 1e12, 0, "360"));
        h.measured = "0.0007936507936507937"; // 3.5 x the HBM prediction: 1260 TFLOP/s
        out.push_back(check(h, "above_roof", 1, 0, "true"));
        SeedCase v = adHoc("001 s7 VMEM ridge ~15", "2307T", { { "hbm", "7.2T" }, { "vmem", "150T" } });
        raw(v, "1e12", { { "vmem", "2e10" } });
        out.push_back(check(v, "ridge.vmem", 1, 0, "15"));
        out.push_back(check(v, "attainable_flops_per_s", 1e12, 0, "2307"));
    }
    const char* fractions[] = { "0.2", "0.4", "0.6" };
    const char* effective[] = { "1845.6", "1384.2", "922.8" };
    for (int i = 0; i < 3; ++i) {
        SeedCase c = onDevice(std::string("001 s7 ") + fractions[i] + " of step time in comms", "google-tpu-v7x");
        kernel(c, "matmul", { { "m", "65536" }, { "k", "4096" }, { "n", "16384" } });
        c.commFraction = fractions[i];
        out.push_back(check(c, "attainable_flops_per_s", 1e12, 1, effective[i]));
    }
}

Kernel buildKernel(const SeedCase& c)
{
    Kernel k;
    k.name = c.name;
    if (!c.kernel.empty()) {
        TemplateInstance t;
        t.name = c.kernel;
        for (const auto& [name, value] : c.params) {
            if (name.rfind("dtype", 0) == 0 || name == "link") {
                t.options[name] = value;
            } else {
                t.params[name] = *parseNumber(value);
            }
        }
        k.templ = t;
        const std::string error = applyTemplate(k);
        if (!error.empty() && c.command == "eval") {
            throw std::runtime_error(error);
        }
    } else {
        k.flops = *parseNumber(c.flops);
        for (const auto& [level, value] : c.bytes) {
            k.bytes.push_back({ level.empty() ? "default" : level, *parseNumber(value) });
        }
    }
    if (!c.measured.empty()) {
        k.measuredSeconds = *parseNumber(c.measured);
    }
    return k;
}

} // namespace

const std::vector<SeedCase>& seedCases()
{
    static const std::vector<SeedCase> cases = [] {
        std::vector<SeedCase> out;
        addSeed000(out);
        addSeed001(out);
        return out;
    }();
    return cases;
}

std::vector<std::string> seedCliArgs(const SeedCase& c)
{
    std::vector<std::string> args { c.command };
    if (!c.hardware.empty()) {
        std::string ids;
        for (const auto& id : c.hardware) {
            ids += (ids.empty() ? "" : ",") + id;
        }
        args.insert(args.end(), { "--hardware", ids });
    } else {
        args.insert(args.end(), { "--peak", c.peak });
        for (const auto& [level, bps] : c.bandwidths) {
            args.insert(args.end(), { "--bandwidth", level + "=" + bps });
        }
    }
    if (!c.kernel.empty()) {
        args.insert(args.end(), { "--kernel", c.kernel });
        for (const auto& [name, value] : c.params) {
            args.insert(args.end(), { "--param", name + "=" + value });
        }
    } else {
        args.insert(args.end(), { "--flops", c.flops });
        for (const auto& [level, value] : c.bytes) {
            args.insert(args.end(), { "--bytes", level.empty() ? value : level + "=" + value });
        }
    }
    auto option = [&](const char* name, const std::string& value) {
        if (!value.empty()) {
            args.insert(args.end(), { name, value });
        }
    };
    option("--precision", c.precision);
    option("--unit", c.unit);
    option("--measured", c.measured);
    option("--comm-fraction", c.commFraction);
    option("--free", c.free);
    option("--level", c.level);
    if (c.sustained) {
        args.emplace_back("--sustained");
    }
    args.emplace_back("--json");
    return args;
}

nlohmann::json seedCoreJson(const SeedCase& c, const HardwareDatabase& database)
{
    Hardware hw;
    if (!c.hardware.empty()) {
        const Hardware* found = database.find(c.hardware.front());
        if (!found) {
            throw std::runtime_error("no device " + c.hardware.front());
        }
        hw = *found;
    } else {
        std::vector<std::pair<std::string, double>> levels;
        for (const auto& [level, bps] : c.bandwidths) {
            levels.emplace_back(level, *parseNumber(bps));
        }
        hw = makeAdHocHardware(*parseNumber(c.peak), levels);
    }
    const Kernel k = buildKernel(c);
    EvalOptions options;
    options.precision = c.precision;
    options.unit = c.unit;
    options.sustained = c.sustained;
    options.commFraction = c.commFraction.empty() ? 0.0 : *parseNumber(c.commFraction);
    if (c.command == "solve") {
        auto result = solveCrossover(k, hw, options, c.free, c.level);
        if (!result.value) {
            throw std::runtime_error(result.error);
        }
        return solveResultToJson(result, hw.id, k.name, c.free);
    }
    auto result = evaluate(k, hw, options);
    if (!result.evaluation) {
        throw std::runtime_error(result.error);
    }
    return evaluationToJson(*result.evaluation, k);
}

std::string seedRender(const SeedCase& c, const nlohmann::json& object)
{
    const nlohmann::json* node = &object;
    size_t start = 0;
    while (start <= c.field.size()) {
        const size_t dot = c.field.find('.', start);
        const std::string key = c.field.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!node->is_object() || !node->contains(key)) {
            return "<missing " + c.field + ">";
        }
        node = &(*node)[key];
        if (dot == std::string::npos) {
            break;
        }
        start = dot + 1;
    }
    if (node->is_string()) {
        return node->get<std::string>();
    }
    if (node->is_boolean()) {
        return node->get<bool>() ? "true" : "false";
    }
    if (!node->is_number()) {
        return "<not a number: " + node->dump() + ">";
    }
    const double value = node->get<double>() / c.scale;
    if (c.decimals < 0) {
        return std::to_string(static_cast<long long>(std::floor(value)));
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", c.decimals, value);
    return buffer;
}

} // namespace roofscope::test
