#pragma once

// The Nsight Compute metrics the importer reads, and the factors that turn their units (Mbyte,
// usecond, GHz, ...) into SI base units.

#include <array>
#include <cstdint>
#include <string_view>
#include <unordered_map>

namespace roofscope::ncu {

enum Metric : std::uint8_t {
    DramBytes,
    LtsBytes,
    L1texBytes,
    GpuTime,
    CyclesAvg,
    CyclesPerSecond,
    DAdd,
    DMul,
    DFma,
    FAdd,
    FMul,
    FFma,
    HAdd,
    HMul,
    HFma,
    TensorInst,
    // Tensor-path operations by source type (Ampere and later): ncu's own tensor roofline charts
    // plot these as FLOPs.
    TensorOpsFp16Fp16,
    TensorOpsFp16Fp32,
    TensorOpsBf16,
    TensorOpsTf32,
    TensorOpsFp64,
    TensorOpsFp8,
    TensorOpsInt8,
    MetricCount
};

constexpr std::array<const char*, MetricCount> kMetricNames { "dram__bytes.sum", "lts__t_bytes.sum",
    "l1tex__t_bytes.sum", "gpu__time_duration.sum", "sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second",
    "sm__sass_thread_inst_executed_op_dadd_pred_on.sum", "sm__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_dfma_pred_on.sum", "sm__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "sm__sass_thread_inst_executed_op_fmul_pred_on.sum", "sm__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hadd_pred_on.sum", "sm__sass_thread_inst_executed_op_hmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hfma_pred_on.sum", "sm__inst_executed_pipe_tensor.sum",
    "sm__ops_path_tensor_src_fp16_dst_fp16.sum", "sm__ops_path_tensor_src_fp16_dst_fp32.sum",
    "sm__ops_path_tensor_src_bf16_dst_fp32.sum", "sm__ops_path_tensor_src_tf32_dst_fp32.sum",
    "sm__ops_path_tensor_src_fp64.sum", "sm__ops_path_tensor_src_fp8.sum", "sm__ops_path_tensor_src_int8.sum" };

static_assert(MetricCount <= 32, "Launch::present is a 32-bit mask");

// The precision each tensor-path operation metric counts.
struct TensorOpsMetric {
    Metric metric;
    const char* precision;
};
constexpr std::array<TensorOpsMetric, 7> kTensorOps { { { TensorOpsFp16Fp16, "fp16" }, { TensorOpsFp16Fp32, "fp16" },
    { TensorOpsBf16, "bf16" }, { TensorOpsTf32, "tf32" }, { TensorOpsFp64, "fp64" }, { TensorOpsFp8, "fp8" },
    { TensorOpsInt8, "int8" } } };

// FLOPs per tensor-pipe instruction on Volta (compute capability 7.0 and 7.2), where every HMMA is
// one shape: 512 (seed 003; NERSC's roofline-on-nvidia-gpus V100 tensor roofline section counts
// sm__inst_executed_pipe_tensor x 512). Later architectures issue MMA instructions of several
// shapes (on A100, 2,048 or 4,096 FLOPs each), so an instruction count alone has no rule there.
constexpr double kVoltaFlopsPerTensorInst = 512.0;

// The tensor rule for a compute capability ("7.0"): the FLOPs per tensor-pipe instruction, or 0
// when the architecture has none (or the capability is unknown).
double flopsPerTensorInst(std::string_view computeCapability);

// Metric name -> metric.
const std::unordered_map<std::string_view, Metric>& metricIndex();

enum class Quantity { Bytes, Time, Frequency, Count };

Quantity quantityOf(Metric m);

// The factor from `unit` to the SI base unit of `quantity` (0 when the unit is not one of it).
double unitFactor(std::string_view unit, Quantity quantity);

} // namespace roofscope::ncu
