#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rping (rdma_cm, RC, data validated with -V) between the guests.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd rping rdma

port=7174
count=50
size=1024

server()
{
	local pid rc

	rping -s -a "$BED_SERVER" -p $port -C $count -S $size -V > "$BED_RESULTS/rping.out" 2>&1 &
	pid=$!
	busywait 20000 bed_cm_listening $port
	check_err $? "rping server does not listen on port $port"
	bed_barrier ready 60
	check_err $? "client did not come"
	bed_wait_pid $pid $((BED_TIMEOUT / 2))
	rc=$?
	check_err $rc "rping server exited with $rc (124: timeout)"
}

client()
{
	local rc

	bed_barrier ready 90
	check_err $? "server did not come up"
	rping -c -a "$BED_SERVER" -p $port -C $count -S $size -V > "$BED_RESULTS/rping.out" 2>&1 &
	bed_wait_pid $! $((BED_TIMEOUT / 2))
	rc=$?
	check_err $rc "rping client exited with $rc (124: timeout)"
}

modprobe rdma_ucm 2>/dev/null
bed_counters "$BED_RESULTS/counters-rping-before"
if [ "$BED_ROLE" = server ]; then server; else client; fi
bed_counters "$BED_RESULTS/counters-rping-after"
# rdma_cm picks rping's ack timeout (about 0.5 s), shorter than a starved
# TCG guest may stall: retransmissions are reported here, not judged; the
# perftest tests judge them with a timeout the bed controls.
bed_check_no_retrans "$BED_RESULTS/counters-rping-before" "$BED_RESULTS/counters-rping-after" 2>&1 |
	sed 's/^/INFO: /'

[ $RET -ne 0 ] && tail -n 5 "$BED_RESULTS/rping.out" | sed 's/^/\t/'
log_test "$BED_MODULE: rping -C $count -S $size -V ($BED_ROLE)"
exit $EXIT_STATUS
