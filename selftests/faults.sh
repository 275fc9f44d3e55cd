#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 1200
#
# The fault matrix: in ooo_mode=static and ooo_mode=eunomia, eun-verify
# moves traffic through one fault at a time and checks every byte, every
# atomic result and the order of every completion:
#
#   loss, duplication, corruption    netem on both guests' links
#   reorder-both                     reordering of data and ACKs
#   everything                       reordering, loss and duplication
#   psn-wrap                         QPs that start 256 PSNs below 2^24
#   mtu-4096                         a 4096-byte path MTU (links at 9000)
#   link-flap                        the server's link down 1 s, then up
#   first-lost                       the server's first packet, its
#                                    blind probe and its first resend
#                                    lost, the client sending READs
#                                    only: no false stock peer
#   delay-change                     1 ms, then 20 ms reordered, then 1 ms
#   outage-retry7                    both ways dark 3 s; retry_cnt 7
#   retry-exhausted                  ACKs dark for good; retry_cnt 1: the
#                                    client fails, IB_WC_RETRY_EXC_ERR,
#                                    within its bound
#   rnr                              rnr_retry.py in each guest, over
#                                    rxe's loopback: rnr_retry 1 ends in
#                                    IB_WC_RNR_RETRY_EXC_ERR; rnr_retry 7
#                                    waits for a receive posted late
#
# The default path MTU of the bed is 1024 (links at 1500): every case but
# mtu-4096 runs at it. Each fault must have happened (its counters moved)
# and no go-back-N rewind may have run.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

bed_eun_default_run_only "the fault matrix is for the tracking modes of rdma_rxe_eun"
ev_require
require_cmd tc ip

REORDER="delay 1ms reorder 25% 50%"
# ACK timeout exponent of the cases that lose packets: 18 is 1.07 s. A
# lost tail waits for the timer, and the bed's 17 s would make each case
# cost a minute.
TMO_SHORT=18
# first-lost's: 2.1 s, so that the probe before any RTT sample, a second
# after the first packet, comes before the first timeout.
TMO_FIRST=19
BASE_MTU=$(cat "/sys/class/net/$BED_NETDEV/mtu")

# fault_at NAME DELAY_S CMD...: in the background, DELAY_S seconds after
# both guests met at NAME-ready (bed_pair's barrier, just before the
# client starts), run CMD. Bounded: gives up when the barrier does not
# come within BED_TMO_READY_CLIENT_S.
fault_at()
{
	local name=$1 delay=$2
	shift 2

	(
		busywait $((BED_TMO_READY_CLIENT_S * 1000)) \
			test -e "$BED_SYNC/$name-ready.a" -a -e "$BED_SYNC/$name-ready.b" ||
			exit 1
		sleep "$delay"
		"$@"
	) &
	FAULT_PID=$!
}

fault_wait()
{
	[ -n "${FAULT_PID:-}" ] || return 0
	bed_wait_pid "$FAULT_PID" 60 > /dev/null 2>&1
	FAULT_PID=
}

# link_flap NAME SECS: the link down SECS seconds, then up; NAME-flapped
# in the results says it happened. Run through fault_at.
# shellcheck disable=SC2317
link_flap()
{
	ip link set dev "$BED_NETDEV" down || return
	sleep "$2"
	ip link set dev "$BED_NETDEV" up && touch "$BED_RESULTS/$1-flapped"
}

# flap_after_traffic NAME RCVD N SECS: once this guest has received N
# packets past RCVD (rcvd_pkts), link_flap NAME SECS. A flap on a timer
# alone can fall into the peers' set-up on a slow host, and miss the
# transfer. Run through fault_at.
# shellcheck disable=SC2317
flap_after_traffic()
{
	busywait 30000 bed_counter_is rcvd_pkts -gt $(($2 + $3)) || return
	link_flap "$1" "$4"
}

# roce_drop: drop this guest's RoCE packets (UDP 4791) on their way out,
# with a tc filter rather than netem: the rest (eun-verify's --tcp
# exchange) passes. roce_undrop lifts it.
roce_drop()
{
	tc qdisc add dev "$BED_NETDEV" clsact &&
		tc filter add dev "$BED_NETDEV" egress protocol ip prio 1 u32 \
			match ip protocol 17 0xff match ip dport 4791 0xffff \
			action drop
}

# shellcheck disable=SC2317 # also run through fault_at
roce_undrop()
{
	tc qdisc del dev "$BED_NETDEV" clsact 2> /dev/null
}

