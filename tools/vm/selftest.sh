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
		# qemu's TCG was seen to crash a guest kernel with impossible
		# EFLAGS in a spurious #DB, under stock rxe and ours alike: one
		# more boot, and the crash stays on record in the output.
		if grep -qE 'Kernel panic|Oops:' "$top/$m"/[ab]/console.log 2>/dev/null; then
			echo "$prog: a guest kernel crashed in $top/$m (see a/ and b/console.log): booting $m once more"
			mv "$top/$m" "$top/$m-crashed"
			echo "$m: first boot crashed a guest kernel: $top/$m-crashed" >> "$top/crashes.txt"
			"$here/bed.sh" -o "$top/$m" "${tests[@]}" "$conf" || status=1
		else
			status=1
		fi
	fi
	cp "$top/$m/tap.txt" "$top/$m.tap" 2>/dev/null ||
		{ echo "not ok 1 $m: bed run failed" > "$top/$m.tap"; status=1; }
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
		elif [[ $line == "#"* ]]; then
			echo "$line"
		fi
	done
	p=$(cat "$top"/*.tap | grep -cE '^ok .*' || true)
	s=$(cat "$top"/*.tap | grep -cE '^ok .*# SKIP' || true)
	f=$(cat "$top"/*.tap | grep -cE '^not ok ' || true)
	[ -f "$top/crashes.txt" ] && sed 's/^/# CRASH: /' "$top/crashes.txt"
	echo "# selftest: $((p - s)) passed, $f failed, $s skipped in $(( $(date +%s) - start ))s"
} > "$top/tap.txt"
echo "$prog: ==== all modules ($top/tap.txt)"
cat "$top/tap.txt"
grep -q '^not ok ' "$top/tap.txt" && status=1
exit $status
