#!/usr/bin/env bash
# Installs the Debian 12 packages Flange builds and tests with, if any are missing, and
# SUNDIALS built with optimisation (sundials.sh) if it is not in the cache yet.
set -euo pipefail
packages=(cmake gcc g++ make python3 pkg-config
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6svg6 qt6-wayland
          libsundials-dev libsuitesparse-dev nlohmann-json3-dev catch2 libmimalloc-dev
          xvfb xauth
          dpkg-dev desktop-file-utils appstream libxml2-utils
          python3-scipy)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# SUNDIALS built with optimisation from Debian's source package, once per machine.
bash "$(dirname "$0")/sundials.sh"
