#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perftest ib_send_bw between the guests for every size in BED_SIZES; on an
# unimpaired bed no retransmission counter may move.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_send_bw
bed_perftest_sizes ib_send_bw PERF_SEND_BW
exit $EXIT_STATUS
