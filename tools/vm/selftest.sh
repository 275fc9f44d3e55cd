#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the guest selftests (every executable selftests/*.sh) over stock
# rdma_rxe and over rdma_rxe_eun in each ordering mode, one boot of the bed
# per run, and print one TAP stream. Exits 1 if any test failed or a run
# did not complete.
#
# Usage: tools/vm/selftest.sh [-t TEST]... [RUN...]
#   RUN is rdma_rxe, rdma_rxe_eun (its default mode, eunomia),
#   rdma_rxe_eun/gbn, rdma_rxe_eun/static or rdma_rxe_eun/multipath (the
#   bonded bed of configs/multipath.conf, QPs sprayed over four links)
#   (default: all but static; static shares eunomia's glue, and ooo_modes
#   and write_sync run both, so its whole suite is a run of its own: keeps
#   make check short).
# The rdma_rxe_eun part is skipped (TAP SKIP) when build/rdma_rxe_eun.ko is
# missing (build/debugk/rdma_rxe_eun.ko with EUN_KERNEL=debug, the debug
# guest kernel); `make selftest` builds it first.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=selftest.sh
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"

# The module the guests load: built against their kernel (bed.sh KERNEL).
ko=build/rdma_rxe_eun.ko ko_make=module
[ "${EUN_KERNEL:-distro}" != debug ] || ko=build/debugk/rdma_rxe_eun.ko ko_make=module-debug

tests=()
while getopts "t:h" o; do
	case $o in
	t) tests+=(-t "$OPTARG") ;;
	h) sed -n '3,15p' "$0"; exit 0 ;;
	*) echo "usage: $prog [-t TEST]... [MODULE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
modules=("$@")
[ ${#modules[@]} -gt 0 ] ||
	modules=(rdma_rxe rdma_rxe_eun rdma_rxe_eun/gbn rdma_rxe_eun/multipath)
for r in "${modules[@]}"; do
	case "$r" in
	rdma_rxe|rdma_rxe_eun|rdma_rxe_eun/gbn|rdma_rxe_eun/static|rdma_rxe_eun/eunomia) ;;
	rdma_rxe_eun/multipath) ;;
	*) echo "$prog: unknown run '$r' (rdma_rxe, rdma_rxe_eun, rdma_rxe_eun/MODE or rdma_rxe_eun/multipath)" >&2; exit 2 ;;
	esac
done

# record_crashes MODULE RUN: one line per crashed guest of RUN in
# $top/crashes.txt (and in $EUN_CRASH_LOG, which make check counts).
record_crashes()
{
	local m=$1 run=$2

	awk -v m="$m" -v run="$run" '$2 == "crash" {
		sig = $0; sub(/^[ab] crash [01] /, "", sig)
		print m ": guest " $1 ($3 == 1 ? " (in " m "\x27s code)" : "") ": " sig " [" run "]"
	}' "$run/kernel.txt" 2>/dev/null | tee -a "$top/crashes.txt" ${EUN_CRASH_LOG:+-a "$EUN_CRASH_LOG"}
}

