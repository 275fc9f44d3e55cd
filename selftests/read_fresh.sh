#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A new QP's first READ requests are taken as new. They reach the
# responder in rxe's receive path before its receive task has set the
# QP's expected PSN, by which a copy of an executed READ (a re-request)
# is told and queued right behind the request the responder is on.
# Against the unset expected PSN (0), a first PSN in the upper half of
# the PSN space looked like a copy: each new request went second, the
# third overtook the second, and the responder ran READs ahead of their
# turn, whose responses were then asked for again on a link that loses
# nothing. eun-verify sets the requester's first PSN (--tcp --psn) in
# that half and READs 64 KiB on one new QP per connection, six
# connections, on an unimpaired link, every byte checked. The responder
# may queue early (rxe_eun_read_replay_early) no more requests than the
# requester sent again (rxe_eun_read_rerequest and ..._timeout), and,
# unless it failed to send a response (send_err: a READ cut short runs
# the next one ahead, as rxe does), run no READ ahead (rxe_eun_read_ahead).
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "READ request ordering at the responder is rdma_rxe_eun's"
	exit $ksft_skip
fi
ev_require
if [ "${BED_IMPAIRED:-0}" = 1 ]; then
	log_skip "the bed impairs its link: this test needs one that does not"
	exit $ksft_skip
fi
# Sprayed over several links, requests overtake one another as on a link
# that reorders: READs may then run ahead of their turn.
spray=$(cat /sys/module/rdma_rxe_eun/parameters/spray 2>/dev/null)
if [ -n "${BED_SLAVES:-}" ] && [ "${spray:-off}" != off ]; then
	log_skip "the bed sprays (spray=$spray) over bonded links: this test needs a link that reorders nothing"
	exit $ksft_skip
fi

# First PSNs in the upper half of the 24-bit space, the last near its end.
PSNS="8388609 10000000 12582912 14000000 16000000 16776000"
REREQ=$BED_SYNC/read-fresh.rerequests

before=$BED_RESULTS/counters-fresh-before.txt
after=$BED_RESULTS/counters-fresh-after.txt

bed_counters "$before"
for psn in $PSNS; do
	name=read-fresh-$psn
	ev_run "$name" 0 --tcp -- --tcp --psn "$psn" -o read -S 65536 -n 32 \
		-D 16 --seed 31
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
done
bed_counters "$after"

if [ "$BED_ROLE" = client ]; then
	bed_counter_delta "$before" "$after" \
		"rxe_eun_read_rerequest rxe_eun_read_rerequest_timeout" > "$REREQ.tmp" &&
		mv "$REREQ.tmp" "$REREQ"
	bed_barrier read-fresh-counted "$BED_TMO_STEP_S"
	log_test "new QPs' READs: every byte right (client)"
	exit $EXIT_STATUS
fi

bed_barrier read-fresh-counted "$BED_TMO_STEP_S"
rereq=$(cat "$REREQ" 2>/dev/null)
early=$(bed_counter_delta "$before" "$after" rxe_eun_read_replay_early)
[[ $rereq =~ ^[0-9]+$ ]] && [ "$early" -le "$rereq" ]
check_err $? "$early requests queued as copies, $rereq re-requested"
send_err=$(bed_counter_delta "$before" "$after" send_err)
ahead=$(bed_counter_delta "$before" "$after" rxe_eun_read_ahead)
if [ "$send_err" -eq 0 ]; then
	[ "$ahead" -eq 0 ]
	check_err $? "$ahead READs ran ahead of their turn on a link that reorders nothing"
fi
log_info "copies queued early $early, re-requested $rereq, ahead $ahead, send_err $send_err"
log_test "new QPs' READ requests taken as new, in turn (server)"
exit $EXIT_STATUS
