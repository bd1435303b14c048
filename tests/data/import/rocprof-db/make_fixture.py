#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes analysis.db: a rocprof-compute analysis database (`rocprof-compute analyze
--output-format db`), schema 2.0.0.

The tables and columns are those of rocprof-compute's SQLAlchemy models
(ROCm/rocm-systems, projects/rocprofiler-compute/src/utils/analysis_orm.py, commit
002a2c742d0c7c3b851456eb730fc378c7bcf4ae); the values are computed as its db_analysis.py does:
compute_workload.roofline_bench_extdata holds roofline.csv's device-0 bandwidth and peak columns,
compute_kernel_roofline_data.total_flops is SUM(FLOPs) / SUM(End - Start ns) (GFLOP/s) and each
*_cache_data column SUM(FLOPs) / SUM(bytes on that level) (FLOP/byte; NULL when not a number).

Workload "mem_levels_HBM/MI200": the system information, the empirical roofs and the vecCopy
dispatches of the public MI200 workload in ../rocprof-compute (see ../README.md); vecCopy does no
floating-point work. One illustrative kernel, daxpy over 1,048,576 doubles in two dispatches of
10 us and 30 us, is added so that a kernel carries FLOPs: its counters are stated below.

Run from this folder: python3 make_fixture.py
"""
import csv
import json
import os
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
WORKLOAD = os.path.join(HERE, "..", "rocprof-compute")

SCHEMA = """
CREATE TABLE compute_workload (workload_id INTEGER NOT NULL, name VARCHAR, sub_name VARCHAR,
    sys_info_extdata JSON, roofline_bench_extdata JSON, profiling_config_extdata JSON, PRIMARY KEY (workload_id));
CREATE TABLE compute_metadata (id INTEGER NOT NULL, compute_version VARCHAR, git_version VARCHAR,
    schema_version VARCHAR, PRIMARY KEY (id));
CREATE TABLE compute_kernel (kernel_uuid INTEGER NOT NULL, workload_id INTEGER NOT NULL, kernel_name VARCHAR,
    PRIMARY KEY (kernel_uuid), UNIQUE (workload_id, kernel_name),
    FOREIGN KEY(workload_id) REFERENCES compute_workload (workload_id));
CREATE TABLE compute_dispatch (dispatch_uuid INTEGER NOT NULL, kernel_uuid INTEGER NOT NULL, dispatch_id INTEGER,
    gpu_id INTEGER, start_timestamp INTEGER, end_timestamp INTEGER, PRIMARY KEY (dispatch_uuid),
    UNIQUE (kernel_uuid, dispatch_id), FOREIGN KEY(kernel_uuid) REFERENCES compute_kernel (kernel_uuid));
CREATE TABLE compute_kernel_roofline_data (roofline_uuid INTEGER NOT NULL, kernel_uuid INTEGER NOT NULL,
    total_flops FLOAT, l0_cache_data FLOAT, l1_cache_data FLOAT, l2_cache_data FLOAT, hbm_cache_data FLOAT,
    lds_cache_data FLOAT, PRIMARY KEY (roofline_uuid), UNIQUE (kernel_uuid),
    FOREIGN KEY(kernel_uuid) REFERENCES compute_kernel (kernel_uuid));
CREATE TABLE compute_workload_roofline_data (roofline_uuid INTEGER NOT NULL, workload_id INTEGER NOT NULL,
    total_flops FLOAT, l0_cache_data FLOAT, l1_cache_data FLOAT, l2_cache_data FLOAT, hbm_cache_data FLOAT,
    lds_cache_data FLOAT, PRIMARY KEY (roofline_uuid), UNIQUE (workload_id),
    FOREIGN KEY(workload_id) REFERENCES compute_workload (workload_id));
CREATE TABLE compute_metric_definition (metric_uuid INTEGER NOT NULL, workload_id INTEGER NOT NULL, name VARCHAR,
    metric_id VARCHAR, description TEXT, table_name VARCHAR, sub_table_name VARCHAR, unit VARCHAR,
    PRIMARY KEY (metric_uuid), UNIQUE (workload_id, metric_id));
CREATE TABLE compute_kernel_metric_value (value_uuid INTEGER NOT NULL, metric_uuid INTEGER NOT NULL,
    kernel_uuid INTEGER NOT NULL, value_name VARCHAR, value FLOAT, PRIMARY KEY (value_uuid));
"""

# roofline.csv columns rocprof-compute keeps (levels, then VALU and MFMA peaks of gfx90a).
ROOF_KEYS = ["HBMBw", "L2Bw", "L1Bw", "LDSBw", "FP32Flops", "FP64Flops", "MFMAF16Flops", "MFMABF16Flops",
             "MFMAF32Flops", "MFMAF64Flops", "MFMAI8Ops"]


def number(text):
    try:
        value = float(text)
        return int(value) if value.is_integer() else value
    except ValueError:
        return text


def counters_to_roofline(dispatches):
    """rocprof-compute's table 4.2 for gfx90a over one kernel's dispatches."""
    flops = sum(64 * (d["ADD_F64"] + d["MUL_F64"] + 2 * d["FMA_F64"]) for d in dispatches)
    duration = sum(d["end"] - d["start"] for d in dispatches)
    levels = {
        "hbm": sum(d["hbm_bytes"] for d in dispatches),
        "l2": sum(64 * d["TCP_TCC_REQ"] for d in dispatches),
        "l1": sum(64 * d["TCP_TOTAL_CACHE_ACCESSES"] for d in dispatches),
        "lds": sum(d["lds_bytes"] for d in dispatches),
    }
    ai = {level: (flops / b if b > 0 else None) for level, b in levels.items()}
    return flops / duration, ai


def main():
    with open(os.path.join(WORKLOAD, "sysinfo.csv"), newline="") as f:
        sysinfo = {k: number(v) for k, v in next(csv.DictReader(f)).items()}
    with open(os.path.join(WORKLOAD, "roofline.csv"), newline="") as f:
        roof_row = next(csv.DictReader(f))
    roofs = {k: number(roof_row[k]) for k in ROOF_KEYS if k in roof_row}
    with open(os.path.join(WORKLOAD, "pmc_perf.csv"), newline="") as f:
        vcopy = list(csv.DictReader(f))

    kernels = {}
    for row in vcopy:
        hbm = 64 * float(row["TCC_EA_RDREQ_sum"])  # no 32B requests, no writes in this workload's counters
        kernels.setdefault(row["Kernel_Name"], []).append({
            "id": int(row["Dispatch_ID"]), "gpu": int(row["GPU_ID"]),
            "start": int(row["Start_Timestamp"]), "end": int(row["End_Timestamp"]),
            "ADD_F64": 0, "MUL_F64": 0, "FMA_F64": 0, "hbm_bytes": hbm,
            "TCP_TCC_REQ": float(row["TCP_TCC_READ_REQ_sum"]),
            "TCP_TOTAL_CACHE_ACCESSES": float(row["TCP_TOTAL_CACHE_ACCESSES_sum"]), "lds_bytes": 0})
    # Illustrative daxpy, y = a*x + y over n = 1,048,576 doubles per dispatch: 16,384 FMA_F64
    # instructions (x 64 lanes x 2 = 2,097,152 FLOPs), 24 bytes per element through HBM and L2
    # (25,165,824 B), twice that through L1 (786,432 accesses x 64 B = 50,331,648 B), no LDS.
    daxpy = {"ADD_F64": 0, "MUL_F64": 0, "FMA_F64": 16384, "hbm_bytes": 25165824,
             "TCP_TCC_REQ": 393216, "TCP_TOTAL_CACHE_ACCESSES": 786432, "lds_bytes": 0}
    kernels["daxpy_kernel(int, double, double const*, double*)"] = [
        dict(daxpy, id=3, gpu=2, start=1413525768800000, end=1413525768810000),
        dict(daxpy, id=4, gpu=2, start=1413525768900000, end=1413525768930000),
    ]

    path = os.path.join(HERE, "analysis.db")
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO compute_workload VALUES (1, 'mem_levels_HBM', 'MI200', ?, ?, ?)",
               (json.dumps(sysinfo), json.dumps(roofs), json.dumps({"version": "fixture"})))
    dispatch_uuid = 0
    for kernel_uuid, (name, dispatches) in enumerate(kernels.items(), start=1):
        db.execute("INSERT INTO compute_kernel VALUES (?, 1, ?)", (kernel_uuid, name))
        for d in dispatches:
            dispatch_uuid += 1
            db.execute("INSERT INTO compute_dispatch VALUES (?, ?, ?, ?, ?, ?)",
                       (dispatch_uuid, kernel_uuid, d["id"], d["gpu"], d["start"], d["end"]))
        gflops, ai = counters_to_roofline(dispatches)
        db.execute("INSERT INTO compute_kernel_roofline_data VALUES (?, ?, ?, NULL, ?, ?, ?, ?)",
                   (kernel_uuid, kernel_uuid, gflops, ai["l1"], ai["l2"], ai["hbm"], ai["lds"]))
    db.execute("INSERT INTO compute_metadata VALUES (1, 'fixture', '', '2.0.0')")
    db.commit()
    db.execute("VACUUM")
    db.close()


if __name__ == "__main__":
    main()
