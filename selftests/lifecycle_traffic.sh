#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 900
#
# Devices, QPs and memory going away under traffic, over a link that
# reorders (netem "delay 1ms reorder 25% 50%" each way; on rdma_rxe_eun
# only, stock rxe runs over the plain link):
#
# - link-del: while eun-verify moves WRITEs and SENDs, one guest deletes
#   its device (rdma link delete; the server's, then the client's). rxe
#   cannot take a device from a process (no disassociate): the delete
#   waits for eun-verify to close it, the transfer must pass, the delete
#   return after it, and once the device is back a new transfer pass.
# - link-other: while a transfer runs over link 0, both guests try
#   rmmod, which must be refused, then delete and add link 1's device five
#   times; the transfer passes and the device works after.
# - churn: a long verified transfer runs while LIFECYCLE_CHURN (default
#   12) short ones, 4 QPs each, are connected, used and torn down one
#   after the other on other ports; every transfer passes, the long one
#   runs through half of the short ones at least, and afterwards the
#   emulated memory holds no block.
# - reset (pyverbs): SENDs over one RC QP pair, every byte checked, three
#   rounds, both QPs moved to RESET and connected again with new PSNs
#   between rounds (selftests/qp_reset.sh does the same over loopback,
#   where nothing reorders).
# - held-kill (rdma_rxe_eun, write_sync=receiver): with a wider delay the
#   server's device holds WRITEs' early last packets in its slot pool;
#   the server is killed while it holds some. No slot may stay held, no
#   block allocated, and a new transfer must pass.
# - mr, mw (pyverbs, selftests/lifecycle_mr.py): the same, but the server
#   deregisters the MR, or invalidates the type 2 memory window, the
#   WRITEs target while their last packets are held (rdma_rxe_eun,
#   write_sync=receiver; elsewhere while the WRITEs flow). A client's
#   WRITE must fail (remote access error), the rest flush, the slots
#   drain, and a new transfer pass. mr-cut (rdma_rxe_eun): the server
#   takes its link down before it deregisters, so the held packets'
#   holes never fill: the deregistration must return within 5 s, not
#   wait for them.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

# One run is enough: the default one of rdma_rxe_eun. Stock rxe, the
# control (it behaves alike, over the plain link), only when asked for
# (LIFECYCLE_STOCK=1): its four minutes do not fit make check's budget.
bed_default_run_only
if [ "$BED_MODULE" != rdma_rxe_eun ] && [ -z "${LIFECYCLE_STOCK:-}" ]; then
	log_skip "stock rxe's control run needs LIFECYCLE_STOCK=1"
	exit $ksft_skip
fi
ev_require
require_cmd tc rdma
EV_BIN=$EV

REORDER="delay 1ms reorder 25% 50%"
# Wider than a TCG guest's batch of received packets: early last packets
# wait tens of ms in the slot pool, long enough to act while they do.
REORDER_WIDE="delay 50ms reorder 25% 50%"
CHURN=${LIFECYCLE_CHURN:-12}
# The bound of the churn's long transfer, in seconds: well over what CHURN
# short ones take beside it (about 40 s on the bed). The client ends it
# (eun-verify --stop-file) once the short ones are done; it must have run
# through half of them at least.
CHURN_LONG_S=${LIFECYCLE_CHURN_LONG_S:-150}
is_eun=0
[ "$BED_MODULE" = rdma_rxe_eun ] && is_eun=1
transfers=0
bytes=0

# host_since H0: seconds on the host's clock since bed_host_clock gave H0.
host_since()
{
	awk -v a="$1" -v b="$(bed_host_clock "$2")" 'BEGIN { printf "%.1f", b - a }'
}

# ev_pass NAME: the last ev_run passed; count its verified bytes.
ev_pass()
{
	local result cbytes

	read -r result _ _ _ _ cbytes _ <<< "$(ev_summary "$EV_OUT")"
	if [ "$result" = pass ]; then
		transfers=$((transfers + 1))
		bytes=$((bytes + cbytes))
		return 0
	fi
	check_err 1 "$1: result '$result': $(ev_field "$EV_OUT" error)"
	return 1
}

