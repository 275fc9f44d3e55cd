#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-read: the READ and atomics matrix. READs of 4 KiB and 64 KiB,
# compare-and-swap, fetch-and-add and ATOMIC WRITE (8 bytes each), each
# posted for 2 seconds (at most 5000), 3 repetitions, every byte and atomic result
# checked by eun-verify, the columns taking turns in one boot: stock
# rdma_rxe, and rdma_rxe_eun in gbn, static and eunomia. Profiles:
# delay1ms (the baseline), reorder (both directions), reorder-req (the
# requests' path alone: the client's egress, the requester's), reorder-resp
# (the responses' path alone: the READ responses), and loss1. Roughly an
# hour on 2 cores for every column (an estimate from make bench's pace of
# about 13 s a transfer, more where stock's transfers run into their
# 60 s bound).
#
# Writes $RESULTS/read.csv and, in $RESULTS/read-TIMESTAMP/, the medians,
# plots and table (read.rst), which it prints with the goals the run has
# figures for; a full run rewrites the "read table" of
# Documentation/results.rst.
#
# Usage: tools/bench/read.sh [-q] [-P] [-c COLUMNS] [-r REPS] [-x REPS] [-X SECONDS]
#                             [-s KEY=VALUE]...
#   -q  a short subset for a demo (some 15 minutes, estimated): stock
#       and eunomia, delay1ms, reorder and reorder-resp, READ of 64 KiB
#       and CAS; results as demo-read, the documentation left alone
#   -P  perftest's rows too: ib_read_bw (every size) and ib_atomic_bw
#       (fetch-and-add), 60 seconds of traffic each (bench.sh -P), its
#       own figures; about 70 s a transfer, some 3.5 hours more for the
#       whole matrix, which then boots once per column (bench.sh -b: one
#       boot of every column would outlast the bed's bound of a test)
#   -c  columns (bench.sh -c), for a shorter run
#   -r  repetitions (default 3)
#   -x  at most REPS extra repetitions of the undecided goals' transfers,
#       -X their time budget in seconds (bench.sh -x, -X)
#   -s  another bed config key for every boot (bench.sh -s)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=read.sh

columns="rdma_rxe gbn static eunomia"
profiles="delay1ms reorder reorder-req reorder-resp loss1"
ops=read,cas,faa,awrite sizes="4096 65536" name=read reps=3 over=() quick='' perf=''
while getopts "qPc:r:x:X:s:h" o; do
	case $o in
	q) columns="rdma_rxe eunomia" profiles="delay1ms reorder reorder-resp"
	   ops=read,cas sizes=65536 name=demo-read quick=1 ;;
	P) perf=1 ;;
	c) columns=$OPTARG ;;
	r) reps=$OPTARG ;;
	x|X) over+=("-$o" "$OPTARG") ;;
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
	*) echo "usage: $prog [-q] [-P] [-c COLUMNS] [-r REPS] [-x REPS] [-X SECONDS] [-s KEY=VALUE]..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || { echo "$prog: unexpected argument '$1'" >&2; exit 2; }

boots=()
if [ -n "$perf" ]; then
	ops+=,ib_read_bw,ib_atomic_bw
	[ -n "$quick" ] || boots=(-b)
fi

RESULTS=$results exec "$here/bench.sh" "${boots[@]}" -N "$name" -c "$columns" -p "$profiles" \
	-o "$ops" -z "$sizes" -n 5000 -d 2 -r "$reps" -t 60 -P 60 "${over[@]}"
