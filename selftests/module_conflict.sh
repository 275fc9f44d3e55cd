#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rdma_rxe_eun and stock rdma_rxe both need UDP port 4791 in init_net.
# Loading ours while rdma_rxe is loaded must fail with a message that
# names rdma_rxe and leave nothing registered; once rdma_rxe is gone ours
# loads. The reverse order must fail too and leave ours working.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "module conflict applies to rdma_rxe_eun only"
	exit $ksft_skip
fi
if [ ! -f "$BED_MODULE_KO" ]; then
	log_skip "$BED_MODULE_KO not built (make module)"
	exit $ksft_skip
fi
require_cmd rdma modprobe insmod

dmesg_since() { dmesg | tail -n +$(($1 + 1)); }

ours_while_stock()
{
	local mark err

	bed_module_unload rdma_rxe_eun
	modprobe rdma_rxe
	check_err $? "modprobe rdma_rxe failed"
	mark=$(dmesg | wc -l)
	err=$(insmod "$BED_MODULE_KO" 2>&1)
	check_fail $? "insmod rdma_rxe_eun succeeded while rdma_rxe holds the port"
	{ echo "$err"; dmesg_since "$mark"; } | grep -qE 'rdma_rxe([^_]|$)'
	check_err $? "no message names rdma_rxe"
	{ echo "$err"; dmesg_since "$mark"; } | sed 's/^/\t/'
	! bed_module_live rdma_rxe_eun
	check_err $? "rdma_rxe_eun is live after a failed load"
	rdma link add eunc0 type rxe_eun netdev "$BED_NETDEV" 2>/dev/null
	check_fail $? "link type rxe_eun registered after a failed load"
	[ ! -e /sys/class/infiniband/eunc0 ]
	check_err $? "eunc0 exists after a failed load"
	rdma link add rxec0 type rxe netdev "$BED_NETDEV" &&
		rdma link delete rxec0
	check_err $? "stock rxe broken by the failed load"
	log_test "rdma_rxe_eun: load refused while rdma_rxe is loaded"

	bed_module_unload rdma_rxe
	check_err $? "unload of rdma_rxe failed"
	bed_module_load
	check_err $? "rdma_rxe_eun does not load after rdma_rxe is gone"
	rdma link add eunc0 type rxe_eun netdev "$BED_NETDEV" &&
		rdma link delete eunc0
	check_err $? "rdma_rxe_eun link add/delete failed after the conflict"
	log_test "rdma_rxe_eun: loads once rdma_rxe is unloaded"
}

stock_while_ours()
{
	local mark

	bed_module_live rdma_rxe_eun || bed_module_load
	mark=$(dmesg | wc -l)
	modprobe rdma_rxe 2>/dev/null
	check_fail $? "modprobe rdma_rxe succeeded while rdma_rxe_eun holds the port"
	dmesg_since "$mark" | sed 's/^/\t/'
	! bed_module_live rdma_rxe
	check_err $? "rdma_rxe is live"
	rdma link add eunc0 type rxe_eun netdev "$BED_NETDEV" &&
		rdma link delete eunc0
	check_err $? "rdma_rxe_eun broken by the refused rdma_rxe"
	log_test "rdma_rxe: load refused while rdma_rxe_eun is loaded"
}

ours_while_stock
stock_while_ours
exit $EXIT_STATUS