# roce_lift_after NAME SEND_ERR N: once rxe counts N packets the filter
# dropped (send_err past SEND_ERR + N - 1), lift the drop 0.2 s later,
# well within the QP's next retransmit timeout, and leave NAME-lifted in
# the results. Run through fault_at.
# shellcheck disable=SC2317
roce_lift_after()
{
	local rc

	busywait 30000 bed_counter_is send_err -gt $(($2 + $3 - 1))
	rc=$?
	sleep 0.2
	roce_undrop
	[ $rc = 0 ] && touch "$BED_RESULTS/$1-lifted"
}

# expect_flapped NAME: on the server, link_flap ran to its end.
expect_flapped()
{
	[ "$BED_ROLE" = server ] || return 0
	test -e "$BED_RESULTS/$1-flapped"
	check_err $? "$1: the link did not go down and up"
}

# shellcheck disable=SC2317 # run through fault_at
delay_change()
{
	bed_netem_set "$BED_NETDEV" "delay 20ms reorder 50% 50%"
	sleep 1.5
	bed_netem_set "$BED_NETDEV" "delay 1ms"
}

active_mtu_is()
{
	ibv_devinfo -v -d "$BED_DEV" 2> /dev/null | grep -q "active_mtu.*$1"
}

set_mtu()
{
	ip link set dev "$BED_NETDEV" mtu "$1" && busywait 5000 active_mtu_is "$2"
}

# expect_moved NAME ROLE COUNTER...: on ROLE's guest, the COUNTERs moved
# in the case (their sum).
expect_moved()
{
	local name=$1 role=$2 c d sum=0

	[ "$BED_ROLE" = "$role" ] || return 0
	shift 2
	for c in "$@"; do
		d=$(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" "$c") ||
			{ check_err 1 "$name: no counter $c"; return; }
		sum=$((sum + d))
	done
	[ "$sum" -gt 0 ]
	check_err $? "$name: $* did not move: the fault did not happen"
}

RESENT=(rxe_eun_retx_reorder rxe_eun_retx_nack rxe_eun_retx_timeout)

# expect_stalled NAME SECONDS: a message of the client's waited at least
# SECONDS (the link was dark that long under it).
expect_stalled()
{
	local name=$1 secs=$2 max

	[ "$BED_ROLE" = client ] || return 0
	max=$(ev_field "$EV_OUT" lat_max_us total)
	awk -v m="${max:-0}" -v s="$secs" 'BEGIN { exit !(m >= s * 1e6) }'
	check_err $? "$name: the longest wait was ${max:-?} us, under $secs s: the fault did not happen"
}

# one_case MODE NAME NETEM_CLIENT NETEM_SERVER WANT_CLIENT WANT_SERVER
#          SERVER_ARGS -- CLIENT_ARGS
one_case()
{
	local mode=$1 name=faults-$1-$2 nc=$3 ns=$4 wc=$5 ws=$6 want d res
	shift 6

	CASE_BEFORE=$BED_RESULTS/$name-before.txt
	CASE_AFTER=$BED_RESULTS/$name-after.txt
	if [ "$BED_ROLE" = client ]; then
		bed_netem_set "$BED_NETDEV" "$nc"; want=$wc
	else
		bed_netem_set "$BED_NETDEV" "$ns"; want=$ws
	fi
	check_err $? "$name: netem failed"
	bed_counters "$CASE_BEFORE"
	EV_TIMEOUT=${CASE_T:-60} ev_run "$name" "$want" "$@"
	fault_wait
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	check_err $? "$name: the peer did not finish"
	bed_netem_set "$BED_NETDEV"
	bed_counters "$CASE_AFTER"
	res=$(ev_summary "$EV_OUT")
	if [ "$want" = 0 ]; then
		[ "${res%% *}" = pass ]
		check_err $? "$name: $(ev_field "$EV_OUT" error)"
	fi
	# The server checks every message it received: all of them, when no
	# READ or atomic (which the client checks) is among them.
	if [ "$want" = 0 ] && [ "$BED_ROLE" = server ] && [ -z "${CASE_READS:-}" ]; then
		# shellcheck disable=SC2086 # the summary's fields
		set -- $res
		[ "$5" = "$3" ] && [ "$6" = "$4" ] && [ "$3" -gt 0 ]
		check_err $? "$name: checked $5 of $3 messages, $6 of $4 bytes"
	fi
	d=$(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$name: $d go-back-N rewinds"
	log_info "$name ($BED_ROLE): rc $EV_RC, $res; sent $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" sent_pkts)," \
		"resent: reorder window $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_retx_reorder)," \
		"NACK $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_retx_nack)," \
		"timeout $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_retx_timeout);" \
		"duplicates $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_psn_duplicate)," \
		"ooo $(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_rx_ooo), go-back-N $d"
}

