#!/usr/bin/env python3
"""Writes the JAX cost_analysis() fixtures of this folder.

JAX is not in any package registry this project's machines reach, so the files are written from the
keys of XLA's HloCostAnalysis (xla/service/hlo_cost_analysis.h: "flops", "transcendentals",
"bytes accessed", "optimal_seconds"; per operand "bytes accessed{N}{shape index}" and
"bytes accessedout{...}", "utilization{N}{...}") as `json.dump(compiled.cost_analysis(), f)` writes
them. Older JAX returned a list with one dict per device and spelled the operand keys
"bytes accessed operand N {}" / "bytes accessed output {}". The numbers are those of the programs
named (f32 matmul 1024x1024x1024 and friends), worked out by hand.
"""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
n = 1024
mat = n * n * 4  # bytes of one f32 1024x1024 matrix

matmul = {
    "flops": 2.0 * n ** 3,
    "transcendentals": 0.0,
    "bytes accessed": 3.0 * mat,
    "bytes accessed0{}": float(mat),
    "bytes accessed1{}": float(mat),
    "bytes accessedout{}": float(mat),
    "utilization0{}": 1.0,
    "utilization1{}": 1.0,
    "optimal_seconds": 0.0,
}
with open(os.path.join(here, "matmul_cost.json"), "w") as f:
    json.dump(matmul, f, indent=1)

# Older JAX: a list of per-device dicts, operand keys spelled out, no total.
gelu = {
    "flops": 8.0 * n * n,
    "transcendentals": float(n * n),
    "bytes accessed operand 0 {}": float(mat),
    "bytes accessed output {}": float(mat),
    "optimal_seconds": -1.0,
}
with open(os.path.join(here, "gelu_per_device.json"), "w") as f:
    json.dump([gelu, gelu], f, indent=1)

# A notebook's dump of several jitted functions by name.
named = {
    "matmul": matmul,
    "gelu": [gelu],
    "copy": {"flops": 0.0, "bytes accessed": 2.0 * mat},
    "custom_call": {"flops": -1.0, "bytes accessed": 4096.0},
}
with open(os.path.join(here, "named_costs.json"), "w") as f:
    json.dump(named, f, indent=1)