# eun_drained: no block of the emulated memory and no held slot.
eun_drained()
{
	local v

	v=$(bed_counter rxe_eun_emem_blocks_in_use) && [ "$v" = 0 ] || return 1
	v=$(bed_counter rxe_eun_wsync_slots_in_use) && [ "$v" = 0 ]
}

check_drained()
{
	[ $is_eun = 1 ] || return 0
	busywait 20000 eun_drained
	check_err $? "$1: $(bed_counter rxe_eun_emem_blocks_in_use) blocks," \
		"$(bed_counter rxe_eun_wsync_slots_in_use) held slots in use after it"
}

# link_del_busy: once this guest's device moved 300 packets more, delete
# it. Returns 2 when the traffic never came.
link_del_busy()
{
	local c=rcvd_pkts v0

	[ "$BED_ROLE" = client ] && c=sent_pkts
	v0=$(bed_counter $c) || return 2
	busywait 60000 bed_counter_is $c -ge $((v0 + 300)) ||
		{ echo "no traffic: $c $(bed_counter $c), was $v0"; return 2; }
	echo "delete at $c $(bed_counter $c), was $v0"
	echo "${EPOCHREALTIME/[.,]/}" > "$BED_RESULTS/$1.del-start"
	rdma link delete "$BED_DEV"
}

# link_del WHO: WHO's guest deletes the transfer's own device mid-transfer.
# rxe cannot take a device from a process that has it open (no
# disassociate): the delete waits until eun-verify closes it, so the
# transfer must go on and pass, and the device go once it ended.
link_del()
{
	local who=$1 name=link-del-$1 dpid=0 rc h0 t_end t_del

	h0=$(bed_host_clock "$name-start")
	if [ "$BED_ROLE" = "$who" ]; then
		link_del_busy "$name" > "$BED_RESULTS/$name.del" 2>&1 &
		dpid=$!
	fi
	EV_TIMEOUT=20 ev_run "$name" 0 -- -o write,send -S 65536 -q 2 -D 8 \
		-t 10 --seed 21
	t_end=${EPOCHREALTIME/[.,]/}
	ev_pass "$name"
	if [ $dpid != 0 ]; then
		bed_wait_pid $dpid 60
		rc=$?
		check_err $rc "$name: rdma link delete: $rc: $(tr '\n' ' ' < "$BED_RESULTS/$name.del")"
		t_del=$(cat "$BED_RESULTS/$name.del-start" 2>/dev/null)
		[ -n "$t_del" ] && [ "$t_del" -lt "$t_end" ]
		check_err $? "$name: the delete did not start while the transfer ran"
		[ ! -e /sys/class/infiniband/"$BED_DEV" ]
		check_err $? "$name: $BED_DEV still there after the delete"
		log_info "$name: $(head -n 1 "$BED_RESULTS/$name.del")," \
			"$(( (t_end - ${t_del:-0}) / 1000 )) ms before the transfer ended"
	fi
	bed_barrier "$name-deleted" "$BED_TMO_STEP_S"
	check_err $? "$name: the peer did not come"
	if [ $dpid != 0 ]; then
		bed_links_add && busywait 10000 bed_gid_index "$BED_DEV" >/dev/null
		check_err $? "$name: $BED_DEV not back"
	fi
	bed_barrier "$name-back" "$BED_TMO_STEP_S"
	check_err $? "$name: the peer did not come back"
	ev_run "$name-after" 0 -- -o write,send -S 65536 -q 2 -D 8 -n 20 --seed 22
	ev_pass "$name-after"
	check_drained "$name"
	log_info "$name: $(host_since "$h0" "$name-end") s"
	log_test "$BED_MODULE: $who's device deleted mid-transfer, then back ($BED_ROLE)"
}

# port_active DEV: DEV's port 1 is ACTIVE.
port_active()
{
	local st

	read -r st _ < /sys/class/infiniband/"$1"/ports/1/state 2>/dev/null &&
		[ "$st" = 4: ]
}

