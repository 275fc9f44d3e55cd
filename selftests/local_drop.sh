#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Packets dropped on their way out, by a full qdisc on the requester's own
# link (netem with a short queue: rxe_xmit_packet() gets -EAGAIN and counts
# send_err). Stock 6.12 fails the WQE and moves the QP to error; a
# tracking QP must take such a packet as lost, send it again and complete
# every message intact: its WRITE and SEND packets, and its READ
# requests, which keep the stock format. On stock rdma_rxe and the gbn mode (stock's code
# path) the check is the other way round: the transfer must fail, so that
# the test shows the drops really happened and mattered.
#
# LOCAL_DROP_LIMIT (default 16) is the queue's length in packets. At 4,
# more packets are refused than sent, and a tracking QP stalls without an
# error: a case for the fault matrix, not yet met.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

ev_require
require_cmd tc

# A few packets fit the queue behind a 1 ms delay: a burst overflows it.
spec="delay 1ms limit ${LOCAL_DROP_LIMIT:-16}"
if [ "$BED_IMPAIRED" = 1 ]; then
	log_skip "the bed impairs the link already"
	exit $ksft_skip
fi

mode=stock
[ "$BED_MODULE" = rdma_rxe_eun ] &&
	mode=$(cat /sys/module/rdma_rxe_eun/parameters/ooo_mode)
want=0
case $mode in stock|gbn) want='[1-9][0-9]*' ;; esac

before=$BED_RESULTS/local-drop.counters-before
after=$BED_RESULTS/local-drop.counters-after
[ "$BED_ROLE" = client ] && bed_netem_on "$spec"
bed_counters "$before"
EV_TIMEOUT=90 ev_run local-drop "$want" -- -o write,send,read -S 16384 -n 40 -D 16 --seed 21
bed_counters "$after"
bed_netem_off

if [ "$BED_ROLE" = client ]; then
	drops=$(bed_counter_delta "$before" "$after" send_err "$BED_DEV")
	log_info "send_err +$drops (packets the qdisc refused), eun-verify rc $EV_RC"
	[ "${drops:-0}" -gt 0 ]
	check_err $? "no packet was dropped on its way out: the test proves nothing"
fi
# The failed client exits; its server must see it go (rdma_cm's
# DISCONNECTED) and give up soon, not wait out its --timeout.
if [ "$want" != 0 ] && [ "$BED_ROLE" = server ]; then
	ev_expect_err local-drop "the client disconnected"
fi
if [ "$want" = 0 ]; then
	ev_expect local-drop result pass
	log_test "$BED_MODULE/$mode: local transmit drops are lost packets, every byte checked"
else
	log_test "$BED_MODULE/$mode: local transmit drops fail the QP, as in 6.12"
fi
exit $EXIT_STATUS
