#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# eun-verify must fail when it should: payload from a different pattern
# seed (server-checked WRITE, client-checked READ, atomics), messages lost
# on UC when packets are dropped, and a wait with nobody on the other end. Each
# run must exit non-zero with the right status and say what went wrong.
set -uo pipefail
source "$BED_REPO/selftests/lib.sh"
source "$BED_REPO/selftests/eun_verify_lib.sh"

ev_require
# The tool's own checks: stock rxe and rdma_rxe_eun's default run show
# they bite on each module; a run with other parameters adds nothing.
bed_default_run_only

# Wrong pattern seed on the server: it sees other bytes in message 0.
ev_run seed-write 1 --pattern-seed 999 -- -o write -S 4096 -n 20 --seed 1
if [ "$BED_ROLE" = server ]; then
	ev_expect_err seed-write "QP 0: message 0 \(write, 4096 bytes\): data mismatch at offset [0-9]+: expected 0x[0-9a-f]{2}, seen 0x[0-9a-f]{2}"
else
	ev_expect_err seed-write "server found a failure"
fi
ev_expect seed-write result fail
log_test "$BED_MODULE: eun-verify wrong pattern seed, write ($BED_ROLE)"

# Wrong pattern seed on the client: the READ data it gets back differ.
ev_run seed-read 1 -- -o read -S 1000 -n 20 --seed 2 --pattern-seed 998
if [ "$BED_ROLE" = client ]; then
	ev_expect_err seed-read "QP 0: message 0 \(read, 1000 bytes\): data mismatch at offset"
else
	ev_expect_err seed-read "client reported a failure"
fi
log_test "$BED_MODULE: eun-verify wrong pattern seed, read ($BED_ROLE)"

# Atomic words initialised from another seed: the first result is wrong.
ev_run seed-atomic 1 --pattern-seed 997 -- -o faa -n 20 --seed 3
if [ "$BED_ROLE" = client ]; then
	ev_expect_err seed-atomic "QP 0: message 0 \(faa on word 0\): returned 0x[0-9a-f]{16}, expected"
fi
log_test "$BED_MODULE: eun-verify wrong pattern seed, atomics ($BED_ROLE)"

# UC with loss on the way to the server: the server reports messages
# missing.
#
# The loss is every 10th RoCE packet that reaches the server (tc gact's
# deterministic drop on its ingress, UDP port 4791), not netem's random
# loss, for two reasons seen on the bed. netem on the client also dropped
# the TCP control connection's segments. And rxe's UC responder (stock 6.12
# and this fork alike) never recovers when the last packet of a
# multi-packet RDMA WRITE is lost: the next message's first packet takes
# do_class_d1e_error(), which resets resp.opcode only while a receive WQE
# is in progress (a SEND), so every later packet of the QP is dropped. When
# random loss hit the first message, nothing at all arrived and the server
# could only say "nothing arrived". With a drop every 10th packet, the
# first loss is message 4 (2 KiB = two 1 KiB packets): a lost SEND tail
# costs that message and the next one's first packet, and the server sees
# the gap (status 1); a lost WRITE tail silences the QP and the server's
# timeout names the message missing (status 3). The drop is on the
# receiver: a drop in the sender's egress is no wire loss, rxe sees the
# error (NET_XMIT_DROP) and its QP goes to the error state.
uc_drop_start()
{
	modprobe -a sch_ingress cls_u32 act_gact 2>/dev/null
	tc qdisc add dev "$BED_NETDEV" clsact &&
	tc filter add dev "$BED_NETDEV" ingress protocol ip prio 1 u32 \
		match ip protocol 17 0xff match ip dport 4791 0xffff \
		action gact pass random determ drop 10
}

if [ "$BED_IMPAIRED" = 1 ]; then
	log_info "uc-loss: skipped, the bed already impairs the link"
else
	if [ "$BED_ROLE" = server ]; then
		uc_drop_start
		check_err $? "cannot add a deterministic drop on $BED_NETDEV"
	fi
	EV_TIMEOUT=20 ev_run uc-loss "1|3" --tcp -- -o send,write_imm -S 2048 --uc --tcp -n 150 --seed 4
	if [ "$BED_ROLE" = server ]; then
		tc -s filter show dev "$BED_NETDEV" ingress > "$BED_RESULTS/uc-loss.tc" 2>&1
		tc qdisc del dev "$BED_NETDEV" clsact
	fi
	if [ "$BED_ROLE" = server ]; then
		ev_expect_err uc-loss "message [0-9]+ (\\(.*\\) )?missing"
		log_info "uc-loss: exit $EV_RC: $(ev_field "$EV_OUT" error)"
	else
		ev_expect_err uc-loss "server found a failure|no progress"
	fi
	log_test "$BED_MODULE: eun-verify UC losing every 10th packet reports missing messages ($BED_ROLE)"
fi

# Nobody connects: the server's wait ends after -T with status 3.
bed_port_next port EV_NO_CLIENT
t0=$(bed_now_ms)
"$EV" -s -p "$port" -T 2 --json > "$BED_RESULTS/timeout.json" 2> "$BED_RESULTS/timeout.err"
rc=$?
el=$(( $(bed_now_ms) - t0 ))
[ $rc -eq 3 ] || check_err 1 "timeout: exit $rc, want 3"
[ $el -lt 15000 ] || check_err 1 "timeout: took ${el} ms for -T 2"
grep -q "timed out after 2 s waiting for a client" "$BED_RESULTS/timeout.err" ||
	check_err 1 "timeout: no clear message: $(cat "$BED_RESULTS/timeout.err")"
log_test "$BED_MODULE: eun-verify bounded wait ends with status 3 ($BED_ROLE)"

# Bad parameters are refused before anything starts.
"$EV" -c 127.0.0.1 -o read --uc --tcp > /dev/null 2> "$BED_RESULTS/usage.err"
rc=$?
[ $rc -eq 2 ] && grep -q "UC QPs support only" "$BED_RESULTS/usage.err" ||
	check_err 1 "usage: exit $rc, $(cat "$BED_RESULTS/usage.err")"
log_test "$BED_MODULE: eun-verify refuses bad parameters ($BED_ROLE)"
exit $EXIT_STATUS
