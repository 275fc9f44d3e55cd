#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# WRITE and SEND behind READs and atomics without the fence
# (after_read=go, ooo_mode=eunomia): eun-verify mixes WRITE, SEND, READ,
# compare-and-swap and fetch-and-add on one QP over a link that reorders
# both ways, then over one that also drops. Every byte, result and
# completion order is checked; the requester sent WRITE and SEND
# messages behind READs and atomics still out and none went back to
# go-back-N. With the default (after_read=wait) the same transfer makes
# its WRITE and SEND wait, and sends none behind them.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

bed_eun_default_run_only "the fence behind READs applies to rdma_rxe_eun only"
ev_require
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"
LOSSY="delay 1ms reorder 25% 50% loss 1%"

# delta NAME: how much counter NAME moved between $before and $after.
delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# mix_run NAME NETEM: one checked transfer of every verb over NETEM.
mix_run()
{
	local name=$1 netem=$2

	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	ev_run "$name" 0 -- -o write,send,read,cas,faa -S 1,4096,16384 -n 150 \
		--seed 31
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
}

# run AFTER_READ: both transfers with after_read=AFTER_READ; prints the
# WRITE and SEND messages sent behind READs and those that waited.
run()
{
	local ar=$1 u w

	before=$BED_RESULTS/$ar-before.txt
	after=$BED_RESULTS/$ar-after.txt
	bed_module_reload_both "after-$ar" "ooo_mode=eunomia after_read=$ar"
	bed_counters "$before"
	mix_run "mix-$ar-reorder" "$REORDER"
	mix_run "mix-$ar-lossy" "$LOSSY"
	bed_counters "$after"
	bed_expect_unmoved "$before" "$after" rxe_eun_gbn_retry \
		"go-back-N rewinds (after_read=$ar)"
	bed_expect_unmoved "$before" "$after" rxe_eun_read_bad \
		"responses refused as malformed (after_read=$ar)"
	bed_expect_unmoved "$before" "$after" rxe_eun_read_replay_gone \
		"re-requests found their READ's resource taken (after_read=$ar)"
	[ "$BED_ROLE" = client ] || return 0
	u=$(delta rxe_eun_ooo_unfenced) w=$(delta rxe_eun_fence_wait)
	log_info "after_read=$ar: WRITE and SEND messages behind READs and atomics out $u, waited for them $w, re-requests $(delta rxe_eun_read_rerequest)"
	if [ "$ar" = go ]; then
		[ "$u" -gt 0 ]
		check_err $? "after_read=go: no WRITE or SEND went behind READs or atomics out"
	else
		[ "$u" = 0 ] && [ "$w" -gt 0 ]
		check_err $? "after_read=wait: $u messages went behind READs, $w waited"
	fi
}

trap bed_netem_off EXIT
run go
log_test "after_read=go: every verb mixed on one QP, reordered and lossy ($BED_ROLE)"
run wait
log_test "after_read=wait: the same transfers keep the fence ($BED_ROLE)"

bed_module_restore
exit $EXIT_STATUS
