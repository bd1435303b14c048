#!/usr/bin/env bash
# Checks the Debian package `make package` built in BUILD_DIR (default build): lintian (Debian's policy
# checker) reports no error and no warning, the desktop file and the AppStream metadata pass their
# validators, the manual page renders with man and the bash completion loads, and the program unpacked
# from the .deb into a temporary folder (dpkg -x, nothing installed on this machine) runs from there
# with its own hardware database and example sessions.
set -euo pipefail
build_dir=${1:-build}
cd "$(dirname "$0")/.."

debs=("$build_dir"/roofscope_*.deb)
[[ -f "${debs[0]}" ]] || { echo "error: no roofscope_*.deb in $build_dir (run make package)" >&2; exit 1; }
deb=${debs[-1]}
echo "== $deb"
dpkg-deb --field "$deb" Package Version Depends

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg -x "$deb" "$root"
app_id=io.github.roofscope.Roofscope

echo "== lintian"
# Any error or warning fails the check; tags overridden in the package say why beside them.
lintian --fail-on error,warning --display-info "$deb"
echo "lintian: no errors, no warnings"

echo "== validators"
desktop-file-validate "$root/usr/share/applications/$app_id.desktop"
appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml"
for f in usr/bin/roofscope usr/share/roofscope/hardware/nvidia-h100-sxm.yaml usr/share/roofscope/models/deepseek-v3.yaml \
    usr/share/roofscope/examples/transformer-layer.yaml usr/share/roofscope/roofscope.svg \
    usr/share/mime/packages/roofscope.xml usr/share/icons/hicolor/scalable/apps/$app_id.svg \
    usr/share/icons/hicolor/48x48/apps/$app_id.png; do
    [[ -f "$root/$f" ]] || { echo "error: the package has no /$f" >&2; exit 1; }
done

echo "== the manual page and the completion"
page=$root/usr/share/man/man1/roofscope.1.gz
[[ -f $page ]] || { echo "error: the package has no /usr/share/man/man1/roofscope.1.gz" >&2; exit 1; }
# man -l renders the unpacked page (col -b: plain text, without the overstrikes for bold); --warnings
# makes groff report what it could not set.
man_out=$root/man.txt
LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>"$root/man.err" | col -b >"$man_out" ||
    { cat "$root/man.err" >&2; echo "error: man -l failed on $page" >&2; exit 1; }
[[ ! -s "$root/man.err" ]] || { cat "$root/man.err" >&2; echo "error: groff warns on the manual page" >&2; exit 1; }
for text in "roofscope - roofline explorer" "roofscope eval" "--hardware ID[,ID...]" "EXIT STATUS"; do
    grep -qF -- "$text" "$man_out" || { echo "error: man -l shows no '$text'" >&2; exit 1; }
done
echo "man -l: $(wc -l <"$man_out") lines"
completion=$root/usr/share/bash-completion/completions/roofscope
[[ -f $completion ]] || { echo "error: the package has no $completion" >&2; exit 1; }
bash -c 'source "$1" && complete -p roofscope' _ "$completion"

