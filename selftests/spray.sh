#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# How one RC QP's packets spread over the links of a bonded bed (BOND=1).
# The bond sends each frame on the link a hash of its addresses and UDP
# ports picks, so only the sender's choice of UDP source port moves a
# QP's packets between links. Without spraying (stock rdma_rxe, or
# rdma_rxe_eun with spray=off) a QP keeps one source port: nearly all of
# its packets leave on one link. A spraying mode (rr, random, mprdma)
# must give every link a fair share. ib_write_bw's data goes from the
# client to the server, so the client's links are judged; ib_read_bw's
# from the server (the READ responses, which rdma_rxe_eun sprays to a
# requester that places them in any order), so the server's are. The
# other side's links (ACKs, READ requests) are only logged.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

ONE_LINK_MIN_PCT=90	# spray off: the busiest link's share, at least
EACH_LINK_MIN_PCT=10	# spraying: every link's share, at least
SIZE=65536		# 100 messages of 64 KiB: 6,400 packets at MTU 1024,
ITERS=100		# a few seconds under TCG

require_cmd ib_write_bw
if [ "${BED_BOND:-0}" != 1 ]; then
	log_skip "the bed has no bond (BOND=1, LINKS=2 or more)"
	exit $ksft_skip
fi

# spray_mode: this guest's module's spraying. Stock rxe, and a module
# without the parameter, keep one source port per QP: off.
spray_mode()
{
	local m

	if [ "$BED_MODULE" != rdma_rxe_eun ] ||
	   ! read -r m 2>/dev/null < /sys/module/rdma_rxe_eun/parameters/spray; then
		m=off
	fi
	echo "$m"
}

# check_spread MODE PKTS...: the packets each link sent fit MODE.
check_spread()
{
	local mode=$1 total=0 max=0 min='' n
	shift

	for n in "$@"; do
		total=$((total + n))
		[ "$n" -gt "$max" ] && max=$n
		[ -z "$min" ] || [ "$n" -lt "$min" ] && min=$n
	done
	if [ "$total" -eq 0 ]; then
		check_err 1 "no packets left on any link"
		return
	fi
	case "$mode" in
	off)
		# One QP, one source port, one link.
		[ $((max * 100)) -ge $((total * ONE_LINK_MIN_PCT)) ]
		check_err $? "spray off: the busiest link sent $max of $total packets (< ${ONE_LINK_MIN_PCT}%)"
		;;
	rr|random|mprdma|adaptive)
		[ $((min * 100)) -ge $((total * EACH_LINK_MIN_PCT)) ]
		check_err $? "spray $mode: a link sent only $min of $total packets (< ${EACH_LINK_MIN_PCT}%)"
		;;
	*)
		check_err 1 "unknown spray mode '$mode'"
		;;
	esac
}

mode=$(spray_mode)
read -ra slaves <<< "$BED_SLAVES"
log_info "spray $mode, ${#slaves[@]} links under $BED_NETDEV: ${slaves[*]}"

# Four links deliver in bursts of their own: sprayed, one QP's packets
# arrive far out of order even unimpaired (a 99th percentile degree of
# 127 PSNs was measured), so the reorder window may resend a few. Up to
# 1% of the 6,400 packets is allowed; a go-back-N storm is far more.
[ "$mode" = off ] || BED_RETRANS_MAX=64

# The receiver's tracepoints: each out-of-order arrival and each
# acknowledgment, as perf and bpftrace would see them.
trace=/sys/kernel/tracing
trace_on()
{
	[ "$BED_ROLE" = server ] && [ "$BED_MODULE" = rdma_rxe_eun ] || return 0
	mountpoint -q "$trace" || mount -t tracefs nodev "$trace" || return 1
	echo 0 > "$trace/tracing_on" && : > "$trace/trace" &&
		echo 1 > "$trace/events/rxe_eun/eun_ooo_arrival/enable" &&
		echo 1 > "$trace/events/rxe_eun/eun_ack/enable" &&
		echo 1 > "$trace/tracing_on"
}

