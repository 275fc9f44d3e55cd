#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The crash soak's job in the guests (tools/vm/soak.sh boots the bed with
# it): RC SEND and WRITE bandwidth tests back to back for BED_DURATION
# seconds. Every message's last packet asks for an ACK, so small messages
# make the receiver build an ACK for nearly every packet: the path
# (prepare_ack_packet -> __alloc_skb) where guest kernels were seen to die.
# The server guest decides, round by round on its own clock, whether
# another round fits; the client follows its decision.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd ib_send_bw ib_write_bw
: "${BED_DURATION:?the soak needs DURATION in its bed config}"
# bed_perftest bounds each transfer by half of BED_TIMEOUT: the whole
# soak's bound is far too long for one transfer.
BED_TIMEOUT=300

mkdir -p "$BED_SYNC" || exit $ksft_fail
t_end=$(( $(bed_now_ms) + BED_DURATION * 1000 ))
round=0
while :; do
	decision=$BED_SYNC/round-$round
	if [ "$BED_ROLE" = server ]; then
		if [ "$(bed_now_ms)" -lt "$t_end" ]; then echo go; else echo stop; fi > "$decision.tmp"
		mv "$decision.tmp" "$decision"
	elif ! busywait $((BED_TMO_STEP_S * 1000)) test -e "$decision"; then
		check_err 1 "round $round: no decision from the server guest"
		break
	fi
	[ "$(cat "$decision")" = go ] || break
	for tool in ib_send_bw ib_write_bw; do
		bed_perftest_sizes "$tool" SOAK
	done
	round=$((round + 1))
	bed_progress "soak round $round done"
done
log_info "soak: $round rounds in ${BED_DURATION}s"
echo "$round" > "$BED_RESULTS/rounds"
exit $EXIT_STATUS
