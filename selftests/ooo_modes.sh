#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The ordering layer in the data path: with ooo_mode=static and
# ooo_mode=eunomia, eun-verify moves SEND, WRITE and WRITE with immediate
# over a link that reorders (netem "delay 1ms reorder 25% 50%"), checks
# every byte and the order of every completion, and the counters show the
# packets were placed out of order without a go-back-N rewind; once the
# QPs are gone the emulated memory holds no block.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "ooo modes apply to rdma_rxe_eun only"
	exit $ksft_skip
fi
ev_require
require_cmd tc insmod rmmod

REORDER="delay 1ms reorder 25% 50%"
hw=/sys/class/infiniband/$BED_DEV/ports/1/hw_counters
own_netem=0

# Reorder on this guest's side, unless the bed impairs the link already.
netem_on()
{
	[ "$BED_IMPAIRED" = 1 ] && return 0
	# shellcheck disable=SC2086 # REORDER is a word list
	tc qdisc replace dev "$BED_NETDEV" root netem $REORDER && own_netem=1
}

netem_off()
{
	[ "$own_netem" = 1 ] && tc qdisc del dev "$BED_NETDEV" root
	own_netem=0
}

# reload_with ARGS...: the module under test with other parameters, links.
reload_with()
{
	bed_module_unload rdma_rxe_eun || return 1
	BED_MODULE_PARAMS="$*" bed_setup
}

run_mode()
{
	local mode=$1 before after name d

	reload_with "ooo_mode=$mode"
	check_err $? "reload with ooo_mode=$mode failed"
	bed_barrier "ooo-$mode-loaded" 120
	check_err $? "$mode: peer did not reload"
	netem_on
	check_err $? "$mode: netem failed"
	bed_counters "$BED_RESULTS/ooo-$mode-before.txt"

	for c in "send|-o send -S 1,4096,20001,65536" \
		 "write|-o write -S 7,4096,65536" \
		 "imm|-o write_imm -S 3,65536 -q 2"; do
		name=ooo-$mode-${c%%|*}
		# shellcheck disable=SC2086 # a word list on purpose
		ev_run "$name" 0 -- ${c#*|} --seed 21 -n 40
		[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
		check_err $? "$name: $(ev_field "$EV_OUT" error)"
	done

	bed_barrier "ooo-$mode-done" 120
	netem_off
	bed_counters "$BED_RESULTS/ooo-$mode-after.txt"
	before=$BED_RESULTS/ooo-$mode-before.txt
	after=$BED_RESULTS/ooo-$mode-after.txt
	d=$(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: $d go-back-N rewinds"
	if [ "$BED_ROLE" = server ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_psn_accept)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no packet went through the ordering layer"
		log_info "$mode: placed $d, out of order $(bed_counter_delta "$before" "$after" rxe_eun_rx_ooo), SACKs $(bed_counter_delta "$before" "$after" rxe_eun_sack_sent)"
	else
		log_info "$mode: resent by the reorder window $(bed_counter_delta "$before" "$after" rxe_eun_retx_reorder) (spurious $(bed_counter_delta "$before" "$after" rxe_eun_retx_spurious)), after a timeout $(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout), sent $(bed_counter_delta "$before" "$after" sent_pkts)"
	fi
	busywait 10000 test "$(cat "$hw/rxe_eun_emem_blocks_in_use")" = 0
	check_err $? "$mode: $(cat "$hw/rxe_eun_emem_blocks_in_use") emulated blocks in use with no QP"
	log_test "ooo_mode=$mode: SEND, WRITE, WRITE with immediate over a reordering link ($BED_ROLE)"
}

trap netem_off EXIT
run_mode static
run_mode eunomia

# Leave the module as the other tests expect it: defaults, the bed's links.
reload_with "${BED_MODULE_PARAMS:-}"
check_err $? "reload with the bed's parameters failed"
log_test "reload with the bed's parameters"
exit $EXIT_STATUS
