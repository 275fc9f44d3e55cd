#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rdma_rxe_eun's module parameters: every bad value is refused with a
# message naming it, at load time and through sysfs, and loses nothing
# (the module is not left half-loaded); good values reach a new device
# (debugfs params), and its emulated memory and counters are there.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "module parameters apply to rdma_rxe_eun only"
	exit $ksft_skip
fi
if [ ! -f "$BED_MODULE_KO" ]; then
	log_skip "$BED_MODULE_KO not built (make module)"
	exit $ksft_skip
fi
require_cmd rdma modprobe insmod rmmod

params=/sys/module/rdma_rxe_eun/parameters
dbg=/sys/kernel/debug/rxe_eun

dmesg_since() { dmesg | tail -n +$(($1 + 1)); }

# load_with ARGS...: insmod with module parameters; dependencies first.
load_with()
{
	modprobe -a ib_core ib_uverbs udp_tunnel ip6_udp_tunnel &&
		insmod "$BED_MODULE_KO" "$@"
}

# refused_load REGEX ARGS...: the load fails and the log says REGEX.
refused_load()
{
	local want=$1 mark
	shift

	mark=$(dmesg | wc -l)
	load_with "$@" 2>/dev/null
	check_fail $? "insmod $* succeeded"
	# The whole message: a prefix would hide a garbled end.
	dmesg_since "$mark" | grep -qE -- "\] rdma_rxe_eun: $want\$"
	check_err $? "no '$want' in the kernel log"
	dmesg_since "$mark" | grep rdma_rxe_eun | sed 's/^/\t/'
	! bed_module_live rdma_rxe_eun
	check_err $? "rdma_rxe_eun is live after a refused load"
	log_test "refused at load: $*"
}

refused_write()
{
	local name=$1 val=$2 before

	before=$(cat "$params/$name")
	echo "$val" > "$params/$name" 2>/dev/null
	check_fail $? "writing $val to $name succeeded"
	[ "$(cat "$params/$name")" = "$before" ]
	check_err $? "$name changed to $(cat "$params/$name") after a refused write"
	log_test "refused through sysfs: $name=$val"
}

# debugfs_value FILE KEY: the value after KEY in a debugfs file of eunp0.
debugfs_value() { awk -v k="$2" '$1 == k { print $2 }' "$dbg/eunp0/$1"; }

bad_loads()
{
	refused_load "emem_blocks=5: must be 16\.\.65535" emem_blocks=5
	refused_load "ooo_mode='fast': not one of gbn, static, eunomia" ooo_mode=fast
	refused_load "max_inflight=100: must be a power of two in 16\.\.16384" max_inflight=100
	refused_load "static_bits=40: must be 16\.\.4096, a multiple of 16" static_bits=40
	refused_load "write_sync='always': not one of none, sender, receiver" write_sync=always
	refused_load "wsync_slots=0: must be 1\.\.1024" wsync_slots=0
	refused_load "hd_grow='sideways': not one of linear, insert" hd_grow=sideways
	refused_load "spray='always': not one of off, rr, random, mprdma, adaptive" spray=always
	refused_load "paths=0: must be 1\.\.62" paths=0
	refused_load "paths=63: must be 1\.\.62" paths=63
	refused_load "mprdma_delta=0: must be 1\.\.4096" mprdma_delta=0
	refused_load "mprdma_probe=70000: must be 0\.\.65536" mprdma_probe=70000
	refused_load "after_read='later': not one of wait, go" after_read=later
	refused_load "read_reo_wnd_us=50: must be 100\.\.64000" read_reo_wnd_us=50
}

# Each value is fine alone; together they are not, and the device says so.
bad_combination()
{
	local mark

	load_with hd_block_bits=32 hd_cap_bits=48
	check_err $? "insmod with hd_block_bits=32 hd_cap_bits=48 failed"
	mark=$(dmesg | wc -l)
	rdma link add eunp0 type rxe_eun netdev "$BED_NETDEV" 2>/dev/null
	check_fail $? "a device was created with hd_cap_bits=48 hd_block_bits=32"
	dmesg_since "$mark" | grep -qF "hd_cap_bits=48 must be a multiple of hd_block_bits=32"
	check_err $? "no message names hd_cap_bits and hd_block_bits"
	[ ! -e /sys/class/infiniband/eunp0 ]
	check_err $? "eunp0 exists after a refused link add"
	[ ! -e "$dbg/eunp0" ]
	check_err $? "debugfs entry left behind by the refused device"
	bed_module_unload rdma_rxe_eun
	check_err $? "unload after a refused device failed"
	log_test "refused at link add: hd_cap_bits not a multiple of hd_block_bits"
}