# link_flap DEV NETDEV N: once the transfer runs, delete DEV and add it
# again N times.
link_flap()
{
	local dev=$1 nd=$2 n=$3 c=rcvd_pkts v0 i

	[ "$BED_ROLE" = client ] && c=sent_pkts
	v0=$(bed_counter $c) || return 2
	busywait 60000 bed_counter_is $c -ge $((v0 + 300)) ||
		{ echo "no traffic"; return 2; }
	# The process that has the device open holds the module. Tried first,
	# while the transfer has just begun: a slow host cannot end it before.
	if rmmod "$BED_MODULE" 2>/dev/null; then
		echo "rmmod $BED_MODULE succeeded under traffic"
		return 1
	fi
	bed_module_live "$BED_MODULE" || { echo "$BED_MODULE not live"; return 1; }
	for ((i = 1; i <= n; i++)); do
		rdma link delete "$dev" || return 1
		rdma link add "$dev" type "$BED_LINK_TYPE" netdev "$nd" || return 1
		busywait 10000 port_active "$dev" || { echo "$dev not ACTIVE"; return 1; }
	done
	echo "rmmod refused; $n deletes and adds of $dev, the last at $c" \
		"$(bed_counter $c), the transfer then" \
		"$(pgrep -x eun-verify > /dev/null && echo running || echo over)"
}

