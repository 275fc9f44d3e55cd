# SPDX-License-Identifier: GPL-2.0
#
# Helpers of the benchmark, sourced: the matrix's fields and CSV by name
# (bench.sh, summarize.sh and goals.sh on the host, matrix.sh in the
# guests) and the netem profiles (matrix.sh, after selftests/lib.sh).

# shellcheck source=tools/testing/csv.sh
source "$(dirname "${BASH_SOURCE[0]}")/../testing/csv.sh"

# The fields of matrix.sh's rows (one transfer each), merged by bench.sh
# into bench.csv. Rows are built and read by these names (csv_row,
# csv_awk of tools/testing/csv.sh), never by position.
# shellcheck disable=SC2034 # read by name: csv_row, csv_header
BENCH_MATRIX_FIELDS=(column profile netem op size messages rep status
	elapsed_s goodput_MBps bytes server_checked_bytes data_pkts needed_pkts
	pkts_per_needed ack_pkts acks_per_data rcvd_seq_err completer_retry_err
	gbn_retry out_of_seq_request duplicate_request emem_peak_blocks
	retx_timeout retx_nack retx_reorder retx_spurious rx_ooo wsync_held)
BENCH_MATRIX_HEADER=$(csv_header BENCH_MATRIX_FIELDS)

# profile_spec NAME: the netem arguments of tools/bench/profiles/NAME on
# one line, comments dropped ("" for no impairment).
profile_spec()
{
	local f=$BED_REPO/tools/bench/profiles/$1

	[ -f "$f" ] || { echo "no profile $f" >&2; return 1; }
	sed -e 's/#.*//' "$f" | tr '\n' ' ' | sed -e 's/  */ /g' -e 's/^ //' -e 's/ $//'
}

# apply_profile SPEC: netem SPEC on this guest's link (egress), or none.
apply_profile() { bed_netem_set "$BED_NETDEV" "$1"; }

# counter deltas this guest contributes: "name=value ..."

# field "K=V K=V ..." K: the value of K in a list of counter deltas.
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
