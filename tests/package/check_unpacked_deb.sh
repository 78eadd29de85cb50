#!/usr/bin/env bash
# Unpacks build/package-test/flange_<version>_<arch>.deb into a scratch root and checks it as
# installed: flange-sim simulates an installed example from outside the source tree (so it
# found its library relative to itself), flange answers --version with the project's
# version, the man pages are there, the desktop entry, AppStream metainfo and MIME type
# validate, and the Depends were computed.
#   check_unpacked_deb.sh PACKAGE_DIR VERSION
set -euo pipefail
pkgdir=$1
version=$2
for tool in dpkg-deb desktop-file-validate appstreamcli xmllint; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool is not installed (packaging/dev/install-deps.sh)"; exit 77; }
done
deb=$(ls "$pkgdir"/flange_"$version"_*.deb)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Depends computed by dpkg-shlibdeps: Qt and the C++ runtime at least.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
[[ $depends == *libqt6core6* && $depends == *libqt6widgets6* && $depends == *libstdc++6* ]] ||
  fail "Depends lacks Qt or libstdc++: $depends"
# The allocator the executables link (cmake/flange_allocator.cmake) must be pulled in too:
# without it the programs do not start.
if command -v readelf >/dev/null && readelf -d "$root/usr/bin/flange-sim" | grep -q 'libmimalloc'; then
  [[ $depends == *libmimalloc* ]] || fail "flange-sim needs mimalloc but Depends lacks it: $depends"
fi

share=$root/usr/share
for f in usr/bin/flange usr/bin/flange-sim usr/share/man/man1/flange.1.gz usr/share/man/man1/flange-sim.1.gz \
         usr/share/flange/components/Rotational/Components/Inertia.json usr/share/flange/icons/rotational/inertia.svg \
         usr/share/flange/models/msl/Rotational/First.json usr/share/flange/docs/guide/README.md \
         usr/share/icons/hicolor/scalable/apps/io.github.flange.Flange.svg \
         usr/share/icons/hicolor/48x48/apps/io.github.flange.Flange.png; do
  [ -e "$root/$f" ] || fail "$f is not in the package"
done

# Run from a folder far from the source tree, with no source tree to fall back on: the
# programs must find share/flange relative to themselves.
cd "$root"
unset FLANGE_COMPONENTS FLANGE_DATA_DIR
out=$root/first.csv
"$root/usr/bin/flange-sim" simulate "$share/flange/models/msl/Rotational/First.json" \
  --signals inertia3.w -o "$out" || fail "the installed flange-sim failed"
header=$(head -1 "$out")
[ "$header" = "\"time\",\"inertia3.w\"" ] || fail "unexpected CSV header: $header"
rows=$(wc -l < "$out")
[ "$rows" -gt 2000 ] || fail "only $rows rows"
# First runs 1 s and its load inertia is moving by then.
last=$(tail -1 "$out")
python3 -c "import sys; t, w = map(float, sys.argv[1].split(',')); sys.exit(0 if abs(t - 1) < 1e-9 and abs(w) > 0.1 else 1)" "$last" ||
  fail "unexpected last row: $last"
# ...and it was the package's library it read, not the source tree's: without the package's
# Spring the same run is refused, naming it.
rm "$share/flange/components/Rotational/Components/Spring.json"
if "$root/usr/bin/flange-sim" simulate "$share/flange/models/msl/Rotational/First.json" -o /dev/null 2> "$root/err.txt"; then
  fail "flange-sim still ran without the package's Spring: it did not read the package's library"
fi
grep -q "Rotational.Components.Spring" "$root/err.txt" || fail "unexpected message: $(cat "$root/err.txt")"
"$root/usr/bin/flange-sim" --version | grep -qx "flange-sim $version" || fail "flange-sim --version is not $version"
env -u DISPLAY -u WAYLAND_DISPLAY "$root/usr/bin/flange" --version | grep -qx "flange $version" || fail "flange --version is not $version"

desktop-file-validate "$share/applications/io.github.flange.Flange.desktop"
appstreamcli validate --no-net "$share/metainfo/io.github.flange.Flange.metainfo.xml"
xmllint --noout "$share/mime/packages/io.github.flange.Flange.xml"
gzip -t "$share/man/man1/flange.1.gz" "$share/man/man1/flange-sim.1.gz"
echo "OK: $(basename "$deb") unpacked, simulated, validated"
