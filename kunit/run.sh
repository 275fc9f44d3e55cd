#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the rxe_eun core KUnit suites under User Mode Linux.
#
# kunit.py has no out-of-tree mode, so the suites are built inside a private
# hard-linked copy of the extracted linux-source-6.12 tree (cheap, and the
# shared tree stays untouched): <copy>/eun points at this repo, and the copy's
# top-level Kconfig and Kbuild each get one line that pulls in eun/kunit/.
# The build directory is cached, so a rerun is incremental.
#
# Usage: kunit/run.sh [build|run]   (default: run)
# Env:   EUN_CACHE (default /var/cache/rxe_eun), KUNIT_JOBS (default 2)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${EUN_CACHE:-/var/cache/rxe_eun}
mode=${1:-run}
case "$mode" in
build|run) ;;
*) echo "kunit/run.sh: unknown mode '$mode' (build|run)" >&2; exit 2 ;;
esac

src=$("$repo/tools/ksrc.sh")
tree=$cache/kunit-src
build=$cache/kunit-build
mkdir -p "$cache" "$build"

# The tree and build dir are shared by every checkout on the machine and
# the eun symlink names one of them: one run at a time (the lock is held
# across the exec below).
exec 9>"$cache/kunit.lock"
if ! flock -w 3600 9; then
	echo "kunit/run.sh: another KUnit run held $cache/kunit.lock for an hour" >&2
	exit 1
fi

# One copy per extracted source; hard links cost no data blocks.
if [ ! -e "$tree/.eun-copied" ] || [ "$(cat "$tree/.eun-copied")" != "$src" ]; then
	echo "kunit/run.sh: making hard-linked tree copy $tree" >&2
	rm -rf "$tree"
	cp -al "$src" "$tree"
	echo "$src" > "$tree/.eun-copied"
fi

# Replace (never append in place: the files are hard links into the shared
# tree) the two top-level files, once.
add_line() {
	local file=$1 line=$2
	grep -qxF "$line" "$file" && return 0
	cp "$file" "$file.eun-new"
	printf '%s\n' "$line" >> "$file.eun-new"
	mv "$file.eun-new" "$file"
}
add_line "$tree/Kconfig" 'source "eun/kunit/Kconfig"'
add_line "$tree/Kbuild" 'obj-y += eun/kunit/'

# CI clones to a different path every run: repoint the symlink each time.
ln -sfn "$repo" "$tree/eun"

rm -f "$build/test.log"
# make rebuilds by date: objects another checkout built through the same
# symlink may look newer than this checkout's sources. The project's own
# objects are few: always build them afresh.
rm -rf "$build/eun"
jobs=${KUNIT_JOBS:-2}
cd "$tree"
if [ "$mode" = build ]; then
	exec python3 tools/testing/kunit/kunit.py build --kunitconfig="$repo/kunit" \
		--build_dir="$build" --jobs="$jobs"
fi
exec python3 tools/testing/kunit/kunit.py run --kunitconfig="$repo/kunit" \
	--build_dir="$build" --jobs="$jobs" --timeout=300
