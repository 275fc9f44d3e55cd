#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 900
#
# Hostile packets with a valid ICRC (tools/inject, eun-inject): while
# eun-verify moves SEND and WRITE from the client to the server, every
# byte checked, the client forges RoCEv2 packets at the server's tracking
# QP, one kind at a time: malformed EUNH, PSNs far outside the window,
# unknown opcodes, EUN_ACKs naming PSNs never sent, forged NACKs of every
# reason, WRITEs and SENDs 2^20 PSNs ahead with a wrong target. The ICRC is
# right, so rxe's checks pass them and the ordering layer must drop each
# and count it by reason (the counter eun-inject -l names per kind). The
# transfers must pass and the kernel log stay free of warnings. The server
# prints a table: kind, sent, counters moved on each side, verdict.
# Documentation/testing.rst, "Hostile packets".
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "hostile ooo packets apply to rdma_rxe_eun only"
	exit $ksft_skip
fi
if [ "$(cat /sys/module/rdma_rxe_eun/parameters/ooo_mode)" = gbn ]; then
	log_skip "ooo_mode=gbn: no QP tracks, nothing to aim at"
	exit $ksft_skip
fi
ev_require
EI=$BED_REPO/build/eun-inject
if [ ! -x "$EI" ]; then
	echo "$EI is missing: run 'make tools' on the host" >&2
	exit $ksft_fail
fi
EI_KINDS=$BED_RESULTS/eun-inject-kinds.txt
if ! "$EI" -l > "$EI_KINDS"; then
	echo "$EI -l failed" >&2
	exit $ksft_fail
fi
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
dbg=/sys/kernel/debug/rxe_eun/$BED_DEV

# Kinds a correct receiver drops without harm to the transfer, in two
# phases, so that each transfer outlasts its kinds on a loaded bed (up to
# 14 s a kind). nack-mode goes last: a QP that took it would change its
# send format.
HEADER_KINDS="trunc-hdr trunc-imm bad-version reserved bad-flags zero-len
	max-len psn-far psn-behind unknown-op"
ACK_KINDS="wrong-class sack-unsent ack-bad-psn ack-short nack-cap
	nack-nomem nack-invalid nack-rnr nack-access nack-mode"
# Far-ahead packets whose target (rkey, range, length, receive WQE) is
# wrong too: the PSN alone must have them dropped.
FAR_KINDS="bad-rkey bad-range write-last reth-len send-unposted"
COUNT=3
# What the table shows moving (rxe_eun_psn_accept and rxe_eun_ack_rcvd
# move with the transfer: the server sends credits too).
COUNTERS="rxe_eun_rcv_drop rxe_eun_rcv_drop_opcode rxe_eun_rx_malformed
	rxe_eun_psn_drop rxe_eun_psn_duplicate rxe_eun_ack_bad rxe_eun_sack_rcvd
	rxe_eun_nack_rcvd rxe_eun_nack_sent
	rxe_eun_nack_sent_cap rxe_eun_nack_sent_rnr rxe_eun_nack_sent_error
	rxe_eun_nack_sent_mode rxe_eun_rx_mode_mismatch rxe_eun_qp_stock_send
	rxe_eun_nack_backoff rxe_eun_retx_nack rxe_eun_retx_spurious"
# Only those this module has: a name it lacks would fail every check.
# shellcheck disable=SC2086 # a word list on purpose
COUNTERS=$(for c in $COUNTERS; do
	[ -e "/sys/class/infiniband/$BED_DEV/ports/1/hw_counters/$c" ] && echo "$c"
done)
# The client's transfer moves these all along.
# shellcheck disable=SC2086 # a word list on purpose
CLIENT_COUNTERS=$(printf '%s\n' $COUNTERS | grep -vx 'rxe_eun_sack_rcvd')

# target_line: "QPN EPSN UNA STATE" of the first tracking QP, or nothing.
target_line()
{
	local qpn mode state epsn una

	while read -r qpn mode state _ epsn _ una _; do
		case "$mode" in
		eunomia|static) ;;
		*) continue ;;
		esac
		[ "$state" = rts ] || continue
		echo "$qpn $epsn $una $state"
		return 0
	done < "$dbg/qps"
	return 1
}

# qp_state QPN: the QP's state in debugfs, or "gone".
qp_state()
{
	local qpn mode state rest

	while read -r qpn mode state rest; do
		[ "$qpn" = "$1" ] && { echo "$state"; return 0; }
	done < "$dbg/qps"
	echo gone
}

# mr_rkey: an rkey of eun-verify's MRs here, 0 when rdma cannot say.
mr_rkey()
{
	rdma resource show mr 2>/dev/null |
		awk '/comm eun-verify/ { for (i = 1; i < NF; i++)
			if ($i == "rkey") { print $(i + 1); exit } }' | grep . || echo 0
}