# rnr_case MODE: rnr_retry.py on this guest's own device.
rnr_case()
{
	local out=$BED_RESULTS/faults-$1-rnr.txt rc

	if ! /usr/bin/python3 -c 'import pyverbs' 2>/dev/null; then
		check_err 1 "$1: pyverbs does not import"
		return
	fi
	timeout 120 /usr/bin/python3 "$BED_REPO/selftests/rnr_retry.py" \
		--dev "$BED_DEV" --gid "$BED_GID_INDEX" > "$out" 2>&1
	rc=$?
	sed 's/^/\t/' "$out"
	check_err $rc "$1: rnr_retry.py exited with $rc (124: timeout)"
}

# The data cases: send, write and write_imm (placed out of order, no
# fence) and a run of every verb.
DATA=(-o send,write,write_imm -S 1,4096,20001,65536 -n 24 -q 2 --seed 31)
MIX=(-o mix -S rand:1-64K -n 40 -q 2 --seed 32)

run_mode()
{
	local mode=$1 m=faults-$1 d

	bed_module_reload_both "$m" "ooo_mode=$mode"

	one_case "$mode" loss "delay 1ms loss 2%" "delay 1ms loss 2%" 0 0 -- \
		"${DATA[@]}" -u "$TMO_SHORT"
	expect_moved "$m-loss" client "${RESENT[@]}"
	log_test "ooo_mode=$mode: loss 2% both ways ($BED_ROLE)"

	one_case "$mode" dup "delay 1ms duplicate 5%" "delay 1ms duplicate 5%" 0 0 -- "${DATA[@]}"
	expect_moved "$m-dup" server rxe_eun_psn_duplicate
	log_test "ooo_mode=$mode: duplication 5% both ways ($BED_ROLE)"

	one_case "$mode" corrupt "delay 1ms corrupt 2%" "delay 1ms corrupt 2%" 0 0 -- \
		"${DATA[@]}" -u "$TMO_SHORT"
	expect_moved "$m-corrupt" client "${RESENT[@]}"
	log_test "ooo_mode=$mode: corruption 2% both ways ($BED_ROLE)"

	one_case "$mode" reorder-both "$REORDER" "$REORDER" 0 0 -- "${DATA[@]}"
	expect_moved "$m-reorder-both" server rxe_eun_rx_ooo
	log_test "ooo_mode=$mode: reordering of data and ACKs ($BED_ROLE)"

	CASE_READS=1 one_case "$mode" everything "$REORDER loss 1% duplicate 2%" \
		"$REORDER loss 1% duplicate 2%" 0 0 -- "${MIX[@]}" -u "$TMO_SHORT"
	expect_moved "$m-everything" server rxe_eun_rx_ooo
	log_test "ooo_mode=$mode: every verb through reordering, loss, duplication ($BED_ROLE)"

	one_case "$mode" psn-wrap "$REORDER loss 1%" "$REORDER loss 1%" 0 0 \
		--tcp --psn 16776960 -- --tcp --psn 16776960 -u "$TMO_SHORT" \
		-o send,write -S 4096,65536 -n 12 -q 2 --seed 33
	expect_moved "$m-psn-wrap" server rxe_eun_rx_ooo
	log_test "ooo_mode=$mode: PSNs wrap past 2^24 under reordering and loss ($BED_ROLE)"

	set_mtu 9000 4096
	check_err $? "$mode: the path MTU did not reach 4096"
	bed_barrier "$m-mtu-up" "$BED_TMO_STEP_S"
	CASE_READS=1 one_case "$mode" mtu-4096 "$REORDER loss 1%" "$REORDER loss 1%" 0 0 -- \
		-u "$TMO_SHORT" \
		-o send,write,write_imm,read -S 1,4097,65536 -n 16 -q 2 --seed 34
	set_mtu "$BASE_MTU" 1024
	check_err $? "$mode: the path MTU did not come back to 1024"
	bed_barrier "$m-mtu-down" "$BED_TMO_STEP_S"
	log_test "ooo_mode=$mode: path MTU 4096 under reordering and loss ($BED_ROLE)"

	# What the client resends first depends on whether its window was
	# full when the link came back: the timer's, or a NACK's.
	[ "$BED_ROLE" = server ] && fault_at "$m-link-flap" 0 flap_after_traffic \
		"$m-link-flap" "$(bed_counter rcvd_pkts)" 200 1
	one_case "$mode" link-flap "$REORDER" "$REORDER" 0 0 -- \
		-u "$TMO_SHORT" -o send,write -S 4096,65536 -t 5 --seed 35
	expect_flapped "$m-link-flap"
	expect_moved "$m-link-flap" client "${RESENT[@]}"
	log_test "ooo_mode=$mode: the server's link down for 1 s mid-transfer ($BED_ROLE)"

	# The server's first ooo packet (its credit), the probe of it a
	# second later (no RTT sample yet, nothing heard) and the resend at
	# its first timeout are lost, and the client sends nothing in the ooo
	# format (READs only): at the server's first two timeouts nothing
	# says its peer tracks. It must resend, hear the EUN_ACK and keep
	# tracking, not go over to the stock format.
	if [ "$BED_ROLE" = server ]; then
		d=$(bed_counter send_err)
		roce_drop
		check_err $? "$m-first-lost: the tc filter failed"
		fault_at "$m-first-lost" 0 roce_lift_after "$m-first-lost" "$d" 3
	fi
	CASE_READS=1 one_case "$mode" first-lost "delay 1ms" "delay 1ms" 0 0 \
		--tcp -u "$TMO_FIRST" -- --tcp -u "$TMO_FIRST" \
		-o read -S 4096,65536 -n 12 -q 1 --seed 39
	if [ "$BED_ROLE" = server ]; then
		roce_undrop
		test -e "$BED_RESULTS/$m-first-lost-lifted"
		check_err $? "$m-first-lost: no RoCE packet was dropped (send_err)"
		d=$(bed_counter_delta "$CASE_BEFORE" "$CASE_AFTER" rxe_eun_qp_stock_send)
		[ "$d" = 0 ]
		check_err $? "$m-first-lost: $d QPs went over to the stock format"
	fi
	expect_moved "$m-first-lost" server rxe_eun_retx_timeout
	expect_moved "$m-first-lost" server rxe_eun_rw_tail_probes
	log_test "ooo_mode=$mode: a first packet lost twice is not taken for a stock peer ($BED_ROLE)"

	[ "$BED_ROLE" = client ] && fault_at "$m-delay-change" 1 delay_change
	one_case "$mode" delay-change "delay 1ms" "$REORDER" 0 0 -- \
		-o send,write -S 4096,65536 -t 5 --seed 36
	log_test "ooo_mode=$mode: the delay goes from 1 ms to 20 ms and back mid-run ($BED_ROLE)"

	[ "$BED_ROLE" = server ] && fault_at "$m-outage-retry7" 0 flap_after_traffic \
		"$m-outage-retry7" "$(bed_counter rcvd_pkts)" 200 3
	one_case "$mode" outage-retry7 "$REORDER" "$REORDER" 0 0 -- \
		-u "$TMO_SHORT" --retry 7 -o send,write -S 4096,65536 -t 6 --seed 37
	expect_flapped "$m-outage-retry7"
	# Recovered by the retransmit timer, or by the reorder window's tail
	# probes alone (seen once in static: 60 resends, no timeout).
	expect_moved "$m-outage-retry7" client "${RESENT[@]}"
	expect_stalled "$m-outage-retry7" 2
	log_test "ooo_mode=$mode: 3 s dark both ways, retry_cnt 7 rides it out ($BED_ROLE)"

	# The client's QP fails; the server then waits for messages that never
	# come, to its own bound.
	[ "$BED_ROLE" = server ] && fault_at "$m-retry-exhausted" 1 \
		bed_netem_set "$BED_NETDEV" "loss 100%"
	CASE_T=15 one_case "$mode" retry-exhausted "delay 1ms" "delay 1ms" 1 "[0-9]+" -- \
		-u 16 --retry 1 -o write -S 65536 -t 30 --seed 38
	if [ "$BED_ROLE" = client ]; then
		ev_expect_err "$m-retry-exhausted" "retry|RETRY"
		expect_moved "$m-retry-exhausted" client retry_exceeded_err
	fi
	log_test "ooo_mode=$mode: retry_cnt 1 runs out: a clean completion error ($BED_ROLE)"

	rnr_case "$mode"
	log_test "ooo_mode=$mode: rnr_retry 1 runs out cleanly, rnr_retry 7 waits ($BED_ROLE)"

	busywait 20000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	busywait 20000 bed_counter_is rxe_eun_wsync_slots_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_wsync_slots_in_use) held packets with no QP"
	log_test "ooo_mode=$mode: no emulated memory and no held packet left ($BED_ROLE)"
}

cleanup()
{
	fault_wait
	roce_undrop
	ip link set dev "$BED_NETDEV" up 2>/dev/null
	ip link set dev "$BED_NETDEV" mtu "$BASE_MTU" 2>/dev/null
	bed_netem_set "$BED_NETDEV"
}

trap cleanup EXIT
run_mode static
run_mode eunomia

bed_module_restore
exit $EXIT_STATUS