# link_other: both guests delete and add link 1's device again and again
# while a transfer runs over link 0's.
link_other()
{
	# shellcheck disable=SC2206 # word lists
	local devs=($BED_DEVS) nds=($BED_NETDEVS) fpid rc h0

	if [ ${#devs[@]} -lt 2 ]; then
		log_info "link-other: one link only"
		return 0
	fi
	h0=$(bed_host_clock link-other-start)
	link_flap "${devs[1]}" "${nds[1]}" 5 > "$BED_RESULTS/link-other.flap" 2>&1 &
	fpid=$!
	EV_TIMEOUT=30 ev_run link-other 0 -- -o write,send -S 65536 -q 2 -D 8 \
		-t 15 --seed 23
	ev_pass link-other
	bed_wait_pid $fpid 60
	rc=$?
	check_err $rc "link-other: $rc: $(tr '\n' ' ' < "$BED_RESULTS/link-other.flap")"
	log_info "link-other: $(cat "$BED_RESULTS/link-other.flap")"
	busywait 10000 bed_gid_index "${devs[1]}" >/dev/null &&
		ibv_devinfo -d "${devs[1]}" 2>&1 | grep -q PORT_ACTIVE
	check_err $? "link-other: ${devs[1]} does not work after the adds"
	check_drained link-other
	log_info "link-other: $(host_since "$h0" link-other-end) s"
	log_test "$BED_MODULE: link 1 deleted and added 5 times, rmmod refused, under traffic ($BED_ROLE)"
}

# churn: CHURN short transfers of 4 QPs each while a long one runs.
churn()
{
	local port args rc lpid alive=0 i h0
	local out=$BED_RESULTS/churn-long.json err=$BED_RESULTS/churn-long.err
	local stop=$BED_RESULTS/churn-long.stop

	rm -f "$stop"
	h0=$(bed_host_clock churn-start)
	bed_port_next port LIFECYCLE
	args=(-p "$port" -T 60 -u "$BED_QP_TIMEOUT" --json)
	if [ "$BED_ROLE" = server ]; then
		args=(-s "${args[@]}")
	else
		# shellcheck disable=SC2054 # commas of eun-verify's lists
		# One message in flight per QP: a transfer that goes on all
		# along without starving the short ones of the guest's CPU.
		args=(-c "$BED_SERVER" "${args[@]}" -o write,send -S 16384 -q 2 -D 1
			-t "$CHURN_LONG_S" --stop-file "$stop" --seed 41)
	fi
	# Its own checks fail its status: the subshell's check_err is lost.
	bed_pair churn-long log:listening $((CHURN_LONG_S + 120)) "$out" "$err" \
		"$EV" "${args[@]}" &
	lpid=$!
	for ((i = 1; i <= CHURN; i++)); do
		ev_run "churn-$i" 0 -- -o send,write,read -S 1,4096,20000 -q 4 \
			-D 4 -n 8 --seed $((50 + i))
		ev_pass "churn-$i" || break
		kill -0 $lpid 2>/dev/null && alive=$((alive + 1))
	done
	# The short ones are done: the long one need not run out its bound.
	: > "$stop"
	bed_wait_pid $lpid $((CHURN_LONG_S + 240))
	rc=$?
	check_err $rc "churn: the long transfer's $BED_ROLE exited with $rc: $(tail -n 2 "$err" | tr '\n' ' ')"
	EV_OUT=$out ev_pass churn-long
	log_info "churn: $((i - 1)) of $CHURN short transfers, the long one" \
		"running at the end of $alive of them; $(ev_summary "$out" | cut -d' ' -f3-6);" \
		"$(host_since "$h0" churn-end) s"
	if [ "$BED_ROLE" = client ]; then
		[ "$alive" -ge $((CHURN / 2)) ]
		check_err $? "churn: the long transfer ran through $alive of $CHURN short ones, want $((CHURN / 2))"
	fi
	check_drained churn
	log_test "$BED_MODULE: $CHURN short transfers of 4 QPs under a long one ($BED_ROLE)"
}

# held_server ARGS: the eun-verify server, killed (SIGKILL) as soon as
# the device holds a last packet; what it held goes to held-kill.note.
# A held packet waits about one netem delay (50 ms): the counter is read
# and the kill sent with builtins only, since a fork between them on the
# TCG guest took long enough that every packet seen held had been placed
# by the time of the kill ("killed holding 0" in three runs of three).
held_server()
{
	local pid held=0 in_use n
	in_use=/sys/class/infiniband/$BED_DEV/ports/1/hw_counters/rxe_eun_wsync_slots_in_use

	"$EV_BIN" "$@" &
	pid=$!
	# 60 s at 20 ms a look, and sleep forks: more than 60 s in fact.
	for ((n = 0; n < 3000; n++)); do
		kill -0 "$pid" 2>/dev/null || break
		read -r held < "$in_use" || held=0
		if [ "$held" -ge 1 ]; then
			kill -KILL "$pid" 2>/dev/null &&
				echo "killed holding $held" > "$BED_RESULTS/held-kill.note"
			break
		fi
		sleep 0.02
	done
	wait "$pid"
}

held_kill()
{
	local before=$BED_RESULTS/held-kill-before.txt
	local after=$BED_RESULTS/held-kill-after.txt h0

	h0=$(bed_host_clock held-kill-start)
	bed_counters "$before"
	if [ "$BED_ROLE" = server ]; then
		EV=held_server EV_TIMEOUT=20 EV_WAIT=120 ev_run held-kill 137 -- \
			-o write -S 65536 -q 2 -D 8 -t 60 --seed 31
		[ -s "$BED_RESULTS/held-kill.note" ]
		check_err $? "held-kill: no last packet held in 60 s"
		log_info "held-kill: $(cat "$BED_RESULTS/held-kill.note" 2>/dev/null)"
	else
		# Its waits end in an error once the server is gone: a short
		# bound ends it sooner.
		EV_TIMEOUT=8 EV_WAIT=120 ev_run held-kill "1|3|4" -- \
			-o write -S 65536 -q 2 -D 8 -t 60 --seed 31
		log_info "held-kill: the client exited with $EV_RC: $(ev_field "$EV_OUT" error)"
	fi
	check_drained held-kill
	bed_barrier held-kill-drained "$BED_TMO_STEP_S"
	check_err $? "held-kill: the peer did not come"
	ev_run held-kill-after 0 -- -o write -S 65536 -q 2 -D 8 -n 20 --seed 32
	ev_pass held-kill-after
	bed_counters "$after"
	log_info "held-kill: last packets held $(bed_counter_delta "$before" "$after" rxe_eun_wsync_held)," \
		"pool full $(bed_counter_delta "$before" "$after" rxe_eun_wsync_hold_full);" \
		"$(host_since "$h0" held-kill-end) s"
	check_drained held-kill-after
	log_test "$BED_MODULE: server killed holding last packets ($BED_ROLE)"
}

# lc_pyverbs CASE [ARGS]: selftests/lifecycle_mr.py's CASE between the guests.
lc_pyverbs()
{
	local case=$1 rc

	timeout $((BED_TMO_READY_CLIENT_S * 3 + 180)) /usr/bin/python3 \
		"$BED_REPO/selftests/lifecycle_mr.py" --role "$BED_ROLE" \
		--case "$case" --dev "$BED_DEV" --gid "$BED_GID_INDEX" \
		--sync "$BED_SYNC" --tag "lifecycle-$case" \
		--wait "$BED_TMO_READY_CLIENT_S" --timeout 60 \
		--ack-timeout "$BED_QP_TIMEOUT" "${@:2}" > "$BED_RESULTS/$case.txt" 2>&1
	rc=$?
	sed 's/^/\t/' "$BED_RESULTS/$case.txt"
	check_err $rc "$case: lifecycle_mr.py exited with $rc (124: timeout): $(tail -n 1 "$BED_RESULTS/$case.txt")"
}

# qp_reset: RC QPs reused after RESET, between the guests, reordered.
qp_reset()
{
	local h0

	h0=$(bed_host_clock reset-start)
	lc_pyverbs reset --size 16384 --depth 16 --rounds 3
	log_info "reset: $(host_since "$h0" reset-end) s"
	check_drained reset
	log_test "$BED_MODULE: RC QPs reset and connected again, 3 rounds ($BED_ROLE)"
}

# mr_gone CASE WHEN: the server deregisters its MR (mr) or invalidates its
# window (mw) while its device holds last packets of WRITEs into it (WHEN
# held) or while the WRITEs flow (traffic: nothing held on stock rxe).
mr_gone()
{
	local case=$1 when=$2 h0 before=$BED_RESULTS/$1-before.txt after=$BED_RESULTS/$1-after.txt

	h0=$(bed_host_clock "$case-start")
	bed_counters "$before"
	lc_pyverbs "$case" --when "$when" --netdev "$BED_NETDEV"
	# mr-cut took the server's link down and up again.
	busywait 10000 bed_gid_index "$BED_DEV" >/dev/null
	check_err $? "$case: $BED_DEV has no IPv4 GID after"
	check_drained "$case"
	bed_barrier "$case-drained" "$BED_TMO_STEP_S"
	check_err $? "$case: the peer did not come"
	ev_run "$case-after" 0 -- -o write -S 65536 -q 2 -D 8 -n 20 --seed 33
	ev_pass "$case-after"
	bed_counters "$after"
	[ "$BED_ROLE" = server ] && [ $is_eun = 1 ] &&
		log_info "$case: last packets held $(bed_counter_delta "$before" "$after" rxe_eun_wsync_held)," \
			"not placed, their target gone $(bed_counter_delta "$before" "$after" rxe_eun_wsync_target_gone)," \
			"expired $(bed_counter_delta "$before" "$after" rxe_eun_wsync_expired)"
	log_info "$case: $(host_since "$h0" "$case-end") s"
	check_drained "$case-after"
	log_test "$BED_MODULE: $case gone, the server acting on \"$when\" ($BED_ROLE)"
}

has_pyverbs=0
/usr/bin/python3 -c 'import pyverbs' 2>/dev/null && has_pyverbs=1

trap bed_netem_off EXIT
# Stock rxe answers reordering with go-back-N: under this netem a WRITE
# of 64 packets hardly ever completes (no message in 20 s, measured).
# It runs the same cases over the plain link.
if [ $is_eun = 1 ]; then
	bed_netem_on "$REORDER"
	check_err $? "netem failed"
fi
link_del server
link_del client
link_other
churn
if [ $has_pyverbs = 1 ]; then
	qp_reset
else
	log_info "pyverbs does not import: no reset, mr, mw cases"
fi
if [ $is_eun = 1 ] &&
   [ "$(cat /sys/module/rdma_rxe_eun/parameters/write_sync 2>/dev/null)" = receiver ]; then
	bed_netem_on "$REORDER_WIDE"
	check_err $? "netem failed"
	held_kill
	if [ $has_pyverbs = 1 ]; then
		mr_gone mr held
		mr_gone mw held
		mr_gone mr-cut held
	fi
else
	log_info "held packets: rdma_rxe_eun with write_sync=receiver only"
	if [ $has_pyverbs = 1 ]; then
		mr_gone mr traffic
		mr_gone mw traffic
	fi
fi
log_info "$transfers transfers passed, $bytes bytes verified ($BED_ROLE)"
exit $EXIT_STATUS
