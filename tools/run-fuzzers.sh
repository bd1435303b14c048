#!/usr/bin/env bash
# Runs every fuzz target of BUILD_DIR for SECONDS each, on top of the stored corpus
# (tests/fuzz/corpus/<target>) and a working corpus kept in BUILD_DIR/corpus/<target>.
# Prints the executions per target. An input that makes a target fail is copied to
# tests/fuzz/regressions/<target>/ (the replay suite then runs it in `make test`) and the script
# exits with status 1.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
seconds=${2:-20}
source_dir=tests/fuzz
targets=$(sed -n 's/^    \([a-z_]*\)$/\1/p' "$source_dir/FuzzTargets.cmake")
failed=0
printf '%-24s %12s %10s %8s  %s\n' TARGET EXECUTIONS EXEC/S CORPUS RESULT
for target in $targets; do
    binary="$build/fuzz_$target"
    [[ -x "$binary" ]] || { echo "missing $binary: run make fuzz first" >&2; exit 2; }
    work="$build/corpus/$target"
    artifacts="$build/artifacts/$target"
    mkdir -p "$work" "$artifacts"
    log="$build/fuzz_$target.log"
    # -rss_limit_mb: the loaders refuse files over 1 MiB (YAML) and 128 MiB (imports) before reading.
    "$binary" -max_total_time="$seconds" -print_final_stats=1 -dict="$source_dir/roofscope.dict" \
        -max_len=65536 -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$artifacts/" \
        "$work" "$source_dir/corpus/$target" >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(find "$work" -type f | wc -l)
    result=ok
    found=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) 2>/dev/null)
    if [[ $status -ne 0 || -n "$found" ]]; then
        result="FAILED (exit $status, log $log)"
        failed=1
        mkdir -p "$source_dir/regressions/$target"
        for f in $found; do
            cp "$f" "$source_dir/regressions/$target/"
            result="$result; kept $source_dir/regressions/$target/$(basename "$f")"
        done
    fi
    printf '%-24s %12s %10s %8s  %s\n' "$target" "${runs:-?}" "${rate:-?}" "$size" "$result"
done
exit $failed
