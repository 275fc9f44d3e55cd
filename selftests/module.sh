#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Load and unload of the module under test: it loads, registers its link
# type, logs and names itself as it should, the stock libibverbs provider
# binds to its devices, and unloading (even with a device present) leaves
# nothing behind.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd rdma ibv_devices modprobe

dev=${BED_LINK_TYPE/rxe_eun/eun}m0
is_eun=0
[ "$BED_MODULE" = rdma_rxe_eun ] && is_eun=1

dmesg_since() { dmesg | tail -n +$(($1 + 1)); }

unload()
{
	bed_module_unload "$BED_MODULE"
	check_err $? "unload of $BED_MODULE failed"
	! bed_module_live "$BED_MODULE"
	check_err $? "$BED_MODULE still loaded"
	[ -z "$(ls /sys/class/infiniband 2>/dev/null)" ]
	check_err $? "devices left after unload: $(ls /sys/class/infiniband | tr '\n' ' ')"
	if [ $is_eun -eq 1 ]; then
		# Stock rxe is autoloaded by 'type rxe'; ours must not be.
		rdma link add "$dev" type rxe_eun netdev "$BED_NETDEV" 2>/dev/null
		check_fail $? "link type rxe_eun still registered after unload"
		[ ! -e "/sys/class/infiniband/$dev" ]
		check_err $? "$dev exists with the module unloaded"
	fi
	log_test "$BED_MODULE: unload leaves nothing registered"
}

load()
{
	local mark

	mark=$(dmesg | wc -l)
	bed_module_load
	check_err $? "load of $BED_MODULE failed"
	bed_module_live "$BED_MODULE"
	check_err $? "$BED_MODULE is not live after load"
	rdma link add "$dev" type "$BED_LINK_TYPE" netdev "$BED_NETDEV"
	check_err $? "rdma link add $dev type $BED_LINK_TYPE failed"
	busywait 5000 bed_gid_index "$dev" >/dev/null
	check_err $? "$dev has no IPv4-mapped GID"
	ibv_devices 2>&1 | grep -qw "$dev"
	check_err $? "libibverbs does not list $dev (provider did not bind)"
	ibv_devinfo -d "$dev" 2>&1 | grep -q 'PORT_ACTIVE'
	check_err $? "ibv_devinfo -d $dev shows no active port"
	if [ $is_eun -eq 1 ]; then
		[ "$(cat /sys/class/infiniband/$dev/node_desc)" = rxe_eun ]
		check_err $? "node_desc of $dev is '$(cat /sys/class/infiniband/$dev/node_desc)', not rxe_eun"
		dmesg_since "$mark" | grep -q 'rxe_eun'
		check_err $? "no kernel log line says rxe_eun after load"
		! dmesg_since "$mark" | grep -qE '(^|[] ])rdma_rxe: '
		check_err $? "kernel log lines with the stock 'rdma_rxe:' prefix"
		dmesg_since "$mark" | sed 's/^/\t/'
	fi
	log_test "$BED_MODULE: load, link type $BED_LINK_TYPE, provider binds"
}

unload_busy()
{
	# rmmod with a device present unregisters it.
	rmmod "$BED_MODULE"
	check_err $? "rmmod $BED_MODULE with $dev present failed"
	[ ! -e "/sys/class/infiniband/$dev" ]
	check_err $? "$dev survived rmmod"
	log_test "$BED_MODULE: rmmod with a device present removes it"
}

unload
load
unload_busy
load
unload
exit $EXIT_STATUS
