#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bed-timeout: 600
#
# ooo_mode=gbn interoperates with stock rdma_rxe, one guest each way: the
# server guest runs stock rdma_rxe and the client rdma_rxe_eun
# (ooo_mode=gbn), then the other way round. In each arrangement perftest's
# ib_write_bw and ib_send_bw must pass with no retransmission counter
# moving (on an unimpaired bed), and eun-verify's SEND, WRITE and WRITE
# with immediate must pass on both sides, the receiving side (the server)
# having compared every byte the client sent.
#
# Then a mismatch, one guest each way: one side stock rdma_rxe, the other
# rdma_rxe_eun with ooo_mode=eunomia; eun-verify WRITEs from the client.
# The eunomia side sends its WRITEs (as client) or its control SENDs (as
# server) in the ooo format, which stock rdma_rxe 6.12 drops as an unknown
# opcode without a counter of its own. Asserted: both eun-verify sides end
# with a failure (exit 1 or 3) inside their bounds (20 s waits), never a
# pass and never killed; a stock server compared no message; the eunomia
# side resent after its retransmit timer (rxe_eun_retx_timeout moved) and
# got no EUN_ACK (rxe_eun_ack_rcvd stayed put); the stock side's rcvd_pkts
# grew by less than the eunomia side's sent_pkts (the ooo packets were
# dropped before rxe counts a packet received).
#
# The guest ends as the bed set it up: the module of the bed's config with
# the bed's parameters, and its links.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

if [ "$BED_MODULE" != rdma_rxe_eun ]; then
	log_skip "interoperability needs rdma_rxe_eun (its config)"
	exit $ksft_skip
fi
if [ ! -f "$BED_MODULE_KO" ]; then
	log_skip "$BED_MODULE_KO not built (make module)"
	exit $ksft_skip
fi
ev_require
require_cmd rdma modprobe insmod rmmod ib_write_bw ib_send_bw
if ! modprobe -n rdma_rxe 2>/dev/null; then
	log_skip "stock rdma_rxe is not available in the guest"
	exit $ksft_skip
fi

bed_dev=$BED_DEV

# use_module MODULE [PARAMS...]: this guest runs MODULE alone with one
# device on BED_NETDEV (rxe0 or eun0); BED_DEV and BED_GID_INDEX follow.
use_module()
{
	local m=$1 type name
	shift

	bed_module_unload rdma_rxe_eun || return 1
	bed_module_unload rdma_rxe || return 1
	if [ "$m" = rdma_rxe ]; then
		modprobe rdma_rxe || return 1
		type=rxe name=rxei0
	else
		modprobe -a ib_core ib_uverbs udp_tunnel ip6_udp_tunnel &&
			insmod "$BED_MODULE_KO" "$@" || return 1
		type=rxe_eun name=euni0
	fi
	modprobe rdma_ucm || return 1
	rdma link add "$name" type "$type" netdev "$BED_NETDEV" || return 1
	BED_DEV=$name
	BED_GID_INDEX=$(busywait 10000 bed_gid_index "$name") || return 1
}

# label MODULE PARAMS: how a side is named in the test lines.
label()
{
	if [ "$1" = rdma_rxe ]; then
		echo rxe
	else
		echo "eun(${2#ooo_mode=})"
	fi
}

# setup TAG SERVER_MODULE SERVER_PARAMS CLIENT_MODULE CLIENT_PARAMS: both
# guests load their side's module and meet. Sets DESC.
setup()
{
	local tag=$1

	DESC="server $(label "$2" "$3"), client $(label "$4" "$5")"
	if [ "$BED_ROLE" = server ]; then
		# shellcheck disable=SC2086 # the parameters are a word list
		use_module "$2" $3
	else
		# shellcheck disable=SC2086
		use_module "$4" $5
	fi
	check_err $? "$tag: loading this guest's module failed"
	bed_barrier "$tag-loaded" "$BED_TMO_STEP_S"
	check_err $? "$tag: the peer did not load its module"
	log_info "$DESC: this guest ($BED_ROLE) runs $BED_DEV, GID index $BED_GID_INDEX"
	log_test "$DESC: modules loaded ($BED_ROLE)"
}

# verify_op TAG OP ARGS...: one eun-verify run that must pass, with every
# byte the client sent compared by the server.
verify_op()
{
	local tag=$1 op=$2 result msgs bytes cmsgs cbytes rest
	shift 2

	ev_run "$tag-$op" 0 -- -o "$op" "$@"
	read -r result _ msgs bytes cmsgs cbytes rest <<< "$(ev_summary "$EV_OUT")"
	[ "$result" = pass ]
	check_err $? "$tag-$op: result '$result': $(ev_field "$EV_OUT" error)"
	if [ "$BED_ROLE" = server ]; then
		[ "${bytes:-0}" -gt 0 ] 2>/dev/null && [ "$cbytes" = "$bytes" ]
		check_err $? "$tag-$op: compared $cbytes of $bytes bytes"
	fi
	log_info "$tag-$op: $msgs messages, $bytes bytes, compared $cmsgs/$cbytes"
	log_test "$DESC: eun-verify $op ($BED_ROLE)"
}

