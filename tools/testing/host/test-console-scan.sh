#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side checks of tools/vm/console-scan.sh on short console logs made
# up here: a crash is told from a power-off race, a warning from a crash,
# every report on a console is judged, each by its own lines, and a report
# is pinned on the module under test only when its own code is in its
# trace. Then bed.sh's kernel.txt and kernel-log test point from the
# scan's lines. TAP output.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
scan=$here/../../vm/console-scan.sh
# shellcheck source=tools/testing/tap.sh
source "$here/../tap.sh"
tap_scratch

# expect LABEL WANT MODULE: the scan of $tmp/log starts with WANT.
expect()
{
	local got

	got=$("$scan" "$tmp/log" "$3" 2>&1)
	if [[ $got == "$2"* ]]; then
		ok "$1"
	else
		nok "$1" "got '$got', want '$2...'"
	fi
}

# expect_all LABEL MODULE WANT...: the scan of $tmp/log is one line per
# WANT, each starting with its WANT, in that order.
expect_all()
{
	local label=$1 module=$2 got want=() i bad=
	shift 2

	got=$("$scan" "$tmp/log" "$module" 2>&1)
	mapfile -t lines <<< "$got"
	want=("$@")
	[ ${#lines[@]} -eq ${#want[@]} ] || bad=1
	for i in "${!want[@]}"; do
		[[ ${lines[$i]:-} == "${want[$i]}"* ]] || bad=1
	done
	if [ -z "$bad" ]; then
		ok "$label"
	else
		nok "$label" "got:" "$got" "want, one line each:" "$(printf '%s...\n' "${want[@]}")"
	fi
}

tap_start

cat > "$tmp/log" <<'LOG'
[   51.000000] ------------[ cut here ]------------
[   51.000001] WARNING: CPU: 0 PID: 77 at arch/x86/kernel/traps.c:1110 exc_debug_kernel+0x1/0x2
[   51.000002] Modules linked in: rdma_rxe_eun(OE) ib_uverbs
[   51.000003] RIP: 0010:kmem_cache_alloc_node_noprof+0x55/0x300
[   51.000004] Call Trace:
[   51.000005]  prepare_ack_packet+0x10/0x20 [rdma_rxe_eun]
[   51.000006] ---[ end trace 0000000000000000 ]---
[   51.100000] BUG: kernel NULL pointer dereference, address: 0000000000000008
[   51.100002] Kernel panic - not syncing: Fatal exception in interrupt
LOG
expect_all "TCG's single-step #DB, then an oops and its panic: two reports, each judged" rdma_rxe_eun \
	"warn 0 TCG: WARNING: CPU: 0 PID: 77 at arch/x86/kernel/traps.c:1110 exc_debug_kernel+0x1/0x2 (RIP kmem_cache_alloc_node_noprof" \
	"crash 0 BUG: kernel NULL pointer dereference"
sed -i 's/exc_debug_kernel+0x1/exc_page_fault+0x1/' "$tmp/log"
expect_all "another WARN, then a panic: the WARN is the module's, the crash is not" rdma_rxe_eun \
	"warn 1 WARNING: CPU: 0 PID: 77 at arch/x86/kernel/traps.c:1110 exc_page_fault+0x1/0x2 (RIP kmem_cache_alloc_node_noprof" \
	"crash 0 BUG: kernel NULL pointer dereference"
expect_all "the same reports are not pinned on another module" rdma_rxe "warn 0 " "crash 0 "

# A report after the first: a TCG WARN, the guest lives on for a while,
# then an oops in the module's code ends in a panic.
{
	printf '%s\n' '[ 30.0] ------------[ cut here ]------------' \
		'[ 30.1] WARNING: CPU: 0 PID: 0 at arch/x86/kernel/traps.c:1110 exc_debug_kernel+0x1/0x2' \
		'[ 30.2] RIP: 0010:kmem_cache_alloc_node_noprof+0x74/0x330' \
		'[ 30.3] ---[ end trace 0000000000000000 ]---'
	for i in $(seq 100); do echo "[ 31.$i] bed-a: a line of the job"; done
	printf '%s\n' '[ 90.0] BUG: kernel NULL pointer dereference, address: 0000000000000010' \
		'[ 90.1] #PF: supervisor read access in kernel mode' \
		'[ 90.2] Oops: Oops: 0000 [#1] PREEMPT SMP NOPTI' \
		'[ 90.3] RIP: 0010:eun_rx_frame+0x12/0x300 [rdma_rxe_eun]' \
		'[ 90.4] RSP: 0018:ff61c4b8005ebaf0 EFLAGS: 00010246' \
		'[ 90.5] Call Trace:' \
		'[ 90.6]  rxe_rcv+0x1/0x2 [rdma_rxe_eun]' \
		'[ 90.7] Modules linked in: rdma_rxe_eun(OE) ib_uverbs' \
		'[ 90.8] ---[ end trace 0000000000000000 ]---' \
		'[ 90.9] RIP: 0010:eun_rx_frame+0x12/0x300 [rdma_rxe_eun]' \
		'[ 91.0] Kernel panic - not syncing: Fatal exception in interrupt' \
		'[ 91.1] ---[ end Kernel panic - not syncing: Fatal exception in interrupt ]---'
} > "$tmp/log"
expect_all "a crash of the module after a TCG WARN is judged on its own" rdma_rxe_eun \
	"warn 0 TCG: WARNING: CPU: 0 PID: 0 at arch/x86/kernel/traps.c:1110 exc_debug_kernel" \
	"crash 1 BUG: kernel NULL pointer dereference, address: 0000000000000010 (RIP eun_rx_frame+0x12/0x300)"

# Two WARNs the guest survived: only the second is in the module.
printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at net/core/dev.c:10 netif_rx+0x1/0x2' \
	'[ 10.2] ---[ end trace 0000000000000000 ]---' \
	'[ 12.0] ------------[ cut here ]------------' \
	'[ 12.1] WARNING: CPU: 0 PID: 1 at eun_rx.c:10 eun_rx+0x1/0x2 [rdma_rxe_eun]' \
	'[ 12.2] ---[ end trace 0000000000000000 ]---' > "$tmp/log"
expect_all "a second WARN in the module is a report of the module" rdma_rxe_eun \
	"warn 0 WARNING: CPU: 0 PID: 1 at net/core/dev.c:10" "warn 1 WARNING: CPU: 0 PID: 1 at eun_rx.c:10"

# The TCG mark is per report: reserved EFLAGS in the first, none in the second.
printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at mm/slub.c:10 kmem_cache_alloc_node_noprof+0x1/0x2' \
	'[ 10.2] RSP: 0018:ff61c4b8005ebaf0 EFLAGS: 023a2b02' \
	'[ 10.3]  rxe_rcv+0x1/0x2 [rdma_rxe_eun]' \
	'[ 10.4] ---[ end trace 0000000000000000 ]---' \
	'[ 12.0] ------------[ cut here ]------------' \
	'[ 12.1] WARNING: CPU: 0 PID: 1 at eun_rx.c:10 eun_rx+0x1/0x2' \
	'[ 12.2] RSP: 0018:ff61c4b8005ebaf0 EFLAGS: 00010246' \
	'[ 12.3]  rxe_rcv+0x1/0x2 [rdma_rxe_eun]' \
	'[ 12.4] ---[ end trace 0000000000000000 ]---' > "$tmp/log"
expect_all "a TCG report does not excuse the next one" rdma_rxe_eun \
	"warn 0 TCG: WARNING: CPU: 0 PID: 1 at mm/slub.c:10" "warn 1 WARNING: CPU: 0 PID: 1 at eun_rx.c:10"

# A report's block is bounded, each its own: a soft lockup has no end
# marker, and a trace line far past it is no line of it.
{
	printf '%s\n' '[ 50.0] watchdog: BUG: soft lockup - CPU#0 stuck for 26s! [kworker/0:1:33]' \
		'[ 50.1] RIP: 0010:_raw_spin_unlock_irqrestore+0x1/0x2'
	for i in $(seq 90); do echo "[ 51.$i] bed-a: a line of the job"; done
	echo '[ 60.0]  eun_rx+0x1/0x2 [rdma_rxe_eun]'
} > "$tmp/log"
expect_all "a report's block ends 80 lines on" rdma_rxe_eun "warn 0 watchdog: BUG: soft lockup"
sed -i 's/\[ 51.5\] bed-a: a line of the job/[ 51.5]  eun_rx+0x1\/0x2 [rdma_rxe_eun]/' "$tmp/log"
expect_all "a trace line within the bound is the report's" rdma_rxe_eun "warn 1 watchdog: BUG: soft lockup"

# An oops the guest lived through (process context), then another one.
printf '%s\n' '[ 70.0] Oops: general protection fault, probably for non-canonical address 0xdead: 0000 [#1] PREEMPT SMP NOPTI' \
	'[ 70.1] RIP: 0010:strlen+0x1/0x2' \
	'[ 70.2] ---[ end trace 0000000000000000 ]---' \
	'[ 80.0] Oops: general protection fault, probably for non-canonical address 0xbeef: 0000 [#2] PREEMPT SMP NOPTI' \
	'[ 80.1] RIP: 0010:eun_rx+0x1/0x2 [rdma_rxe_eun]' \
	'[ 80.2] ---[ end trace 0000000000000000 ]---' > "$tmp/log"
expect_all "two oopses are two crash reports" rdma_rxe_eun \
	"crash 0 Oops: general protection fault, probably for non-canonical address 0xdead" \
	"crash 1 Oops: general protection fault, probably for non-canonical address 0xbeef"

# A WARN the guest survived, then the power-off race: no crash.
printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at net/core/dev.c:10 netif_rx+0x1/0x2' \
	'[ 10.2] ---[ end trace 0000000000000000 ]---' \
	'[ 200.0] bed-a: finished' '[ 200.1] sysrq: Power Off' \
	'[ 200.2] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100' \
	'[ 200.3] ---[ end Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100 ]---' > "$tmp/log"
expect_all "a survived WARN, then the power-off race: a warning and a race" rdma_rxe_eun \
	"warn 0 WARNING: CPU: 0 PID: 1 at net/core/dev.c:10" "race 0 Kernel panic - not syncing: Attempted to kill init!"

printf '%s\n' '[ 495.1] traps: PANIC: double fault, error_code: 0x0' \
	'[ 495.2] Workqueue: rxe_wq do_work [rdma_rxe_eun]' \
	'[ 495.3] RIP: 0010:kmem_cache_alloc_node_noprof+0x70/0x330' \
	'[ 495.4] RSP: 0018:ff71f4148006bbd0 EFLAGS: 61f39e02' \
	'[ 495.5] RDX: 00000000e10b2000 RSI: 000000000003d490 RDI: ff1eb7bc61f39e00' \
	'[ 495.6]  prepare_ack_packet+0x67/0x1c0 [rdma_rxe_eun]' > "$tmp/log"
expect "a double fault with EFLAGS = RDI | 0x202 is the emulator's" \
	"crash 0 TCG: traps: PANIC: double fault" rdma_rxe_eun
sed -i 's/EFLAGS: 61f39e02/EFLAGS: 61f39a02/' "$tmp/log"
expect "reserved EFLAGS bits are the emulator's, whatever RDI holds" \
	"crash 0 TCG: traps: PANIC: double fault" rdma_rxe_eun
sed -i 's/EFLAGS: 61f39a02/EFLAGS: 00000202/; s/RDI: ff1eb7bc61f39e00/RDI: 0000000000000000/' "$tmp/log"
expect "possible EFLAGS, even equal to a small RDI, are not" \
	"crash 1 traps: PANIC: double fault" rdma_rxe_eun

printf '%s\n' '[ 408.6] traps: PANIC: double fault, error_code: 0x0' \
	'[ 408.7] Workqueue: rxe_wq do_work [rdma_rxe_eun]' \
	'[ 408.8] RIP: 0010:__kmalloc_node_track_caller_noprof+0xd5/0x440' \
	'[ 408.9] Code: 0f 85 78 02 00 00 4d 85 e4 0f 84 2f 03 00 00 0f 1f 44 00 00 48 c7 45 c0 00 00 00 00 <49> 8b 04 24 65 48 03 05' \
	'[ 409.0] RSP: 0018:ff913725000fbb20 EFLAGS: 861ef202' \
	'[ 409.1] RDX: 00000000ac92c000 RSI: 000000000003b180 RDI: ff4a51a0840ef000' \
	'[ 409.2]  rxe_init_packet+0xa1/0x150 [rdma_rxe_eun]' > "$tmp/log"
expect "reserved EFLAGS bits at TCG's instruction are the emulator's, RDI or not" \
	"crash 0 TCG: traps: PANIC: double fault" rdma_rxe_eun
sed -i 's/EFLAGS: 861ef202/EFLAGS: 00010202/' "$tmp/log"
expect "the same instruction with possible EFLAGS is not" \
	"crash 1 traps: PANIC: double fault" rdma_rxe_eun
sed -i 's/EFLAGS: 00010202/EFLAGS: 861ef202/; s/<49> 8b 04 24/<48> 8b 04 24/' "$tmp/log"
expect "reserved EFLAGS bits at another instruction are the emulator's too" \
	"crash 0 TCG: traps: PANIC: double fault" rdma_rxe_eun

# kmem_cache_alloc_node's form: a stack-pointer store, reserved bit 25 only.
printf '%s\n' '[ 23.19] traps: PANIC: double fault, error_code: 0x0' \
	'[ 23.20] RIP: 0010:kmem_cache_alloc_node_noprof+0x70/0x330' \
	'[ 23.20] Code: 0f 84 3e 02 00 00 0f 1f 44 00 00 48 c7 44 24 10 00 00 00 00 <49> 8b 04 24 65 48 03 05' \
	'[ 23.20] RSP: 0018:ff61c4b8005ebaf0 EFLAGS: 023a2b02' \
	'[ 23.20] RDX: 0000000000000000 RSI: 0000000000000cc0 RDI: ff3d6a5d40043400' \
	'[ 23.21]  rxe_rcv+0x1/0x2 [rdma_rxe_eun]' > "$tmp/log"
expect "a reserved bit below bit 28 is one" \
	"crash 0 TCG: traps: PANIC: double fault" rdma_rxe_eun
sed -i 's/EFLAGS: 023a2b02/EFLAGS: 00200202/' "$tmp/log"
expect "bit 21 (ID) is no reserved bit" \
	"crash 1 traps: PANIC: double fault" rdma_rxe_eun

# A NULL dereference in net_rx_action below the module, DF and reserved bits set.
printf '%s\n' '[ 84.03] BUG: kernel NULL pointer dereference, address: 0000000000000008' \
	'[ 84.04] RIP: 0010:net_rx_action+0xec/0x420' \
	'[ 84.04] RSP: 0018:ff49f6c200003ea0 EFLAGS: 83f83483' \
	'[ 84.04] RDX: ff302497823aa008 RSI: ff30249781a62100 RDI: ff49f6c200003e80' \
	'[ 84.05]  eun_ackgen_send+0x255/0x3c0 [rdma_rxe_eun]' > "$tmp/log"
expect "any report with reserved EFLAGS bits, not only a double fault" \
	"crash 0 TCG: BUG: kernel NULL pointer dereference" rdma_rxe_eun
sed -i 's/EFLAGS: 83f83483/EFLAGS: 00010286/' "$tmp/log"
expect "the same report with possible EFLAGS is the module's" \
	"crash 1 BUG: kernel NULL pointer dereference" rdma_rxe_eun

printf '%s\n' '[ 20.0] Modules linked in: rdma_rxe_eun(OE)' \
	'[ 20.1] BUG: kernel NULL pointer dereference, address: 0' \
	'[ 20.2] RIP: 0010:net_rx_action+0x1/0x2' > "$tmp/log"
expect "a module in 'Modules linked in' only is not the culprit" "crash 0 " rdma_rxe_eun

printf '%s\n' '[ 200.0] bed-a: finished' '[ 200.1] sysrq: Power Off' \
	'[ 200.2] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100' > "$tmp/log"
expect "PID 1 exiting after the power-off request is a race" "race 0 " rdma_rxe_eun

printf '%s\n' '[ 20.2] Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000100' > "$tmp/log"
expect "PID 1 exiting with no power-off request is a crash" "crash 0 " rdma_rxe_eun

printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at eun_rx.c:10 eun_rx+0x1/0x2 [rdma_rxe_eun]' \
	'[ 10.2] ---[ end trace 0000000000000000 ]---' '[ 20.0] reboot: Power down' > "$tmp/log"
expect "a survived WARN in the module is a warning of the module" "warn 1 WARNING: CPU: 0" rdma_rxe_eun

printf '%s\n' '[ 1.0] hello' '[ 2.0] sysrq: Power Off' > "$tmp/log"
expect "a clean power-off is clean" "clean 0" rdma_rxe_eun

printf '[ 3.0] Oops: general protection fault\001\002 in \033[0m rxe_rcv [rdma_rxe_eun]\n' > "$tmp/log"
expect "control characters do not break the one-line report" "crash 1 Oops: general protection fault in [0m rxe_rcv" rdma_rxe_eun

# --- the debug kernel's checkers (tools/vm/debug-kernel.sh) ---

# kasan_report FRAME FILLER: a KASAN report whose access is in FRAME, with
# FILLER lines of the allocation's stack before the free's, which is the
# module's; then a later line of the module's after the report's end.
kasan_report()
{
	local i

	echo '[ 100.0] =================================================================='
	echo "[ 100.0] BUG: KASAN: slab-use-after-free in $1"
	echo '[ 100.0] Read of size 8 at addr ffff888012345678 by task kworker/1:2/123'
	echo '[ 100.0] CPU: 1 UID: 0 PID: 123 Comm: kworker/1:2 Not tainted 6.12.117-eundebug #1'
	echo '[ 100.0] Call Trace:'
	echo '[ 100.0]  <TASK>'
	echo '[ 100.0]  kasan_report+0xb9/0xf0'
	echo "[ 100.0]  $1"
	echo '[ 100.0]  </TASK>'
	echo '[ 100.0] Allocated by task 99:'
	for i in $(seq "$2"); do echo "[ 100.0]  kmem_frame_$i+0x1/0x2"; done
	echo '[ 100.0] Freed by task 100:'
	echo '[ 100.0]  kfree+0x1/0x2'
	echo "[ 100.0]  ${3:-eun_qp_cleanup+0x1/0x2 [rdma_rxe_eun]}"
	echo '[ 100.0] =================================================================='
	echo '[ 101.0] eun_ackgen_send+0x1/0x2 [rdma_rxe_eun] in a later line'
}

kasan_report 'eun_hold_drop+0x55/0x120 [rdma_rxe_eun]' 3 > "$tmp/log"
expect "KASAN in the module's code is a kasan report of the module" \
	"kasan 1 BUG: KASAN: slab-use-after-free in eun_hold_drop+0x55/0x120 [rdma_rxe_eun]" rdma_rxe_eun
kasan_report 'skb_release_data+0x1/0x2' 120 > "$tmp/log"
expect "KASAN whose free, 130 lines down, is the module's is the module's" \
	"kasan 1 BUG: KASAN: slab-use-after-free in skb_release_data" rdma_rxe_eun
kasan_report 'skb_release_data+0x1/0x2' 3 'skb_free_head+0x1/0x2' > "$tmp/log"
expect "KASAN ends at its rule: the module's line after it is not the report's" \
	"kasan 0 BUG: KASAN: slab-use-after-free in skb_release_data" rdma_rxe_eun

# lockdep_report FRAME: a circular dependency whose chain, past 80 lines,
# names FRAME; a line of the module's after its stack backtrace's end.
lockdep_report()
{
	local i

	printf '%s\n' '[ 50.0] ======================================================' \
		'[ 50.0] WARNING: possible circular locking dependency detected' \
		'[ 50.0] 6.12.117-eundebug #1 Not tainted' \
		'[ 50.0] ------------------------------------------------------' \
		'[ 50.0] kworker/0:1/12 is trying to acquire lock:' \
		'[ 50.0] the existing dependency chain (in reverse order) is:'
	for i in $(seq 100); do echo "[ 50.0]        lock_frame_$i+0x1/0x2"; done
	echo "[ 50.0]        $1"
	printf '%s\n' '[ 50.0] stack backtrace:' '[ 50.0] Call Trace:' '[ 50.0]  <TASK>' \
		'[ 50.0]  dump_stack_lvl+0x5d/0x80' '[ 50.0]  </TASK>' \
		'[ 51.0] eun0: note from eun_dev+0x1/0x2 [rdma_rxe_eun]'
}

lockdep_report 'eun_qp_modify+0x1/0x2 [rdma_rxe_eun]' > "$tmp/log"
expect "lockdep's circular dependency is a lockdep report, the module's deep in its chain" \
	"lockdep 1 WARNING: possible circular locking dependency detected" rdma_rxe_eun
lockdep_report 'ib_modify_qp+0x1/0x2 [ib_core]' > "$tmp/log"
expect "lockdep's report ends with its stack backtrace" \
	"lockdep 0 WARNING: possible circular locking dependency detected" rdma_rxe_eun

printf '%s\n' '[ 60.0] =============================' \
	'[ 60.0] [ BUG: Invalid wait context ]' '[ 60.1] 6.12.117-eundebug #1 Not tainted' \
	'[ 61.0] BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585' \
	'[ 61.1] in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: 7, name: kworker/0:1' \
	'[ 61.2] Call Trace:' '[ 61.3]  eun_tx_work+0x1/0x2 [rdma_rxe_eun]' \
	'[ 62.0] WARNING: suspicious RCU usage' \
	'[ 63.0] BUG: scheduling while atomic: kworker/0:1/7/0x00000002' > "$tmp/log"
expect_all "lockdep's other reports and DEBUG_ATOMIC_SLEEP's are lockdep reports, each judged" \
	rdma_rxe_eun "lockdep 0 [ BUG: Invalid wait context ]" \
	"lockdep 1 BUG: sleeping function called from invalid context" \
	"lockdep 0 WARNING: suspicious RCU usage" "lockdep 0 BUG: scheduling while atomic"

printf '%s\n' '[ 300.0] kmemleak: unreferenced object 0xffff888003a1c000 (size 64):' \
	'[ 300.0] kmemleak:   comm "kworker/0:1", pid 12, jiffies 4294900000' \
	'[ 300.0] kmemleak:   backtrace (crc 1234abcd):' \
	'[ 300.0] kmemleak:     __kmalloc_noprof+0x1/0x2' \
	'[ 300.0] kmemleak:     eun_hold_alloc+0x1/0x2 [rdma_rxe_eun]' \
	'[ 300.1] kmemleak: unreferenced object 0xffff888003a1d000 (size 128):' \
	'[ 300.1] kmemleak:   comm "swapper/0", pid 1, jiffies 4294667296' \
	'[ 300.1] kmemleak:   backtrace (crc 0):' \
	'[ 300.1] kmemleak:     kmalloc_trace+0x1/0x2' > "$tmp/log"
expect_all "kmemleak: one leak report per object, the module's by its backtrace" rdma_rxe_eun \
	"leak 1 kmemleak: unreferenced object 0xffff888003a1c000 (size 64):" \
	"leak 0 kmemleak: unreferenced object 0xffff888003a1d000 (size 128):"

printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at net/core/dev.c:10 netif_rx+0x1/0x2' \
	'[ 10.2] ---[ end trace 0000000000000000 ]---' > "$tmp/log"
kasan_report 'eun_hold_drop+0x55/0x120 [rdma_rxe_eun]' 3 >> "$tmp/log"
expect_all "a WARN stays a warn beside a KASAN report" rdma_rxe_eun \
	"warn 0 WARNING: CPU: 0" "kasan 1 BUG: KASAN: slab-use-after-free"

rm -f "$tmp/log"
expect "a missing log is clean (the guest never started)" "clean 0" rdma_rxe_eun

# bed.sh's kernel.txt and kernel-log point from these lines: its own
# functions, run on a made-up run folder.
bed_fns=$(sed -n '/^scan_consoles()$/,/^}$/p; /^report_kernel()$/,/^}$/p' "$here/../../vm/bed.sh")
mkdir -p "$tmp/run/a" "$tmp/run/b"
printf '%s\n' '[ 10.0] ------------[ cut here ]------------' \
	'[ 10.1] WARNING: CPU: 0 PID: 1 at net/core/dev.c:10 netif_rx+0x1/0x2' \
	'[ 10.2] ---[ end trace 0000000000000000 ]---' \
	'[ 12.0] ------------[ cut here ]------------' \
	'[ 12.1] WARNING: CPU: 0 PID: 1 at eun_rx.c:10 eun_rx+0x1/0x2 [rdma_rxe_eun]' \
	'[ 12.2] ---[ end trace 0000000000000000 ]---' > "$tmp/run/a/console.log"
kasan_report 'eun_hold_drop+0x55/0x120 [rdma_rxe_eun]' 3 > "$tmp/run/b/console.log"
# shellcheck disable=SC2034 # cfg, out and here are bed.sh's
got=$(
	declare -A cfg=([MODULE]=rdma_rxe_eun)
	out=$tmp/run here=$(cd "$here/../../vm" && pwd)
	eval "$bed_fns"
	scan_consoles && report_kernel
)
want_kernel='a warn 0 WARNING: CPU: 0 PID: 1 at net/core/dev.c:10 netif_rx+0x1/0x2
a warn 1 WARNING: CPU: 0 PID: 1 at eun_rx.c:10 eun_rx+0x1/0x2 [rdma_rxe_eun]
b kasan 1 BUG: KASAN: slab-use-after-free in eun_hold_drop+0x55/0x120 [rdma_rxe_eun]'
if [ "$(cat "$tmp/run/kernel.txt")" = "$want_kernel" ]; then
	ok "bed.sh's kernel.txt has a line per report, each with its guest"
else
	nok "bed.sh's kernel.txt has a line per report, each with its guest" \
		"got:" "$(cat "$tmp/run/kernel.txt")"
fi
if [ "$(grep -c '^# WARN: rdma_rxe_eun: guest a: ' <<< "$got")" = 2 ]; then
	ok "bed.sh lists every report in the TAP"
else
	nok "bed.sh lists every report in the TAP" "got:" "$got"
fi
if grep -qx '# KASAN: rdma_rxe_eun: guest b: BUG: KASAN: slab-use-after-free in eun_hold_drop+0x55/0x120 \[rdma_rxe_eun\]' <<< "$got" &&
   grep -qE '^not ok [0-9]+ rdma_rxe_eun: kernel-log # .*guest b: BUG: KASAN' <<< "$got"; then
	ok "bed.sh lists a KASAN report and fails kernel-log on it"
else
	nok "bed.sh lists a KASAN report and fails kernel-log on it" "got:" "$got"
fi
if grep -qE '^not ok [0-9]+ rdma_rxe_eun: kernel-log # .*eun_rx.c:10' <<< "$got"; then
	ok "bed.sh fails kernel-log on the module's second report"
else
	nok "bed.sh fails kernel-log on the module's second report" "got:" "$got"
fi

tap_end "console scan"
