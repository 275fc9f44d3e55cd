#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rping (rdma_cm, RC, data validated with -V) between the guests.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd rping rdma

bed_port_next port RPING
count=50
size=1024
out=$BED_RESULTS/rping.out
side=-c
[ "$BED_ROLE" = server ] && side=-s

# rping_teardown_race RC: rping's connection-manager thread calls exit()
# when rdma_get_cm_event() fails, which it does when the main thread
# destroys the event channel at the end: exit status 255 and "Bad file
# descriptor" after the last ping. Only that, after every ping was
# validated and printed (-v), counts as a pass.
rping_teardown_race()
{
	local pings

	[ "$1" = 255 ] || return 1
	grep -q '^rdma_get_cm_event: Bad file descriptor$' "$out" || return 1
	pings=$(grep -c 'ping data: ' "$out")
	[ "$pings" = "$count" ] || return 1
	log_info "rping: all $count pings validated, then its cm thread exited on the event channel's teardown (rping's own race): passed"
}

modprobe rdma_ucm 2>/dev/null
bed_counters "$BED_RESULTS/counters-rping-before"
bed_pair rping "cm:$port" $((BED_TIMEOUT / 2)) "$out" "$out" \
	rping "$side" -a "$BED_SERVER" -p "$port" -C $count -S $size -V -v
rc=$?
rping_teardown_race $rc && rc=0
check_err $rc "rping $BED_ROLE exited with $rc (124: timeout)"
bed_counters "$BED_RESULTS/counters-rping-after"
# rdma_cm picks rping's ack timeout (about 0.5 s), and
# rping has no option to set it: a TCG guest starved for longer (6 s was
# seen) lets its peer's retransmit timer fire on an unimpaired link. So
# retransmissions are bounded here, not forbidden: a stall resends the one
# operation in flight (rping runs one at a time) and moves a counter or
# two on each side. More than BED_RPING_RETRANS_MAX moves in this guest is
# no stall but a fault. On an impaired bed (BED_IMPAIRED) they are not
# judged, as bed_perftest does; the perftest tests, whose timeout the bed
# sets, allow none.
if [ "$BED_IMPAIRED" = 0 ]; then
	bed_check_retrans "$BED_RESULTS/counters-rping-before" "$BED_RESULTS/counters-rping-after" \
		"$BED_RPING_RETRANS_MAX" 2>&1 | sed 's/^/INFO: /'
	check_err "${PIPESTATUS[0]}" "retransmissions on an unimpaired link beyond rping's bound (see $BED_RESULTS/counters-rping-after)"
fi

[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
log_test "$BED_MODULE: rping -C $count -S $size -V -v ($BED_ROLE)"
exit $EXIT_STATUS
