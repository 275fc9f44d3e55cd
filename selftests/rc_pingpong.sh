#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ibv_rc_pingpong between the guests with received buffers checked (-c):
# plain libibverbs through the stock rxe provider.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ibv_rc_pingpong

port=18700
args=(-d "$BED_DEV" -g "$BED_GID_INDEX" -p $port -n 200 -s 4096 -c)
out=$BED_RESULTS/pingpong.out

if [ "$BED_ROLE" = server ]; then
	ibv_rc_pingpong "${args[@]}" > "$out" 2>&1 &
	pid=$!
	bed_wait_tcp_listen $port 20000
	check_err $? "ibv_rc_pingpong server does not listen on $port"
	bed_barrier ready 60
	check_err $? "client did not come"
else
	bed_barrier ready 90
	check_err $? "server did not come up"
	ibv_rc_pingpong "${args[@]}" "$BED_SERVER" > "$out" 2>&1 &
	pid=$!
fi
bed_wait_pid $pid $((BED_TIMEOUT / 2))
rc=$?
check_err $rc "ibv_rc_pingpong exited with $rc (124: timeout)"
grep -q 'iters in' "$out"
check_err $? "no 'iters in' summary line"
[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
grep 'iters in' "$out" | sed 's/^/INFO: /'
log_test "$BED_MODULE: ibv_rc_pingpong -n 200 -s 4096 -c ($BED_ROLE)"
exit $EXIT_STATUS