good_values()
{
	local hw=/sys/class/infiniband/eunp0/ports/1/hw_counters

	load_with max_inflight=256 emem_blocks=512 spray=mprdma paths=4 spray_seed=77 \
		read_reo_wnd_us=2500
	check_err $? "insmod with max_inflight=256 emem_blocks=512 spray=mprdma paths=4 spray_seed=77 read_reo_wnd_us=2500 failed"
	rdma link add eunp0 type rxe_eun netdev "$BED_NETDEV"
	check_err $? "link add failed"
	mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
	[ "$(debugfs_value params max_inflight)" = 256 ]
	check_err $? "debugfs params: max_inflight is not 256"
	[ "$(debugfs_value params ooo_mode)" = eunomia ]
	check_err $? "debugfs params: ooo_mode is not the default, eunomia"
	[ "$(debugfs_value params write_sync)" = receiver ]
	check_err $? "debugfs params: write_sync is not the default, receiver"
	[ "$(debugfs_value params hd_grow)" = insert ]
	check_err $? "debugfs params: hd_grow is not the default, insert"
	[ "$(debugfs_value params wsync_slots)" = 64 ]
	check_err $? "debugfs params: wsync_slots is not the default, 64"
	[ "$(debugfs_value params after_read)" = go ]
	check_err $? "debugfs params: after_read is not the default, go"
	[ "$(debugfs_value params read_reo_wnd_us)" = 2500 ]
	check_err $? "debugfs params: read_reo_wnd_us is not 2500"
	[ "$(debugfs_value params spray)" = mprdma ] &&
		[ "$(debugfs_value params paths)" = 4 ] &&
		[ "$(debugfs_value params spray_seed)" = 77 ] &&
		[ "$(debugfs_value params mprdma_delta)" = 16 ]
	check_err $? "debugfs params: spray, paths, spray_seed or mprdma_delta not as loaded"
	[ "$(debugfs_value memctl blocks)" = 512 ]
	check_err $? "debugfs memctl: blocks is not 512"
	[ "$(grep -c '^ *[0-9]* [.#]*$' "$dbg/eunp0/memctl")" = 8 ]
	check_err $? "debugfs memctl: the map has not 8 lines of 64 blocks"
	[ "$(cat "$hw/rxe_eun_emem_blocks_in_use" 2>/dev/null)" = 0 ]
	check_err $? "rxe_eun_emem_blocks_in_use is not 0 on an idle device"
	[ -r "$hw/rxe_eun_gbn_retry" ] && [ -r "$hw/rxe_eun_emem_blocks_peak" ] &&
		[ -r "$hw/rxe_eun_emem_alloc_fail" ] &&
		[ -r "$hw/rxe_eun_rw_widened" ] && [ -r "$hw/rxe_eun_rw_probes" ] &&
		[ -r "$hw/rxe_eun_rw_held" ] && [ -r "$hw/rxe_eun_path_pruned_late" ] &&
		[ -r "$hw/rxe_eun_ooo_degree_p99" ]
	check_err $? "an rxe_eun counter is missing from hw_counters"
	log_test "good values reach the device"

	refused_write max_inflight 100
	refused_write max_inflight 8
	refused_write emem_blocks 70000
	refused_write hd_block_bits 0
	refused_write ooo_mode fast
	refused_write write_sync later
	refused_write wsync_slots 1025
	refused_write hd_grow up
	refused_write spray sideways
	refused_write paths 100
	refused_write spray_seed notanumber
	echo static > "$params/ooo_mode" && [ "$(cat "$params/ooo_mode")" = static ]
	check_err $? "writing static to ooo_mode did not stick"
	echo sender > "$params/write_sync" && [ "$(cat "$params/write_sync")" = sender ]
	check_err $? "writing sender to write_sync did not stick"
	echo 512 > "$params/max_inflight" && [ "$(cat "$params/max_inflight")" = 512 ]
	check_err $? "writing 512 to max_inflight did not stick"
	echo linear > "$params/hd_grow" && [ "$(cat "$params/hd_grow")" = linear ]
	check_err $? "writing linear to hd_grow did not stick"
	log_test "accepted through sysfs: max_inflight=512, ooo_mode=static, write_sync=sender, hd_grow=linear"

	rdma link delete eunp0
	check_err $? "link delete failed"
	[ ! -e "$dbg/eunp0" ]
	check_err $? "debugfs entry left behind by a deleted device"
	log_test "device delete removes its debugfs entry"
}

bed_module_unload rdma_rxe_eun
bad_loads
bad_combination
good_values
# Leave the module as the other tests expect it: defaults, the bed's links.
bed_module_unload rdma_rxe_eun
bed_module_load && bed_links_add
check_err $? "reload with defaults failed"
log_test "reload with defaults"
exit $EXIT_STATUS
