#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The last byte of an RDMA WRITE is never visible before the rest of it.
# With ooo_mode=eunomia over a link that reorders, eun-verify --write-poll
# has the server spin on the last bytes of every 64 KiB WRITE (64 packets
# at MTU 1024) and check the moment they change that every earlier packet
# is in. Each mode runs twice: netem "delay 1ms reorder 25% 50%" (40
# WRITEs) and "delay 20ms reorder 25% 50%" (80 WRITEs).
#
# write_sync=receiver and write_sync=sender: no early last byte, every
# byte verified, and the mechanism's counter moved (last packets delayed by
# the sender; last packets held by the receiver under 20 ms only: under
# 1 ms an early last packet is a matter of chance, and one run of make
# check saw none in 40 WRITEs; under 20 ms one saw none in 80, so up to
# WIDE_ROUNDS rounds of 80 run until one is held). Skipped when the
# module has no write_sync parameter.
#
# write_sync=none (or no such parameter: packets are placed on arrival):
# the control. Early last bytes are counted, not failed on, and printed;
# every byte must still be verified. The count is a diagnostic, not a
# requirement: on the bed's single-CPU TCG guests the 1 ms gap falls
# inside one batch of received packets and two runs saw 0 early last bytes
# in 40 WRITEs; with 20 ms one run saw 3 in 40, too few to require more
# than 0 without flakes. Under 20 ms the sync modes' 0 is the meaningful
# result.
#
# After each case the emulated memory must hold no block.
#
# Last, write_sync=receiver with a pool too small for the reordering
# (run_small_pool): every refused last packet is NACKed, nothing waits
# for the retransmit timer, nothing held expires. And with its default
# pool under reordering and loss (run_refusal_storm): after a refusal the
# sender resends only the hole's packet, not every refused one.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "write_sync applies to rdma_rxe_eun only"
	exit $ksft_skip
fi
ev_require
require_cmd tc insmod rmmod

REORDER="delay 1ms reorder 25% 50%"
# Wider than a TCG guest's batches of received packets: the gap in which
# the poll can catch an early last byte on this bed.
REORDER_WIDE="delay 20ms reorder 25% 50%"
REORDER_LOSS="delay 1ms reorder 25% 50% loss 2%"
SIZE=65536
WIDE_ROUNDS=3
case_held=0
param=/sys/module/rdma_rxe_eun/parameters/write_sync
has_ws=0
[ -e "$param" ] && has_ws=1


# delta NAME: increase of counter NAME over the case.
delta()
{
	bed_counter_delta "$before" "$after" "$1"
}

