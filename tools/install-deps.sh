#!/usr/bin/env bash
# Installs the Debian 12 packages Roofscope needs, only those that are missing.
# Quick (a dpkg query) when everything is present. Uses sudo when not root.
# With --fuzz: the compiler and runtime of the fuzz build instead (clang and libFuzzer).
# With --package: what `make package` and its checks need (dpkg-shlibdeps, the desktop file and
# AppStream validators, the MIME database and gio to check the session file type, lintian for Debian's
# policy, man, groff and col to render the manual page).
# With --format: clang-format (CI's format check).
set -euo pipefail

packages=(
    cmake ninja-build g++ make pkg-config
    qt6-base-dev qt6-svg-dev libqcustomplot-dev libyaml-cpp-dev nlohmann-json3-dev libsqlite3-dev
    libpng-dev
    fonts-dejavu-core xvfb xauth python3 python3-dev pybind11-dev python3-matplotlib
    chromium
)
if [[ "${1:-}" == "--fuzz" ]]; then
    packages=(clang libclang-rt-14-dev)
elif [[ "${1:-}" == "--package" ]]; then
    packages=(dpkg-dev file desktop-file-utils appstream shared-mime-info libglib2.0-bin lintian man-db groff-base
        bsdextrautils)
elif [[ "${1:-}" == "--format" ]]; then
    packages=(clang-format)
fi

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "error: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
