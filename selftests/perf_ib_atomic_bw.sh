#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perftest ib_atomic_bw, fetch-and-add then compare-and-swap, between the
# guests; on an unimpaired bed no retransmission counter may move.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_atomic_bw
bed_port_next port PERF_ATOMIC_BW
bed_perftest ib_atomic_bw "$port" 8 "$BED_ITERS" -A FETCH_AND_ADD
bed_port_next port PERF_ATOMIC_BW
bed_perftest ib_atomic_bw "$port" 8 "$BED_ITERS" -A CMP_AND_SWAP
exit $EXIT_STATUS
