#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The ordering layer in the data path: with ooo_mode=static and
# ooo_mode=eunomia, eun-verify moves SEND, WRITE and WRITE with immediate
# over a link that reorders (netem "delay 1ms reorder 25% 50%"), checks
# every byte and the order of every completion, and the counters show the
# packets were placed out of order without a go-back-N rewind; once the
# QPs are gone the emulated memory holds no block. While the transfers run,
# debugfs "qps" lists the tracking QP and "qp" dumps it, well-formed (see
# dump_check); a QP number that names no QP is refused.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "ooo modes apply to rdma_rxe_eun only"
	exit $ksft_skip
fi
ev_require
require_cmd tc insmod rmmod
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug

REORDER="delay 1ms reorder 25% 50%"

dbg=/sys/kernel/debug/rxe_eun/$BED_DEV

# dump_poll MODE OUT: while the transfers run (killed after them, and
# never past 150 s), pick a QP of MODE in RTS from "qps" and keep its
# latest dump from "qp" in OUT; OUT.n counts the dumps taken. Builtins
# only but sleep: the guest's one CPU is busy with the transfer.
dump_poll()
{
	local mode=$1 out=$2 qpn n=0 end now fld lines

	now=${EPOCHREALTIME/[.,]/}
	end=$(( now / 1000 + 150000 ))
	while [ $(( now / 1000 )) -lt "$end" ]; do
		qpn=
		while read -r -a fld; do
			if [ "${fld[1]:-}" = "$mode" ] && [ "${fld[2]:-}" = rts ]; then
				qpn=${fld[0]}
				break
			fi
		done < "$dbg/qps"
		# The QP may be gone between the listing and the dump.
		if [ -n "$qpn" ] && { echo "$qpn" > "$dbg/qp"; } 2>/dev/null; then
			mapfile -t lines < "$dbg/qp"
			if [ "${lines[0]:-}" = "qpn $qpn" ] &&
			   [ "${lines[1]:-}" = "mode $mode" ]; then
				printf '%s\n' "${lines[@]}" > "$out"
				n=$((n + 1))
				echo $n > "$out.n"
			fi
		fi
		sleep 0.2
		now=${EPOCHREALTIME/[.,]/}
	done
}

# dump_value FILE LINE KEY: the word after KEY on the line that starts with
# LINE.
dump_value()
{
	awk -v l="$2" -v k="$3" '$1 == l { for (i = 2; i < NF; i++)
		if ($i == k) { print $(i + 1); exit } }' "$1"
}

