#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Read a guest's serial console log and say what its kernel went through.
# Prints one line per report, in the order of the console:
#
#   KIND OWN SIGNATURE
#
# or "clean 0 -" when there is none. KIND is what the report is:
#   crash       an oops, BUG, general protection fault or panic: the guest
#               did not survive (a panic reboots, which ends its qemu), or
#               an oops killed the task that ran into it
#   warn        a WARNING (WARN_ON with its call trace) or a "BUG:" report
#               such as a soft lockup, that the guest survived
#   race        PID 1 exited after the guest asked to power off: the panic
#               "Attempted to kill init!" with a power-off request before it
#               and no report open: the job had finished, nothing crashed
# and, from the debug kernel's checkers (tools/vm/debug-kernel.sh), reports
# the guest survived, each a kind of its own so that they are counted
# apart:
#   kasan       "BUG: KASAN: ..." (an out-of-bounds access or a use after
#               free), up to its closing line of "="
#   lockdep     lockdep's "WARNING: possible circular locking dependency
#               detected" and its other reports (recursive locking,
#               inconsistent lock state, irq lock inversion, bad unlock
#               balance, held lock freed, suspicious RCU usage, "[ BUG:
#               Invalid wait context ]", its "BUG: MAX_..." limits), and
#               DEBUG_ATOMIC_SLEEP's "BUG: sleeping function called from
#               invalid context" and "BUG: scheduling while atomic"; a
#               report runs to the end of its "stack backtrace:"
#   leak        kmemleak's "unreferenced object 0x... (size N):" with its
#               backtrace, one per object (the bed boots the debug kernel
#               with kmemleak.verbose=1, so a scan prints each new one)
# OWN is 1 when a line of that report's block names MODULE's code (a
# "[MODULE]" tag on a call-trace or RIP line; "Modules linked in" lists
# "MODULE(OE)" and does not count), else 0. SIGNATURE is the report's
# first line without its timestamp, with the RIP's function when there is
# one. Every report is judged on its own: a report after the first (a
# panic after a survived WARN, a second oops) counts as much as the first.
#
# A report opens on a "cut here", "WARNING: CPU:", "BUG:", "kernel BUG at"
# or double fault line, on a checker's first line above, or on an oops or
# panic line outside a report. Its block runs to its "end trace" line (a
# KASAN or lockdep report: its own end, above) or to the next report, and
# at most 80 lines (KASAN and lockdep: 400, for the stacks of the
# allocation, the free and each lock of a chain): a call trace with its
# registers fits in that, and the bound
# keeps a report whose end never came (soft lockups print no end marker,
# a dying guest stops mid-report) from taking in what the console printed
# long after it. The oops that names a "BUG:" (its "Oops:" line) and the
# panic an oops ends in ("Fatal exception", "Machine halted": printed
# after its "end trace", with the registers once more) belong to the
# report before them and make it a crash, not one more report.
#
# Some reports are the emulator's, not the kernel's. On the bed qemu's TCG
# (7.2) now and then pushes an EFLAGS image made of RDI's low 32 bits (with
# bits 1 and 9 set) for an interrupt, and iret loads it: the trap flag
# gives a single-step #DB in kernel mode (exc_debug_kernel's WARN), the
# other bits a double fault or worse. A report whose own register dump
# shows EFLAGS with any of the reserved bits 22-31 set (the CPU state no
# x86 CPU can hold: they always read 0), or that is exc_debug_kernel's
# WARN (the kernel never sets TF in kernel mode), gets "TCG:" before its
# signature and OWN 0, whatever its trace names. Each report is told so by
# its own block: a report after a TCG one is the module's when its own
# lines say so.
#
# Usage: tools/vm/console-scan.sh CONSOLE_LOG [MODULE]
set -euo pipefail

log=${1:?usage: console-scan.sh CONSOLE_LOG [MODULE]}
module=${2:-rdma_rxe_eun}
[ -r "$log" ] || { echo "clean 0 (no console log)"; exit 0; }

