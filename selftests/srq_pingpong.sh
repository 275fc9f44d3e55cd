#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ibv_srq_pingpong between the guests with received buffers checked (-c):
# eight QPs per side take their receives from one shared receive queue.
# First as the bed comes, which must work in every mode as on stock.
#
# Then, in the default rdma_rxe_eun run, with ooo_mode=static and
# ooo_mode=eunomia, over a link that reorders both ways (netem "delay 1ms
# reorder 25% 50%"; 4 KiB messages are 4 packets at MTU 1024): the QPs on
# the SRQ track. No QP falls back to go-back-N (rxe_eun_qp_fallback), none
# rewinds, no NACK MODE is sent, packets are placed out of order
# (rxe_eun_rx_ooo), and every buffer checks.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ibv_srq_pingpong

REORDER="delay 1ms reorder 25% 50%"
ITERS=100
# Enough exchanges under reordering for packets of several messages and
# QPs to interleave.
TRACK_ITERS=500
SIZE=4096

# delta NAME: how much counter NAME moved between $before and $after.
delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# srq_run NAME ITERS: one ibv_srq_pingpong exchange, its output checked.
srq_run()
{
	local name=$1 port out rc args

	bed_port_next port SRQ_PINGPONG
	args=(-d "$BED_DEV" -g "$BED_GID_INDEX" -p "$port" -q 8 -n "$2"
	      -s $SIZE -c)
	[ "$BED_ROLE" = server ] || args+=("$BED_SERVER")
	out=$BED_RESULTS/$name.out
	bed_pair "$name" "tcp:$port" $((BED_TIMEOUT / 4)) "$out" "$out" \
		ibv_srq_pingpong "${args[@]}"
	rc=$?
	check_err $rc "$name: ibv_srq_pingpong exited with $rc (124: timeout)"
	grep -q 'iters in' "$out"
	check_err $? "$name: no 'iters in' summary line"
	[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
	grep 'iters in' "$out" | sed "s/^/INFO: $name: /"
}

# track_mode MODE: the QPs on the SRQ track under reordering.
track_mode()
{
	local mode=$1 name=srq-$1 d

	before=$BED_RESULTS/$name-before.txt
	after=$BED_RESULTS/$name-after.txt
	bed_module_reload_both "$name" "ooo_mode=$mode"
	bed_netem_on "$REORDER"
	check_err $? "$mode: netem failed"
	bed_counters "$before"
	srq_run "$name" $TRACK_ITERS
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"

	log_info "$mode: placed out of order $(delta rxe_eun_rx_ooo)," \
		"completions held $(delta rxe_eun_rx_held_completions)," \
		"QPs on go-back-N $(delta rxe_eun_qp_fallback)," \
		"rewinds $(delta rxe_eun_gbn_retry), NACK MODE $(delta rxe_eun_nack_sent_mode)," \
		"resent by the reorder window $(delta rxe_eun_retx_reorder), after a timeout $(delta rxe_eun_retx_timeout)"
	for c in rxe_eun_qp_fallback rxe_eun_gbn_retry rxe_eun_nack_sent_mode; do
		d=$(delta $c)
		[ "$d" = 0 ]
		check_err $? "$mode: $c moved by $d, want 0"
	done
	d=$(delta rxe_eun_rx_ooo)
	[ "$d" -gt 0 ]
	check_err $? "$mode: no packet placed out of order (rxe_eun_rx_ooo)"
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "ooo_mode=$mode: ibv_srq_pingpong -n $TRACK_ITERS over a reordering link, QPs on the SRQ track ($BED_ROLE)"
}

before=$BED_RESULTS/counters-before.txt
after=$BED_RESULTS/counters-after.txt
bed_counters "$before"
srq_run srq_pingpong $ITERS
bed_counters "$after"
if [ "$BED_MODULE" = rdma_rxe_eun ]; then
	log_info "QPs run go-back-N $(delta rxe_eun_qp_fallback)," \
		"rewinds $(delta rxe_eun_gbn_retry)," \
		"NACK MODE sent $(delta rxe_eun_nack_sent_mode)"
fi
log_test "$BED_MODULE: ibv_srq_pingpong -q 8 -n $ITERS -s $SIZE -c ($BED_ROLE)"

# The tracking runs load the modes they need: in the default run only.
if [ "$BED_MODULE" = rdma_rxe_eun ] && [ -z "${BED_MODULE_PARAMS:-}" ]; then
	trap bed_netem_off EXIT
	require_cmd tc
	track_mode static
	track_mode eunomia
	bed_module_restore
fi
exit $EXIT_STATUS
