#!/usr/bin/env bash
# Builds SUNDIALS with optimisation into a cache folder that CMake prefers over Debian's
# libsundials-dev (docs/performance.md). Debian's package is compiled at -O0 (its
# debian/rules replaces dpkg-buildflags' -O2 with -fcommon), which makes Flange's
# integration about twice as slow. The source is Debian's own source package for the
# installed version, so headers, patches and ABI match; only what Flange links is built
# (IDA, CVODE, KINSOL and the serial vector, dense/sparse matrix and KLU solver modules), as
# static libraries, so nothing extra has to be installed or packaged.
# Reused when present; on any failure Flange builds against libsundials-dev instead.
set -euo pipefail

version=$(dpkg-query -W -f='${Version}' libsundials-dev)   # 6.4.1+dfsg1-3
upstream=${version%%+*}
upstream=${upstream%%-*}
prefix=${FLANGE_SUNDIALS_PREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/flange/sundials-$upstream}
# -O3, not -O2: GCC 12 vectorises the serial vector kernels (IDA's axpy, linear sums and
# norms, where pointers may alias) only at -O3, and the 10,000-inertia chain integrates
# 10 % faster. The marker records the flags, so a cache built with others is rebuilt.
optimisation="-O3"
# What the cache marker records: the flags and the packages built. A cache from before
# CVODE was built (for the non-stiff start, docs/performance.md) is rebuilt.
marker="$optimisation ida kinsol cvode"
if [ "$(cat "$prefix/.flange-complete" 2>/dev/null)" = "$marker" ]; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

fallback() {
  echo "SUNDIALS: the optimised build failed ($1); Flange builds with Debian's libsundials-dev (slower, see docs/performance.md)" >&2
  exit 0
}

# A deb-src entry for the archive the binary packages come from, if there is none yet.
if ! grep -rqs '^\(Types:.*deb-src\|deb-src\)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  . /etc/os-release
  $SUDO tee /etc/apt/sources.list.d/flange-deb-src.sources >/dev/null <<SOURCES || fallback "no deb-src entry"
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: ${VERSION_CODENAME} ${VERSION_CODENAME}-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  $SUDO apt-get update -qq || fallback "apt-get update"
fi
command -v dpkg-source >/dev/null || $SUDO env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends dpkg-dev >/dev/null || fallback "dpkg-dev"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
(cd "$work" && apt-get source -qq "sundials=$version" >/dev/null 2>&1) || fallback "apt-get source sundials=$version"
src=$(find "$work" -maxdepth 1 -mindepth 1 -type d -name 'sundials-*' | head -n1)
[ -n "$src" ] || fallback "no source folder"
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
cmake -S "$src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$optimisation -DNDEBUG" \
  -DCMAKE_C_FLAGS="-fcommon" -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DBUILD_SHARED_LIBS=OFF -DBUILD_STATIC_LIBS=ON -DSUNDIALS_INDEX_SIZE=64 \
  -DBUILD_ARKODE=OFF -DBUILD_CVODE=ON -DBUILD_CVODES=OFF -DBUILD_IDAS=OFF -DBUILD_IDA=ON -DBUILD_KINSOL=ON \
  -DBUILD_FORTRAN_MODULE_INTERFACE=OFF -DEXAMPLES_ENABLE_C=OFF -DEXAMPLES_ENABLE_CXX=OFF -DEXAMPLES_INSTALL=OFF \
  -DENABLE_KLU=ON -DKLU_INCLUDE_DIR=/usr/include/suitesparse -DKLU_LIBRARY_DIR="/usr/lib/$multiarch" \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib >"$work/configure.log" 2>&1 ||
  { tail -n 20 "$work/configure.log" >&2; fallback "configure"; }
nice cmake --build "$work/build" -j"${FLANGE_JOBS:-2}" >"$work/build.log" 2>&1 || { tail -n 20 "$work/build.log" >&2; fallback "compile"; }
rm -rf "$prefix"
cmake --install "$work/build" >/dev/null 2>&1 || fallback "install"
echo "$marker" >"$prefix/.flange-complete"
echo "SUNDIALS $upstream built with $optimisation into $prefix in $(( $(date +%s) - start )) s"
