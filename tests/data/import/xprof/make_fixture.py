#!/usr/bin/env python3
"""Writes roofline_model.json of this folder: XProf's Roofline Model tool output for a TPU.

XProf (tensorboard-plugin-profile) is not in any package registry this project's machines reach,
so the file is written from the fields of its public source (openxla/xprof, commit a27d00aa:
xprof/convert/op_stats_to_roofline_model.cc, GetRooflineModelDataTable: the columns and custom
properties; plugin/xprof/protobuf/roofline_model.proto: rates in GFLOP/s, bandwidths in GiB/s, times
in microseconds), shaped as the DataTable JSON its tools return (a list of {"cols", "rows", "p"}).
The values are illustrative, chosen so the tests can work them out by hand.
"""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
columns = ["step", "rank", "category", "operation", "occurrences", "total_time", "avg_time",
           "total_self_time", "avg_self_time", "total_self_time_percent",
           "cumulative_total_self_time_percent", "dma_stall_percent", "measured_flop_rate",
           "model_flop_rate", "measured_memory_bw", "hbm_bw", "cmem_read_bw", "cmem_write_bw",
           "vmem_read_bw", "vmem_write_bw", "operational_intensity", "hbm_operational_intensity",
           "cmem_read_operational_intensity", "cmem_write_operational_intensity",
           "vmem_read_operational_intensity", "vmem_write_operational_intensity",
           "bottleneck_operational_intensity", "bound_by", "total_time_per_core",
           "total_time_in_percentage", "optimal_flop_rate", "roofline_efficiency",
           "compute_efficiency", "max_mem_bw_utilization", "include_infeed_outfeed",
           "hlo_module_id", "source_info"]
types = {"step": "string", "category": "string", "operation": "string", "bound_by": "string",
         "include_infeed_outfeed": "boolean", "hlo_module_id": "string", "source_info": "string"}


def row(step, rank, category, op, occ, self_us, model_rate, hbm, vmem_rd, vmem_wr, bound):
    values = {c: 0.0 for c in columns}
    values.update(step=step, rank=rank, category=category, operation=op, occurrences=occ,
                  total_time=self_us, avg_time=self_us / occ, total_self_time=self_us,
                  avg_self_time=self_us / occ, measured_flop_rate=model_rate,
                  model_flop_rate=model_rate, hbm_bw=hbm, vmem_read_bw=vmem_rd,
                  vmem_write_bw=vmem_wr, measured_memory_bw=hbm + vmem_rd + vmem_wr,
                  bound_by=bound, include_infeed_outfeed=False, hlo_module_id="17",
                  source_info="")
    return {"c": [{"v": values[c]} for c in columns]}


rows = [
    row("Total", 0, "Program", "Program", 1, 2500.0, 120000.0, 700.0, 2400.0, 1200.0, "HBM"),
    row("Total", 1, "convolution fusion", "fusion.1", 10, 2000.0, 150000.0, 600.0, 2000.0, 1000.0,
        "Compute"),
    row("Total", 2, "data formatting", "copy.3", 4, 400.0, 0.0, 700.0, 0.0, 0.0, "HBM"),
    row("Total", 3, "all-reduce", "all-reduce.5", 2, 100.0, 500.0, 0.0, 0.0, 0.0, "Compute"),
    # Per-step and average rows repeat the ops: an importer reads one step only.
    row("Average", 1, "convolution fusion", "fusion.1", 5, 1000.0, 150000.0, 600.0, 2000.0, 1000.0,
        "Compute"),
    row("1", 1, "convolution fusion", "fusion.1", 5, 1000.0, 150000.0, 600.0, 2000.0, 1000.0,
        "Compute"),
]
table = {
    "cols": [{"id": c, "label": c, "type": types.get(c, "number")} for c in columns],
    "rows": rows,
    "p": {"device_type": "TPU v5 lite", "megacore": "0", "has_cmem": "0", "has_merged_vmem": "1",
          "peak_flop_rate": "197000", "peak_hbm_bw": "763", "peak_cmem_read_bw": "0",
          "peak_cmem_write_bw": "0", "peak_vmem_read_bw": "12000", "peak_vmem_write_bw": "6000",
          "hbm_ridge_point": "258.19", "time_scale_multiplier": "1"},
}
with open(os.path.join(here, "roofline_model.json"), "w") as f:
    json.dump([table], f)
