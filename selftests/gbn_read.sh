#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rxe's own go-back-N READ over a reordering link (ooo_mode=gbn, stock's
# code path). A READ response that comes out of the opcode sequence rxe's
# completer expects took it to its error state without an error status,
# and the error state completed the READ as a success with part of its
# buffer never written (and hit a WARN_ON_ONCE). Since patch 0019 such a
# READ fails with a bad response error. eun-verify READs 64 KiB messages
# over netem "delay 1ms reorder 25% 50%" a few times: each run must pass
# or end on a failed completion, never on a successful READ whose data is
# wrong; the requester must have gone back N at least once. The bed's
# kernel-log check fails on the WARN.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "ooo_mode=gbn is rdma_rxe_eun's (stock rdma_rxe keeps the bug)"
	exit $ksft_skip
fi
ev_require
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"
RUNS=3
# A failed READ leaves the server waiting for the client's report.
export EV_TIMEOUT=20

# gbn_read_run K: one transfer; GBN_OUT "ok" when it passed or a
# completion failed (then its error after), else the report's error.
gbn_read_run()
{
	local name=gbn-read-$1 res err

	ev_run "$name" "0|1|3" -- -o read -S 65536 -n 200 --seed "$1"
	res=$(ev_summary "$EV_OUT" | cut -d' ' -f1)
	err=$(ev_field "$EV_OUT" error)
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	if [ "$BED_ROLE" = server ] || [ "$res" = pass ] ||
	   [[ $err =~ completion\ of\ .*\ failed: ]]; then
		GBN_OUT="ok${err:+: $err}"
	else
		GBN_OUT=${err:-no report (exit $EV_RC)}
	fi
}

gbn_read()
{
	local before=$BED_RESULTS/gbn-read-before.txt
	local after=$BED_RESULTS/gbn-read-after.txt
	local k retries

	bed_module_reload_both gbn-read "ooo_mode=gbn"
	bed_netem_on "$REORDER"
	check_err $? "netem failed"
	bed_counters "$before"
	for k in $(seq 1 $RUNS); do
		gbn_read_run "$k"
		[[ $GBN_OUT == ok* ]]
		check_err $? "run $k: a READ completed with its data wrong: $GBN_OUT"
		log_info "run $k: $GBN_OUT"
	done
	bed_counters "$after"
	bed_netem_off
	if [ "$BED_ROLE" = client ]; then
		retries=$(bed_counter_delta "$before" "$after" completer_retry_err)
		[ "${retries:-0}" -gt 0 ]
		check_err $? "the requester never went back N: the reordering did not reach the path under test"
		log_info "go-back-N retries $retries, sequence errors $(bed_counter_delta "$before" "$after" rcvd_seq_err)"
	fi
	log_test "ooo_mode=gbn: READs over a reordering link complete right or fail ($BED_ROLE)"
}

gbn_read
bed_module_restore
exit $EXIT_STATUS
