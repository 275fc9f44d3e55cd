#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perftest ib_write_lat (64 B ping-pong) between the guests; on an
# unimpaired bed no retransmission counter may move.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_write_lat
bed_port_next port PERF_WRITE_LAT
bed_perftest ib_write_lat "$port" 64 "$BED_ITERS"
exit $EXIT_STATUS
