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
	retx_timeout retx_nack retx_reorder retx_spurious rx_ooo wsync_held
	link_pkts ooo_p99 path_pruned lat_mean_us lat_p50_us lat_p99_us)
BENCH_MATRIX_HEADER=$(csv_header BENCH_MATRIX_FIELDS)

# A profile (tools/bench/profiles/NAME) is netem's words, comments
# dropped. Lines that start with "linkK:" are link K's alone on a bed of
# several links (a bonded one: a multipath profile); the other lines are
# every other link's. A line "down: K AT FOR" takes link K down (netem
# loss 100%: a black hole, which no hash avoids) AT seconds into each
# transfer, for FOR seconds, both directions.

# profile_spec NAME [LINK]: the netem arguments of profile NAME on one
# line ("" for no impairment): LINK's, or without LINK the whole profile
# as it reads (the rows' netem column).
profile_spec()
{
	local f=$BED_REPO/tools/bench/profiles/$1 link=${2-}

	[ -f "$f" ] || { echo "no profile $f" >&2; return 1; }
	sed -e 's/#.*//' "$f" | awk -v link="$link" '
		{ $1 = $1 }
		$0 == "" { next }
		$1 == "down:" { next }
		link == "" { all = all (all == "" ? "" : "; ") $0; next }
		$1 == "link" link ":" { $1 = ""; sub(/^ /, ""); mine = mine " " $0; next }
		$1 ~ /^link[0-9]+:$/ { next }
		{ rest = rest " " $0 }
		END {
			s = (link == "" ? all : (mine != "" ? mine : rest))
			sub(/^ /, "", s); print s
		}'
}

# apply_profile NAME: netem of profile NAME on the egress of this guest's
# links (every slave of a bonded bed, each its own line), or none for "".
apply_profile()
{
	local nds l rc=0

	if [ "${BED_BOND:-0}" != 1 ]; then
		bed_netem_set "$BED_NETDEV" "$([ -z "$1" ] || profile_spec "$1" 0)"
		return
	fi
	read -ra nds <<< "$BED_SLAVES"
	for l in "${!nds[@]}"; do
		bed_netem_set "${nds[$l]}" "$([ -z "$1" ] || profile_spec "$1" "$l")" || rc=1
	done
	return $rc
}

# profile_down NAME: "K AT FOR" of the profile's down line, or nothing.
profile_down()
{
	sed -e 's/#.*//' "$BED_REPO/tools/bench/profiles/$1" |
		awk '$1 == "down:" { print $2, $3, $4; exit }'
}

# down_start NAME: in the background, take the profile's link down and up
# again as its down line says (nothing without one); down_stop ends it
# and gives the link its profile back.
down_start()
{
	local l at for nds

	DOWN_PID=
	read -r l at for <<< "$(profile_down "$1")"
	[ -n "$l" ] || return 0
	read -ra nds <<< "$BED_SLAVES"
	DOWN_LINK=${nds[$l]} DOWN_SPEC=$(profile_spec "$1" "$l")
	{
		sleep "$at"
		bed_netem_set "$DOWN_LINK" "${DOWN_SPEC:+$DOWN_SPEC }loss 100%"
		sleep "$for"
		bed_netem_set "$DOWN_LINK" "$DOWN_SPEC"
	} > /dev/null 2>&1 &
	DOWN_PID=$!
}

down_stop()
{
	[ -n "${DOWN_PID:-}" ] || return 0
	kill "$DOWN_PID" 2>/dev/null
	wait "$DOWN_PID" 2>/dev/null
	bed_netem_set "$DOWN_LINK" "$DOWN_SPEC"
	DOWN_PID=
}

# column_mode COLUMN, column_spray COLUMN: the ooo_mode and the spray of
# a column of rdma_rxe_eun: MODE or MODE+SPRAY (eunomia, eunomia+rr).
column_mode() { echo "${1%%+*}"; }
column_spray() { [[ $1 == *+* ]] && echo "${1#*+}" || echo off; }

# counter deltas this guest contributes: "name=value ..."

# field "K=V K=V ..." K: the value of K in a list of counter deltas.
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