# interop TAG SERVER_MODULE SERVER_PARAMS CLIENT_MODULE CLIENT_PARAMS
interop()
{
	local tag=$1 port

	setup "$@"
	bed_port_next port INTEROP_PERF
	BED_MODULE="$DESC" bed_perftest ib_write_bw "$port" 65536 100
	bed_port_next port INTEROP_PERF
	BED_MODULE="$DESC" bed_perftest ib_send_bw "$port" 65536 100
	verify_op "$tag" send -S 1,4096,20001,65536 --seed 31 -n 30
	verify_op "$tag" write -S 7,4096,65536 --seed 32 -n 30
	verify_op "$tag" write_imm -S 3,65536 --seed 33 -n 30
}

# mismatch TAG SERVER_MODULE SERVER_PARAMS CLIENT_MODULE CLIENT_PARAMS: one
# side stock, the other ooo_mode=eunomia (see the top of the file).
mismatch()
{
	local tag=$1 before after d sent rcvd cmsgs mine

	setup "$@"
	mine=$4
	[ "$BED_ROLE" = server ] && mine=$2
	before=$BED_RESULTS/$tag-before.txt
	after=$BED_RESULTS/$tag-after.txt
	bed_counters "$before"
	EV_TIMEOUT=20 EV_WAIT=90 ev_run "$tag-write" "1|3" -- \
		-o write -S 4096 --seed 41 -n 10
	bed_counters "$after"
	log_info "$tag: $BED_ROLE exited with $EV_RC: $(ev_field "$EV_OUT" error)"
	if [ "$BED_ROLE" = server ] && [ "$2" = rdma_rxe ]; then
		cmsgs=$(ev_field "$EV_OUT" checked_messages total)
		[ "${cmsgs:-x}" = 0 ]
		check_err $? "$tag: the stock server compared '$cmsgs' messages, want 0"
	fi
	if [ "$mine" = rdma_rxe_eun ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout)
		[ "$d" -gt 0 ]
		check_err $? "$tag: rxe_eun_retx_timeout did not move"
		d=$(bed_counter_delta "$before" "$after" rxe_eun_ack_rcvd)
		[ "$d" = 0 ]
		check_err $? "$tag: $d EUN_ACKs from a stock peer"
		sent=$(bed_counter_delta "$before" "$after" sent_pkts)
		echo "$sent" > "$BED_SYNC/$tag-sent"
		log_info "$tag: sent_pkts +$sent," \
			"rxe_eun_retx_timeout +$(bed_counter_delta "$before" "$after" rxe_eun_retx_timeout)," \
			"rxe_eun_rx_mode_mismatch +$(bed_counter_delta "$before" "$after" rxe_eun_rx_mode_mismatch)"
	fi
	bed_barrier "$tag-counted" "$BED_TMO_STEP_S"
	check_err $? "$tag: the peer did not count its packets"
	if [ "$mine" = rdma_rxe ]; then
		sent=$(cat "$BED_SYNC/$tag-sent" 2>/dev/null)
		rcvd=$(bed_counter_delta "$before" "$after" rcvd_pkts)
		[ "$rcvd" -lt "${sent:-0}" ]
		check_err $? "$tag: stock rcvd_pkts +$rcvd, the peer sent ${sent:-?}: no drop"
		log_info "$tag: stock rcvd_pkts +$rcvd of ${sent:-?} sent by the peer"
	fi
	log_test "$DESC: transfer fails inside its bound ($BED_ROLE)"
}

interop rxe-gbn rdma_rxe "" rdma_rxe_eun ooo_mode=gbn
interop gbn-rxe rdma_rxe_eun ooo_mode=gbn rdma_rxe ""
mismatch rxe-eunomia rdma_rxe "" rdma_rxe_eun ooo_mode=eunomia
mismatch eunomia-rxe rdma_rxe_eun ooo_mode=eunomia rdma_rxe ""

# Back to the bed's state: its module, parameters and links.
bed_barrier restore "$BED_TMO_STEP_S"
BED_DEV=$bed_dev
bed_module_unload rdma_rxe_eun && bed_module_unload rdma_rxe && bed_setup
check_err $? "restoring the bed's module and links failed"
log_test "restore $BED_MODULE with the bed's parameters"
exit $EXIT_STATUS
