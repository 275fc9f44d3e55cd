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
# Then the modes disagree, one guest each way: one side rdma_rxe_eun with
# ooo_mode=eunomia, the other stock rdma_rxe, then rdma_rxe_eun with
# ooo_mode=gbn; eun-verify WRITEs from the client. The eunomia side sends
# its WRITEs (as client) or its control SENDs (as server) in the ooo
# format. Stock rdma_rxe 6.12 drops them as an unknown opcode and answers
# nothing, so at its third retransmit timeout (the first two resend them,
# in case they were only lost) the eunomia QP, having heard no EUN_ACK, goes
# over to the stock format; a gbn QP answers them with a
# NACK, reason MODE, which does the same at once. Asserted: eun-verify
# passes, every byte compared; the eunomia side counted a QP gone over
# (rxe_eun_qp_stock_send) and got no EUN_ACK; a gbn side sent NACK MODE.
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

# fallback TAG SERVER_MODULE SERVER_PARAMS CLIENT_MODULE CLIENT_PARAMS: one
# side tracks (ooo_mode=eunomia), the other does not (see the top of the
# file); eun-verify's WRITEs must pass all the same.
fallback()
{
	local tag=$1 before after d peer=$4 mine=$4 mode=$5

	setup "$@"
	if [ "$BED_ROLE" = server ]; then
		mine=$2 mode=$3
	else
		peer=$2
	fi
	before=$BED_RESULTS/$tag-before.txt
	after=$BED_RESULTS/$tag-after.txt
	bed_counters "$before"
	# A stock peer answers nothing: three timeouts are the cost (3 x 268 ms).
	BED_QP_TIMEOUT=16 verify_op "$tag" write -S 4096,65536 --seed 41 -n 20
	bed_counters "$after"
	if [ "$mine" = rdma_rxe_eun ] && [ "$mode" = ooo_mode=eunomia ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_qp_stock_send)
		[ "$d" -ge 1 ]
		check_err $? "$tag: no QP went over to the stock format"
		d=$(bed_counter_delta "$before" "$after" rxe_eun_ack_rcvd)
		[ "$d" = 0 ]
		check_err $? "$tag: $d EUN_ACKs from a peer that does not track"
		log_info "$tag: went over $(bed_counter_delta "$before" "$after" rxe_eun_qp_stock_send)," \
			"rewinds $(bed_counter_delta "$before" "$after" rxe_eun_gbn_retry)," \
			"timeouts $(bed_counter_delta "$before" "$after" completer_retry_err)," \
			"sent_pkts +$(bed_counter_delta "$before" "$after" sent_pkts)"
	elif [ "$mine" = rdma_rxe_eun ]; then
		d=$(bed_counter_delta "$before" "$after" rxe_eun_nack_sent_mode)
		[ "$d" -ge 1 ]
		check_err $? "$tag: no NACK MODE answered the ooo packets"
		log_info "$tag: NACK MODE $d, ooo packets dropped $(bed_counter_delta "$before" "$after" rxe_eun_rx_mode_mismatch)"
	fi
	log_test "$DESC: the tracking side goes over to the stock format ($BED_ROLE, peer $peer)"
}

interop rxe-gbn rdma_rxe "" rdma_rxe_eun ooo_mode=gbn
interop gbn-rxe rdma_rxe_eun ooo_mode=gbn rdma_rxe ""
fallback rxe-eunomia rdma_rxe "" rdma_rxe_eun ooo_mode=eunomia
fallback eunomia-rxe rdma_rxe_eun ooo_mode=eunomia rdma_rxe ""
fallback gbn-eunomia rdma_rxe_eun ooo_mode=gbn rdma_rxe_eun ooo_mode=eunomia
fallback eunomia-gbn rdma_rxe_eun ooo_mode=eunomia rdma_rxe_eun ooo_mode=gbn

# Back to the bed's state: its module, parameters and links.
bed_barrier restore "$BED_TMO_STEP_S"
BED_DEV=$bed_dev
bed_module_unload rdma_rxe_eun && bed_module_unload rdma_rxe && bed_setup
check_err $? "restoring the bed's module and links failed"
log_test "restore $BED_MODULE with the bed's parameters"
exit $EXIT_STATUS
