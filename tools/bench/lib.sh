# SPDX-License-Identifier: GPL-2.0
#
# Helpers of the bed's benchmark jobs (matrix.sh), sourced after
# selftests/lib.sh inside the guests.

# The rows of matrix.sh (one transfer each), merged by bench.sh.
BENCH_MATRIX_HEADER=column,profile,netem,op,size,messages,rep,status,elapsed_s,goodput_MBps,bytes,server_checked_bytes,data_pkts,needed_pkts,pkts_per_needed,ack_pkts,acks_per_data,rcvd_seq_err,completer_retry_err,gbn_retry,out_of_seq_request,duplicate_request,emem_peak_blocks,retx_timeout,retx_nack,retx_reorder,retx_spurious,rx_ooo,wsync_held

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
