#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/bench/summarize.sh on a made-up bench.csv:
# medians over the finished repetitions, rows with no figure, the table it
# writes into an rst file between the markers (and nothing else there).
set -uo pipefail

# The scripts under test.
here=$(cd "$(dirname "$0")/../../bench" && pwd)
# shellcheck source=tools/bench/lib.sh
source "$here/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$(dirname "$0")/../tap.sh"
tap_scratch
tap_start

# row COLUMN PROFILE REP STATUS GOODPUT EMEM
row()
{
	local -A r
	local f

	for f in "${BENCH_MATRIX_FIELDS[@]}"; do
		r[$f]=0
	done
	r+=([column]=$1 [profile]=$2 [netem]= [op]=write [size]=65536
	    [messages]=100 [rep]=$3 [status]=$4 [elapsed_s]=${5:+1.0}
	    [goodput_MBps]=$5 [bytes]=6553600 [server_checked_bytes]=6553600
	    [data_pkts]=6400 [needed_pkts]=6400 [pkts_per_needed]=1.000
	    [ack_pkts]=100 [acks_per_data]=0.016 [emem_peak_blocks]=$6)
	csv_row BENCH_MATRIX_FIELDS r
}
{
	echo "$BENCH_MATRIX_HEADER"
	row rdma_rxe none 1 ok 1.0 ""
	row rdma_rxe none 2 ok 7.0 ""
	row rdma_rxe none 3 ok 2.0 ""
	row rdma_rxe reorder 1 ok 1.0 ""
	row rdma_rxe reorder 2 timeout "" ""
	row rdma_rxe reorder 3 ok 2.0 ""
	row eun-gbn none 1 ok 4.0 0
	row eun-gbn none 2 ok 6.0 12
	row eun-gbn reorder 1 timeout "" 3
	row eun-gbn reorder 2 fail "" 5
	row eun-static none 1 unavailable "" ""
} > "$tmp/bench.csv"
printf 'Title\n=====\n\nbefore\n\n.. bench table begin\n\nold\n\n.. bench table end\n\nafter\n' > "$tmp/r.rst"

PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/bench.csv" "$tmp" "$tmp/r.rst" > "$tmp/out" 2>&1
check "summarize exits 0" "[ $? -eq 0 ]"
s=$tmp/bench-summary.csv
field()
{
	csv_awk -v c="$1" -v p="$2" -v f="$3" 'FNR == 1 { csv_open(); next }
		fld("column") == c && fld("profile") == p { print fld(f) }' "$s"
}
check "median of 1, 7, 2 is 2" "[ \"$(field rdma_rxe none goodput_MBps)\" = 2.0 ]"
check "median of the two finished of three is their mean" "[ \"$(field rdma_rxe reorder goodput_MBps)\" = 1.5 ]"
check "finished counts 2 of 3" "[ \"$(field rdma_rxe reorder runs)/$(field rdma_rxe reorder finished)\" = 3/2 ]"
check "the unfinished repetition is named" "[ \"$(field rdma_rxe reorder not_finished)\" = timeout ]"
check "memory peak is the largest" "[ \"$(field eun-gbn none emem_peak_blocks)\" = 12 ]"
check "no figure when none finished" "[ -z \"$(field eun-gbn reorder goodput_MBps)\" ] && [ \"$(field eun-gbn reorder not_finished)\" = timeout/fail ]"
check "table: median with k/n" "grep -q '^reorder write  *1.50 (2/3)  *timeout/fail' $tmp/r.rst"
check "table: unavailable column" "grep -q '^none write  *2.00  *5.00  *unavailable\$' $tmp/r.rst"
check "table: the goals as a literal block" "grep -q '^    static: every transfer completes.*0 of 1 rows ok  *missed\$' $tmp/r.rst && grep -q '^    goals: 0 met, 1 missed' $tmp/r.rst"
check "goals.txt beside the summary" "grep -q '^goals: 0 met, 1 missed' $tmp/goals.txt"
check "text outside the markers kept" "grep -q '^before\$' $tmp/r.rst && grep -q '^after\$' $tmp/r.rst && ! grep -q '^old\$' $tmp/r.rst"
cp "$tmp/r.rst" "$tmp/r1.rst"
PATH=/usr/bin:/bin "$here/summarize.sh" "$tmp/bench.csv" "$tmp" "$tmp/r.rst" > /dev/null 2>&1
check "a second run gives the same file" "cmp -s $tmp/r.rst $tmp/r1.rst"
check "no trailing blanks in the table" "! grep -q ' \$' $tmp/r.rst"

tap_end summarize
