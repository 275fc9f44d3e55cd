#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ATOMIC WRITE without the fence (ooo_mode=eunomia, after_read=go):
# selftests/atomic_write.py mixes WRITEs and ATOMIC WRITEs on one QP,
# several ATOMIC WRITEs to one 8-byte slot a few packets apart, over a
# link that reorders both ways, then over one that also drops. After
# each batch every completion must have come in posted order and each
# slot must hold the last value posted to it: the responder executed
# the ATOMIC WRITEs in order and a copy of one never again. The
# requester must have sent WRITEs behind ATOMIC WRITEs still out (until
# this was built, an ATOMIC WRITE was fenced and none went), and none
# may have gone back to go-back-N.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

bed_eun_default_run_only "ATOMIC WRITE without the fence is rdma_rxe_eun's"
/usr/bin/python3 -c 'import pyverbs' 2>/dev/null ||
	{ log_skip "pyverbs does not import"; exit $ksft_skip; }
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"
LOSSY="delay 1ms reorder 25% 50% loss 1%"

delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# aw_run NAME NETEM: one run of atomic_write.py over NETEM.
aw_run()
{
	local name=$1 netem=$2 out=$BED_RESULTS/$1.txt rc

	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	timeout $((BED_TMO_READY_CLIENT_S + 240)) /usr/bin/python3 \
		"$BED_REPO/selftests/atomic_write.py" --role "$BED_ROLE" \
		--dev "$BED_DEV" --gid "$BED_GID_INDEX" --sync "$BED_SYNC" \
		--tag "atomic-write-$name" --wait "$BED_TMO_READY_CLIENT_S" \
		--timeout 180 --ack-timeout "$BED_QP_TIMEOUT" > "$out" 2>&1
	rc=$?
	sed 's/^/\t/' "$out"
	check_err $rc "$name: atomic_write.py exited with $rc (124: timeout): $(tail -n 1 "$out")"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
}

before=$BED_RESULTS/before.txt
after=$BED_RESULTS/after.txt
bed_module_reload_both atomic-write "ooo_mode=eunomia after_read=go"
bed_counters "$before"
aw_run reorder "$REORDER"
aw_run lossy "$LOSSY"
bed_counters "$after"

[ "$(delta rxe_eun_gbn_retry)" = 0 ]
check_err $? "$(delta rxe_eun_gbn_retry) go-back-N rewinds"
[ "$(delta rxe_eun_read_bad)" = 0 ]
check_err $? "$(delta rxe_eun_read_bad) responses refused as malformed"
[ "$(delta rxe_eun_read_replay_gone)" = 0 ]
check_err $? "$(delta rxe_eun_read_replay_gone) copies found their request's resource taken"
if [ "$BED_ROLE" = client ]; then
	u=$(delta rxe_eun_ooo_unfenced)
	log_info "WRITEs behind ATOMIC WRITEs out $u, waited for a fenced request $(delta rxe_eun_fence_wait), re-requests $(delta rxe_eun_read_rerequest)"
	[ "$u" -gt 0 ]
	check_err $? "no WRITE went behind an ATOMIC WRITE out"
else
	log_info "ATOMIC WRITEs and atomics held for their turn $(delta rxe_eun_atomic_held)"
fi
log_test "ATOMIC WRITE and WRITE mixed on one QP, reordered and lossy ($BED_ROLE)"

bed_module_restore
exit $EXIT_STATUS
