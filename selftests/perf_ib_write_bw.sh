#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perftest ib_write_bw between the guests for every size in BED_SIZES; on an
# unimpaired bed no retransmission counter may move.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_write_bw
bed_perftest_sizes ib_write_bw PERF_WRITE_BW
exit $EXIT_STATUS