echo "== the session file type"
# The package's MIME type on top of the system's: a session is recognised by its schema line or by a
# .roofscope.yaml name; a device file and other YAML stay YAML.
mime=$root/mime-check
mkdir -p "$mime/mime/packages"
cp /usr/share/mime/packages/freedesktop.org.xml "$root/usr/share/mime/packages/roofscope.xml" "$mime/mime/packages/"
update-mime-database "$mime/mime" >/dev/null 2>&1
cp "$root/usr/share/roofscope/examples/fusion.yaml" "$mime/session.yaml"
printf 'title: no schema line\n' >"$mime/named.roofscope.yaml"
cp "$root/usr/share/roofscope/hardware/nvidia-l4.yaml" "$mime/device.yaml"
printf 'a: 1\n' >"$mime/other.yaml"
type_of() { XDG_DATA_DIRS=$mime XDG_DATA_HOME=$mime/none gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p'; }
for case in session.yaml=application/x-roofscope-session named.roofscope.yaml=application/x-roofscope-session \
    device.yaml=application/x-yaml other.yaml=application/x-yaml; do
    got=$(type_of "$mime/${case%%=*}")
    [[ "$got" == "${case#*=}" ]] || { echo "error: ${case%%=*} is $got, expected ${case#*=}" >&2; exit 1; }
    echo "${case%%=*}: $got"
done

echo "== the unpacked program, away from the source tree"
# No ROOFSCOPE_* variables and a working folder outside the checkout: the program has to find its
# data under $root/usr/share/roofscope through its own path.
unset ROOFSCOPE_HARDWARE_DIR ROOFSCOPE_EXAMPLES_DIR ROOFSCOPE_MODELS_DIR ROOFSCOPE_PUBLISHED_RUNS_DIR
work=$root/work
mkdir -p "$work"
cd "$work"
"$root/usr/bin/roofscope" --version
devices=$("$root/usr/bin/roofscope" hardware list)
echo "$devices" | head -5
# One line per device under the header line.
count=$(($(echo "$devices" | grep -c . || true) - 1))
shipped=$(ls "$root/usr/share/roofscope/hardware"/*.yaml | wc -l)
[[ $count -eq $shipped ]] || { echo "error: hardware list shows $count devices for $shipped shipped files" >&2; exit 1; }
# the database really came from the package, not from a source tree the build remembers
from=$("$root/usr/bin/roofscope" hardware show nvidia-h100-sxm --json | grep '"file"')
[[ "$from" == *"$root/usr/share/roofscope/hardware/"* ]] ||
    { echo "error: the unpacked program read its database elsewhere: $from" >&2; exit 1; }
"$root/usr/bin/roofscope" export --session "$root/usr/share/roofscope/examples/transformer-layer.yaml" -o chart.svg
grep -q "<svg" chart.svg || { echo "error: the export wrote no SVG" >&2; exit 1; }
models=$("$root/usr/bin/roofscope" models list --json | grep -c '"file": ".*/usr/share/roofscope/models/' || true)
[[ $models -eq $(ls "$root/usr/share/roofscope/models"/*.yaml | wc -l) ]] ||
    { echo "error: models list read $models catalogue files from the package" >&2; exit 1; }

echo "== the Python module, unpacked"
# Debian's python3 with the unpacked dist-packages first: the module loads, finds the package's data
# beside it and answers as the unpacked program does.
python_dir=$root/usr/lib/python3/dist-packages
[[ -f "$python_dir/roofscope/__init__.py" ]] || { echo "error: the package has no Python module" >&2; exit 1; }
PYTHONPATH=$python_dir /usr/bin/python3 -c "import roofscope; print('import roofscope', roofscope.version())"
PYTHONPATH=$python_dir /usr/bin/python3 - "$root" <<'PY'
import json, subprocess, sys
import roofscope
root = sys.argv[1]
device = roofscope.hardware("nvidia-h100-sxm")
assert device["file"].startswith(root + "/usr/share/roofscope/hardware/"), device["file"]
ours = roofscope.transformer("nvidia-h200-sxm", model="mixtral-8x7b", chips=8, params={"batch": 64, "seq": 2048})
theirs = json.loads(subprocess.run([root + "/usr/bin/roofscope", "workload", "transformer", "--hardware",
                                    "nvidia-h200-sxm", "--model", "mixtral-8x7b", "--chips", "8", "--param",
                                    "batch=64,seq=2048", "--json"], capture_output=True, text=True, check=True).stdout)
assert ours == theirs, "the module and the program disagree"
print("python module: the same step as the unpacked program,", round(ours["devices"][0]["tokens_per_s"]), "tokens/s")
PY
echo "package check passed: $(basename "$deb"), $count devices listed, $models models, export wrote $(wc -c <chart.svg) bytes, the Python module answered"
