#!/usr/bin/env python3
"""Print (or write into docs/hardware.md) the table of shipped devices.

Usage: tools/hardware-table.py BUILD/app/roofscope [--write docs/hardware.md]

The figures come from `roofscope hardware list/show --json`, so the table shows what the loader
reads from hardware/*.yaml: id, name, main precision, its dense peak, the default memory level's
bandwidth and the release year, then (for the serving model) the default level's capacity per chip
as the vendor's tools report it with its source, the TDP, the scale-up link (the first interconnect level) with its bandwidth as the file gives it,
the bandwidth one chip injects into a ring collective on it (one direction) and its latency per hop
(`~` marks estimates, `-` a figure the file does not give). With --write the rows between the file's
`<!-- device-table:begin -->` and `<!-- device-table:end -->` markers are replaced.
tests/core/test_hardware_data.cpp checks that the table lists every shipped device with these figures.
"""

import json
import subprocess
import sys

BEGIN = "<!-- device-table:begin -->"
END = "<!-- device-table:end -->"


def run(binary, *args):
    out = subprocess.run([binary, *args], check=True, capture_output=True, text=True, env={"HOME": "/nonexistent", "XDG_DATA_HOME": "/nonexistent"})
    return json.loads(out.stdout)


def si(value, unit):
    for factor, prefix in ((1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M")):
        if value >= factor:
            scaled = value / factor
            text = f"{scaled:.4g}"
            return f"{text} {prefix}{unit}"
    return f"{value:.4g} {unit}"


def binary_si(value):
    """Capacities as the tools print them: GiB when the figure is a whole number of GiB, MiB when it is
    a whole number of MiB (nvidia-smi's unit), else decimal bytes."""
    for unit, factor in (("GiB", 2**30), ("MiB", 2**20)):
        scaled = value / factor
        if abs(scaled - round(scaled)) < 1e-9 and value >= factor:
            return f"{round(scaled)} {unit}"
    return si(value, "B")


def capacity_source(device, level):
    """The capacity's source id, linked to its URL where it has one, and "estimate" where marked."""
    source_id = level.get("capacity_source")
    if not source_id:
        return "-"
    source = next((s for s in device.get("sources", []) if s["id"] == source_id), {})
    text = f"[{source_id}]({source['url']})" if source.get("url") else source_id
    return f"estimate, {text}" if level.get("capacity_estimate") else text


def main_precision(device):
    peaks = device["peak_flops_per_s"]
    if "bf16" in peaks:
        return "bf16"
    order = ["fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "fp6", "int4", "fp4"]
    return next(p for p in order if p in peaks)


def table(binary):
    rows = [
        "| id | name | main precision | dense peak | memory bandwidth | year | capacity | capacity source | TDP | scale-up link | collective bandwidth | latency |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    devices = sorted(run(binary, "hardware", "list", "--json"), key=lambda d: (d["vendor"].lower(), d["family"].lower(), d["id"]))
    for summary in devices:
        device = run(binary, "hardware", "show", summary["id"], "--json")
        precision = main_precision(device)
        peak = si(device["peak_flops_per_s"][precision], "FLOP/s")
        bandwidth = si(device["bandwidth_bytes_per_s"][device["default_level"]], "B/s")
        levels = {level["name"]: level for level in device["levels"]}
        main = levels[device["default_level"]]
        capacity = main.get("capacity_bytes")
        capacity = ("~" if main.get("capacity_estimate") else "") + binary_si(capacity) if capacity else "-"
        source = capacity_source(device, main) if main.get("capacity_bytes") else "-"
        tdp = f"{device['tdp_w']:.4g} W" if "tdp_w" in device else "-"
        link = next((level for level in device["levels"] if level["kind"] == "interconnect"), None)
        if link:
            mark = "~" if link.get("collective_estimate") else ""
            name = f"{link['name']} {si(link['bandwidth_bytes_per_s'], 'B/s')}"
            collective = f"{mark}{si(link['collective_bandwidth_bytes_per_s'], 'B/s')}" if "collective_bandwidth_bytes_per_s" in link else "-"
            latency = f"{mark}{link['latency_s'] * 1e6:.3g} us" if "latency_s" in link else "-"
        else:
            name, collective, latency = "-", "-", "-"
        rows.append(f"| `{device['id']}` | {device['name']} | {precision} | {peak} | {bandwidth} | {device['year']} | {capacity} | {source} | {tdp} | {name} | {collective} | {latency} |")
    return "\n".join(rows)


def main():
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--write"):
        sys.exit(__doc__)
    text = table(sys.argv[1])
    if len(sys.argv) == 2:
        print(text)
        return
    path = sys.argv[3]
    with open(path, encoding="utf-8") as f:
        readme = f.read()
    start = readme.index(BEGIN) + len(BEGIN)
    stop = readme.index(END)
    readme = readme[:start] + "\n" + text + "\n" + readme[stop:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(readme)


if __name__ == "__main__":
    main()
