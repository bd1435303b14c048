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
    MetricCount
};

constexpr std::array<const char*, MetricCount> kMetricNames { "dram__bytes.sum", "lts__t_bytes.sum",
    "l1tex__t_bytes.sum", "gpu__time_duration.sum", "sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second",
    "sm__sass_thread_inst_executed_op_dadd_pred_on.sum", "sm__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_dfma_pred_on.sum", "sm__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "sm__sass_thread_inst_executed_op_fmul_pred_on.sum", "sm__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hadd_pred_on.sum", "sm__sass_thread_inst_executed_op_hmul_pred_on.sum",
    "sm__sass_thread_inst_executed_op_hfma_pred_on.sum", "sm__inst_executed_pipe_tensor.sum" };

// FLOPs per tensor-pipe instruction (seed 003: the FP16 HMMA rate).
constexpr double kFlopsPerTensorInst = 512.0;

// Metric name -> metric.
const std::unordered_map<std::string_view, Metric>& metricIndex();

enum class Quantity { Bytes, Time, Frequency, Count };

Quantity quantityOf(Metric m);

// The factor from `unit` to the SI base unit of `quantity` (0 when the unit is not one of it).
double unitFactor(std::string_view unit, Quantity quantity);

} // namespace roofscope::ncu
