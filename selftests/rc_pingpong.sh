#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ibv_rc_pingpong between the guests with received buffers checked (-c):
# plain libibverbs through the stock rxe provider.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ibv_rc_pingpong

bed_port_next port PINGPONG
args=(-d "$BED_DEV" -g "$BED_GID_INDEX" -p "$port" -n 200 -s 4096 -c)
[ "$BED_ROLE" = server ] || args+=("$BED_SERVER")
out=$BED_RESULTS/pingpong.out

bed_pair pingpong "tcp:$port" $((BED_TIMEOUT / 2)) "$out" "$out" ibv_rc_pingpong "${args[@]}"
rc=$?
check_err $rc "ibv_rc_pingpong exited with $rc (124: timeout)"
grep -q 'iters in' "$out"
check_err $? "no 'iters in' summary line"
[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
grep 'iters in' "$out" | sed 's/^/INFO: /'
log_test "$BED_MODULE: ibv_rc_pingpong -n 200 -s 4096 -c ($BED_ROLE)"
exit $EXIT_STATUS
