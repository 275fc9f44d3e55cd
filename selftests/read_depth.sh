#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# How many READs a tracking QP keeps out. Its READ responses are placed in
# a bitmap of hd_cap_bits (eunomia) or static_bits (static) PSNs, so a
# READ may go as long as its last response PSN stays within them: four of
# 64 KiB at MTU 1024 and 256 bits, where max_inflight's 128 PSNs held two
# (stock rxe's 129 hold three). eun-verify READs 64 KiB messages over
# "delay 1ms" while the requester's debugfs is sampled: the most READs
# out in any sample must be what the bitmap holds, never more, and every
# byte checked.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "the READ bitmap is rdma_rxe_eun's"
	exit $ksft_skip
fi
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
bitmap_reads()
{
	local bits mtu npkts

	if [ "$1" = static ]; then
		bits=$(cat /sys/module/rdma_rxe_eun/parameters/static_bits)
	else
		bits=$(cat /sys/module/rdma_rxe_eun/parameters/hd_cap_bits)
	fi
	mtu=$(ibv_devinfo -d "$BED_DEV" |
		sed -n 's/.*active_mtu:[[:space:]]*\([0-9]*\).*/\1/p' | head -n 1)
	npkts=$(( (SIZE + mtu - 1) / mtu ))
	echo $(( (bits - npkts) / npkts + 1 ))
}

depth_run()
{
	local mode=$1 name=read-depth-$1 out=$BED_RESULTS/read-depth-$1.txt
	local pid want got

	bed_module_reload_both "$name" "ooo_mode=$mode"
	bed_netem_on "delay 1ms"
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
		want=$(bitmap_reads "$mode")
		got=$(awk '$1 + 0 > max { max = $1 + 0 } END { print max + 0 }' "$out")
		log_info "$mode: at most $got READs of $SIZE B out (the bitmap holds $want)"
		[ "$got" = "$want" ]
		check_err $? "$name: $got READs out at most, want $want"
	fi
	bed_barrier "$name-done" "$BED_TMO_STEP_S"
	bed_netem_off
	log_test "ooo_mode=$mode: READs as deep as their bitmap ($BED_ROLE)"
}

depth_run eunomia
depth_run static
bed_module_restore
exit $EXIT_STATUS
