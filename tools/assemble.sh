#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble and build rdma_rxe_eun.ko out of tree:
#   1. take drivers/infiniband/sw/rxe from Debian's linux-source-6.12,
#   2. apply drivers/infiniband/sw/rxe_eun/patches/series in order,
#   3. add the project's eun_* files (every folder), include/ and Kbuild,
#   4. build against the matching linux-headers (KDIR overrides).
#
# Usage: tools/assemble.sh [--no-build] BUILD_DIR
# Files are copied into BUILD_DIR only when their content changed, so a
# rebuild recompiles only what changed.
set -euo pipefail

die() { echo "assemble.sh: $*" >&2; exit 1; }

build_it=1
if [ "${1:-}" = "--no-build" ]; then
	build_it=0
	shift
fi
[ $# -eq 1 ] || die "usage: tools/assemble.sh [--no-build] BUILD_DIR"

repo=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
own=$repo/drivers/infiniband/sw/rxe_eun
# EUN_PATCH_DIR tries another series (and lets tests break one on purpose).
patches=${EUN_PATCH_DIR:-$own/patches}
kdir_override=${KDIR:-}

kv=$("$repo/tools/kver.sh") || exit 1
eval "$kv"
[ -n "$kdir_override" ] && KDIR=$kdir_override
[ -f "$KDIR/Makefile" ] || die "no kernel build tree at $KDIR (install linux-headers-$KVER)"
ksrc=$("$repo/tools/ksrc.sh")
upstream=$ksrc/drivers/infiniband/sw/rxe

stage=$out/.stage
rm -rf "$stage"
mkdir -p "$stage/include"
cp "$upstream"/*.c "$upstream"/*.h "$stage/"

while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$patches/$p" ] || die "patch '$p' named in series does not exist"
	if ! patch -s -p1 --fuzz=0 -d "$stage" --no-backup-if-mismatch -r - \
			< "$patches/$p" > "$stage/.patch.log" 2>&1; then
		cat "$stage/.patch.log" >&2
		die "patch $p does not apply to rxe of linux-source $DEBVER"
	fi
done < "$patches/series"

# The project's files sit in folders by layer (core/, rx/, tx/, ...); the
# build sees them flat, next to rxe's. Two files of one name would clash.
dups=$(find "$own" -path "$own/patches" -prune -o -name 'eun_*.[ch]' -printf '%f\n' | sort | uniq -d)
[ -z "$dups" ] || die "two files named $dups under $own"
find "$own" -path "$own/patches" -prune -o -name 'eun_*.[ch]' -exec cp {} "$stage/" \;
cp -r "$repo/include/." "$stage/include/"
cp "$repo/Kbuild" "$stage/Kbuild"

# Sync the stage into the build dir, keeping mtimes of unchanged files.
(cd "$stage" && find . -type f ! -name '.patch.log') | while read -r f; do
	mkdir -p "$out/$(dirname "$f")"
	cmp -s "$stage/$f" "$out/$f" || cp "$stage/$f" "$out/$f"
done
# Forget files that left the tree (a removed eun_*.c must not linger).
(cd "$out" && find . -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \)) | while read -r f; do
	[ -e "$stage/$f" ] || rm -f "$out/$f"
done
rm -rf "$stage"

[ $build_it -eq 1 ] || exit 0

eun_objs=$(cd "$out" && ls eun_*.c | sed 's/\.c$/.o/' | tr '\n' ' ')
echo "assemble.sh: building rdma_rxe_eun.ko for $KVER ($DEBVER) in $out"
make -C "$KDIR" M="$out" EUN_OBJS="$eun_objs" -j"$(nproc)" modules
[ -f "$out/rdma_rxe_eun.ko" ] || die "build finished without rdma_rxe_eun.ko"
# The module is now built from the sources as they are, even when a
# checkout rewrote them unchanged and kbuild had nothing to relink: the
# bench refuses a module older than its sources.
touch "$out/rdma_rxe_eun.ko"
echo "assemble.sh: built $out/rdma_rxe_eun.ko"
