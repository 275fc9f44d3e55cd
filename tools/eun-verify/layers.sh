#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that eun-verify's files form layers: each file calls functions of
# files listed before it only, so no two files call each other, directly or
# round a loop. Compiles every file to an object and reads the calls from
# the symbol tables.
#
# Usage: layers.sh [CC]
set -euo pipefail

cc=${1:-cc}
here=$(cd "$(dirname "$0")" && pwd)
# Bottom first: the pure files, then the verbs files (see ev_verbs.h).
order=(ev_pattern ev_plan ev_track ev_wire ev_opts ev_report
       ev_log ev_dev ev_slots ev_conn ev_server ev_client main)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t files < <(cd "$here" && ls ev_*.c main.c | sed 's/\.c$//')
for f in "${files[@]}"; do
	found=0
	for o in "${order[@]}"; do [ "$o" = "$f" ] && found=1; done
	[ $found = 1 ] || { echo "layers.sh: $f.c has no layer: add it to the order" >&2; exit 1; }
	"$cc" -c -std=gnu11 -D_GNU_SOURCE -o "$tmp/$f.o" "$here/$f.c"
done

# Which layer defines each global function.
declare -A layer_of owner
for i in "${!order[@]}"; do
	f=${order[$i]}
	[ -e "$tmp/$f.o" ] || continue
	layer_of[$f]=$i
	for sym in $(nm --defined-only "$tmp/$f.o" | awk '$2 == "T" { print $3 }'); do
		owner[$sym]=$f
	done
done

bad=0
for f in "${files[@]}"; do
	for sym in $(nm -u "$tmp/$f.o" | awk '{ print $2 }'); do
		d=${owner[$sym]:-}
		[ -n "$d" ] && [ "$d" != "$f" ] || continue
		if [ "${layer_of[$d]}" -ge "${layer_of[$f]}" ]; then
			echo "layers.sh: $f.c calls $sym() of $d.c, which is not below it" >&2
			bad=1
		fi
	done
done
[ $bad = 0 ] || exit 1
echo "layers.sh: ${#files[@]} files in layers, no call upwards"
