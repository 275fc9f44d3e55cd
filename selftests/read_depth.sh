#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# How many READs a tracking QP keeps out. Its READ responses are placed in
# a bitmap of hd_cap_bits (eunomia) or static_bits (static) PSNs, and no
# more than read_inflight of them may be awaited at once: over "delay 1ms"
# that makes four READs of 64 KiB at MTU 1024 (max_inflight's 128 PSNs
# held two, stock rxe's 129 three). Under "loss 1%" the READs go on past a
# lost response while it is asked for again, as far as the bitmap reaches:
# more than four out at times in eunomia (1024 bits), never more than the
# bitmap holds. eun-verify READs 64 KiB messages while the requester's
# debugfs is sampled, every byte checked.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

# It loads the module with its own ooo_mode: a run with other parameters
# would repeat the default run's.
bed_eun_default_run_only "the READ bitmap is rdma_rxe_eun's"
ev_require
require_cmd ibv_devinfo

SIZE=65536
SAMPLES=1500	# 20 ms apart at most: 30 s at most
dbg=/sys/kernel/debug/rxe_eun/$BED_DEV

# sample_read_out OUT: append to OUT the READs out of a tracking RTS QP of
# the device (not the GSI QP) every 20 ms, until killed or SAMPLES are
# taken.
sample_read_out()
{
	local out=$1 i qpn mode state rest

	for ((i = 0; i < SAMPLES; i++)); do
		while read -r qpn mode state rest; do
			[ "$state" = rts ] && [ "$mode" != gbn ] && break
			qpn=
		done < "$dbg/qps"
		[ -n "$qpn" ] && echo "$qpn" > "$dbg/qp" 2>/dev/null &&
			sed -n 's/^read out \([0-9]*\) .*/\1/p' "$dbg/qp" >> "$out"
		sleep 0.02
	done
}

# bitmap_reads MODE: READs of SIZE bytes the READ bitmap holds.
# window_reads: READs of SIZE bytes whose responses read_inflight awaits.
npkts()
{
	local mtu

	mtu=$(ibv_devinfo -d "$BED_DEV" |
		sed -n 's/.*active_mtu:[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1)
	echo $(( (SIZE + mtu - 1) / mtu ))
}

bitmap_reads()
{
	local bits n

	if [ "$1" = static ]; then
		bits=$(cat /sys/module/rdma_rxe_eun/parameters/static_bits)
	else
		bits=$(cat /sys/module/rdma_rxe_eun/parameters/hd_cap_bits)
	fi
	n=$(npkts)
	echo $(( (bits - n) / n + 1 ))
}

window_reads()
{
	local n

	n=$(npkts)
	echo $(( $(cat /sys/module/rdma_rxe_eun/parameters/read_inflight) / n ))
}

# depth_run MODE NETEM: the most READs out in any sample, against the
# bitmap's and read_inflight's.
depth_run()
{
	local mode=$1 netem=$2 name=read-depth-$1-${2// /-}
	local out=$BED_RESULTS/$name.txt pid bitmap window got

	bed_module_reload_both "$name" "ooo_mode=$mode"
	bed_netem_on "$netem"
	check_err $? "$name: netem failed"
	if [ "$BED_ROLE" = client ]; then
		mountpoint -q /sys/kernel/debug ||
			mount -t debugfs none /sys/kernel/debug
		: > "$out"
		sample_read_out "$out" &
		pid=$!
	fi
	ev_run "$name" 0 -- -o read -S "$SIZE" -n 1000 --seed 7
	[ "$(ev_summary "$EV_OUT" | cut -d' ' -f1)" = pass ]
	check_err $? "$name: $(ev_field "$EV_OUT" error)"
	if [ "$BED_ROLE" = client ]; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		bitmap=$(bitmap_reads "$mode")
		window=$(window_reads)
		got=$(awk '$1 + 0 > max { max = $1 + 0 } END { print max + 0 }' "$out")
		log_info "$mode, $netem: at most $got READs of $SIZE B out (the bitmap holds $bitmap, read_inflight awaits $window)"
		[ "$got" -le "$bitmap" ]
		check_err $? "$name: $got READs out, more than the bitmap's $bitmap"
		if [ "$netem" = "delay 1ms" ] || [ "$bitmap" -le "$window" ]; then
			[ "$got" = "$(( bitmap < window ? bitmap : window ))" ]
			check_err $? "$name: $got READs out at most, want $(( bitmap < window ? bitmap : window ))"
		else
			[ "$got" -gt "$window" ]
			check_err $? "$name: $got READs out at most: none went past a lost response"
		fi
	fi
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	log_test "ooo_mode=$mode, $netem: READs as deep as read_inflight, past a loss as the bitmap ($BED_ROLE)"
}

depth_run eunomia "delay 1ms"
depth_run eunomia "loss 1%"
depth_run static "delay 1ms"
bed_module_restore
exit $EXIT_STATUS
