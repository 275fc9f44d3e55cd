#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rdma link add/del of the module under test: the device appears with an
# ACTIVE port and an IPv4-mapped GID, goes away on delete, and can be added
# again; a bad netdev is refused without leaving a device behind.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd rdma

dev=${BED_LINK_TYPE/rxe_eun/eun}t0

port_active() { rdma link show "$dev/1" 2>/dev/null | grep -q 'state ACTIVE'; }

link_add_del()
{
	rdma link add "$dev" type "$BED_LINK_TYPE" netdev "$BED_NETDEV"
	check_err $? "rdma link add $dev type $BED_LINK_TYPE netdev $BED_NETDEV failed"
	busywait 5000 port_active
	check_err $? "$dev port 1 is not ACTIVE"
	busywait 5000 bed_gid_index "$dev" >/dev/null
	check_err $? "$dev has no IPv4-mapped GID"
	[ -d "/sys/class/infiniband/$dev/ports/1/hw_counters" ]
	check_err $? "$dev has no hw_counters"
	rdma link delete "$dev"
	check_err $? "rdma link delete $dev failed"
	[ ! -e "/sys/class/infiniband/$dev" ]
	check_err $? "$dev still in sysfs after delete"
	log_test "$BED_LINK_TYPE: link add, ACTIVE, GID, delete"

	rdma link add "$dev" type "$BED_LINK_TYPE" netdev "$BED_NETDEV" &&
		rdma link delete "$dev"
	check_err $? "second add/delete of $dev failed"
	log_test "$BED_LINK_TYPE: link add/delete again"
}

bad_netdev()
{
	rdma link add "$dev" type "$BED_LINK_TYPE" netdev bednonexist0 2>/dev/null
	check_fail $? "link add on a missing netdev succeeded"
	[ ! -e "/sys/class/infiniband/$dev" ]
	check_err $? "$dev exists after a refused link add"
	log_test "$BED_LINK_TYPE: link add on a missing netdev is refused"
}

# The runner created the bed's devices; this test uses its own on the
# same netdev, so drop those first (the runner restores them).
bed_links_del_all
link_add_del
bad_netdev
exit $EXIT_STATUS
