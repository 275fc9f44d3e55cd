#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Malformed RoCEv2 packets are dropped, never accepted and never crash the
# kernel: each guest sends the other a fixed set of bad UDP 4791 packets
# (shorter than a BTH, opcodes rxe does not know, known opcodes and the
# out-of-order modes' ones with a wrong ICRC, random bytes). The
# receiver's rcvd_pkts (counted only once a packet passed its checks) must
# not move; on rdma_rxe_eun the drop counters must count every packet,
# and the unknown opcodes apart. The device still works afterwards.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"

require_cmd python3 rdma

# send_bad ADDR: the packets, as "TOTAL UNKNOWN_OPCODE" on stdout.
send_bad()
{
	python3 - "$1" <<-'EOF'
	import random, socket, struct, sys

	def bth(opcode, qpn, psn):
	    # opcode, SE/M/pad/TVer, P_Key, reserved + dest QP, A + PSN
	    return struct.pack("!BBHII", opcode, 0, 0xffff, qpn & 0xffffff,
	                       psn & 0xffffff)

	rng = random.Random(4791)
	pkts, unknown = [], 0
	pkts += [bytes(n) for n in (0, 1, 4, 11)]               # below a BTH
	for op in (0x15, 0x1b, 0x1e, 0x1f):    # RC values no rxe knows
	    pkts.append(bth(op, 0x11, 7) + bytes(64))
	    unknown += 1
	for op in (0x18, 0x19, 0x1a):          # rxe_eun's ooo ones, bad ICRC
	    pkts.append(bth(op, 0x11, 7) + bytes(64))
	for op in (0x04, 0x0a, 0x0c, 0x11):    # known, to QP 0x11, bad ICRC
	    pkts.append(bth(op, 0x11, 7) + bytes(16) + b"\xde\xad\xbe\xef")
	pkts.append(bth(0x04, 0x11, 7))        # no room for an ICRC
	sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
	for p in pkts:
	    sock.sendto(p, (sys.argv[1], 4791))
	print(len(pkts), unknown)
	EOF
}

counter() { bed_counter "$1" || echo absent; }

r0=$(counter rcvd_pkts) d0=$(counter rxe_eun_rcv_drop) o0=$(counter rxe_eun_rcv_drop_opcode)
# A counter that is not there reads nothing: rcvd_pkts exists on both
# modules, the drop counters on rdma_rxe_eun only.
[ "$r0" != absent ]
check_err $? "$BED_DEV has no rcvd_pkts counter"
if [ "$BED_MODULE" = rdma_rxe_eun ]; then
	[ "$d0" != absent ] && [ "$o0" != absent ]
	check_err $? "$BED_DEV has no rxe_eun_rcv_drop or rxe_eun_rcv_drop_opcode counter"
fi
bed_barrier malformed-start "$BED_TMO_STEP_S"
read -r total unknown <<< "$(send_bad "$BED_PEER")"
check_err $? "sending the packets failed"
bed_barrier malformed-sent "$BED_TMO_STEP_S"

# The peer's packets are in flight on a lossless link: wait for all.
if [ "$d0" != absent ]; then
	busywait 10000 bed_counter_is rxe_eun_rcv_drop -ge $((d0 + total))
fi
sleep 1
[ "$(counter rcvd_pkts)" = "$r0" ]
check_err $? "rcvd_pkts moved from $r0 to $(counter rcvd_pkts): a bad packet was accepted"
log_test "$BED_MODULE: $total malformed packets, none accepted"

if [ "$BED_MODULE" = rdma_rxe ]; then
	log_info "stock rdma_rxe has no drop counters"
elif [ "$d0" != absent ] && [ "$o0" != absent ]; then
	[ "$(counter rxe_eun_rcv_drop)" = $((d0 + total)) ]
	check_err $? "rxe_eun_rcv_drop moved by $(($(counter rxe_eun_rcv_drop) - d0)), want $total"
	[ "$(counter rxe_eun_rcv_drop_opcode)" = $((o0 + unknown)) ]
	check_err $? "rxe_eun_rcv_drop_opcode moved by $(($(counter rxe_eun_rcv_drop_opcode) - o0)), want $unknown"
	log_test "$BED_MODULE: every drop counted, $unknown unknown opcodes apart"
fi

rdma link show "$BED_DEV/1" | grep -q "state ACTIVE"
check_err $? "$BED_DEV is not ACTIVE after the malformed packets"
log_test "$BED_MODULE: device still active"
exit $EXIT_STATUS