# trace_check: the events fired (ooo arrivals only when spraying).
trace_check()
{
	local ooo acks

	[ "$BED_ROLE" = server ] && [ "$BED_MODULE" = rdma_rxe_eun ] || return 0
	echo 0 > "$trace/tracing_on"
	echo 0 > "$trace/events/rxe_eun/enable"
	ooo=$(grep -c 'eun_ooo_arrival:' "$trace/trace")
	acks=$(grep -c 'eun_ack:' "$trace/trace")
	log_info "tracepoints: $ooo ooo arrivals, $acks acknowledgments ($(grep -m1 -o 'eun_ooo_arrival: .*' "$trace/trace"))"
	[ "$acks" -gt 0 ] && { [ "$mode" = off ] || [ "$ooo" -gt 0 ]; }
	check_err $? "tracepoints: $ooo ooo arrivals and $acks acknowledgments (spray $mode)"
	log_test "$BED_MODULE: tracepoints eun_ooo_arrival and eun_ack fire"
}

trace_on
check_err $? "cannot enable the rxe_eun tracepoints"

# spray_read_counts COUNTERS: the READ's own counters, rdma_rxe_eun only.
# The responder sprays its responses (at least as many as the READs fill
# at the largest MTU, 4096 B); the requester asks again for few of them:
# reordering is no loss.
spray_read_counts()
{
	local c=$1 n

	[ "$BED_MODULE" = rdma_rxe_eun ] || return 0
	if [ "$BED_ROLE" = server ]; then
		n=$(bed_counter_delta "$c-before" "$c-after" rxe_eun_read_resp_sprayed "$BED_DEV")
		log_info "ib_read_bw: $n responses sprayed"
		if [ "$mode" = off ]; then [ "$n" -eq 0 ]; else [ "$n" -ge $((ITERS * SIZE / 4096)) ]; fi
		check_err $? "spray $mode: $n READ responses sprayed"
		log_test "$BED_MODULE: spray $mode: READ responses sprayed as the mode says ($n)"
		return
	fi
	n=$(bed_counter_delta "$c-before" "$c-after" rxe_eun_read_rerequest "$BED_DEV")
	log_info "ib_read_bw: $n re-requests"
	[ "$n" -le "${BED_RETRANS_MAX:-0}" ]
	check_err $? "ib_read_bw: $n re-requests, more than ${BED_RETRANS_MAX:-0}"
	log_test "$BED_MODULE: spray $mode: READ re-requests at most ${BED_RETRANS_MAX:-0} ($n)"
}

# spray_transfer TOOL DATA_ROLE: one perftest transfer; the links of the
# guest in DATA_ROLE (client or server), which sends the data, are judged.
spray_transfer()
{
	local tool=$1 data_role=$2 port moved sent total n per_link
	local tx0=$BED_RESULTS/$tool.link-tx.before tx1=$BED_RESULTS/$tool.link-tx.after
	local counters=$BED_RESULTS/$tool.spray.counters
	local -a pkts

	bed_port_next port SPRAY
	bed_link_tx "$tx0"
	check_err $? "cannot read the links' tx_packets"
	bed_counters "$counters-before"
	bed_perftest "$tool" "$port" "$SIZE" "$ITERS"
	bed_counters "$counters-after"
	bed_link_tx "$tx1"
	check_err $? "cannot read the links' tx_packets"

	moved=$(bed_link_tx_delta "$tx0" "$tx1")
	check_err $? "the links changed during the transfer"
	read -ra pkts <<< "$moved"
	sent=$(bed_counter_delta "$counters-before" "$counters-after" sent_pkts "$BED_DEV")
	per_link=${moved// / \/ }
	[ "$tool" != ib_read_bw ] || spray_read_counts "$counters"
	if [ "$BED_ROLE" != "$data_role" ]; then
		log_info "$tool: the other way, per link: $per_link (${slaves[*]}; sent_pkts +$sent)"
		return
	fi
	log_info "$tool: packets per link: $per_link (${slaves[*]}; sent_pkts +$sent)"
	[ ${#pkts[@]} -eq ${#slaves[@]} ]
	check_err $? "${#pkts[@]} counts for ${#slaves[@]} links"
	check_spread "$mode" "${pkts[@]}"
	# The links must have carried what the device sent, or the counts
	# judged are of other traffic. virtio-net counts a frame once the host
	# has taken it, so the last few may not be counted yet: 90% will do.
	total=0
	for n in "${pkts[@]}"; do total=$((total + n)); done
	[ "$sent" -gt 0 ] && [ $((total * 10)) -ge $((sent * 9)) ]
	check_err $? "$tool: the links sent $total packets, the device $sent"
	log_test "$BED_MODULE: spray $mode: $tool, one QP over ${#slaves[@]} bonded links ($per_link)"
}

spray_transfer ib_write_bw client
spray_transfer ib_read_bw server
trace_check
exit $EXIT_STATUS
