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
# client to the server, so the client's links are the ones judged; the
# server's (ACKs) are only logged.
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
tx0=$BED_RESULTS/link-tx.before
tx1=$BED_RESULTS/link-tx.after
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
bed_port_next port SPRAY
bed_link_tx "$tx0"
check_err $? "cannot read the links' tx_packets"
bed_counters "$BED_RESULTS/spray.counters-before"
bed_perftest ib_write_bw "$port" "$SIZE" "$ITERS"
bed_counters "$BED_RESULTS/spray.counters-after"
bed_link_tx "$tx1"
check_err $? "cannot read the links' tx_packets"

moved=$(bed_link_tx_delta "$tx0" "$tx1")
check_err $? "the links changed during the transfer"
read -ra pkts <<< "$moved"
sent=$(bed_counter_delta "$BED_RESULTS/spray.counters-before" \
	"$BED_RESULTS/spray.counters-after" sent_pkts "$BED_DEV")
per_link=${moved// / \/ }
if [ "$BED_ROLE" = server ]; then
	log_info "ACKs and control per link: $per_link (${slaves[*]}; sent_pkts +$sent)"
	trace_check
	exit $EXIT_STATUS
fi

log_info "packets per link: $per_link (${slaves[*]}; sent_pkts +$sent)"
[ ${#pkts[@]} -eq ${#slaves[@]} ]
check_err $? "${#pkts[@]} counts for ${#slaves[@]} links"
check_spread "$mode" "${pkts[@]}"
# The links must have carried what the device sent, or the counts judged
# are of other traffic. virtio-net counts a frame once the host has taken
# it, so the last few may not be counted yet: 90% will do.
total=0
for n in "${pkts[@]}"; do total=$((total + n)); done
[ "$sent" -gt 0 ] && [ $((total * 10)) -ge $((sent * 9)) ]
check_err $? "the links sent $total packets, the device $sent"
log_test "$BED_MODULE: spray $mode: one QP over ${#slaves[@]} bonded links ($per_link)"
exit $EXIT_STATUS
