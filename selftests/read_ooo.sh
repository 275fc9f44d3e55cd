#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# READs and atomics out of order: with ooo_mode=static and
# ooo_mode=eunomia, eun-verify READs messages of 1 byte to 1 MiB over a
# link that reorders both ways (netem "delay 1ms reorder 25% 50%"), then
# over one that also drops (2%), checks every byte and the order of every
# completion, and the requester's counters show responses placed out of
# order, missing ones re-requested, no go-back-N rewind and no response
# refused as malformed; with ooo_mode=eunomia the requester asked for
# a READ's later runs of missing responses alone at least once (this
# responder answers any part of a READ). How many copies each
# re-request brings back is logged, not held to a bound: about one per
# re-request in most transfers, four to seven in some (a round that
# asks for whole READs whose responses were still coming: see
# results.rst), where the old single range from the first hole to the
# last brought eight to thirteen. Then compare-and-swap and
# fetch-and-add back to back over the same links, every result checked:
# the responder held the atomics that came early and told the requester
# of each request missing behind them (a sequence NAK, taken by the
# requester), none went back to go-back-N. Then all of them and WRITE and SEND mixed on one QP: READs
# and atomics go behind WRITE and SEND packets still out, every byte and
# result checked, no go-back-N. Once the QPs are gone the emulated memory
# holds no block. The requester's eun_read_rerequest tracepoint fires once
# for each re-request it counts.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

# It loads the module with its own ooo_mode: a run with other parameters
# would repeat the default run's.
bed_eun_default_run_only "READ response tracking applies to rdma_rxe_eun only"
ev_require
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"
LOSSY="delay 1ms reorder 25% 50% loss 2%"

# read_run NAME NETEM ARGS...: one checked eun-verify transfer over NETEM.
read_run()
{
	local name=$1 netem=$2

	shift 2
	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	ev_run "$name" 0 -- "$@" --seed 23
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
}

# The requester's eun_read_rerequest tracepoint: one event per re-request
# it counts, as perf and bpftrace would see them.
trace=/sys/kernel/tracing
rerequest_trace_on()
{
	mountpoint -q "$trace" || mount -t tracefs nodev "$trace" || return 1
	echo 0 > "$trace/tracing_on" && : > "$trace/trace" &&
		echo 1 > "$trace/events/rxe_eun/eun_read_rerequest/enable" &&
		echo 1 > "$trace/tracing_on"
}

rerequest_trace_count()
{
	echo 0 > "$trace/tracing_on"
	echo 0 > "$trace/events/rxe_eun/eun_read_rerequest/enable"
	grep -c 'eun_read_rerequest:' "$trace/trace"
}

# delta NAME: how much counter NAME moved between $before and $after.
delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

