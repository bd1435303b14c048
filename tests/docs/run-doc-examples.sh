#!/usr/bin/env bash
# Runs every fenced ```sh block of README.md and docs/*.md against a build of Roofscope.
#
#   run-doc-examples.sh ROOFSCOPE_EXECUTABLE SOURCE_DIR [FILE.md...]
#
# Each block runs in bash with `set -euo pipefail` from the root of a scratch copy of the repository's
# data (hardware/, resources/, tests/data/, docs/), so what a command writes lands in the copy;
# `roofscope` is the given executable, HOME and XDG_DATA_HOME point into the scratch folder. The blocks
# of one file share that folder, in order. A block whose fence says ```sh no-run is not run (say why
# in the text: it opens the window, needs a profiler, builds the project...); ```text, ```yaml and
# the rest are not shell. A block expected to fail says so itself (`cmd || test $? -eq 3`).
set -uo pipefail
exe=$1
src=$2
shift 2
[[ -x "$exe" ]] || { echo "error: $exe is not an executable" >&2; exit 2; }
exe=$(cd "$(dirname "$exe")" && pwd)/$(basename "$exe")
src=$(cd "$src" && pwd)
files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
    files=("$src/README.md" "$src"/docs/*.md)
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin"
ln -s "$exe" "$scratch/bin/roofscope"

ran=0
skipped=0
failed=0
for md in "${files[@]}"; do
    [[ -f "$md" ]] || continue
    name=${md#"$src"/}
    root="$scratch/root-$(basename "$md" .md)"
    mkdir -p "$root/tests" "$root/home"
    cp -R "$src/hardware" "$src/resources" "$src/docs" "$root/"
    cp -R "$src/tests/data" "$root/tests/"
    [[ -f "$src/README.md" ]] && cp "$src/README.md" "$root/"
    # block boundaries: "LINE<TAB>ATTRIBUTES" for each ```sh fence, the block's text in its own file
    awk -v dir="$scratch" -v base="$(basename "$md" .md)" '
        /^```/ {
            if (inside) { inside = 0; close(out); next }
            info = substr($0, 4)
            if (!fenced && info ~ /^sh([ \t]|$)/) {
                inside = 1; n++; out = dir "/" base "." n ".sh"
                printf "%d\t%s\n", NR, info > (dir "/" base ".index")
                printf "" > out
                next
            }
            fenced = !fenced
            next
        }
        inside { print >> out }
    ' "$md"
    [[ -f "$scratch/$(basename "$md" .md).index" ]] || continue
    n=0
    while IFS=$'\t' read -r line info; do
        n=$((n + 1))
        block="$scratch/$(basename "$md" .md).$n.sh"
        if [[ "$info" == *no-run* ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        ran=$((ran + 1))
        if output=$(cd "$root" && env PATH="$scratch/bin:$PATH" HOME="$root/home" XDG_DATA_HOME="$root/home/.local/share" \
            XDG_CONFIG_HOME="$root/home/.config" QT_QPA_PLATFORM=offscreen \
            bash -euo pipefail "$block" 2>&1 </dev/null); then
            echo "ok      $name:$line"
        else
            status=$?
            failed=$((failed + 1))
            echo "FAILED  $name:$line (exit status $status)"
            sed 's/^/    | /' "$block"
            echo "$output" | tail -20 | sed 's/^/    > /'
        fi
    done < "$scratch/$(basename "$md" .md).index"
done

echo "$ran blocks run, $failed failed, $skipped marked no-run"
[[ $ran -gt 0 ]] || { echo "error: no \`\`\`sh blocks found" >&2; exit 1; }
[[ $failed -eq 0 ]]
