#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# ibv_srq_pingpong between the guests with received buffers checked (-c):
# eight QPs per side take their receives from one shared receive queue.
# Such a QP of a tracking device runs go-back-N (rxe_eun_qp_fallback) and
# answers ooo packets with a NACK, reason MODE, so the exchange must work
# in every mode as on stock.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ibv_srq_pingpong

bed_port_next port SRQ_PINGPONG
args=(-d "$BED_DEV" -g "$BED_GID_INDEX" -p "$port" -q 8 -n 100 -s 4096 -c)
[ "$BED_ROLE" = server ] || args+=("$BED_SERVER")
out=$BED_RESULTS/srq_pingpong.out
before=$BED_RESULTS/counters-before.txt
after=$BED_RESULTS/counters-after.txt

bed_counters "$before"
bed_pair srq_pingpong "tcp:$port" $((BED_TIMEOUT / 2)) "$out" "$out" \
	ibv_srq_pingpong "${args[@]}"
rc=$?
check_err $rc "ibv_srq_pingpong exited with $rc (124: timeout)"
grep -q 'iters in' "$out"
check_err $? "no 'iters in' summary line"
[ $RET -ne 0 ] && tail -n 5 "$out" | sed 's/^/\t/'
grep 'iters in' "$out" | sed 's/^/INFO: /'
bed_counters "$after"
if [ "$BED_MODULE" = rdma_rxe_eun ]; then
	log_info "QPs run go-back-N $(bed_counter_delta "$before" "$after" rxe_eun_qp_fallback)," \
		"rewinds $(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)," \
		"NACK MODE sent $(bed_counter_delta "$before" "$after" rxe_eun_nack_sent_mode)"
fi
log_test "$BED_MODULE: ibv_srq_pingpong -q 8 -n 100 -s 4096 -c ($BED_ROLE)"
exit $EXIT_STATUS