# deltas BEFORE AFTER NAMES: "name+N ..." of NAMES that moved, or "-".
deltas()
{
	bed_counter_deltas "$1" "$2" "$3" "$BED_DEV" |
		tr ' ' '\n' | awk -F= '$2 != 0 { sub(/^rxe_eun_/, "", $1);
			printf "%s%s+%d", (n++ ? " " : ""), $1, $2 }
			END { if (!n) printf "-" }'
}

# expected KIND: the counter eun-inject -l names for KIND.
expected()
{
	awk -v k="$1" '$1 == k { print $2 }' "$EI_KINDS"
}

# server_side PHASE KINDS: per kind, tell the client where the target QP
# is, snapshot the counters around its injection and write a row to
# PHASE.rows: KIND<TAB>EXPECTED_DELTA<TAB>MOVED<TAB>QP_STATE. The next
# kind's "ready" tells the client this one is measured; "end" the last.
server_side()
{
	local phase=$1 kinds=$2 k t='' rkey b a exp sent qpn n

	for n in $(seq 1 600); do
		t=$(target_line) && break
		sleep 0.1
	done
	if [ -z "$t" ]; then
		echo "no tracking QP in RTS in $dbg/qps" > "$BED_RESULTS/$phase.error"
		: > "$BED_SYNC/$phase-none"
		return 1
	fi
	qpn=${t%% *}
	rkey=$(mr_rkey)
	for k in $kinds; do
		t=$(target_line) || t="$qpn 0 0 gone"
		echo "$t $rkey" > "$BED_SYNC/$phase-$k.target"
		b=$BED_RESULTS/$phase-$k.before a=$BED_RESULTS/$phase-$k.after
		bed_counters "$b"
		bed_barrier "$phase-$k-ready" "$BED_TMO_STEP_S" || return 1
		bed_barrier "$phase-$k-sent" "$BED_TMO_STEP_S" || return 1
		sent=0
		read -r sent _ < "$BED_SYNC/$phase-$k.sent"
		exp=$(expected "$k")
		# The receive task runs after the softirq: wait for the count.
		busywait 5000 bed_counter_is "$exp" -ge \
			"$(( $(awk -v d="$BED_DEV" -v c="$exp" '$1 == d && $2 == c { print $3 }' "$b") + sent ))"
		sleep 0.5
		bed_counters "$a"
		printf '%s\t%s\t%s\t%s\n' "$k" \
			"$(bed_counter_delta "$b" "$a" "$exp" "$BED_DEV")" \
			"$(deltas "$b" "$a" "$COUNTERS")" "$(qp_state "$qpn")" >> "$BED_RESULTS/$phase.rows"
	done
	bed_barrier "$phase-end" "$BED_TMO_STEP_S"
}

# client_measured PHASE KIND: the server measured KIND: snapshot the
# client's counters, its "after" and the next kind's "before", and leave
# what moved in BED_SYNC.
client_measured()
{
	local b=$BED_RESULTS/$1-$2.before a=$BED_RESULTS/$1-$2.after

	bed_counters "$a"
	deltas "$b" "$a" "$CLIENT_COUNTERS" > "$BED_SYNC/$1-$2.client"
}

# client_side PHASE KINDS: inject each kind when the server is ready, and
# leave the count sent and the client's own counters moved in BED_SYNC.
client_side()
{
	local phase=$1 kinds=$2 k prev='' qpn epsn una st rkey out

	for k in $kinds; do
		bed_barrier "$phase-$k-ready" "$BED_TMO_STEP_S" || return 1
		if [ -n "$prev" ]; then
			client_measured "$phase" "$prev"
			cp "$BED_RESULTS/$phase-$prev.after" "$BED_RESULTS/$phase-$k.before"
		else
			bed_counters "$BED_RESULTS/$phase-$k.before"
		fi
		read -r qpn epsn una st rkey < "$BED_SYNC/$phase-$k.target"
		out=$("$EI" -a "$BED_SERVER" --dqpn "$qpn" --psn "$epsn" \
			--una "$una" --rkey "$rkey" -k "$k" -n "$COUNT" 2>&1)
		echo "$out" >> "$BED_RESULTS/$phase-inject.out"
		echo "$out" | sed -n "s/^kind=$k sent=\([0-9]*\) bytes=\([0-9]*\).*/\1 \2/p" \
			> "$BED_SYNC/$phase-$k.sent"
		bed_barrier "$phase-$k-sent" "$BED_TMO_STEP_S" || return 1
		prev=$k
	done
	bed_barrier "$phase-end" "$BED_TMO_STEP_S" || return 1
	client_measured "$phase" "$prev"
	# Every kind is measured: the transfer beside them may end.
	: > "$BED_RESULTS/$phase.stop"
}

