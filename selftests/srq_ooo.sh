#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# QPs on a shared receive queue, out of order: with ooo_mode=static and
# ooo_mode=eunomia, eun-verify's server posts its receives to one SRQ for
# its 8 QPs (--srq) while the client mixes every verb (SEND, WRITE, WRITE
# with immediate, READ, compare-and-swap, fetch-and-add) of 1 byte to
# 256 KiB, over a link that reorders both ways and loses and duplicates
# (netem "delay 1ms reorder 25% 50% loss 1% duplicate 1%"). Every
# byte, atomic result and completion order is checked, each message in
# the SRQ buffer its completion names; the server's QPs placed packets out
# of order, none ran go-back-N or rewound, and the emulated memory is
# empty once the QPs are gone.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

bed_eun_default_run_only "SRQ tracking applies to rdma_rxe_eun only"
ev_require
require_cmd tc

LOSSY="delay 1ms reorder 25% 50% loss 1% duplicate 1%"

# delta NAME: how much counter NAME moved between $before and $after.
delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# srq_run MODE TAG NETEM: one checked eun-verify transfer over NETEM.
srq_run()
{
	local mode=$1 name=srq-$1-$2 netem=$3 d

	before=$BED_RESULTS/$name-before.txt
	after=$BED_RESULTS/$name-after.txt
	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	bed_counters "$before"
	# An ACK timeout of 1 s: a lost tail costs a second, not 17.
	BED_QP_TIMEOUT=18 ev_run "$name" 0 --srq -- -o mix \
		-S 1,100,4096,20001,262144 -q 8 -n 24 --seed 29
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"

	for c in rxe_eun_qp_fallback rxe_eun_gbn_retry rxe_eun_nack_sent_mode \
		 rxe_eun_rx_malformed; do
		d=$(delta $c)
		[ "$d" = 0 ]
		check_err $? "$name: $c moved by $d, want 0"
	done
	if [ "$BED_ROLE" = server ]; then
		[ "$(ev_field "$EV_OUT" srq)" = 1 ]
		check_err $? "$name: the server did not run on an SRQ"
		d=$(delta rxe_eun_rx_ooo)
		[ "$d" -gt 0 ]
		check_err $? "$name: no packet placed out of order (rxe_eun_rx_ooo)"
		log_info "$name: SRQ receives $(ev_field "$EV_OUT" srq_receives) of $(ev_field "$EV_OUT" srq_wqes) WQEs," \
			"placed out of order $d, completions held $(delta rxe_eun_rx_held_completions)," \
			"refused beyond the window $(delta rxe_eun_nack_sent_cap), RNR NACKs $(delta rxe_eun_nack_sent_rnr)"
	else
		log_info "$name: resent after a NACK $(delta rxe_eun_retx_nack), by the reorder window $(delta rxe_eun_retx_reorder), after a timeout $(delta rxe_eun_retx_timeout)"
	fi
	log_test "ooo_mode=$mode: every verb to QPs on one SRQ, netem $netem ($BED_ROLE)"
}

run_mode()
{
	local mode=$1

	bed_module_reload_both "srq-$mode" "ooo_mode=$mode"
	log_test "ooo_mode=$mode: loaded ($BED_ROLE)"
	srq_run "$mode" lossy "$LOSSY"
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "ooo_mode=$mode: emulated memory empty after the SRQ runs ($BED_ROLE)"
}

trap bed_netem_off EXIT
run_mode static
run_mode eunomia

bed_module_restore
exit $EXIT_STATUS
