#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the guest selftests (every executable selftests/*.sh) over stock
# rdma_rxe and over rdma_rxe_eun, one boot of the bed per module, and print
# one TAP stream. Exits 1 if any test failed or a run did not complete.
#
# Usage: tools/vm/selftest.sh [-t TEST]... [MODULE...]
#   MODULE is rdma_rxe and/or rdma_rxe_eun (default both).
# The rdma_rxe_eun part is skipped (TAP SKIP) when build/rdma_rxe_eun.ko is
# missing; `make selftest` builds it first.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=selftest.sh

tests=()
while getopts "t:h" o; do
	case $o in
	t) tests+=(-t "$OPTARG") ;;
	h) sed -n '3,11p' "$0"; exit 0 ;;
	*) echo "usage: $prog [-t TEST]... [MODULE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(rdma_rxe rdma_rxe_eun)
for m in "${modules[@]}"; do
	case "$m" in
	rdma_rxe|rdma_rxe_eun) ;;
	*) echo "$prog: unknown module '$m' (rdma_rxe or rdma_rxe_eun)" >&2; exit 2 ;;
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

# carry_failures MODULE CRASHED_RUN TAP: a test that failed in both guests'
# view before the crash (it has a status from each) stays failed after the
# second boot, and a kernel report naming rdma_rxe_eun fails it, retry or
# not. Rewrites TAP; true when it changed anything.
carry_failures()
{
	local m=$1 run=$2 tap=$3 carried

	carried=$(awk -F '\t' -v m="$m" '$4 == "fail" && $2 != "none" && $3 != "none" &&
		($1 != "kernel-log" || m == "rdma_rxe_eun") { print $1 }' "$run/results.tsv" 2>/dev/null)
	[ -n "$carried" ] || return 1
	awk -v list="$carried" -v m="$m" -v run="$run" '
		BEGIN { n = split(list, a, "\n"); for (i = 1; i <= n; i++) want[a[i]] = 1 }
		match($0, /^(not )?ok [0-9]+ [^:]*: [^ ]+/) {
			name = $0; sub(/^(not )?ok [0-9]+ [^:]*: /, "", name); sub(/ .*/, "", name)
			if (name in want && $0 ~ /^ok /) {
				sub(/^ok /, "not ok ")
				sub(/ # .*$/, "")
				$0 = $0 " # " why(name)
			}
			delete want[name]
		}
		{ print }
		END { for (t in want) print "not ok 0 " m ": " t " # " why(t) }
		function why(t) {
			if (t == "kernel-log")
				return "the first boot\x27s kernel log names " m " (" run ")"
			return "failed in the first boot, before a guest crashed (" run ")"
		}
	' "$tap" > "$tap.new" && mv "$tap.new" "$tap"
	return 0
}

top=$results/selftest-$(date +%Y%m%d-%H%M%S)
mkdir -p "$top"
ln -sfn "$(basename "$top")" "$results/selftest-latest"
start=$(date +%s)
status=0
for m in "${modules[@]}"; do
	conf=$here/configs/selftest-rxe.conf
	[ $m = rdma_rxe_eun ] && conf=$here/configs/selftest-eun.conf
	if [ $m = rdma_rxe_eun ] && [ ! -f "$repo/build/rdma_rxe_eun.ko" ]; then
		echo "$prog: build/rdma_rxe_eun.ko is missing (make module): skipping $m"
		{
			echo "TAP version 13"
			echo "1..1"
			echo "ok 1 $m: all # SKIP build/rdma_rxe_eun.ko not built"
		} > "$top/$m.tap"
		continue
	fi
	echo "$prog: === $m"
	if ! "$here/bed.sh" -o "$top/$m" "${tests[@]}" "$conf"; then
		if grep -q '^[ab] crash ' "$top/$m/kernel.txt" 2>/dev/null; then
			# A guest kernel died: what it cut short is unknown, so
			# boot once more; every crash stays on record and what
			# failed before it stays failed (carry_failures).
			record_crashes "$m" "$top/$m"
			echo "$prog: a guest kernel crashed in $top/$m (see a/ and b/console.log): booting $m once more"
			mv "$top/$m" "$top/$m-crashed"
			"$here/bed.sh" -o "$top/$m" "${tests[@]}" "$conf" || status=1
			record_crashes "$m" "$top/$m"
		else
			status=1
		fi
	fi
	cp "$top/$m/tap.txt" "$top/$m.tap" 2>/dev/null ||
		{ echo "not ok 1 $m: bed run failed" > "$top/$m.tap"; status=1; }
	if [ -d "$top/$m-crashed" ] && carry_failures "$m" "$top/$m-crashed" "$top/$m.tap"; then
		status=1
	fi
done

# One TAP stream over both modules.
{
	n=$(cat "$top"/*.tap | grep -cE '^(not )?ok ')
	echo "TAP version 13"
	echo "1..$n"
	i=0
	cat "$top"/*.tap | while IFS= read -r line; do
		if [[ $line =~ ^(not\ )?ok\ [0-9]+\ (.*)$ ]]; then
			i=$((i + 1))
			echo "${BASH_REMATCH[1]}ok $i ${BASH_REMATCH[2]}"
		elif [[ $line == "#"* && $line != "# CRASH: "* ]]; then
			echo "$line"
		fi
	done
	# Crashes of every boot, the retried ones included.
	[ -f "$top/crashes.txt" ] && sed 's/^/# CRASH: /' "$top/crashes.txt"
	p=$(cat "$top"/*.tap | grep -cE '^ok .*' || true)
	s=$(cat "$top"/*.tap | grep -cE '^ok .*# SKIP' || true)
	f=$(cat "$top"/*.tap | grep -cE '^not ok ' || true)
	c=0
	[ -f "$top/crashes.txt" ] && c=$(wc -l < "$top/crashes.txt")
	echo "# selftest: $((p - s)) passed, $f failed, $s skipped, crashes: $c in $(( $(date +%s) - start ))s"
} > "$top/tap.txt"
echo "$prog: ==== all modules ($top/tap.txt)"
cat "$top/tap.txt"
grep -q '^not ok ' "$top/tap.txt" && status=1
exit $status
