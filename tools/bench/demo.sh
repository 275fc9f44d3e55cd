#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make demo, the main job: a short subset of the benchmark (make bench) that
# finishes within 20 minutes on a 2-core machine (17 with the build, in the
# last run). Stock rdma_rxe and rdma_rxe_eun in gbn, static and eunomia,
# taking turns in one boot of the bed: unimpaired, delay 1ms, and delay 1ms
# reorder 25% 50%; WRITE and SEND of 64 KiB messages posted for 2 seconds
# (bench.sh -d), 3 repetitions, every byte checked by eun-verify and timed
# on its clock (first post to last completion).
#
# Writes $RESULTS/demo.csv, and in $RESULTS/demo-TIMESTAMP/ the medians
# (bench-summary.csv), the plots (bench.png, bench-memory.png) and the
# table (demo.rst), which it also prints with the goals the run has
# figures for (tools/bench/goals.sh).
#
# Then the multipath subset (tools/bench/multipath.sh -q): the guests on
# four bonded links of 1 MB/s each, one QP of stock rdma_rxe (one link)
# against rdma_rxe_eun spraying it round robin (every link);
# $RESULTS/demo-multipath.csv and demo-multipath-TIMESTAMP/.
#
# Each ratio has its bootstrap interval, and a goal it leaves undecided
# gets its transfers run again, interleaved, at most 2 more repetitions
# within 120 s (bench.sh -x, -X), so that the demo stays within 20
# minutes; the multipath subset gets none.
#
# Usage: tools/bench/demo.sh [-x REPS] [-X SECONDS] [-s KEY=VALUE]...
#   -x  at most REPS extra repetitions for undecided goals (default 2, 0: none)
#   -X  their time budget in seconds (default 120)
#   -s  passed on to bed.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=demo.sh

over=() extra=2 extra_secs=120
while getopts "x:X:s:h" o; do
	case $o in
	x) extra=$OPTARG ;;
	X) extra_secs=$OPTARG ;;
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
	*) echo "usage: $prog [-x REPS] [-X SECONDS] [-s KEY=VALUE]..." >&2; exit 2 ;;
	esac
done

command -v gnuplot >/dev/null || { echo "$prog: gnuplot missing (tools/deps.sh bed)" >&2; exit 1; }

status=0
RESULTS=$results "$here/bench.sh" -N demo -c "rdma_rxe gbn static eunomia" \
	-p "none delay1ms reorder" -o write,send -z 65536 -n 5000 -d 2 -r 3 -t 60 \
	-x "$extra" -X "$extra_secs" "${over[@]}" || status=1
RESULTS=$results "$here/multipath.sh" -q "${over[@]}" || status=1

exit $status
