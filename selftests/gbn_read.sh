#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rxe's own go-back-N READ and atomics over a reordering link
# (ooo_mode=gbn, stock's code path but for the project's fixes to it).
# rxe's responder answers a duplicate SEND or WRITE with an ACK of its
# latest PSN, which may be a READ's or an atomic's, and rxe's completer
# took it for their answer: the READ completed as a success with part of
# its buffer never written, the CAS returned a value never written
# (patch 0020 retries instead); a response out of its opcode sequence
# took the completer to its error state without an error status, and
# the WQE completed as a success too, with a WARN_ON_ONCE (patch 0019
# fails it). eun-verify READs 64 KiB messages and runs compare-and-swap
# and fetch-and-add over netem "delay 1ms reorder 25% 50%": every byte
# and result must be right, and the requester must have gone back N.
# The bed's kernel-log check fails on the WARN.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

# It loads the module with its own ooo_mode: a run with other parameters
# would repeat the default run's.
bed_eun_default_run_only "ooo_mode=gbn is rdma_rxe_eun's (stock rdma_rxe keeps the bugs)"
ev_require
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"

# gbn_run NAME ARGS...: one checked transfer.
gbn_run()
{
	local name=$1

	shift
	ev_run "$name" 0 -- "$@"
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
}

gbn_read()
{
	local before=$BED_RESULTS/gbn-read-before.txt
	local after=$BED_RESULTS/gbn-read-after.txt
	local retries

	bed_module_reload_both gbn-read "ooo_mode=gbn"
	bed_netem_on "$REORDER"
	check_err $? "netem failed"
	bed_counters "$before"
	gbn_run gbn-read -o read -S 65536 -n 200 --seed 1
	gbn_run gbn-atomics -o cas,faa -n 400 --seed 2
	bed_counters "$after"
	bed_netem_off
	if [ "$BED_ROLE" = client ]; then
		retries=$(bed_counter_delta "$before" "$after" completer_retry_err)
		[ "${retries:-0}" -gt 0 ]
		check_err $? "the requester never went back N: the reordering did not reach the path under test"
		log_info "go-back-N retries $retries, sequence errors $(bed_counter_delta "$before" "$after" rcvd_seq_err)"
	fi
	log_test "ooo_mode=gbn: READ and atomics over a reordering link, every byte and result right ($BED_ROLE)"
}

gbn_read
bed_module_restore
exit $EXIT_STATUS
