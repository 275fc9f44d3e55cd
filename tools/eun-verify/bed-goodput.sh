#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Goodput of eun-verify beside perftest, run inside the bed's guests like a
# selftest (BED_* environment, Documentation/testing.rst):
#
#   tools/vm/bed.sh -t tools/eun-verify/bed-goodput.sh CONFIG
#
# For WRITE, SEND and READ and every size in BED_SIZES, BED_ITERS messages:
# eun-verify (every byte checked; goodput from CLOCK_MONOTONIC, first post
# to last completion) then perftest's ib_{write,send,read}_bw (its own
# MB/s, and bytes over the guest's wall time around the process). The
# client writes $BED_RESULTS/verify-goodput.csv and prints a table; a row
# says DISAGREE when perftest's figure and eun-verify's differ by more than
# EV_AGREE_PCT percent (default 25). A failed check fails the run.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

ev_require
require_cmd ib_write_bw ib_send_bw ib_read_bw
agree_pct=${EV_AGREE_PCT:-25}
csv=$BED_RESULTS/verify-goodput.csv

# ratio_ok A B: A and B within agree_pct percent of the larger.
ratio_ok()
{
	awk -v a="$1" -v b="$2" -v p="$agree_pct" 'BEGIN {
		m = a > b ? a : b
		if (m <= 0) exit 1
		d = a - b; if (d < 0) d = -d
		exit !(d / m * 100 <= p)
	}'
}

# shellcheck disable=SC2034 # read by name: csv_row, csv_header

fields=(module op size iters ev_messages ev_bytes ev_checked_messages_server
	ev_checked_bytes_server ev_elapsed_s ev_MBps ev_lat_p50_us ev_lat_p99_us
	ev_sent_pkts ev_retrans_client perftest_MBps perftest_wall_s
	perftest_wall_MBps verdict)
[ "$BED_ROLE" = client ] && csv_header fields > "$csv"

for op in write send read; do
	for size in $BED_SIZES; do
		name=goodput-$op-$size
		before=$BED_RESULTS/$name.counters-before
		after=$BED_RESULTS/$name.counters-after
		bed_counters "$before"
		ev_run "$name" 0 -- -o "$op" -S "$size" -n "$BED_ITERS" --seed 1
		bed_counters "$after"
		pkts=$(bed_counter_delta "$before" "$after" sent_pkts "$BED_DEV")
		# Retransmission and ordering counters that moved on this side
		# (the rxe_eun_* ones read 0 on stock).
		retr=$(bed_counter_delta -s "$before" "$after" "$BED_RETRANS_COUNTERS")
		read -r result n msgs bytes cmsgs cbytes el mbps p50 p99 _ <<< "$(ev_summary "$EV_OUT")"
		[ "$result" = pass ] || check_err 1 "$name: $result: $(ev_field "$EV_OUT" error)"
		[ "$msgs" = "$BED_ITERS" ] || check_err 1 "$name: $msgs messages, want $BED_ITERS"
		log_test "$BED_MODULE: eun-verify $op size $size iters $BED_ITERS ($BED_ROLE)"
		# The server's own count of what it compared (READ: none; the
		# client compares those), shared through the run folder.
		if [ "$BED_ROLE" = server ]; then
			echo "$cmsgs $cbytes" > "$BED_SYNC/$name.server"
		fi
		bed_barrier "$name-counted" "$BED_TMO_STEP_S"
		read -r scm scb < "$BED_SYNC/$name.server" 2>/dev/null || { scm=?; scb=?; }

		: > "$BED_RESULTS/perf.csv"
		bed_port_next port GOODPUT_PERF
		bed_perftest "ib_${op}_bw" "$port" "$size" "$BED_ITERS"
		[ "$BED_ROLE" = client ] || continue
		pel=? pmbps=?
		if [ -s "$BED_RESULTS/perf.csv" ]; then
			read -r pel pmbps < <(csv_awk 'FNR == 1 { csv_open(); next }
				{ print fld("elapsed_s"), fld("perftest_figure") }' "$BED_RESULTS/perf.csv")
		fi
		pwall=$(awk -v b=$((size * BED_ITERS)) -v e="$pel" \
			'BEGIN { if (e > 0) printf "%.3f", b / e / 1e6; else print "?" }')
		verdict=agree
		ratio_ok "$mbps" "${pmbps:-0}" || verdict=DISAGREE
		# shellcheck disable=SC2034 # read by name: csv_row, csv_header
		declare -A row=([module]=$BED_MODULE [op]=$op [size]=$size
			[iters]=$BED_ITERS [ev_messages]=$msgs [ev_bytes]=$bytes
			[ev_checked_messages_server]=$scm [ev_checked_bytes_server]=$scb
			[ev_elapsed_s]=$el [ev_MBps]=$mbps [ev_lat_p50_us]=$p50
			[ev_lat_p99_us]=$p99 [ev_sent_pkts]=$pkts [ev_retrans_client]=$retr
			[perftest_MBps]=$pmbps [perftest_wall_s]=$pel
			[perftest_wall_MBps]=$pwall [verdict]=$verdict)
		csv_row fields row >> "$csv" || check_err 1 "$name: no row for $csv"
	done
done

if [ "$BED_ROLE" = client ]; then
	echo "eun-verify vs perftest goodput (MB/s = 10^6 B/s), $BED_MODULE:"
	csv_awk 'FNR == 1 { csv_open(); next }
		{ printf "  %-5s %7s x %-5s eun-verify %8s MB/s (%s msgs, %s B; server checked %s B; %s retrans) perftest %8s MB/s (wall %s MB/s) %s\n",
			fld("op"), fld("size"), fld("iters"), fld("ev_MBps"), fld("ev_messages"),
			fld("ev_bytes"), fld("ev_checked_bytes_server"), fld("ev_retrans_client"),
			fld("perftest_MBps"), fld("perftest_wall_MBps"), fld("verdict") }' "$csv"
fi
exit $EXIT_STATUS