# carry_failures MODULE CRASHED_RUN TAP: what the first boot found stays
# found after the second boot. A test that failed in both guests' view
# before the crash (it has a status from each) stays failed; so does the
# test a crashed guest was running (its folder is there, its status is
# not: the crash cut it short, and a pass of the retry does not undo a
# crash under it); and a kernel report naming rdma_rxe_eun fails the run,
# retry or not. Rewrites TAP; true when it changed anything.
carry_failures()
{
	local m=$1 run=$2 tap=$3 carried g name

	# NAME<TAB>WHY, one line per test to carry.
	carried=$(awk -F '\t' -v m="$m" -v run="$run" '$4 == "fail" && $2 != "none" && $3 != "none" &&
		($1 != "kernel-log" || m == "rdma_rxe_eun") {
		if ($1 == "kernel-log")
			print $1 "\tthe first boot\x27s kernel log names " m " (" run ")"
		else
			print $1 "\tfailed in the first boot, before a guest crashed (" run ")"
	}' "$run/results.tsv" 2>/dev/null)
	for g in a b; do
		grep -q "^$g crash " "$run/kernel.txt" 2>/dev/null || continue
		while IFS=$'\t' read -r name _; do
			if [ -n "$name" ] && [ "$name" != kernel-log ] &&
			   [ -d "$run/$g/$name" ] && [ ! -e "$run/$g/$name/rc" ]; then
				carried+=${carried:+$'\n'}$name$'\t'"running in guest $g when its kernel crashed ($run)"
			fi
		done < <(cat "$run/results.tsv" 2>/dev/null)
	done
	[ -n "$carried" ] || return 1
	awk -v list="$carried" -v m="$m" '
		BEGIN {
			n = split(list, a, "\n")
			for (i = 1; i <= n; i++) {
				t = a[i]; sub(/\t.*/, "", t)
				w = a[i]; sub(/^[^\t]*\t/, "", w)
				if (!(t in want)) { want[t] = w; order[++k] = t }
			}
		}
		match($0, /^(not )?ok [0-9]+ [^:]*: [^ ]+/) {
			name = $0; sub(/^(not )?ok [0-9]+ [^:]*: /, "", name); sub(/ .*/, "", name)
			if (name in want && $0 ~ /^ok /) {
				sub(/^ok /, "not ok ")
				sub(/ # .*$/, "")
				$0 = $0 " # " want[name]
			}
			done[name] = 1
		}
		{ print }
		END { for (i = 1; i <= k; i++) if (!(order[i] in done)) print "not ok 0 " m ": " order[i] " # " want[order[i]] }
	' "$tap" > "$tap.new" && mv "$tap.new" "$tap"
	return 0
}

# Tests that load the module with parameters of their own: the mode of a
# rdma_rxe_eun/MODE run does not reach them, so they run in the default
# run only.
own_params="eun_params interop module module_conflict ooo_modes write_sync"

# mode_tests: TESTS of a rdma_rxe_eun/MODE run, every selftest but those.
mode_tests()
{
	local t b list=

	for t in "$repo"/selftests/*.sh; do
		b=$(basename "$t" .sh)
		[[ $b == lib || $b == *_lib ]] && continue
		[ -x "$t" ] || continue
		[[ " $own_params " == *" $b "* ]] && continue
		list="$list selftests/$b.sh"
	done
	echo "${list# }"
}

top=$results/selftest-$(date +%Y%m%d-%H%M%S)
mkdir -p "$top"
ln -sfn "$(basename "$top")" "$results/selftest-latest"
start=$(date +%s)
status=0
for r in "${modules[@]}"; do
	m=${r%%/*} mode= dir=${r//\//-}
	[ "$r" = "$m" ] || mode=${r#*/}
	conf=$here/configs/selftest-rxe.conf
	[ $m = rdma_rxe_eun ] && conf=$here/configs/selftest-eun.conf
	set_mode=()
	if [ "$mode" = multipath ]; then
		# Its own bed, parameters and tests: the config says them.
		conf=$here/configs/multipath.conf
	elif [ -n "$mode" ]; then
		set_mode=(-s "MODULE_PARAMS=ooo_mode=$mode" -s "NAME=selftest-$mode")
		[ ${#tests[@]} -eq 0 ] && set_mode+=(-s "TESTS=$(mode_tests)")
	fi
	if [ $m = rdma_rxe_eun ] && [ ! -f "$repo/$ko" ]; then
		echo "$prog: $ko is missing (make $ko_make): skipping $r"
		{
			tap_start 1
			skip "$r: all" "$ko not built"
		} > "$top/$dir.tap"
		continue
	fi
	echo "$prog: === $r"
	if ! "$here/bed.sh" -o "$top/$dir" "${tests[@]}" "${set_mode[@]}" "$conf"; then
		if grep -q '^[ab] crash ' "$top/$dir/kernel.txt" 2>/dev/null; then
			# A guest kernel died: what it cut short is unknown, so
			# boot once more; every crash stays on record and what
			# failed before it stays failed (carry_failures).
			record_crashes "$r" "$top/$dir"
			echo "$prog: a guest kernel crashed in $top/$dir (see a/ and b/console.log): booting $r once more"
			mv "$top/$dir" "$top/$dir-crashed"
			"$here/bed.sh" -o "$top/$dir" "${tests[@]}" "${set_mode[@]}" "$conf" || status=1
			record_crashes "$r" "$top/$dir"
		else
			status=1
		fi
	fi
	# Name the mode in every line: the bed names only the module.
	sed "s|^\(\(not \)\?ok [0-9]* \)$m: |\1$r: |" "$top/$dir/tap.txt" > "$top/$dir.tap" 2>/dev/null ||
		{ { tap_start 1; nok "$r: bed run failed"; } > "$top/$dir.tap"; status=1; }
	if [ -d "$top/$dir-crashed" ] && carry_failures "$m" "$top/$dir-crashed" "$top/$dir.tap"; then
		status=1
	fi
done

# One TAP stream over every run, numbered afresh.
{
	n=$(cat "$top"/*.tap | grep -cE '^(not )?ok ')
	tap_start "$n"
	while IFS= read -r line; do
		if [[ $line =~ ^ok\ [0-9]+\ (.*)$ ]]; then
			ok "${BASH_REMATCH[1]}"
		elif [[ $line =~ ^not\ ok\ [0-9]+\ (.*)$ ]]; then
			nok "${BASH_REMATCH[1]}"
		elif [[ $line == "#"* && $line != "# CRASH: "* ]]; then
			echo "$line"
		fi
	done < <(cat "$top"/*.tap)
	# Crashes of every boot, the retried ones included.
	[ -f "$top/crashes.txt" ] && sed 's/^/# CRASH: /' "$top/crashes.txt"
	c=0
	[ -f "$top/crashes.txt" ] && c=$(wc -l < "$top/crashes.txt")
	tap_end selftest "crashes: $c in $(( $(date +%s) - start ))s" || status=1
} > "$top/tap.txt"
echo "$prog: ==== all modules ($top/tap.txt)"
cat "$top/tap.txt"
exit $status
