#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# eun-verify between the guests: every operation, fixed, listed, random and
# odd sizes, 1 to 4 QPs, rdma_cm and TCP set-up, RC and UC, closed and
# open loop. Each run must pass on both sides and both must account for
# every message. Goodput and packets sent per run go to
# $BED_RESULTS/goodput.csv. Transfers are kept small (about 1 MB in all):
# guests under TCG move a few thousand packets per second.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

ev_require

# name | client arguments | QPs | messages per QP ("any": time-bound, > 0)
cases=(
	"send-write-q2|-o send,write -S 1,7,4096,20001 --seed 11 -n 40|2|40"
	"imm-read-rand|-o write_imm,read -S rand:1-32K --seed 12 -n 60|1|60"
	"atomics-q3|-o cas,faa --seed 13 -n 100|3|100"
	"mix-tcp-q4|-o mix -S rand:1-16K --tcp --seed 14 -n 30 -D 8|4|30"
	"uc-tcp|-o send,write,write_imm -S 2048,3 --uc --tcp --seed 15 -n 60|1|60"
	"bytes-bound|-o write -S 1000 -b 60000 --seed 16|1|60"
	"time-bound|-o send -S 512 -t 1 --seed 17|1|any"
	"open-loop|-o write -S websearch:1000 --offered 100000 --seed 18 -n 30|2|30"
)

csv=$BED_RESULTS/goodput.csv
# shellcheck disable=SC2034 # read by name: csv_row, csv_header
fields=(case role module messages bytes checked_messages checked_bytes
	elapsed_s goodput_MBps lat_p50_us lat_p99_us sent_pkts)
csv_header fields > "$csv"
for c in "${cases[@]}"; do
	IFS='|' read -r name args qps iters <<< "$c"
	# UC loses messages on an impaired link: that is the negative test's.
	if [[ " $args " == *" --uc "* ]] && [ "$BED_IMPAIRED" = 1 ]; then
		log_info "$name: skipped, UC on an impaired link"
		continue
	fi
	sargs=()
	[[ " $args " == *" --tcp "* ]] && sargs=(--tcp)
	# Packets this guest's device sent: under TCG steadier than any rate.
	bed_counters "$BED_RESULTS/$name.counters-before"
	# shellcheck disable=SC2086 # args is a word list on purpose
	ev_run "$name" 0 "${sargs[@]}" -- $args -q "$qps"
	bed_counters "$BED_RESULTS/$name.counters-after"
	pkts=$(bed_counter_delta "$BED_RESULTS/$name.counters-before" \
		"$BED_RESULTS/$name.counters-after" sent_pkts "$BED_DEV")
	read -r result n msgs bytes cmsgs cbytes el mbps p50 p99 _ <<< "$(ev_summary "$EV_OUT")"
	[ "$result" = pass ] || check_err 1 "$name: result '$result': $(ev_field "$EV_OUT" error)"
	[ "$n" = "$qps" ] || check_err 1 "$name: $n per-QP entries, want $qps"
	if [ "$iters" = any ]; then
		[ "${msgs:-0}" -gt 0 ] 2>/dev/null || check_err 1 "$name: no messages accounted"
	elif [ "$msgs" != $((qps * iters)) ]; then
		check_err 1 "$name: $msgs messages accounted, want $((qps * iters))"
	fi
	# Open loop: 30 arrivals a QP, 34 ms apart on average (2 QPs of
	# 1712-byte flows offering 100000 B/s), take about a second; closed
	# loop the same messages take a tenth of that.
	if [ "$name" = open-loop ] && ! awk -v e="$el" 'BEGIN { exit !(e >= 0.4) }'; then
		check_err 1 "$name: done in ${el}s: the arrivals were not paced"
	fi
	# shellcheck disable=SC2034 # read by name: csv_row, csv_header
	declare -A row=([case]=$name [role]=$BED_ROLE [module]=$BED_MODULE
		[messages]=$msgs [bytes]=$bytes [checked_messages]=$cmsgs
		[checked_bytes]=$cbytes [elapsed_s]=$el [goodput_MBps]=$mbps
		[lat_p50_us]=$p50 [lat_p99_us]=$p99 [sent_pkts]=$pkts)
	csv_row fields row >> "$csv"
	check_err $? "$name: no row for goodput.csv"
	log_test "$BED_MODULE: eun-verify $name ($BED_ROLE)"
done
exit $EXIT_STATUS