# Control characters from a dying guest would garble one-line reports.
# Control characters from a dying guest would garble one-line reports.
tr -d '\000-\010\013-\037\177' < "$log" | awk -v mod="[$module]" '
	function strip(s) { sub(/^\[ *[0-9]+\.[0-9]+\] /, "", s); return s }
	function is_crash(s) {
		return s ~ /(Oops:|BUG: (unable|kernel|Bad page)|kernel BUG at|general protection fault|Kernel panic - not syncing|double fault|stack-protector)/
	}
	function is_warn(s) { return s ~ /(WARNING: CPU: |------------\[ cut here \]|BUG: )/ || checker(s) != "" }
	# The debug kernel checker that printed report line s, or "".
	function checker(s) {
		if (s ~ /BUG: KASAN: /) return "kasan"
		if (s ~ /WARNING: (possible circular locking|possible recursive locking|inconsistent lock state|possible irq lock inversion|[A-Z]+-safe -> [A-Z]+-unsafe lock order|bad unlock balance|held lock freed|lock held when returning to user space|suspicious RCU usage|[Nn]ested lock was not taken|bad contention detected|chain_key collision|[^ ]+\/[0-9]+ still has locks held)/)
			return "lockdep"
		if (s ~ /BUG: (Invalid wait context|MAX_LOCK|MAX_STACK_TRACE|looking up invalid subclass|key [0-9a-f]+ has not been registered|sleeping function called from invalid context|scheduling while atomic|scheduling in a non-blocking section|workqueue leaked)/)
			return "lockdep"
		if (s ~ /unreferenced object 0x[0-9a-f]+ \(size [0-9]+\):/) return "leak"
		return ""
	}
	# Lines that only go on with the report before them: the oops of a
	# "BUG:" or "kernel BUG at", the panic an oops ends in.
	function is_oops(s) { return s ~ /Oops:/ && s !~ /BUG: / }
	function is_panic(s) { return s ~ /Kernel panic - not syncing/ }
	function is_sequel(s) { return s ~ /Kernel panic - not syncing: (Fatal exception|Machine halted)/ }
	function hexval(c) { return index("0123456789abcdef", c) - 1 }
	# EFLAGS (8 hex digits) has one of the reserved bits 22-31 set.
	function reserved_flags(fl) {
		return length(fl) == 8 && (hexval(substr(fl, 1, 1)) >= 1 ||
			hexval(substr(fl, 2, 1)) >= 1 || hexval(substr(fl, 3, 1)) >= 4)
	}
	function emit(  sig) {
		if (first == "") return
		if (kind == "race") own = 0
		sig = first
		if (rip != "") sig = sig " (RIP " rip ")"
		if (tcg || first ~ /WARNING: .* exc_debug_kernel/) { sig = "TCG: " sig; own = 0 }
		print kind, own + 0, sig
		n++
		first = ""
	}
	function open_report(s) {
		emit()
		first = s; kind = is_crash(s) ? "crash" : "warn"
		if (kind == "warn" && checker(s) != "") kind = checker(s)
		if (is_panic(s) && s ~ /Attempted to kill init/ && poweroff) kind = "race"
		inrep = 1; ended = 0; left = 80; own = 0; rip = ""; tcg = 0; bt = 0
		if (kind == "kasan" || kind == "lockdep") left = 400
	}
	# The lines of the open report: the module, the RIP, the flags.
	function scan(s) {
		if (!inrep || ended || left <= 0) return
		left--
		if (index(s, mod)) own = 1
		# The RIP of the report subject: past the one of exc_debug_kernel.
		if ((rip == "" || rip ~ /^exc_debug_kernel/) && s ~ /^RIP: 0010:/) {
			rip = s; sub(/^RIP: 0010:/, "", rip); sub(/ .*/, "", rip)
		}
		if (match(s, /EFLAGS: [0-9a-f]+/) &&
		    reserved_flags(substr(s, RSTART + 8, RLENGTH - 8)))
			tcg = 1
		if (s ~ /end trace/) ended = 1
		# KASAN closes with a rule of "="; lockdep with the end of the
		# task stack after its "stack backtrace:".
		if (kind == "kasan" && s != first && s ~ /^=+$/ && length(s) >= 30) ended = 1
		if (s ~ /^stack backtrace:/) bt = 1
		if (kind == "lockdep" && bt && s ~ /<\/TASK>/) ended = 1
	}
	{ line = strip($0) }
	line ~ /(sysrq: Power Off|reboot: Power down)/ { poweroff = 1 }
	# The closing line of a panic opens nothing.
	line ~ /^---\[ end Kernel panic/ { next }
	pending {
		# "cut here" opens a report: name it by the line that follows.
		pending = 0; open_report(line); scan(line); next
	}
	line ~ /cut here/ { emit(); pending = 1; next }
	is_crash(line) || is_warn(line) {
		open_now = inrep && !ended && left > 0
		if (is_oops(line) && open_now) {
			kind = "crash"
		} else if (is_panic(line) && first != "" &&
			   (open_now || (is_sequel(line) && kind == "crash"))) {
			# A report that ends in a panic is a crash; a race is
			# only a lone "kill init" panic after the power-off.
			if (!(line ~ /Attempted to kill init/ && poweroff && kind == "race"))
				kind = "crash"
		} else {
			open_report(line)
		}
		scan(line)
		next
	}
	{ scan(line) }
	END {
		if (pending) open_report("------------[ cut here ]------------")
		emit()
		if (n == 0) print "clean 0 -"
	}'
