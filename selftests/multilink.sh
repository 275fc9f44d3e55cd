#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every link of the bed carries RDMA traffic on its own device: an
# ib_write_bw on link L uses device L and the peer's address on link L,
# and the packets show up in that device's counters.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_write_bw

devs=($BED_DEVS)
peers=($BED_PEERS)
addrs=($BED_ADDRS)
if [ ${#devs[@]} -lt 2 ]; then
	log_skip "the bed has one link (set LINKS=2 or more)"
	exit $ksft_skip
fi

for l in "${!devs[@]}"; do
	BED_DEV=${devs[$l]}
	BED_GID_INDEX=$(bed_gid_index "$BED_DEV")
	check_err $? "${devs[$l]} has no IPv4-mapped GID"
	# the server's address on this link
	if [ "$BED_ROLE" = server ]; then BED_SERVER=${addrs[$l]}; else BED_SERVER=${peers[$l]}; fi
	bed_counters "$BED_RESULTS/link$l.before"
	bed_port_next port MULTILINK
	bed_perftest ib_write_bw "$port" 65536 20
	bed_counters "$BED_RESULTS/link$l.after"
	moved=$(bed_counter_delta "$BED_RESULTS/link$l.before" "$BED_RESULTS/link$l.after" \
		rcvd_pkts "${devs[$l]}")
	[ "${moved:-0}" -gt 0 ]
	check_err $? "no packets received on ${devs[$l]}"
	log_test "$BED_MODULE: link $l (${devs[$l]}, $BED_SERVER) carried traffic (rcvd_pkts +$moved)"
done
exit $EXIT_STATUS
