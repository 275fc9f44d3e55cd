#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ATOMIC WRITE without the fence (ooo_mode=eunomia, after_read=go):
# selftests/atomic_write.py mixes WRITEs and ATOMIC WRITEs on one QP,
# several ATOMIC WRITEs to one 8-byte slot a few packets apart, over a
# link that reorders both ways, then over one that also drops. After
# each batch every completion must have come in posted order and a READ
# posted right behind the batch must find in each slot the last value
# posted to it: the responder executed the ATOMIC WRITEs in order, a
# copy of one never again, and the READ in its turn. The requester must
# have sent WRITEs behind ATOMIC WRITEs still out (until this was built,
# an ATOMIC WRITE was fenced and none went) and marked the READs behind
# them to be executed in turn, and none may have gone back to go-back-N.
#
# Then the same over a link that only drops, with ooo_mode=gbn, rxe's own
# go-back-N: its retry once sent an ATOMIC WRITE to address 0 (patch
# 0018), which failed the WQE with a remote access error.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

bed_eun_default_run_only "ATOMIC WRITE without the fence is rdma_rxe_eun's"
/usr/bin/python3 -c 'import pyverbs' 2>/dev/null ||
	{ log_skip "pyverbs does not import"; exit $ksft_skip; }
require_cmd tc

REORDER="delay 1ms reorder 25% 50%"
LOSSY="delay 1ms reorder 25% 50% loss 1%"
# go-back-N under reordering hardly moves: loss alone for gbn.
LOSS="delay 1ms loss 1%"

delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# aw_run NAME NETEM [ARGS]: one run of atomic_write.py over NETEM.
aw_run()
{
	local name=$1 netem=$2 out=$BED_RESULTS/$1.txt rc

	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	timeout $((BED_TMO_READY_CLIENT_S + 240)) /usr/bin/python3 \
		"$BED_REPO/selftests/atomic_write.py" --role "$BED_ROLE" \
		--dev "$BED_DEV" --gid "$BED_GID_INDEX" --sync "$BED_SYNC" \
		--tag "atomic-write-$name" --wait "$BED_TMO_READY_CLIENT_S" \
		--timeout 180 --ack-timeout "$BED_QP_TIMEOUT" "${@:3}" > "$out" 2>&1
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

bed_expect_unmoved "$before" "$after" rxe_eun_gbn_retry "go-back-N rewinds"
bed_expect_unmoved "$before" "$after" rxe_eun_read_bad \
	"responses refused as malformed"
bed_expect_unmoved "$before" "$after" rxe_eun_read_replay_gone \
	"copies found their request's resource taken"
if [ "$BED_ROLE" = client ]; then
	u=$(delta rxe_eun_ooo_unfenced) t=$(delta rxe_eun_read_in_turn)
	log_info "WRITEs behind ATOMIC WRITEs out $u, waited for a fenced request $(delta rxe_eun_fence_wait), READs in turn $t, re-requests $(delta rxe_eun_read_rerequest)"
	[ "$u" -gt 0 ]
	check_err $? "no WRITE went behind an ATOMIC WRITE out"
	[ "$t" -gt 0 ]
	check_err $? "no READ behind an ATOMIC WRITE was marked to wait its turn"
else
	log_info "ATOMIC WRITEs and atomics held for their turn $(delta rxe_eun_atomic_held), READs $(delta rxe_eun_read_held)"
fi
log_test "ATOMIC WRITE and WRITE mixed on one QP, reordered and lossy ($BED_ROLE)"

bed_module_reload_both atomic-write-gbn "ooo_mode=gbn"
aw_run gbn-loss "$LOSS" --batches 20
log_test "gbn: ATOMIC WRITE and WRITE mixed on one QP, lossy: retries keep their address ($BED_ROLE)"

bed_module_restore
exit $EXIT_STATUS