# report PHASE KINDS: the server's table, and a check per kind: counted
# as expected once per packet, counted elsewhere, or not at all.
report()
{
	local phase=$1 kinds=$2 k got moved st sent bytes cmoved verdict bad=

	log_info "$phase: kind sent bytes expect(+moved) | server moved | client moved | qp | verdict"
	for k in $kinds; do
		got='' moved='' st='' sent='' bytes=''
		IFS=$'\t' read -r _ got moved st < <(grep "^$k	" "$BED_RESULTS/$phase.rows")
		read -r sent bytes < "$BED_SYNC/$phase-$k.sent" 2>/dev/null
		cmoved=$(cat "$BED_SYNC/$phase-$k.client" 2>/dev/null)
		if [ -z "${got:-}" ]; then
			verdict=missing
		elif [ "${sent:-0}" -gt 0 ] && [ "$got" -ge "$sent" ]; then
			verdict=ok
		elif [ "${moved:--}" != - ]; then
			verdict=elsewhere
		else
			verdict=UNCOUNTED
		fi
		printf '\t%-13s sent %-2s %4sB  %s(+%s) | %s | %s | %s | %s\n' "$k" \
			"${sent:-?}" "${bytes:-?}" \
			"$(expected "$k" | sed 's/^rxe_eun_//')" \
			"${got:-?}" "${moved:-?}" "${cmoved:-?}" "${st:-?}" "$verdict"
		[ "$verdict" = ok ] || bad="$bad $k:$verdict"
	done
	[ -z "$bad" ]
	check_err $? "$phase: not dropped as expected:$bad"
}

# phase NAME KINDS SECONDS: a transfer of at most SECONDS with KINDS
# injected; a kind takes 5 to 6 s on the TCG bed. The client ends
# the transfer once its last kind is measured (eun-verify --stop-file).
phase()
{
	local name=$1 kinds=$2 secs=$3 pid rc el

	rm -f "$BED_RESULTS/$name.rows" "$BED_RESULTS/$name.error" \
		"$BED_RESULTS/$name.stop"
	if [ "$BED_ROLE" = server ]; then
		server_side "$name" "$kinds" > "$BED_RESULTS/$name-side.log" 2>&1 &
	else
		client_side "$name" "$kinds" > "$BED_RESULTS/$name-side.log" 2>&1 &
	fi
	pid=$!
	# Ahead of the transfer on the guest's one CPU: each kind's steps
	# (snapshots, barriers, the injection) wait less for it.
	renice -n -10 -p "$pid" > /dev/null 2>&1
	EV_WAIT=$((secs + 60)) EV_TIMEOUT=60 \
		ev_run "inject-$name" 0 -- -o send,write -S 4096,65536 -t "$secs" \
		--stop-file "$BED_RESULTS/$name.stop" --seed 7
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: the transfer did not pass: $(ev_field "$EV_OUT" error)"
	log_info "$name: transfer $(ev_summary "$EV_OUT" | cut -d' ' -f1-6)"
	if [ "$BED_ROLE" = client ]; then
		# The stop file ended it, not the time bound.
		el=$(ev_field "$EV_OUT" elapsed_s total)
		awk -v e="${el:-0}" -v s="$secs" 'BEGIN { exit !(e > 0 && e < s - 1) }'
		check_err $? "$name: the transfer ran ${el:-?} s of its $secs s bound: its stop file did not end it"
	fi
	bed_wait_pid "$pid" "$BED_TMO_STEP_S"
	rc=$?
	[ -s "$BED_RESULTS/$name.error" ] && check_err 1 "$name: $(cat "$BED_RESULTS/$name.error")"
	check_err $rc "$name: the injecting side exited with $rc (see $name-side.log)"
	log_test "inject $name: eun-verify SEND and WRITE byte-correct while forged packets arrive ($BED_ROLE)"
	if [ "$BED_ROLE" = server ]; then
		report "$name" "$kinds"
		log_test "inject $name: every kind dropped and counted by reason"
	fi
}

klog0=$(dmesg | wc -l)
phase header "$HEADER_KINDS" 150
phase ack "$ACK_KINDS" 150
phase far "$FAR_KINDS" 80

# The console scan judges oopses; the log's warnings are judged here.
new=$(dmesg | tail -n +$((klog0 + 1)))
echo "$new" > "$BED_RESULTS/dmesg-inject.txt"
echo "$new" | grep -E 'rxe|eun' | tail -n 20 | sed 's/^/\t/'
! echo "$new" | grep -qE 'WARNING:|BUG:|Oops|general protection|RIP:|UBSAN|KASAN|refcount_t'
check_err $? "kernel log: $(echo "$new" | grep -m1 -E 'WARNING:|BUG:|Oops|general protection|RIP:|UBSAN|KASAN|refcount_t')"
rdma link show "$BED_DEV/1" | grep -q "state ACTIVE"
check_err $? "$BED_DEV is not ACTIVE after the forged packets"
log_test "inject: kernel log clean, device active ($BED_ROLE)"
exit $EXIT_STATUS
