#!/usr/bin/env bash
# Installs the Debian 12 packages Flange builds and tests with, if any are missing.
set -euo pipefail
packages=(cmake g++ make python3 pkg-config
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6svg6 qt6-wayland
          libsundials-dev libsuitesparse-dev nlohmann-json3-dev catch2
          xvfb xauth
          dpkg-dev desktop-file-utils appstream libxml2-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing: ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