# run_case MODE NETEM MSGS [TAG]: one eun-verify --write-poll run of MSGS
# WRITEs under write_sync=MODE with netem NETEM.
run_case()
{
	local mode=$1 netem=$2 msgs=$3
	local params="ooo_mode=eunomia" sargs=() name=wsync-$mode${4:+-$4}
	local result checked cbytes polled early

	if [ "$mode" != none ] && [ "$has_ws" = 0 ]; then
		log_skip "write_sync=$mode: the module has no write_sync parameter ($param)"
		return 0
	fi
	[ "$has_ws" = 1 ] && params+=" write_sync=$mode"
	bed_module_reload_with "$params"
	check_err $? "reload with $params failed"
	if [ "$has_ws" = 1 ]; then
		[ "$(cat "$param")" = "$mode" ]
		check_err $? "$param reads '$(cat "$param")', want '$mode'"
	fi
	bed_barrier "$name-loaded" "$BED_TMO_STEP_S"
	check_err $? "$mode: peer did not reload"
	bed_netem_on "$netem"
	check_err $? "$mode: netem failed"
	before=$BED_RESULTS/$name-before.txt
	after=$BED_RESULTS/$name-after.txt
	bed_counters "$before"

	[ "$mode" = none ] && sargs=(--allow-early)
	ev_run "$name" 0 "${sargs[@]}" -- -o write -S $SIZE -D 4 \
		--write-poll --seed 31 -n "$msgs"
	read -r result _ _ _ checked cbytes _ <<< "$(ev_summary "$EV_OUT")"
	[ "$result" = pass ]
	check_err $? "$mode: result '$result': $(ev_field "$EV_OUT" error)"

	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"
	if [ "$BED_ROLE" = server ]; then
		polled=$(ev_field "$EV_OUT" polled_messages total)
		early=$(ev_field "$EV_OUT" early_last_bytes total)
		[ "$(ev_field "$EV_OUT" write_poll)" = 1 ]
		check_err $? "$mode: the server did not run write_poll"
		[ "$checked" = "$msgs" ] && [ "$cbytes" = $((msgs * SIZE)) ]
		check_err $? "$mode: $checked messages, $cbytes bytes verified, want $msgs, $((msgs * SIZE))"
		[ "${polled:-0}" -gt 0 ]
		check_err $? "$mode: the poll saw no message's last bytes"
		log_info "$mode (netem $netem): $early early last bytes in $polled messages seen by their last bytes ($msgs sent); placed out of order $(delta rxe_eun_rx_ooo), last packets held $(delta rxe_eun_wsync_held), hold pool full $(delta rxe_eun_wsync_hold_full)"
		if [ "$mode" != none ]; then
			[ "$early" = 0 ]
			check_err $? "$mode: $early early last bytes (see $EV_OUT)"
		fi
		case_held=$(delta rxe_eun_wsync_held)
	else
		log_info "$mode: last packets delayed $(delta rxe_eun_wsync_delayed), resent by the reorder window $(delta rxe_eun_retx_reorder), after a timeout $(delta rxe_eun_retx_timeout)"
		if [ "$mode" = sender ]; then
			[ "$(delta rxe_eun_wsync_delayed)" -gt 0 ]
			check_err $? "sender: no last packet delayed (rxe_eun_wsync_delayed)"
		fi
	fi
	if [ "$mode" = none ] && [ "$has_ws" = 1 ]; then
		[ "$(delta rxe_eun_wsync_held)" = 0 ] &&
			[ "$(delta rxe_eun_wsync_delayed)" = 0 ]
		check_err $? "none: last packets held $(delta rxe_eun_wsync_held), delayed $(delta rxe_eun_wsync_delayed), want 0"
	fi
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "write_sync=$mode: last byte of a WRITE, netem $netem ($BED_ROLE)"
}

# pool_case NAME PARAMS NETEM LABEL EV_ARGS...: one eun-verify run of
# WRITEs with write_sync=receiver and the module parameters PARAMS under
# netem NETEM, between counter snapshots $before and $after; the total's
# checked messages, checked bytes and elapsed time are left in
# case_checked, case_cbytes and case_elapsed.
pool_case()
{
	local name=$1 params=$2 netem=$3 label=$4 result
	shift 4

	bed_module_reload_both "$name" "$params"
	bed_netem_on "$netem"
	check_err $? "$label: netem failed"
	before=$BED_RESULTS/$name-before.txt
	after=$BED_RESULTS/$name-after.txt
	bed_counters "$before"

	ev_run "$name" 0 -- "$@"
	read -r result _ _ _ case_checked case_cbytes case_elapsed _ \
		<<< "$(ev_summary "$EV_OUT")"
	[ "$result" = pass ]
	check_err $? "$label: result '$result': $(ev_field "$EV_OUT" error)"

	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"
}

