#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The crash soak's job in the guests (tools/vm/soak.sh boots the bed with
# it), for BED_DURATION seconds, round after round: RC SEND bandwidth
# (perftest), an eun-verify transfer, RC WRITE bandwidth, another
# eun-verify transfer. Every message's last packet asks for an ACK, so
# small messages make the receiver build an ACK for nearly every packet:
# the path (prepare_ack_packet -> __alloc_skb) where guest kernels were
# seen to die. eun-verify mixes every verb it has (SEND, WRITE, each with
# or without immediate, READ, compare-and-swap, fetch-and-add, ATOMIC
# WRITE) of 1 B to 64 KiB on two QPs and checks every byte, atomic result
# and completion, so READ and atomic requests and their responses cross
# the link too; the second run of a round has both sides' receives on a
# shared receive queue.
#
# The link is whatever the bed made of it: soak.sh gives rdma_rxe_eun
# netem on both guests' side (SOAK_NETEM, by default "delay 1ms reorder
# 25% 50%": data, ACKs and READ responses reordered) and stock rdma_rxe,
# which does not survive reordering, an unimpaired one.
#
# Each transfer is a test point: a failed one is a [FAIL] line in the
# guests' logs. The client keeps perftest's rows in perf.csv (lib.sh's
# BED_PERF_FIELDS) and one line per eun-verify run in ev.txt: the run's
# name, then ev_summary's words (result, QPs, messages, bytes,
# checked_messages, checked_bytes, elapsed_s, goodput_MBps, latencies).
# The server guest decides, round by round on its own clock, whether
# another round fits; the client follows its decision.
#
# EV_SOAK_QPS=N (the bed's JOB_ENV; make soak-debug sets it) adds a third
# eun-verify run to each round, on N QPs at once, 8 messages each, the
# server's QPs on one shared receive queue.
#
# On a kernel with kmemleak (the debug kernel), each guest then has
# kmemleak scan (twice: an object seen unreferenced once may be a pointer
# held only in a register) and keeps its list in kmemleak.txt; the objects
# that rdma_rxe_eun allocated (a "[rdma_rxe_eun]" frame in their
# backtrace) fail a test point and are counted in kmemleak-module. The
# scan runs while the module is loaded, so that its frames have names.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

require_cmd ib_send_bw ib_write_bw
ev_require
: "${BED_DURATION:?the soak needs DURATION in its bed config}"
# bed_perftest bounds each transfer by half of BED_TIMEOUT: the whole
# soak's bound is far too long for one transfer.
BED_TIMEOUT=300

# soak_ev ROUND N SRQ [QPS ITERS]: one checked eun-verify run of every
# verb (2 QPs, 40 messages each, by default). SRQ: "both" puts both
# sides' receives on a shared receive queue, "server" the server's only,
# "none" neither.
soak_ev()
{
	local name=soak-ev-$1-$2 sum qps=${4:-2} iters=${5:-40}
	local sargs=() cargs=() on=

	case $3 in
	both) sargs=(--srq) cargs=(--srq) on=", SRQ on both sides" ;;
	server) sargs=(--srq) on=", the server's on one SRQ" ;;
	esac
	ev_run "$name" 0 "${sargs[@]}" -- -o mix -S 1,4096,20001,65536 \
		-n "$iters" -q "$qps" --seed $(( $1 * 3 + $2 + 1 )) "${cargs[@]}"
	sum=$(ev_summary "$EV_OUT")
	[ "${sum%% *}" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	[ "$BED_ROLE" = client ] && echo "$name ${sum:-none}" >> "$BED_RESULTS/ev.txt"
	log_test "$BED_MODULE: eun-verify every verb on $qps QPs$on, round $1 run $2${BED_NETEM:+ over $BED_NETEM}"
}

# kmemleak_check: scan, keep the list, count and judge the module's part.
kmemleak_check()
{
	local f=/sys/kernel/debug/kmemleak out=$BED_RESULTS/kmemleak.txt all own

	[ -e /sys/kernel/debug/kmemleak ] ||
		mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -e "$f" ] || return 0
	timeout 600 sh -c "echo scan > $f && sleep 5 && echo scan > $f"
	check_err $? "kmemleak: the scan failed or took over 600 s"
	timeout 120 cat "$f" > "$out"
	all=$(grep -c '^unreferenced object' "$out")
	own=$(awk '/^unreferenced object/ { n += mine; mine = 0 }
		index($0, "[rdma_rxe_eun]") { mine = 1 }
		END { print n + mine }' "$out")
	echo "$own" > "$BED_RESULTS/kmemleak-module"
	[ "$own" -eq 0 ]
	check_err $? "kmemleak: $own of $all unreferenced objects allocated by rdma_rxe_eun (kmemleak.txt)"
	log_test "$BED_MODULE: kmemleak after the soak: $all unreferenced, $own rdma_rxe_eun's"
}

mkdir -p "$BED_SYNC" || exit $ksft_fail
log_info "soak: link ${BED_NETEM:-unimpaired}"
t_end=$(( $(bed_now_ms) + BED_DURATION * 1000 ))
round=0
while :; do
	decision=$BED_SYNC/round-$round
	if [ "$BED_ROLE" = server ]; then
		if [ "$(bed_now_ms)" -lt "$t_end" ]; then echo go; else echo stop; fi > "$decision.tmp"
		mv "$decision.tmp" "$decision"
	elif ! busywait $((BED_TMO_STEP_S * 1000)) test -e "$decision"; then
		check_err 1 "round $round: no decision from the server guest"
		break
	fi
	[ "$(cat "$decision")" = go ] || break
	bed_perftest_sizes ib_send_bw SOAK
	soak_ev "$round" 0 none
	bed_perftest_sizes ib_write_bw SOAK
	soak_ev "$round" 1 both
	[ -z "${EV_SOAK_QPS:-}" ] || soak_ev "$round" 2 server "$EV_SOAK_QPS" 8
	round=$((round + 1))
	bed_progress "soak round $round done"
done
log_info "soak: $round rounds in ${BED_DURATION}s"
echo "$round" > "$BED_RESULTS/rounds"
kmemleak_check
exit $EXIT_STATUS
