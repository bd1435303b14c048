#include "io/NcuLaunch.h"

#include "io/ImportUtil.h"

namespace roofscope::ncu {

namespace {
constexpr std::uint32_t bit(Metric m)
{
    return 1U << m;
}
} // namespace

bool hasFlopCounters(std::uint32_t present)
{
    std::uint32_t flops = 0;
    for (Metric m : { DAdd, DMul, DFma, FAdd, FMul, FFma, HAdd, HMul, HFma, TensorInst }) {
        flops |= bit(m);
    }
    for (const auto& ops : kTensorOps) {
        flops |= bit(ops.metric);
    }
    return (present & flops) != 0;
}

bool hasByteCounters(std::uint32_t present)
{
    return (present & (bit(DramBytes) | bit(LtsBytes) | bit(L1texBytes))) != 0;
}

bool hasRuntime(std::uint32_t present)
{
    return (present & bit(GpuTime)) != 0 || ((present & bit(CyclesAvg)) != 0 && (present & bit(CyclesPerSecond)) != 0);
}

void LaunchFinisher::finish(const Launch& launch)
{
    auto who = [&]() { return "kernel '" + launch.name + "' (ID " + launch.id + ")"; };
    auto skip = [&](const std::string& why) {
        m_skipWarnings.push_back(m_result.diagnostics.size());
        m_result.diagnostics.push_back(importutil::warningAt(
            launch.file, launch.line, who() + " cannot be measured: " + why + "; it is left out"));
    };
    auto rule = [&](const std::string& text) {
        RuleUse& use = m_rules[{ launch.file, text }];
        if (use.launches++ == 0) {
            use.line = launch.line;
        }
    };
    if (!launch.problem.empty()) {
        skip(launch.problem);
        return;
    }
    ImportedKernel k;
    k.baseName = launch.name;
    k.kernel.name = launch.name;
    k.launchId = launch.id;
    k.file = launch.file;
    k.line = launch.line;
    bool anyFlops = false;
    auto precision = [&](const char* key, Metric add, Metric mul, Metric fma) {
        if (!launch.has(add) && !launch.has(mul) && !launch.has(fma)) {
            return;
        }
        anyFlops = true;
        k.flopsByPrecision[key] = launch.values[add] + launch.values[mul] + 2.0 * launch.values[fma];
    };
    precision("fp64", DAdd, DMul, DFma);
    precision("fp32", FAdd, FMul, FFma);
    precision("fp16", HAdd, HMul, HFma);
    // Tensor-core work: the tensor-path operation counts where ncu has them (any architecture);
    // else the instruction count times the FLOPs of the architecture's one MMA shape (Volta).
    bool anyOps = false;
    for (const auto& ops : kTensorOps) {
        if (launch.has(ops.metric)) {
            anyOps = true;
            k.flopsByPrecision[ops.precision] += launch.values[ops.metric];
        }
    }
    if (anyOps) {
        anyFlops = true;
        rule("tensor-core FLOPs from the tensor-path operation counts (sm__ops_path_tensor_src_*.sum, one FLOP "
             "per operation, as Nsight Compute's tensor roofline plots them)");
    } else if (launch.has(TensorInst)) {
        anyFlops = true;
        const double instructions = launch.values[TensorInst];
        const double perInstruction = flopsPerTensorInst(launch.computeCapability);
        if (perInstruction > 0.0) {
            k.flopsByPrecision["tensor"] = instructions * perInstruction;
            rule("tensor-core FLOPs = sm__inst_executed_pipe_tensor.sum x 512 (Volta, compute capability "
                + launch.computeCapability + ": one HMMA shape)");
        } else if (instructions > 0.0) {
            k.flopsByPrecision["tensor"] = 0.0;
            rule(std::string("tensor-core instructions not counted as FLOPs: ")
                + (launch.computeCapability.empty() ? std::string("the file names no compute capability (CC)")
                                                    : "compute capability " + launch.computeCapability)
                + " has no single FLOPs-per-instruction rule (MMA shapes differ); profile with "
                  "sm__ops_path_tensor_src_*.sum to count them, so these kernels' FLOPs are too low");
        } else {
            k.flopsByPrecision["tensor"] = 0.0; // no tensor work: nothing to convert
        }
    }
    if (!anyFlops) {
        skip("no FLOP counters (sm__sass_thread_inst_executed_op_{d,f,h}{add,mul,fma}_pred_on.sum, "
             "sm__inst_executed_pipe_tensor.sum or sm__ops_path_tensor_src_*.sum)");
        return;
    }
    for (const auto& [p, flops] : k.flopsByPrecision) {
        k.kernel.flops += flops;
    }
    k.kernel.precision = importutil::dominantPrecision(k.flopsByPrecision, "fp16");
    const std::array<std::pair<Metric, const char*>, 3> levels { { { DramBytes, "dram" }, { LtsBytes, "l2" },
        { L1texBytes, "l1" } } };
    for (const auto& [metric, level] : levels) {
        if (launch.has(metric) && launch.values[metric] >= 0.0) {
            k.kernel.bytes.push_back({ level, launch.values[metric] });
        }
    }
    if (k.kernel.bytes.empty()) {
        skip("no byte counts (dram__bytes.sum, lts__t_bytes.sum, l1tex__t_bytes.sum)");
        return;
    }
    if (!importutil::dropZeroByteLevels(k, who(), m_result.diagnostics)) {
        return;
    }
    if (launch.has(GpuTime) && launch.values[GpuTime] > 0.0) {
        k.kernel.measuredSeconds = launch.values[GpuTime];
    } else if (launch.has(CyclesAvg) && launch.has(CyclesPerSecond) && launch.values[CyclesPerSecond] > 0.0
        && launch.values[CyclesAvg] > 0.0) {
        k.kernel.measuredSeconds = launch.values[CyclesAvg] / launch.values[CyclesPerSecond];
    } else {
        m_result.diagnostics.push_back(importutil::warningAt(launch.file, launch.line,
            who()
                + " has no runtime (gpu__time_duration.sum, or sm__cycles_elapsed.avg with .per_second): imported "
                  "without a measured time"));
    }
    importutil::collectKernel(m_result, m_aggregator, std::move(k));
}

void LaunchFinisher::summarize()
{
    for (const auto& [key, use] : m_rules) {
        m_result.diagnostics.push_back(importutil::warningAt(key.first, use.line,
            key.second + " (" + std::to_string(use.launches) + (use.launches == 1 ? " launch)" : " launches)")));
    }
    m_rules.clear();
}

} // namespace roofscope::ncu
