#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench-multipath: the multipath matrix. The bed's guests joined by
# four rate-capped links bonded as an ECMP group (LINKS=4 BOND=1), every
# multipath profile (tools/bench/profiles/mp-*), and the columns taking
# turns in one boot: stock rdma_rxe (ECMP by QP: one link), rdma_rxe_eun
# without spraying (the same hashing), and sprayed in each policy over
# eunomia and static, and go-back-N sprayed (what reordering costs it).
# WRITE and READ of 64 KiB messages posted for 3 seconds each (a READ's
# data, its responses, sprayed by the responder), and the flow workload
# (8 QPs, one flow each at a time, web-search sizes scaled down: op
# "flows" of tools/bench/matrix.sh) for 3 seconds, 3 repetitions, every
# byte checked by eun-verify. About 95 minutes for every column.
#
# Writes $RESULTS/multipath.csv and, in $RESULTS/multipath-TIMESTAMP/, the
# medians, plots and table (multipath.rst), which it prints, with the
# packets each link carried (link_pkts in the CSV).
#
# Usage: tools/bench/multipath.sh [-q] [-c COLUMNS] [-r REPS] [-x REPS] [-X SECONDS]
#                                  [-s KEY=VALUE]...
#   -q  the short subset of make demo: stock, eunomia without spraying
#       and eunomia+rr on mp-equal, WRITE and flows
#   -c  columns (bench.sh -c), for a shorter run
#   -x  at most REPS extra repetitions of the undecided goals' transfers,
#       -X their time budget in seconds (bench.sh -x, -X)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
results=${RESULTS:-$repo/results}
prog=multipath.sh

columns="rdma_rxe eunomia eunomia+rr eunomia+random eunomia+mprdma eunomia+adaptive"
columns+=" static+rr static+mprdma static+adaptive gbn+rr"
profiles="mp-equal mp-skew mp-slow mp-lossy mp-down"
ops=write,read,flows name=multipath reps=3 over=()
while getopts "qc:r:x:X:s:h" o; do
	case $o in
	q) columns="rdma_rxe eunomia eunomia+rr" profiles=mp-equal ops=write,flows
	   name=demo-multipath ;;
	c) columns=$OPTARG ;;
	r) reps=$OPTARG ;;
	x|X) over+=("-$o" "$OPTARG") ;;
	s) over+=(-s "$OPTARG") ;;
	h) sed -n '3,/^set -euo/{/^set -euo/!p}' "$0"; exit 0 ;;
	*) echo "usage: $prog [-q] [-c COLUMNS] [-r REPS] [-x REPS] [-X SECONDS] [-s KEY=VALUE]..." >&2; exit 2 ;;
	esac
done

RESULTS=$results exec "$here/bench.sh" -N "$name" -c "$columns" -p "$profiles" \
	-o "$ops" -z 65536 -n 5000 -d 3 -r "$reps" -t 60 \
	-s LINKS=4 -s BOND=1 "${over[@]}"
