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

modprobe rdma_ucm 2>/dev/null
bed_counters "$BED_RESULTS/counters-rping-before"
bed_pair rping "cm:$port" $((BED_TIMEOUT / 2)) "$out" "$out" \
	rping "$side" -a "$BED_SERVER" -p "$port" -C $count -S $size -V
rc=$?
check_err $rc "rping $BED_ROLE exited with $rc (124: timeout)"
bed_counters "$BED_RESULTS/counters-rping-after"
# rdma_cm picks rping's ack timeout (about 0.5 s), shorter than a starved
# TCG guest may stall: retransmissions are reported here, not judged; the
# perftest tests judge them with a timeout the bed controls.
bed_check_no_retrans "$BED_RESULTS/counters-rping-before" "$BED_RESULTS/counters-rping-after" 2>&1 |
	sed 's/^/INFO: /'

[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
log_test "$BED_MODULE: rping -C $count -S $size -V ($BED_ROLE)"
exit $EXIT_STATUS