# run_small_pool: write_sync=receiver with a pool of 4 slots (a share of
# 1 per QP) and 1 KiB WRITEs, one packet each, under the wide reordering:
# most early last packets find no room. Each refusal must be NACKed for
# want of room (the sender waits and resends it), not dropped in silence:
# a silent refusal at the tail waited for the retransmit timer, its resends
# could be refused again, and the held packets expired with the QP.
run_small_pool()
{
	local qps=8 msgs=60 size=1024 refused nacked

	if [ "$has_ws" = 0 ]; then
		log_skip "write_sync: the module has no write_sync parameter ($param)"
		return 0
	fi
	pool_case wsync-small-pool \
		"ooo_mode=eunomia write_sync=receiver wsync_slots=4" \
		"$REORDER_WIDE" "small pool" \
		-o write -S $size -D 16 --seed 33 -q $qps -n $msgs
	if [ "$BED_ROLE" = server ]; then
		refused=$(( $(delta rxe_eun_wsync_hold_share) + $(delta rxe_eun_wsync_hold_full) ))
		nacked=$(delta rxe_eun_nack_sent_nomem)
		log_info "small pool: last packets held $(delta rxe_eun_wsync_held), refused $refused, NACKed for want of room $nacked, expired $(delta rxe_eun_wsync_expired)"
		[ "$case_checked" = $((qps * msgs)) ] &&
			[ "$case_cbytes" = $((qps * msgs * size)) ]
		check_err $? "small pool: $case_checked messages, $case_cbytes bytes verified, want $((qps * msgs)), $((qps * msgs * size))"
		[ "$refused" -gt 0 ]
		check_err $? "small pool: no last packet refused: the case tested nothing"
		[ "$nacked" -ge "$refused" ]
		check_err $? "small pool: $refused refused last packets, $nacked NACKs for want of room"
		[ "$(delta rxe_eun_wsync_expired)" = 0 ]
		check_err $? "small pool: $(delta rxe_eun_wsync_expired) held packets expired"
	else
		log_info "small pool: waits after a refusal $(delta rxe_eun_nack_backoff), resent after a NACK $(delta rxe_eun_retx_nack), by the reorder window $(delta rxe_eun_retx_reorder), after a timeout $(delta rxe_eun_retx_timeout)"
		[ "$(delta rxe_eun_retx_timeout)" = 0 ]
		check_err $? "small pool: $(delta rxe_eun_retx_timeout) packets resent after a timeout"
	fi
	busywait 10000 bed_counter_is rxe_eun_wsync_slots_in_use -eq 0
	check_err $? "small pool: $(bed_counter rxe_eun_wsync_slots_in_use) held packets left"
	log_test "write_sync=receiver: a full hold pool refuses aloud ($BED_ROLE)"
}

