#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 900
#
# Exhaustion: EXHAUST_QPS (default 1000) RC QPs at once, each moving SEND
# and WRITE over a reordering link, on the default emulated memory (a
# static bitmap fits some 48 QPs), in ooo_mode=static and eunomia. A QP
# without room for a bitmap takes its packets in order without one and
# refuses the rest; its sender backs off. Every QP completes, every byte
# and completion order checked; none hangs; afterwards the memory
# controller holds no block and the pool no held packet.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

bed_eun_default_run_only "the emulated memory is rdma_rxe_eun's"
ev_require
require_cmd tc

QPS=${EXHAUST_QPS:-1000}
# A queue long enough for every QP's burst: the memory is under test
# here, not the local qdisc (local_drop.sh tests that).
REORDER="delay 1ms reorder 25% 50% limit 100000"

# run_mode MODE: every QP of one eun-verify run, on the default memory.
run_mode()
{
	local mode=$1 name=exhaust-$1 d t0 t1
	local before=$BED_RESULTS/$name-before.txt after=$BED_RESULTS/$name-after.txt

	bed_module_reload_both "$name" "ooo_mode=$mode"
	bed_netem_on "$REORDER"
	check_err $? "$mode: netem failed"
	bed_counters "$before"
	t0=$EPOCHSECONDS
	EV_TIMEOUT=240 EV_WAIT=300 ev_run "$name" 0 -- -o send,write \
		-S 1,4096,16384 -q "$QPS" -D 2 -n 4 --seed 9
	t1=$EPOCHSECONDS
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$mode: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"
	d=$(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: $d go-back-N rewinds"
	if [ "$BED_ROLE" = server ]; then
		log_info "$mode: $QPS QPs in $((t1 - t0)) s;" \
			"$(ev_summary "$EV_OUT" | cut -d' ' -f3-6);" \
			"refused for want of memory $(bed_counter_delta "$before" "$after" rxe_eun_nack_sent_nomem)," \
			"beyond the cap $(bed_counter_delta "$before" "$after" rxe_eun_nack_sent_cap)," \
			"placed $(bed_counter_delta "$before" "$after" rxe_eun_psn_accept)," \
			"out of order $(bed_counter_delta "$before" "$after" rxe_eun_rx_ooo)," \
			"memory peak $(bed_counter rxe_eun_emem_blocks_peak) blocks"
	else
		log_info "$mode: waits $(bed_counter_delta "$before" "$after" rxe_eun_nack_backoff)," \
			"retries spent $(bed_counter_delta "$before" "$after" rxe_eun_nack_retry)," \
			"resent after a NACK $(bed_counter_delta "$before" "$after" rxe_eun_retx_nack)," \
			"after a timeout $(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout)," \
			"sent $(bed_counter_delta "$before" "$after" sent_pkts)"
	fi
	busywait 20000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	[ "$(bed_counter rxe_eun_wsync_slots_in_use)" = 0 ]
	check_err $? "$mode: $(bed_counter rxe_eun_wsync_slots_in_use) held packets with no QP"
	log_test "ooo_mode=$mode: $QPS QPs on the default memory complete ($BED_ROLE)"
}

trap bed_netem_off EXIT
run_mode static
run_mode eunomia

bed_module_restore
exit $EXIT_STATUS
