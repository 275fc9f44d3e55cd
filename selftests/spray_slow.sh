#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# READ responses over a bonded bed (BOND=1) one of whose links is slow.
# The responder sprays a READ's responses over its QP's paths; the
# requester re-requests those that stay missing, and with spray=adaptive
# (or mprdma) the responder parks a path whose responses are re-requested
# more than the others'. So the slow link must carry far less than its
# even share of the responses, and every READ completes. Taking the paths
# in turn (spray=rr), it carries a quarter of them, and the READs move at
# its pace. Then eun-verify READs over the same links, with the control
# SENDs it interleaves: the responder's acknowledgments of those take the
# responses' paths, or one on the slow link would hold every READ posted
# after its SEND.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

SLOW_LINK=1		# index in BED_SLAVES
SLOW_NETEM="rate 800kbit"	# 100 kB/s: a 1 KiB response takes 10 ms
SLOW_MAX_PCT=12		# the slow link's share of the responses, at most
SIZE=65536		# 100 READs of 64 KiB: 6,400 responses at MTU 1024
ITERS=100
DRAIN_S=60		# what the slow link may still hold when the READs end
EV_READS=100		# eun-verify's READs of SIZE, a control SEND every quarter ring

require_cmd ib_read_bw
if [ "${BED_BOND:-0}" != 1 ]; then
	log_skip "the bed has no bond (BOND=1, LINKS=2 or more)"
	exit $ksft_skip
fi
if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "READ responses are sprayed by rdma_rxe_eun only"
	exit $ksft_skip
fi
ev_require
read -ra slaves <<< "$BED_SLAVES"
slow=${slaves[$SLOW_LINK]:-}
if [ -z "$slow" ]; then
	log_skip "the bed has no link $SLOW_LINK"
	exit $ksft_skip
fi

spray_slow_cleanup()
{
	[ "$BED_ROLE" = server ] && bed_netem_set "$slow"
}
trap spray_slow_cleanup EXIT

bed_module_reload_both spray-slow "spray=adaptive"
if [ "$BED_ROLE" = server ]; then
	bed_netem_set "$slow" "$SLOW_NETEM"
	check_err $? "cannot slow link $slow down ($SLOW_NETEM)"
	log_info "link $slow: $SLOW_NETEM on the responder's side"
fi
bed_barrier spray-slow-netem "$BED_TMO_STEP_S"
check_err $? "the peer did not get ready"

tx0=$BED_RESULTS/spray-slow.link-tx.before
tx1=$BED_RESULTS/spray-slow.link-tx.after
counters=$BED_RESULTS/spray-slow.counters
bed_port_next port SPRAY_SLOW
bed_link_tx "$tx0"
bed_counters "$counters-before"
# Responses re-requested from the slow link are what parks it.
BED_RETRANS_MAX=100000 bed_perftest ib_read_bw "$port" "$SIZE" "$ITERS"
bed_counters "$counters-after"
bed_link_tx "$tx1"

if [ "$BED_ROLE" = server ]; then
	moved=$(bed_link_tx_delta "$tx0" "$tx1")
	check_err $? "the links changed during the transfer"
	read -ra pkts <<< "$moved"
	total=0
	for n in "${pkts[@]}"; do total=$((total + n)); done
	n=${pkts[$SLOW_LINK]:-0}
	parked=$(bed_counter_delta "$counters-before" "$counters-after" \
		 rxe_eun_read_resp_parked "$BED_DEV")
	log_info "responses per link: ${moved// / \/ } (${slaves[*]}); slow link $slow: $n of $total; paths parked $parked times"
	[ "$total" -gt 0 ] && [ $((n * 100)) -le $((total * SLOW_MAX_PCT)) ]
	check_err $? "the slow link sent $n of $total packets (> ${SLOW_MAX_PCT}%)"
	[ "$parked" -gt 0 ]
	check_err $? "no path of the responses was parked"
	log_test "$BED_MODULE: spray adaptive: READ responses leave a slow link (${n} of ${total} packets)"
fi

# spray_slow_acks: eun-verify's READs, every byte checked; the responder
# sprayed its acknowledgments of the client's control SENDs.
spray_slow_acks()
{
	local c=$BED_RESULTS/spray-slow-ev.counters n resent

	bed_counters "$c-before"
	EV_TIMEOUT=120 ev_run spray-slow-ev 0 -- -o read -S "$SIZE" -n "$EV_READS" --seed 21
	bed_counters "$c-after"
	[ "$(ev_field "$EV_OUT" result)" = pass ]
	check_err $? "eun-verify READ: $(ev_field "$EV_OUT" error)"
	if [ "$BED_ROLE" = client ]; then
		resent=$(bed_counter_delta "$c-before" "$c-after" rxe_eun_retx_reorder "$BED_DEV")
		log_info "eun-verify READ: $(ev_field "$EV_OUT" goodput_MBps total) MB/s, control SENDs resent by the reorder window: $resent"
		log_test "$BED_MODULE: spray adaptive: eun-verify READ over a slow link checks out"
		return
	fi
	n=$(bed_counter_delta "$c-before" "$c-after" rxe_eun_ack_sprayed "$BED_DEV")
	log_info "eun-verify READ: $n acknowledgments sprayed"
	[ "${n:-0}" -gt 0 ]
	check_err $? "eun-verify READ: no acknowledgment sprayed"
	log_test "$BED_MODULE: spray adaptive: acknowledgments take the READ responses' paths ($n)"
}
spray_slow_acks

if [ "$BED_ROLE" = server ]; then
	bed_netem_set "$slow"
	bed_links_drain "$DRAIN_S"
	check_err $? "link $slow still holds packets after ${DRAIN_S} s"
fi
bed_barrier spray-slow-done $((BED_TMO_STEP_S + DRAIN_S))
check_err $? "the peer did not finish"
bed_module_restore
exit $EXIT_STATUS