# dump_check FILE MODE KIND: the dump names a QP of MODE in a state it can
# be in during a transfer, has the receive part (epsn, bitmap of KIND, hold
# queue), the send part (una, nxt, RACK figures), and its maps are as long
# as the figures they follow say: "marked M of N" is followed by N marks, M
# of them '#'; "in_flight I" by I letters of the scoreboard's alphabet.
dump_check()
{
	local f=$1 mode=$2 kind=$3 n marks got inf

	grep -qE '^qpn [0-9]+$' "$f" || { echo "no qpn line"; return 1; }
	grep -qx "mode $mode" "$f" || { echo "mode is not $mode"; return 1; }
	grep -qE '^state (rtr|rts|err)$' "$f" || { echo "bad state line"; return 1; }
	grep -qE '^rx conn [0-9]+ started [01] open [01] epsn [0-9]+ ' "$f" ||
		{ echo "no rx line with epsn"; return 1; }
	[ "$(dump_value "$f" bitmap kind)" = "$kind" ] ||
		{ echo "bitmap kind is not $kind"; return 1; }
	grep -qE '^holdq cap [0-9]+ head_seq [0-9]+ held [0-9]+ ' "$f" ||
		{ echo "no holdq line"; return 1; }
	grep -qE '^scoreboard capacity [0-9]+ una [0-9]+ nxt [0-9]+ in_flight [0-9]+ ' "$f" ||
		{ echo "no scoreboard line"; return 1; }
	grep -qE '^rack has_rtt [01] min_rtt_ns [0-9]+ srtt_ns [0-9]+ rttvar_ns [0-9]+ ' "$f" ||
		{ echo "no RACK RTT line"; return 1; }
	grep -qE '^rack reo_wnd_ns [0-9]+ loss_wait_ns [0-9]+ ' "$f" ||
		{ echo "no RACK window line"; return 1; }
	n=$(awk '$1 == "marked" { print $4 }' "$f")
	marks=$(awk '/^marks /{ on = 1; next } /^holdq /{ on = 0 } on { printf "%s", $2 }' "$f")
	[ "${#marks}" = "${n:-x}" ] ||
		{ echo "$n bits tracked, ${#marks} marks shown"; return 1; }
	got=${marks//[^#]/}
	[ "${#got}" = "$(awk '$1 == "marked" { print $2 }' "$f")" ] ||
		{ echo "marked count differs from the marks"; return 1; }
	[ -z "${marks//[#.]/}" ] || { echo "bad bitmap mark"; return 1; }
	inf=$(dump_value "$f" scoreboard in_flight)
	marks=$(awk '/^window /{ on = 1; next } /^rack /{ on = 0 } on { printf "%s", $2 }' "$f")
	[ "${#marks}" = "$inf" ] ||
		{ echo "$inf PSNs in flight, ${#marks} shown"; return 1; }
	[ -z "${marks//[irsld?]/}" ] || { echo "bad scoreboard letter"; return 1; }
}

run_mode()
{
	local mode=$1 name d poll dump qpn kind=static
	local before=$BED_RESULTS/ooo-$mode-before.txt after=$BED_RESULTS/ooo-$mode-after.txt

	bed_module_reload_both "ooo-$mode" "ooo_mode=$mode"
	bed_netem_on "$REORDER"
	check_err $? "$mode: netem failed"
	bed_counters "$before"
	dump=$BED_RESULTS/ooo-$mode-qp.txt
	dump_poll "$mode" "$dump" &
	poll=$!
	renice -n -10 -p "$poll" > /dev/null 2>&1

	# The last, bound by time, keeps a QP up long enough for dump_poll.
	for c in "send|-o send -S 1,4096,20001,65536 -n 40" \
		 "write|-o write -S 7,4096,65536 -n 40" \
		 "imm|-o write_imm -S 3,65536 -q 2 -n 40" \
		 "timed|-o send,write -S 4096,65536 -t 6"; do
		name=ooo-$mode-${c%%|*}
		# shellcheck disable=SC2086 # a word list on purpose
		ev_run "$name" 0 -- ${c#*|} --seed 21
		[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
		check_err $? "$name: $(ev_field "$EV_OUT" error)"
	done

	kill "$poll" 2>/dev/null
	wait "$poll" 2>/dev/null
	bed_barrier "ooo-$mode-done" "$BED_TMO_STEP_S"
	bed_netem_off
	bed_counters "$after"
	d=$(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)
	[ "$d" = 0 ]
	check_err $? "$mode: $d go-back-N rewinds"
	if [ "$BED_ROLE" = server ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_psn_accept)
		[ "$d" -gt 0 ]
		check_err $? "$mode: no packet went through the ordering layer"
		log_info "$mode: placed $d, out of order $(bed_counter_delta "$before" "$after" rxe_eun_rx_ooo), SACKs $(bed_counter_delta "$before" "$after" rxe_eun_sack_sent)"
	else
		log_info "$mode: resent by the reorder window $(bed_counter_delta "$before" "$after" rxe_eun_retx_reorder) (spurious $(bed_counter_delta "$before" "$after" rxe_eun_retx_spurious)), after a timeout $(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout), window widened $(bed_counter_delta "$before" "$after" rxe_eun_rw_widened), drought probes $(bed_counter_delta "$before" "$after" rxe_eun_rw_probes), held $(bed_counter_delta "$before" "$after" rxe_eun_rw_held), sent $(bed_counter_delta "$before" "$after" sent_pkts)"
	fi
	busywait 10000 bed_counter_is rxe_eun_emem_blocks_in_use -eq 0
	check_err $? "$mode: $(bed_counter rxe_eun_emem_blocks_in_use) emulated blocks in use with no QP"
	log_test "ooo_mode=$mode: SEND, WRITE, WRITE with immediate over a reordering link ($BED_ROLE)"

	[ "$mode" = eunomia ] && kind=hd
	if [ -s "$dump" ]; then
		log_info "$mode: $(cat "$dump.n") dumps of a QP taken, the last one:"
		sed 's/^/\t/' "$dump"
		d=$(dump_check "$dump" "$mode" "$kind")
		check_err $? "$mode: debugfs qp: $d"
		qpn=$(awk '$1 == "qpn" { print $2 }' "$dump")
		busywait 10000 grep -qx "no such QP" "$dbg/qp"
		check_err $? "$mode: debugfs qp still shows QP $qpn after the transfers"
	else
		check_err 1 "$mode: debugfs qps listed no $mode QP in RTS during the transfers"
	fi
	! echo 16777215 > "$dbg/qp" 2>/dev/null
	check_err $? "$mode: debugfs qp took a QP number that names no QP"
	log_test "ooo_mode=$mode: debugfs qps and qp dump a QP during a transfer ($BED_ROLE)"
}

trap bed_netem_off EXIT
run_mode static
run_mode eunomia

bed_module_restore
exit $EXIT_STATUS
