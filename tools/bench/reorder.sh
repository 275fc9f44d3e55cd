#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the reorder benchmark (run by tools/vm/bed.sh, see
# Documentation/testing.rst). For each netem profile in BED_PROFILES and
# each size in BED_SIZES: apply the profile on link 0 of both guests, move
# BED_ITERS messages with ib_write_bw (client writes to server), time the
# transfer on the client with the host's clock, and append one CSV row to $BED_RESULTS/bench.csv
# (client guest). A transfer that overruns BENCH_XFER_TIMEOUT (default
# 120 s) is killed and reported as "timeout". Fails when a transfer fails
# for another reason or the unimpaired profile does not complete.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/tools/bench/lib.sh"

require_cmd ib_write_bw tc

xfer_tmo=${BENCH_XFER_TIMEOUT:-120}
port=19000
csv=$BED_RESULTS/bench.csv
peer_results=$BED_RUN/$(bed_peer_guest)/$BED_TEST

deltas()
{
	local c out=

	for c in sent_pkts rcvd_pkts rcvd_seq_err completer_retry_err \
		 out_of_seq_request duplicate_request; do
		out="$out $c=$(bed_counter_delta "$1" "$2" "$c")"
	done
	echo "${out# }"
}

# one transfer; the client writes the CSV row
transfer()
{
	local profile=$1 spec=$2 size=$3 tag=$1-$3 pid rc status t0 t1 h0 h1 el gel
	local before=$BED_RESULTS/$tag.before after=$BED_RESULTS/$tag.after
	local out=$BED_RESULTS/$tag.$BED_ROLE.out mine theirs mbps pmbps line
	local args=(-d "$BED_DEV" -x "$BED_GID_INDEX" -p "$port" -F -n "$BED_ITERS"
		-s "$size" -u "$BED_QP_TIMEOUT")

	port=$((port + 1))
	bed_counters "$before"
	if [ "$BED_ROLE" = server ]; then
		ib_write_bw "${args[@]}" > "$out" 2>&1 &
		pid=$!
		bed_wait_tcp_listen "${args[5]}" 30000 || log_info "$tag: server not listening"
		bed_barrier "$tag-ready" 60 || return 1
		bed_wait_pid $pid $((xfer_tmo + 15))
		rc=$?
	else
		bed_barrier "$tag-ready" 90 || return 1
		h0=$(bed_host_clock "$tag-start")
		t0=$(date +%s%N)
		ib_write_bw "${args[@]}" "$BED_SERVER" > "$out" 2>&1 &
		pid=$!
		bed_wait_pid $pid "$xfer_tmo"
		rc=$?
		t1=$(date +%s%N)
		h1=$(bed_host_clock "$tag-end")
	fi
	bed_counters "$after"
	mine=$(deltas "$before" "$after")
	echo "$mine" > "$BED_RESULTS/$tag.delta"
	bed_barrier "$tag-done" $((xfer_tmo + 60)) || return 1
	[ "$BED_ROLE" = server ] && { echo "$rc" > "$BED_RESULTS/$tag.rc"; return 0; }

	theirs=$(cat "$peer_results/$tag.delta" 2>/dev/null)
	case $rc in
	0) status=ok ;;
	124) status=timeout ;;
	*) status=fail ;;
	esac
	# elapsed on the host's clock (the guest's drifts under TCG)
	el=$(awk -v a="$h0" -v b="$h1" 'BEGIN { printf "%.3f", b - a }')
	gel=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
	mbps=
	pmbps=
	if [ $status = ok ]; then
		mbps=$(awk -v b=$((size * BED_ITERS)) -v e="$el" 'BEGIN { printf "%.3f", b / e / 1e6 }')
		line=$(awk '/^ *[0-9]+ +[0-9]+ +[0-9.]+/ { l = $0 } END { print l }' "$out")
		pmbps=$(echo "$line" | awk '{ print $4 }')
	fi
	echo "$BED_MODULE,$profile,$spec,$size,$BED_ITERS,$((size * BED_ITERS)),$status,$el,$gel,$mbps,$pmbps,$(field "$mine" sent_pkts),$(field "$theirs" rcvd_pkts),$(field "$mine" rcvd_seq_err),$(field "$mine" completer_retry_err),$(field "$theirs" out_of_seq_request),$(field "$theirs" duplicate_request)" >> "$csv"
	bed_progress "$profile size $size: $status in ${el}s${mbps:+, $mbps MB/s}"
	log_info "$BED_MODULE $profile size=$size: $status in ${el}s (guest clock ${gel}s)${mbps:+, $mbps MB/s (perftest ${pmbps:-?})}; client: $mine; server: $theirs"
	if [ $status = fail ]; then
		check_err 1 "ib_write_bw failed (rc=$rc): $(tail -n 2 "$out" | tr '\n' ' ')"
	fi
	if [ "$profile" = none ] && [ $status != ok ]; then
		check_err 1 "the unimpaired transfer did not complete ($status)"
	fi
	log_test "bench $BED_MODULE $profile size $size: $status"
}

[ -n "$BED_PROFILES" ] || { log_skip "no PROFILES in the config"; exit $ksft_skip; }
[ "$BED_ROLE" = client ] &&
	echo "module,profile,netem,size,iters,bytes,status,elapsed_s,guest_elapsed_s,mb_per_s,perftest_mb_per_s,client_sent_pkts,server_rcvd_pkts,rcvd_seq_err,completer_retry_err,out_of_seq_request,duplicate_request" > "$csv"
for p in $BED_PROFILES; do
	spec=$(profile_spec "$p") || { check_err 1 "profile $p"; log_test "profile $p"; continue; }
	apply_profile "$spec"
	check_err $? "tc netem '$spec' failed"
	bed_barrier "profile-$p" 120 || check_err 1 "peer did not apply profile $p"
	tc -s qdisc show dev "$BED_NETDEV" > "$BED_RESULTS/tc-$p.txt"
	for s in $BED_SIZES; do
		transfer "$p" "$spec" "$s" || check_err 1 "transfer $p/$s: peer lost"
	done
	tc -s qdisc show dev "$BED_NETDEV" >> "$BED_RESULTS/tc-$p.txt"
done
apply_profile ""
exit $EXIT_STATUS
