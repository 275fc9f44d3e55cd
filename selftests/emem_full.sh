#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The emulated memory runs out: with room for one or two reorder bitmaps,
# four QPs move SEND and WRITE over a reordering link in ooo_mode=static
# and ooo_mode=eunomia. A QP whose bitmap does not fit takes its packets
# in order without one and refuses the rest (NACK, for want of memory);
# its sender waits before it sends again, longer after each refusal in a
# row. Every transfer completes, byte-checked, in posted order, without a
# go-back-N rewind, and the memory is empty once the QPs are gone.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

bed_eun_default_run_only "the emulated memory is rdma_rxe_eun's"
ev_require
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"

# run_full MODE BLOCKS ITERS: four QPs on a device of BLOCKS emulated
# blocks, ITERS messages each.
run_full()
{
	local mode=$1 blocks=$2 iters=$3 name=emem-full-$1 d
	local before=$BED_RESULTS/$name-before.txt after=$BED_RESULTS/$name-after.txt

	bed_module_reload_both "$name" "ooo_mode=$mode emem_blocks=$blocks"
	bed_netem_on "$REORDER"
	check_err $? "$mode: netem failed"
	bed_counters "$before"

	EV_TIMEOUT=120 ev_run "$name" 0 -- -o send,write -S 4096,65536 -q 4 \
		-n "$iters" --seed 5
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$mode: $(ev_field "$EV_OUT" error)"

	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"
	d=$(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: $d go-back-N rewinds"
	if [ "$BED_ROLE" = server ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_nack_sent_nomem)
		[ "$d" -gt 0 ]
		check_err $? "$mode: the memory never ran out (no NACK for want of it)"
		log_info "$mode: refused for want of memory $d, placed $(bed_counter_delta "$before" "$after" rxe_eun_psn_accept), out of order $(bed_counter_delta "$before" "$after" rxe_eun_rx_ooo)"
	else
		d=$(bed_counter_delta "$before" "$after" rxe_eun_nack_backoff)
		[ "$d" -gt 0 ]
		check_err $? "$mode: refusals started no wait"
		log_info "$mode: waits $d, retries spent $(bed_counter_delta "$before" "$after" rxe_eun_nack_retry), resent after a NACK $(bed_counter_delta "$before" "$after" rxe_eun_retx_nack), after a timeout $(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout), sent $(bed_counter_delta "$before" "$after" sent_pkts)"
	fi
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "ooo_mode=$mode, $blocks blocks: four QPs complete when the memory runs out ($BED_ROLE)"
}

trap bed_netem_off EXIT
# A static bitmap of 256 bits takes 21 blocks: one of four QPs gets one.
run_full static 32 40
# A bitmap of the hybrid-dynamic kind starts at 7 blocks and grows, only
# as deep as the reordering: it runs out when holes of several QPs meet,
# which 40 messages a QP left to chance (no refusal in one run of 5,464
# packets, 189 in another); 120 make it sure.
run_full eunomia 16 120

bed_module_restore
exit $EXIT_STATUS
