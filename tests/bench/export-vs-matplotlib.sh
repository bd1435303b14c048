#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A headless PNG+SVG export of each example session, `roofscope export -o X.png -o X.svg` (one process),
# against tests/bench/matplotlib_roofline.py drawing the same roofline from the numbers roofscope
# computed (`roofscope table --format json`, made once beforehand and not timed). Both are timed as
# whole processes, in turn (A B A B ...), RUNS times each; prints each session's medians and the ratio.
# Usage: tests/bench/export-vs-matplotlib.sh [ROOFSCOPE] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
roofscope=${1:-build/app/roofscope}
runs=${2:-5}
python=/usr/bin/python3
export QT_QPA_PLATFORM=offscreen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { # the wall time of one run of "$@", in seconds
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    awk -v s="$start" -v e="$end" 'BEGIN {printf "%.4f\n", (e - s) / 1e9}'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

printf '%-28s %12s %12s %8s\n' session roofscope matplotlib ratio
all_a=()
all_b=()
for session in resources/examples/*.yaml; do
    name=$(basename "$session" .yaml)
    "$roofscope" table --session "$session" --format json >"$work/$name.json" 2>/dev/null || continue
    a=()
    b=()
    for _ in $(seq "$runs"); do
        a+=("$(seconds "$roofscope" export --session "$session" -o "$work/$name.png" -o "$work/$name.svg")")
        b+=("$(seconds "$python" tests/bench/matplotlib_roofline.py "$work/$name.json" "$work/$name-mpl")")
    done
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    all_a+=("$ma")
    all_b+=("$mb")
    printf '%-28s %10.3f s %10.3f s %7.1fx\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN {print b / a}')"
done
ta=$(printf '%s\n' "${all_a[@]}" | awk '{s += $1} END {print s}')
tb=$(printf '%s\n' "${all_b[@]}" | awk '{s += $1} END {print s}')
printf '%-28s %10.3f s %10.3f s %7.1fx\n' "all (sum of medians)" "$ta" "$tb" "$(awk -v a="$ta" -v b="$tb" 'BEGIN {print b / a}')"
