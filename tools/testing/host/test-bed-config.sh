#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/vm/bed.sh's config handling (bed.sh -n boots
# nothing): bad configs are refused with exit 2 and a message naming the
# problem; good ones produce the expected guest job. TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bed=$here/../../vm/bed.sh
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch
# The bed's defaults, not the caller's (make QEMU=10 exports these).
unset EUN_QEMU EUN_CPU

base='NAME=t
MODULE=rdma_rxe
TESTS=selftests/link.sh'

# refuse LABEL EXPECTED_MSG CONFIG_TEXT [BED_ARGS...]
refuse()
{
	local label=$1 msg=$2 text=$3 out rc
	shift 3

	printf '%s\n' "$text" > "$tmp/c.conf"
	out=$("$bed" -n "$@" "$tmp/c.conf" 2>&1)
	rc=$?
	if [ $rc -eq 2 ] && grep -q -- "$msg" <<< "$out"; then
		ok "refused: $label"
	else
		nok "refused: $label" "rc=$rc, wanted 2 and '$msg'; got:" "$out"
	fi
}

# accept LABEL PATTERN CONFIG_TEXT [BED_ARGS...]: job.env matches PATTERN
accept()
{
	local label=$1 pat=$2 text=$3 out rc
	shift 3

	printf '%s\n' "$text" > "$tmp/c.conf"
	out=$("$bed" -n "$@" "$tmp/c.conf" 2>&1)
	rc=$?
	if [ $rc -eq 0 ] && grep -qE -- "$pat" <<< "$out"; then
		ok "accepted: $label"
	else
		nok "accepted: $label" "rc=$rc, wanted /$pat/; got:" "$out"
	fi
}

tap_start
refuse "unknown key" "unknown key 'FOO'" "$base
FOO=1"
refuse "not KEY=value" "expected KEY=value" "$base
just words"
refuse "bad module" "is neither rdma_rxe nor rdma_rxe_eun" "$base
MODULE=rdma_rxe2"
refuse "links 0" "LINKS: '0' is not 1..4" "$base
LINKS=0"
refuse "links 5" "LINKS: '5' is not 1..4" "$base
LINKS=5"
refuse "bond of one link" "BOND=1 needs LINKS >= 2, not 1" "$base
LINKS=1
BOND=1"
refuse "bond of the default one link" "BOND=1 needs LINKS >= 2" "$base
BOND=1"
refuse "bond value 2" "BOND: '2' is neither 0" "$base
LINKS=4
BOND=2"
refuse "bond value empty" "BOND: '' is neither 0" "$base
LINKS=2
BOND="
refuse "netem on a missing link" "NETEM_B1: there are only 1 link" "$base
NETEM_B1=delay 1ms"
refuse "netem shell characters" "bad characters" "$base
NETEM=delay 1ms; reboot"
refuse "netem unknown word" "'bogus' is not a netem keyword" "$base
NETEM=bogus 1ms"
refuse "size 0" "SIZES: '0'" "$base
SIZES=0"
refuse "size not a number" "SIZES: '64k'" "$base
SIZES=64k"
refuse "iters too many" "ITERS" "$base
ITERS=99999999"
refuse "timeout too short" "TEST_TIMEOUT" "$base
TEST_TIMEOUT=1"
refuse "boot timeout" "BOOT_TIMEOUT" "$base
BOOT_TIMEOUT=x"
refuse "run timeout" "RUN_TIMEOUT" "$base
RUN_TIMEOUT=5"
refuse "qp timeout" "QP_TIMEOUT" "$base
QP_TIMEOUT=32"
refuse "memory" "MEM" "$base
MEM=64"
refuse "cpu with shell characters" "is not a qemu -cpu model" "$base
CPU=max;reboot"
refuse "cpu with an empty feature" "is not a qemu -cpu model" "$base
CPU=qemu64,"
refuse "qemu version" "QEMU: '9' is neither 10" "$base
QEMU=9"
refuse "qemu with shell characters" "QEMU: '10;reboot' is neither" "$base
QEMU=10;reboot"
refuse "qemu empty" "QEMU: '' is neither" "$base
QEMU="
EUN_QEMU=ten refuse "qemu from the environment" "QEMU: 'ten' is neither" "$base"
EUN_CPU='max;reboot' refuse "cpu from the environment" "is not a qemu -cpu model" "$base"
refuse "tcg thread mode" "TCG_THREAD: 'many'" "$base
TCG_THREAD=many"
refuse "transmit interrupts" "TX_IRQ: 'no' is neither on" "$base
TX_IRQ=no"
refuse "instruction profile" "INSNPROF: 'yes' is neither off" "$base
INSNPROF=yes"
refuse "icount shift" "ICOUNT: '11'" "$base
TCG_THREAD=single
ICOUNT=11"
refuse "icount on many threads" "ICOUNT needs TCG_THREAD=single" "$base
ICOUNT=auto"
refuse "module params for stock" "only for MODULE=rdma_rxe_eun" "$base
MODULE_PARAMS=max_inflight=256"
refuse "module params with shell characters" "is not name=value words" "$base
MODULE=rdma_rxe_eun
MODULE_PARAMS=max_inflight=256;reboot"
refuse "job env naming a bed key" "JOB_ENV: 'BED_MODULE=x'" "$base
JOB_ENV=BED_MODULE=x"
refuse "job env of another test's prefix" "JOB_ENV: 'EXHAUST_QPS=5'" "$base
JOB_ENV=EXHAUST_QPS=5"
refuse "duration too short" "DURATION: '5'" "$base
DURATION=5"
refuse "missing profile" "no profile" "$base
PROFILES=nonexistent"
refuse "missing test" "no such test" "NAME=t
TESTS=selftests/nonexistent.sh"
refuse "test outside the repo" "must be relative to the repo" "NAME=t
TESTS=/bin/true"
refuse "bad name" "NAME" "NAME=a/b"
refuse "bad override" "expected KEY=VALUE" "$base" -s "links=2"
out=$("$bed" -n "$tmp/none.conf" 2>&1)
rc=$?
if [ $rc -eq 2 ] && grep -q "not found" <<< "$out"; then
	ok "refused: missing config"
