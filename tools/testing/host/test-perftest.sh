#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The figures of the benchmark's perftest rows (ib_read_bw, ib_atomic_bw
# in tools/bench/matrix.sh), read by tools/bench/lib.sh from perftest's
# report as perftest 4.5 prints it in duration mode: the iterations of
# its measured window, their bytes, the window's seconds, the BW average
# in 10^6 bytes a second; and the share of a client's run its set-up
# took.
set -uo pipefail

repo=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tools/bench/lib.sh
source "$repo/tools/bench/lib.sh"
# shellcheck source=tools/testing/tap.sh
source "$repo/tools/testing/tap.sh"
tap_scratch
tap_start

is() { [ "$1" = "$2" ] || { echo "got '$1', want '$2'" >&2; return 1; }; }

# report FILE BYTES ITERS PEAK AVG RATE: perftest's output around one
# report line (REPORT_FMT of perftest_parameters.h: blanks and tabs).
report()
{
	local dash=---------------------------------------------------------------------------------------

	{
		echo "$dash"
		echo "                    RDMA_Read BW Test"
		echo " Number of qps   : 1		Transport type : IB"
		echo " Duration        : 60 seconds"
		echo " local address: LID 0000 QPN 0x0011 PSN 0x5b2a OUT 0x10 RKey 0x0202 VAddr 0x007f2a"
		echo "$dash"
		echo " #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]"
		printf ' %-7s    %-10s       %-7s            %-7s\t\t   %-7s\n' "$2" "$3" "$4" "$5" "$6"
		echo "$dash"
	} > "$1"
}

report "$tmp/read" 65536 14400 0.00 3.75 0.000060
check "READ: iterations, bytes, window, BW in 10^6 B/s" \
	"is \"\$(perf_figures $tmp/read ib_read_bw 65536)\" '14400 943718400 240.000000 3.932'"
report "$tmp/atomic" 8 24000 0.00 0.00 0.000400
check "atomics: 8 bytes each, BW from the message rate" \
	"is \"\$(perf_figures $tmp/atomic ib_atomic_bw 8)\" '24000 192000 60.000000 0.003200'"
check "an atomic is 8 bytes whatever the size says" \
	"is \"\$(perf_figures $tmp/atomic ib_atomic_bw 65536 | cut -d' ' -f2)\" 192000"
head -n 7 "$tmp/read" > "$tmp/cut"
check "no report line: fails" "! perf_figures $tmp/cut ib_read_bw 65536 > /dev/null"
report "$tmp/zero" 65536 0 0.00 0.00 0.000000
check "no message rate: fails" "! perf_figures $tmp/zero ib_read_bw 65536 > /dev/null"
check "set-up share: beyond -D, of the client's run" \
	"is \$(perf_setup_share 64.000 60) 0.062 && is \$(perf_setup_share 70 60) 0.143"
check "set-up share without a time: 1" "is \$(perf_setup_share '' 60) 1.000"

tap_end perftest