# run_refusal_storm: write_sync=receiver with its default pool, one QP
# of 1 KiB WRITEs 128 deep under reordering and loss: a hole leaves the
# QP's share of the pool full of later last packets, and everything sent
# behind it is refused. Once refused, the sender must send nothing but
# the packet at the hole until the cumulative ACK moves: resending every
# refused packet after each wait was refused some 24 times per WRITE and
# spent the QP's retries on the streaks (62 s for 1,500 WRITEs), and a
# sender that waited on the hole's resend with no timer armed stalled
# until the retransmit timeout (17 s on the bed).
run_refusal_storm()
{
	local msgs=400 size=1024 refused

	if [ "$has_ws" = 0 ]; then
		log_skip "write_sync: the module has no write_sync parameter ($param)"
		return 0
	fi
	pool_case wsync-refusal-storm "ooo_mode=eunomia write_sync=receiver" \
		"$REORDER_LOSS" "refusal storm" \
		-o write -S $size -D 128 --seed 35 -q 1 -n $msgs
	if [ "$BED_ROLE" = server ]; then
		refused=$(( $(delta rxe_eun_wsync_hold_share) + $(delta rxe_eun_wsync_hold_full) ))
		log_info "refusal storm: $msgs WRITEs in $case_elapsed s; last packets held $(delta rxe_eun_wsync_held), refused $refused, NACKed for want of room $(delta rxe_eun_nack_sent_nomem)"
		[ "$case_checked" = "$msgs" ] && [ "$case_cbytes" = $((msgs * size)) ]
		check_err $? "refusal storm: $case_checked messages, $case_cbytes bytes verified, want $msgs, $((msgs * size))"
		[ "$refused" -gt 0 ]
		check_err $? "refusal storm: no last packet refused: the case tested nothing"
		[ "$refused" -le $((5 * msgs)) ]
		check_err $? "refusal storm: $refused refusals for $msgs WRITEs, want at most 5 per WRITE"
	else
		log_info "refusal storm: $msgs WRITEs in $case_elapsed s; waits after a refusal $(delta rxe_eun_nack_backoff), retries spent on them $(delta rxe_eun_nack_retry), resent after a NACK $(delta rxe_eun_retx_nack), tail probes $(delta rxe_eun_rw_tail_probes), after a timeout $(delta rxe_eun_retx_timeout)"
		[ "$(delta rxe_eun_nack_retry)" = 0 ]
		check_err $? "refusal storm: $(delta rxe_eun_nack_retry) retries spent on refusal streaks"
		[ "$(delta rxe_eun_retx_timeout)" = 0 ]
		check_err $? "refusal storm: $(delta rxe_eun_retx_timeout) packets resent after a timeout"
	fi
	busywait 10000 bed_counter_is rxe_eun_wsync_slots_in_use -eq 0
	check_err $? "refusal storm: $(bed_counter rxe_eun_wsync_slots_in_use) held packets left"
	log_test "write_sync=receiver: after a refusal only the hole's packet goes ($BED_ROLE)"
}

# run_wide MODE: run_case under the wide reordering. write_sync=receiver
# must hold a last packet at least once: an early last packet is netem's
# draw (5 in 80 WRITEs in one run, none in another), so the server asks
# for another 80 WRITEs while none was held, WIDE_ROUNDS rounds at most.
run_wide()
{
	local mode=$1 round held=0 more

	for ((round = 1; round <= WIDE_ROUNDS; round++)); do
		case_held=0
		run_case "$mode" "$REORDER_WIDE" 80 "wide$round"
		held=$((held + case_held))
		more=$BED_SYNC/wsync-$mode-wide$round.more
		if [ "$BED_ROLE" = server ] && [ "$mode" = receiver ] &&
		   [ "$held" = 0 ] && [ "$round" -lt "$WIDE_ROUNDS" ]; then
			: > "$more"
		fi
		bed_barrier "wsync-$mode-wide$round-next" "$BED_TMO_STEP_S"
		check_err $? "$mode: the peer did not come after round $round"
		[ -e "$more" ] || break
		log_info "$mode: no last packet held in round $round: another round"
	done
	if [ "$BED_ROLE" = server ] && [ "$mode" = receiver ] && [ "$has_ws" = 1 ]; then
		[ "$held" -gt 0 ]
		check_err $? "receiver: no last packet held (rxe_eun_wsync_held) in $round rounds of 80 WRITEs"
		log_test "write_sync=receiver: a last packet held under netem $REORDER_WIDE ($round round(s))"
	fi
}

trap bed_netem_off EXIT
[ "$has_ws" = 0 ] && log_info "no write_sync parameter: the control runs with placement on arrival"
for m in receiver sender none; do
	run_case $m "$REORDER" 40
	run_wide $m
done
run_small_pool
run_refusal_storm

# Leave the module as the other tests expect it: defaults, the bed's links.
bed_module_reload_with "${BED_MODULE_PARAMS:-}"
check_err $? "reload with the bed's parameters failed"
if [ "$has_ws" = 1 ] && [[ " ${BED_MODULE_PARAMS:-} " != *" write_sync="* ]]; then
	[ "$(cat "$param")" = receiver ]
	check_err $? "write_sync reads '$(cat "$param")' after the reload, want the default 'receiver'"
fi
log_test "reload with the bed's parameters"
exit $EXIT_STATUS
