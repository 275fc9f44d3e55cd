#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# eun-verify's goodput beside perftest's, on both modules: boot the bed
# once per module (stock rdma_rxe, then rdma_rxe_eun, ooo_mode=eunomia) running
# tools/eun-verify/bed-goodput.sh (WRITE, SEND, READ for every SIZES at
# ITERS messages, every byte checked), then print one table and write
# $RESULTS/verify-goodput.csv. A row says DISAGREE when perftest's own
# figure and eun-verify's differ by more than 25%.
#
# Usage: tools/bench/verify-goodput.sh [-s KEY=VALUE]...   (passed to bed.sh)
# Owned by eun-verify (Documentation/eun-verify.rst); kept apart from the
# bed's own benchmarks.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=tools/testing/csv.sh
source "$repo/tools/testing/csv.sh"
results=${RESULTS:-$repo/results}
prog=verify-goodput.sh

over=()
while getopts "s:h" o; do
	case $o in
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,12p' "$0"; exit 0 ;;
	*) echo "usage: $prog [-s KEY=VALUE]..." >&2; exit 2 ;;
	esac
done
[ -x "$repo/build/eun-verify" ] ||
	{ echo "$prog: build/eun-verify missing: run make tools" >&2; exit 1; }
[ -f "$repo/build/rdma_rxe_eun.ko" ] ||
	{ echo "$prog: build/rdma_rxe_eun.ko missing: run make module" >&2; exit 1; }

top=$results/verify-goodput-$(date +%Y%m%d-%H%M%S)
mkdir -p "$top"
status=0
for m in rdma_rxe rdma_rxe_eun; do
	echo "$prog: === $m"
	mode=()
	[ $m = rdma_rxe_eun ] && mode=(-s MODULE_PARAMS=ooo_mode=eunomia)
	"$repo/tools/vm/bed.sh" -o "$top/$m" -s MODULE=$m -s NAME=verify-goodput-$m \
		-t tools/eun-verify/bed-goodput.sh "${mode[@]}" "${over[@]}" \
		"$repo/tools/vm/configs/selftest-rxe.conf" || status=1
done

csv=$results/verify-goodput.csv
first=1
for m in rdma_rxe rdma_rxe_eun; do
	f=$top/$m/b/bed-goodput/verify-goodput.csv
	[ -f "$f" ] || { echo "$prog: no results for $m ($f)" >&2; status=1; continue; }
	if [ $first = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi
done > "$csv"
echo "$prog: $csv"
csv_awk 'FNR == 1 { csv_open(); next }
	{ printf "%-13s %-5s %7s x %-5s eun-verify %8s MB/s (%s msgs, %s B; server checked %s B; %s retrans) perftest %8s MB/s  %s\n",
		fld("module"), fld("op"), fld("size"), fld("iters"), fld("ev_MBps"),
		fld("ev_messages"), fld("ev_bytes"), fld("ev_checked_bytes_server"),
		fld("ev_retrans_client"), fld("perftest_MBps"), fld("verdict") }' "$csv"
exit $status
