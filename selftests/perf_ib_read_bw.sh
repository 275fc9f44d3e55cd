#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perftest ib_read_bw between the guests for every size in BED_SIZES; on an
# unimpaired bed no retransmission counter may move.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_read_bw
bed_perftest_sizes ib_read_bw PERF_READ_BW
exit $EXIT_STATUS