run_mode()
{
	local mode=$1 before after d ooo dup
	before=$BED_RESULTS/read-$mode-before.txt
	after=$BED_RESULTS/read-$mode-after.txt

	bed_module_reload_both "read-$mode" "ooo_mode=$mode"

	bed_counters "$before"
	read_run "read-$mode-reorder" "$REORDER" \
		-o read -S 1,4096,20001,65536,1048576 -n 30 -q 2
	bed_counters "$after"
	d=$(delta rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: $d go-back-N rewinds"
	d=$(delta rxe_eun_read_bad)
	[ "$d" = 0 ]
	check_err $? "$mode: $d READ responses refused as malformed"
	if [ "$BED_ROLE" = client ]; then
		ooo=$(delta rxe_eun_read_ooo)
		[ "$ooo" -gt 0 ]
		check_err $? "$mode: no READ response was placed out of order"
		log_info "$mode: READ responses placed $(delta rxe_eun_read_placed), out of order $ooo, duplicates $(delta rxe_eun_read_duplicate), dropped $(delta rxe_eun_read_drop), re-requests $(delta rxe_eun_read_rerequest) (spurious $(delta rxe_eun_read_rerequest_spurious), after a timeout $(delta rxe_eun_read_rerequest_timeout))"
	fi
	log_test "ooo_mode=$mode: READ over a reordering link ($BED_ROLE)"

	if [ "$BED_ROLE" = client ]; then
		rerequest_trace_on
		check_err $? "cannot enable the eun_read_rerequest tracepoint"
	fi
	bed_counters "$before"
	read_run "read-$mode-lossy" "$LOSSY" -o read -S 4096,65536 -n 40
	bed_counters "$after"
	if [ "$BED_ROLE" = client ]; then
		d=$(delta rxe_eun_read_rerequest)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no READ re-request over a lossy link"
		t=$((d + $(delta rxe_eun_read_rerequest_timeout)))
		n=$(rerequest_trace_count)
		[ "$n" = "$t" ]
		check_err $? "$mode: $n eun_read_rerequest events for $t re-requests counted"
		part=$(delta rxe_eun_read_rerequest_part)
		if [ "$mode" = eunomia ]; then
			[ "$part" -gt 0 ]
			check_err $? "$mode: lossy: no later run of a READ's missing responses was asked for alone ($d re-requests)"
		fi
		log_info "$mode: lossy: re-requests $d (of a later run alone $part, spurious $(delta rxe_eun_read_rerequest_spurious), after a timeout $(delta rxe_eun_read_rerequest_timeout)), duplicates $(delta rxe_eun_read_duplicate), traced $n ($(grep -m1 -o 'eun_read_rerequest: .*' "$trace/trace"))"
	fi
	log_test "ooo_mode=$mode: READ over a lossy, reordering link ($BED_ROLE)"

	bed_counters "$before"
	read_run "atomic-$mode-reorder" "$REORDER" -o cas,faa -n 300 -q 2
	read_run "atomic-$mode-lossy" "$LOSSY" -o cas,faa -n 200
	bed_counters "$after"
	d=$(delta rxe_eun_read_bad)
	[ "$d" = 0 ]
	check_err $? "$mode: $d atomic responses refused as malformed"
	if [ "$BED_ROLE" = server ]; then
		d=$(delta rxe_eun_atomic_held)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no atomic request was held until in order"
		d=$(delta rxe_eun_read_gap_nak_sent)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no sequence NAK for a request missing behind held atomics"
		log_info "$mode: atomics held until in order $(delta rxe_eun_atomic_held), sequence NAKs $d, READs executed ahead $(delta rxe_eun_read_ahead), duplicate requests $(delta duplicate_request)"
	else
		d=$(delta rxe_eun_read_gap_nak_rcvd)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no sequence NAK taken for a request missing behind held atomics"
		log_info "$mode: atomics: re-sent $(delta rxe_eun_read_rerequest) (spurious $(delta rxe_eun_read_rerequest_spurious), after a timeout $(delta rxe_eun_read_rerequest_timeout)), sequence NAKs taken $d, go-back-N $(delta rxe_eun_gbn_retry)"
	fi
	log_test "ooo_mode=$mode: compare-and-swap and fetch-and-add over reordering and lossy links ($BED_ROLE)"

	# WRITE, SEND, READ and atomics mixed on one QP: READs and atomics go
	# behind WRITE and SEND packets still out, and the responder holds
	# those that come first until the packets before them are in.
	bed_counters "$before"
	read_run "mix-$mode-reorder" "$REORDER" \
		-o write,send,read,cas,faa -S 1,4096,65536 -n 200
	read_run "mix-$mode-lossy" "$LOSSY" \
		-o write,send,read,cas,faa -S 4096,16384 -n 100
	bed_counters "$after"
	d=$(delta rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: mixed: $d go-back-N rewinds"
	d=$(delta rxe_eun_read_bad)
	[ "$d" = 0 ]
	check_err $? "$mode: mixed: $d READ or atomic responses refused as malformed"
	d=$(delta rxe_eun_read_replay_gone)
	[ "$d" = 0 ]
	check_err $? "$mode: mixed: $d re-requests found their request's resource taken"
	if [ "$BED_ROLE" = client ]; then
		d=$(delta rxe_eun_read_unfenced)
		[ "$d" -gt 0 ]
		check_err $? "$mode: mixed: no READ or atomic went behind WRITE or SEND packets"
		log_info "$mode: mixed: READs and atomics sent behind WRITE or SEND packets $d, re-requests $(delta rxe_eun_read_rerequest) (spurious $(delta rxe_eun_read_rerequest_spurious), after a timeout $(delta rxe_eun_read_rerequest_timeout)), resends $(delta rxe_eun_retx_reorder) by the reorder window, $(delta rxe_eun_retx_timeout) by the timer"
	else
		log_info "$mode: mixed: READs held behind WRITE or SEND packets $(delta rxe_eun_read_held), atomics held $(delta rxe_eun_atomic_held), READs executed ahead $(delta rxe_eun_read_ahead)"
	fi
	log_test "ooo_mode=$mode: WRITE, SEND, READ and atomics mixed on one QP, reordered and lossy ($BED_ROLE)"
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "ooo_mode=$mode: no emulated block in use once the QPs are gone ($BED_ROLE)"
}

trap bed_netem_off EXIT
run_mode static
run_mode eunomia

bed_module_restore
exit $EXIT_STATUS
