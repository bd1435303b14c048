#!/usr/bin/env bash
# Drives the generated bash completion as bash does on Tab: sources the script, sets COMP_WORDS and
# COMP_CWORD, calls the function `complete -p roofscope` names and reads COMPREPLY. Sub-commands,
# options per sub-command, option values (device ids from the program, lists of ids, choices,
# templates), files and --option=value.
# Usage: test_completion.sh PROGRAM COMPLETION_SCRIPT
set -uo pipefail
program=$1
script=$2
[[ -x $program && -f $script ]] || { echo "usage: $0 PROGRAM COMPLETION_SCRIPT" >&2; exit 2; }
program=$(realpath "$program")
script=$(realpath "$script")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
# `roofscope` on the PATH is the program under test, as it is once installed.
mkdir "$work/bin"
ln -s "$program" "$work/bin/roofscope"
PATH=$work/bin:$PATH

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# shellcheck source=/dev/null
source "$script"
spec=$(complete -p roofscope 2>/dev/null)
[[ $spec == *"-F "* ]] || { echo "FAIL: the script registers no completion function for roofscope" >&2; exit 1; }
function=${spec#*-F }
function=${function%% *}

# complete WORD...: the candidates for the last word of `WORD...`.
complete_line() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    "$function" roofscope "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]:-}" 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}"
}
# offers CANDIDATE -- WORD...: the candidates for the line include CANDIDATE.
offers() {
    local want=$1
    shift 2
    local got
    got=$(complete_line "$@")
    grep -qxF -- "$want" <<<"$got" || fail "'$*' does not offer '$want' (got: $(tr '\n' ' ' <<<"$got"))"
}
# offers_not CANDIDATE -- WORD...
offers_not() {
    local unwanted=$1
    shift 2
    local got
    got=$(complete_line "$@")
    ! grep -qxF -- "$unwanted" <<<"$got" || fail "'$*' offers '$unwanted'"
}
# offers_only CANDIDATES -- WORD...: exactly these candidates, in any order.
offers_only() {
    local expected=$1 want
    want=$(tr ' ' '\n' <<<"$1" | sort)
    shift 2
    local got
    got=$(complete_line "$@" | sort)
    [[ $got == "$want" ]] || fail "'$*' offers '$(tr '\n' ' ' <<<"$got")', expected '$expected'"
}

# --- sub-commands ---------------------------------------------------------------------------------
offers_only "eval export" -- roofscope e
for command in hardware eval solve table compare export import sweep map workload diff help; do
    offers "$command" -- roofscope ""
done
offers_only "list show" -- roofscope hardware ""
offers_only "transformer" -- roofscope workload ""
offers "rocprof-db" -- roofscope import ""
offers "advisor" -- roofscope import ""

# --- options of each sub-command ------------------------------------------------------------------
offers_only "--sustained" -- roofscope eval --sus
offers "--free" -- roofscope solve --
offers_not "--free" -- roofscope eval --
offers "-o" -- roofscope export -
offers "--shade" -- roofscope map --
offers_not "--shade" -- roofscope sweep --
offers_only "--session" -- roofscope table --sess
offers "--json" -- roofscope hardware list --
offers "--version" -- roofscope --

# --- device ids from the program ------------------------------------------------------------------
devices=$(roofscope hardware list | awk 'NR > 1 { print $1 }' | sort)
[[ $(wc -l <<<"$devices") -ge 10 ]] || fail "hardware list shows too few devices: $devices"
[[ $(roofscope --complete devices | sort) == "$devices" ]] || fail "--complete devices differs from hardware list"
offers "nvidia-h100-sxm" -- roofscope eval --hardware nvidia-h1
offers_not "google-tpu-v5e" -- roofscope eval --hardware nvidia-h1
offers "google-tpu-v5e,nvidia-h100-sxm" -- roofscope sweep --hardware google-tpu-v5e,nvidia-h1
offers "google-tpu-v5p" -- roofscope hardware show google-tpu-v5
offers_only "" -- roofscope hardware list goo
offers "nvidia-h100-sxm" -- roofscope compare --session s.yaml --baseline nvidia-h100-s
# a device of a --hardware-dir on the line is offered too
mkdir "$work/devices"
l4=$(roofscope hardware show nvidia-l4 --json | sed -n 's/.*"file": "\(.*\)".*/\1/p')
sed 's/^id: .*/id: zz-completion-device/' "$l4" >"$work/devices/zz.yaml"
offers "zz-completion-device" -- roofscope eval --hardware-dir "$work/devices" --hardware zz
offers_not "zz-completion-device" -- roofscope eval --hardware zz

# --- other values ---------------------------------------------------------------------------------
offers_only "text csv markdown json" -- roofscope table --format ""
offers_only "csv" -- roofscope table --format = c
offers_only "text csv markdown json" -- roofscope compare --format =
offers_only "light dark" -- roofscope export --theme ""
offers "matmul" -- roofscope eval --kernel mat
offers "transformer" -- roofscope map --kernel tr
offers_only "" -- roofscope eval --flops ""

# --- files where a file is expected ---------------------------------------------------------------
mkdir "$work/runs"
touch "$work/runs/before.csv" "$work/runs/session.yaml"
offers "$work/runs/before.csv" -- roofscope diff "$work/runs/bef"
offers "$work/runs/before.csv" -- roofscope import csv "$work/runs/b"
offers "$work/runs/session.yaml" -- roofscope table --session "$work/runs/s"
offers "$work/runs/session.yaml" -- roofscope export --session "$work/runs/session.yaml" -o "$work/runs/s"
offers "$work/runs/session.yaml" -- roofscope "$work/runs/ses"
offers_only "$work/runs" -- roofscope eval --hardware-dir "$work/ru"
# after an option's value, the next word is an operand again
offers "$work/runs/before.csv" -- roofscope diff --threshold 5% "$work/runs/bef"
offers "$work/runs/before.csv" -- roofscope import csv --title=T "$work/runs/bef"
offers "$work/runs/before.csv" -- roofscope import csv --title = T "$work/runs/bef"

if ((failures > 0)); then
    echo "$failures completion check(s) failed" >&2
    exit 1
fi
echo "completion checks passed"