else
	nok "refused: missing config" "rc=$rc; got:" "$out"
fi

accept "defaults" "^export BED_LINKS=1$" "$base"
accept "eun module" "^export BED_DEVS=eun0\\\\ eun1$" "$base
MODULE=rdma_rxe_eun
LINKS=2"
refuse "multipath profile without a bond" "mp-skew has a line for link 0: a multipath profile" "$base
LINKS=4
PROFILES=mp-skew"
refuse "multipath profile on too few links" "mp-skew has a line for link 2, the bed 2 link" "$base
LINKS=2
BOND=1
PROFILES=mp-skew"
refuse "a link down without a bond" "mp-down takes link 1 down: a bonded bed" "$base
LINKS=4
PROFILES=mp-down"
accept "multipath profiles on a bonded bed" "^export BED_PROFILES=mp-equal\\\\ mp-skew\\\\ mp-down$" "$base
LINKS=4
BOND=1
PROFILES=mp-equal mp-skew mp-down"
accept "per-direction profiles" "^export BED_PROFILES=reorder-req\\\\ reorder-resp$" "$base
PROFILES=reorder-req reorder-resp"
accept "no bond by default" "^export BED_BOND=0$" "$base
LINKS=2"
accept "bond over four links" "^export BED_BOND=1$" "$base
LINKS=4
BOND=1"
accept "bond: one device" "^export BED_DEVS=eun0$" "$base
MODULE=rdma_rxe_eun
LINKS=4
BOND=1"
accept "bond: the device" "^export BED_DEV=rxe0$" "$base
LINKS=2
BOND=1"
accept "bond: netem per link" "^NETEM_A=\\( '' '' '' loss\\\\ 1% \\)$" "$base
LINKS=4
BOND=1
NETEM_A3=loss 1%"
accept "bond override" "^export BED_BOND=1$" "$base" -s LINKS=3 -s BOND=1
accept "per-guest netem" "^NETEM_B=\\( '' delay\\\\ 5ms \\)$" "$base
LINKS=2
NETEM_B1=delay 5ms"
accept "impaired flag" "^export BED_IMPAIRED=1$" "$base
NETEM=delay 1ms reorder 25% 50%"
accept "unimpaired flag" "^export BED_IMPAIRED=0$" "$base"
accept "qp timeout" "^export BED_QP_TIMEOUT=14$" "$base
QP_TIMEOUT=14"
accept "cpu model with features" "^# cpu: qemu64,\\+x2apic,-cx16$" "$base
CPU=qemu64,+x2apic,-cx16"
accept "qemu default" "^# qemu: 10$" "$base"
accept "cpu default" "^# cpu: max$" "$base"
accept "cpu default of qemu 7.2" "^# cpu: max,-cx16$" "$base
QEMU=7.2"
EUN_QEMU=7.2 accept "cpu default of qemu 7.2 from the environment" "^# cpu: max,-cx16$" "$base"
accept "cpu named for qemu 7.2" "^# cpu: max$" "$base
QEMU=7.2
CPU=max"
accept "qemu 10" "^# qemu: 10$" "$base
QEMU=10"
accept "qemu override" "^# qemu: 10$" "$base" -s QEMU=10
EUN_QEMU=7.2 accept "qemu from the environment" "^# qemu: 7\\.2$" "$base"
EUN_QEMU=7.2 accept "the config over the environment" "^# qemu: 10$" "$base
QEMU=10"
EUN_CPU=max accept "cpu from the environment" "^# cpu: max$" "$base"
EUN_CPU=max accept "-s over the environment" "^# cpu: max,-cx16$" "$base" -s CPU=max,-cx16
accept "tcg thread mode" "^# tcg: thread=single$" "$base
TCG_THREAD=single"
accept "transmit interrupts on by default" "^export BED_TX_IRQ=on$" "$base"
accept "transmit interrupts off" "^export BED_TX_IRQ=off$" "$base" -s TX_IRQ=off
accept "instruction profile off by default" "^export BED_INSNPROF=off$" "$base"
accept "instruction profile on" "^export BED_INSNPROF=on$" "$base" -s INSNPROF=on
accept "icount" "^# tcg: thread=single icount shift=auto$" "$base
TCG_THREAD=single
ICOUNT=auto"
accept "module params" "^export BED_MODULE_PARAMS=max_inflight=256\\\\ ooo_mode=gbn$" "$base
MODULE=rdma_rxe_eun
MODULE_PARAMS=max_inflight=256 ooo_mode=gbn"
accept "job env" "^export BENCH_REPS=3$" "$base
JOB_ENV=BENCH_OPS=write,send BENCH_REPS=3"
accept "job env of the lifecycle tests" "^export LIFECYCLE_STOCK=1$" "$base
JOB_ENV=LIFECYCLE_STOCK=1 LIFECYCLE_CHURN=20"
accept "duration" "^export BED_DURATION=600$" "$base
DURATION=600"
accept "override" "^export BED_MODULE=rdma_rxe_eun$" "$base" -s MODULE=rdma_rxe_eun
accept "settings timeout" "^BED_TEST_TIMEOUTS=\\( [0-9]+ \\)$" "$base"
accept "glob skips lib.sh" "^BED_TESTS=\\( selftests/link\\.sh \\)$" "NAME=t
TESTS=selftests/li[bn]*.sh"

# The soak takes the same knob and refuses a bad one before it boots.
out=$(RESULTS=$tmp/results "$here/../../vm/soak.sh" -m 1 -q 9 rdma_rxe 2>&1)
rc=$?
if [ $rc -eq 2 ] && grep -q "soak.sh: bad -q '9'" <<< "$out" && [ ! -e "$tmp/results" ]; then
	ok "refused: soak.sh -q 9"
else
	nok "refused: soak.sh -q 9" "rc=$rc; got:" "$out"
fi

tap_end "bed config"
