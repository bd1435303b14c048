#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The peer of `roofscope export` in the export benchmark: a plain matplotlib script drawing the
same roofline chart (each device's memory slope and compute roof, log-log; every kernel's point on
every device, labelled; legend and title) as PNG and SVG.

It is handed the numbers: the rows of `roofscope table --session S --format json`, so it is timed on
starting Python, loading matplotlib and drawing, not on the model. Usage:

    matplotlib_roofline.py TABLE.json OUT_STEM [WIDTH HEIGHT]   # writes OUT_STEM.png and OUT_STEM.svg
"""

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    rows = json.load(open(sys.argv[1]))
    stem = sys.argv[2]
    width = int(sys.argv[3]) if len(sys.argv) > 3 else 1200
    height = int(sys.argv[4]) if len(sys.argv) > 4 else 750
    devices = {}
    for row in rows:
        if "compute_roof_flops_per_s" not in row:  # a transformer group's summary row: no point of its own
            continue
        d = devices.setdefault(row["hardware"], {"name": row.get("hardware_name", row["hardware"]), "points": []})
        d["peak"] = row["compute_roof_flops_per_s"]
        memory = row["bandwidth_bytes_per_s"].get(row["default_level"])  # a collective's row has its link only
        if memory:
            d["bandwidth"] = memory
        # The intensity on the level that binds the kernel (the chart's default x-axis draws the same).
        intensity = (row.get("intensity") or {}).get(row.get("level"))
        if intensity and row.get("attainable_flops_per_s"):
            d["points"].append((row["kernel"], intensity, row["attainable_flops_per_s"]))

    fig, ax = plt.subplots(figsize=(width / 100.0, height / 100.0), dpi=100)
    ax.set_xscale("log")
    ax.set_yscale("log")
    lo, hi = 0.05, 20000.0
    for i, d in enumerate(devices.values()):
        if "bandwidth" not in d:
            continue
        colour = "C%d" % i
        ridge = d["peak"] / d["bandwidth"]
        ax.plot([lo, ridge, hi], [d["bandwidth"] * lo, d["peak"], d["peak"]], color=colour, lw=2, label=d["name"])
        ax.annotate("%.3g TFLOP/s" % (d["peak"] / 1e12), (hi, d["peak"]), ha="right", va="bottom", color=colour,
                    fontsize=8)
        ax.annotate("%.3g TB/s" % (d["bandwidth"] / 1e12), (lo * 3, d["bandwidth"] * lo * 3), rotation=30,
                    color=colour, fontsize=8)
        for name, x, y in d["points"]:
            ax.plot([x], [y], "o", color=colour, ms=5)
            if i == 0:
                ax.annotate(name, (x, y), textcoords="offset points", xytext=(0, 6), ha="center", fontsize=7)
    ax.set_xlim(lo, hi)
    ax.set_xlabel("Arithmetic intensity (FLOP/byte)")
    ax.set_ylabel("Attainable performance (FLOP/s)")
    ax.set_title("Roofline")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(stem + ".png")
    fig.savefig(stem + ".svg")


if __name__ == "__main__":
    main()
