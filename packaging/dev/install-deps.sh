#!/usr/bin/env bash
# Installs the Debian 12 packages Flange builds and tests with, if any are missing, and
# SUNDIALS built with optimisation (sundials.sh) if it is not in the cache yet.
set -euo pipefail
packages=(cmake gcc g++ make python3 pkg-config
          qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev libqt6svg6 qt6-wayland
          libsundials-dev libsuitesparse-dev nlohmann-json3-dev catch2 libmimalloc-dev libeigen3-dev libspectra-dev
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
# Slurm and munge for the tests that run sweeps as array jobs on a Slurm of their own
# (tests/slurm/local_slurm.sh). Installing must not start the system's slurmctld, slurmd
# or munged (a machine may be a real cluster node): a policy-rc.d that denies every start
# stands in during the install, unless the machine has one already, and goes afterwards.
slurm_missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || slurm_missing+=("$p")
done
if [ ${#slurm_missing[@]} -gt 0 ]; then
  echo "Installing (without starting their services): ${slurm_missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  policy=/usr/sbin/policy-rc.d
  own_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# flange install-deps.sh: no service starts while packages are installed\nexit 101\n' |
      $SUDO tee "$policy" >/dev/null
    $SUDO chmod 755 "$policy"
    own_policy=true
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  status=0
  $SUDO apt-get update -qq || status=$?
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${slurm_missing[@]}" \
    >/dev/null || status=$?
  if [ "$own_policy" = true ]; then $SUDO rm -f "$policy"; trap - EXIT; fi
  [ "$status" -eq 0 ] || exit "$status"
fi
# SUNDIALS built with optimisation from Debian's source package, once per machine.
bash "$(dirname "$0")/sundials.sh"
